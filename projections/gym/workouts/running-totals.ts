import { sql, type DatabaseTransactionConnection, type ValueExpression } from 'slonik';
import { z } from 'zod';

/** `exercise_totals`' columns, in the order `exerciseTotalsOf` selects them */
export const TOTALS_COLUMNS = sql.fragment`user_id, exercise_id, last_date, sets, volume_kg, heaviest_kg, best_date, best_e1rm, best_kg, best_reps, best_workout_id`;

/**
 * The totals of each (user, exercise) in `pairs` (a FROM item named p), from its days (up to a date
 * when given): sums in date order, the best as stats orders bests. A pair with no such day gets a
 * row whose last_date is null. The projector keeps these in `exercise_totals`; stats asked as of an
 * earlier day compute them up to it.
 */
export const exerciseTotalsOf = (schema: string, pairs: ReturnType<typeof sql.fragment>, upTo: ValueExpression | null = null) => {
  const exerciseDays = sql.identifier([schema, 'exercise_days']);
  const until = upTo === null ? sql.fragment`` : sql.fragment`AND d.date <= ${upTo}`;
  return sql.fragment`
    SELECT p.user_id, p.exercise_id, a.last_date, a.sets, a.volume_kg, a.heaviest_kg, b.date AS best_date, b.best_e1rm, b.best_kg, b.best_reps, b.best_workout_id
    FROM ${pairs}
    CROSS JOIN LATERAL (
      SELECT max(d.date) AS last_date, coalesce(sum(d.sets), 0)::int AS sets, coalesce(sum(d.volume_kg ORDER BY d.date), 0) AS volume_kg,
        max(d.heaviest_kg) AS heaviest_kg
      FROM ${exerciseDays} d WHERE d.user_id = p.user_id AND d.exercise_id = p.exercise_id ${until}) a
    LEFT JOIN LATERAL (
      SELECT d.date, d.best_e1rm, d.best_kg, d.best_reps, d.best_workout_id FROM ${exerciseDays} d
      WHERE d.user_id = p.user_id AND d.exercise_id = p.exercise_id AND d.best_e1rm IS NOT NULL ${until}
      ORDER BY d.best_e1rm DESC, d.best_kg DESC, d.date, d.best_started_at, d.best_workout_id, d.best_set_number LIMIT 1) b ON true`;
};

/**
 * The highest best of the days before this one of the same exercise, over rows `row` of
 * exercise days whose best estimate is the column `e1rm`: the live batch and the rebuild both
 * compute it so.
 */
const priorBestOf = (row: string, e1rm: string) => {
  const column = (name: string) => sql.identifier([row, name]);
  return sql.fragment`max(${column(e1rm)}) OVER (PARTITION BY ${column('user_id')}, ${column('exercise_id')} ORDER BY ${column('date')}
    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)`;
};

/**
 * The best of the earlier days of each (user, exercise) of `from`, for its days from the given date
 * on; only rows whose value changes are written.
 */
async function updatePriorBests(tx: DatabaseTransactionConnection, schema: string, from: ReturnType<typeof sql.fragment>): Promise<void> {
  const exerciseDays = sql.identifier([schema, 'exercise_days']);
  await tx.query(sql.unsafe`
    UPDATE ${exerciseDays} t SET prior_best_e1rm = p.prior
    FROM (
      SELECT x.user_id, x.exercise_id, x.date, f.date AS since, ${priorBestOf('x', 'best_e1rm')} AS prior
      FROM ${from} JOIN ${exerciseDays} x ON x.user_id = f.user_id AND x.exercise_id = f.exercise_id
    ) p
    WHERE t.user_id = p.user_id AND t.exercise_id = p.exercise_id AND t.date = p.date AND p.date >= p.since
      AND t.prior_best_e1rm IS DISTINCT FROM p.prior`);
}

/**
 * A rebuild's completion once the log is loaded: the running totals computed once over every set,
 * and the secondary indexes only reads use (a sort each, instead of keeping them row by row through
 * the load; the ones the load itself needs, a deleted workout's sets and a deleted plan day's
 * workouts, are made with the tables). Two independent steps, so that they run at once.
 */
export const completeWorkoutsBulk = [completeDays, completeExercises] as const;

/** Every workout of the schema, numbered (`numberedWorkouts`). */
const everyWorkout = (schema: string) => sql.fragment`(${numberedWorkouts(sql.identifier([schema, 'workouts']))})`;

/** Every set of the schema as `setRows`, a FROM item named s. */
const everySet = (schema: string) => sql.fragment`(${setRows(everyWorkout(schema), sql.identifier([schema, 'sets']))}) s`;

/**
 * Settings for the statements that join every set to its workout and sort them: the sorts in
 * memory rather than in files (the default is 4 MB), and a hash of the workouts that a sequential
 * scan of the sets probes. The fresh tables have no statistics yet, and the planner's guess was a
 * merge join walking the sets in workout order through their index, the heap read at random
 * (1.27 → 1.05 s for the exercise days of half a million sets, 0.77 → 0.63 s for the day totals).
 */
async function joinEverySet(tx: DatabaseTransactionConnection): Promise<void> {
  await tx.query(sql.unsafe`SET LOCAL work_mem = '256MB'`);
  await tx.query(sql.unsafe`SET LOCAL enable_mergejoin = off`);
}

/** Each day's totals, and the indexes of workouts and sets. */
async function completeDays(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  const table = (name: string) => sql.identifier([schema, name]);
  await joinEverySet(tx);
  await tx.query(sql.unsafe`
    INSERT INTO ${table('day_totals')} (user_id, date, workouts, sets, reps, volume_kg)
    ${dayTotalsOf(everySet(schema))}`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('workouts')} (user_id, date)`);
  // the workout's date rides along (it never changes), so "the last time of this exercise" is an index walk
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('sets')} (user_id, exercise_id, date)`);
}

/** Each exercise's days and totals, and the indexes of its days. */
async function completeExercises(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  const table = (name: string) => sql.identifier([schema, name]);
  await joinEverySet(tx);
  // the workouts numbered once, for the sets' sort and the bests' workouts alike; each day's prior
  // best from the days before it as the rows are written, rather than an update of every row after
  await tx.query(sql.unsafe`
    WITH nw AS MATERIALIZED ${everyWorkout(schema)}
    INSERT INTO ${table('exercise_days')}
      (user_id, exercise_id, date, sets, volume_kg, heaviest_kg, best_e1rm, best_kg, best_reps, best_workout_id, best_started_at, best_set_number,
       prior_best_e1rm)
    SELECT d.*, ${priorBestOf('d', 'e1rm')}
    FROM (
      SELECT a.user_id, a.exercise_id, a.date, a.sets, a.volume_kg, a.heaviest_kg, ${BEST_SET_COLUMNS}
      FROM (${exerciseDaysOf(sql.fragment`(${setRows(sql.fragment`nw`, table('sets'))}) s`)}) a ${withBestWorkout(sql.fragment`nw`)}
    ) d`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('exercise_days')} (user_id, exercise_id, date)`);
  // an exercise's record is the first entry here (stats' order for the best set)
  await tx.query(sql.unsafe`
    CREATE INDEX ON ${table('exercise_days')}
      (user_id, exercise_id, best_e1rm DESC, best_kg DESC, date, best_started_at, best_workout_id, best_set_number)
    WHERE best_e1rm IS NOT NULL`);
  await tx.query(sql.unsafe`
    INSERT INTO ${table('exercise_totals')} (${TOTALS_COLUMNS})
    ${exerciseTotalsOf(schema, sql.fragment`(SELECT DISTINCT user_id, exercise_id FROM ${table('exercise_days')}) p`)}`);
}

/**
 * Text compared byte by byte: the keys sorted here are ids and ISO instants, whose order is the
 * same in any collation, and a rebuild sorts every set by them (a collation other than C costs
 * each comparison a strcoll, and abbreviated keys are off for it: 11.7 s → 9.8 s for five years of
 * 40 users' sets).
 */
const BYTES = sql.fragment`COLLATE "C"`;

/**
 * Sums of weights are added in one order wherever they are computed (a batch's days, a rebuild's
 * whole log), over rows of `setRows`: floating-point addition depends on the order, and a rebuild
 * must answer bit for bit what the live projection answered. The order is the log's: the workouts
 * of a day by start and id (`workout_no`), then set number and id.
 */
const IN_LOG_ORDER = sql.fragment`s.workout_no, s.set_number, s.id`;

/** Epley's estimate of set `s` as the query API computes it, operation for operation, so SQL and TypeScript agree to the bit. */
const E1RM = sql.fragment`s.kg * (1 + s.reps::float8 / 30)`;

type Fragment = ReturnType<typeof sql.fragment>;

/**
 * The rows of `workouts` (the workouts table or a FROM item of its rows) with two integers that
 * stand for the long keys in the sorts below: `day_no` numbers the (user, date) days, `workout_no`
 * a day's workouts by start and id. The aggregations sort every set of the days they cover (a live
 * batch's days, or all of them in a rebuild), and comparing two integers instead of user, start and
 * workout ids equal up to their last byte was most of that time.
 */
const numberedWorkouts = (workouts: Fragment | ReturnType<typeof sql.identifier>) => sql.fragment`
  SELECT w.id, w.user_id, w.date, w.started_at,
    dense_rank() OVER (ORDER BY w.user_id ${BYTES}, w.date) AS day_no,
    row_number() OVER (PARTITION BY w.user_id ${BYTES}, w.date ORDER BY w.started_at ${BYTES}, w.id ${BYTES}) AS workout_no
  FROM ${workouts} w`;

/**
 * One row per counted set of the `numbered` workouts (rows of `numberedWorkouts`) with what its day's sums
 * and bests need, the text keys compared as bytes. The rebuild reads every set this way and a live
 * batch the sets of the days it touched, and both then aggregate them with the same statements
 * below, so they agree to the bit.
 */
const setRows = (numbered: Fragment, sets: ReturnType<typeof sql.identifier>) => sql.fragment`
  SELECT w.user_id ${BYTES} AS user_id, w.date, w.day_no, w.workout_no, s.exercise_id ${BYTES} AS exercise_id,
    s.set_number, s.id ${BYTES} AS id, s.kg, s.reps
  FROM ${numbered} w JOIN ${sets} s ON s.workout_id = w.id
  WHERE ${COUNTS}`;

/** A set of `s` that counts in the running totals: a warm-up is in no sum, record or estimate. */
const COUNTS = sql.fragment`s.kind IS DISTINCT FROM 'warmup'`;

/** Each day's totals of `sets` (rows of `setRows`). */
const dayTotalsOf = (sets: Fragment) => sql.fragment`
  SELECT any_value(s.user_id) AS user_id, any_value(s.date) AS date, count(DISTINCT s.workout_no)::int AS workouts, count(*)::int AS sets,
    sum(s.reps)::int AS reps, sum(s.kg * s.reps ORDER BY ${IN_LOG_ORDER}) AS volume_kg
  FROM ${sets} GROUP BY s.day_no`;

/**
 * Each exercise's totals per day of `sets`, with the day's best set as an array (its estimate, its
 * weight, minus its workout's and its own number, its reps): arrays compare element by element, so
 * the greatest is the highest estimate, then the heavier weight, then the earliest set, the order
 * stats rank bests in. One sort of the sets serves the sums and the best.
 */
const exerciseDaysOf = (sets: Fragment) => sql.fragment`
  SELECT s.day_no, any_value(s.user_id) AS user_id, s.exercise_id, any_value(s.date) AS date, count(*)::int AS sets,
    sum(s.kg * s.reps ORDER BY ${IN_LOG_ORDER}) AS volume_kg, max(s.kg) FILTER (WHERE s.reps > 0) AS heaviest_kg,
    max(ARRAY[${E1RM}, s.kg, -s.workout_no, -s.set_number, s.reps]) FILTER (WHERE s.reps > 0) AS best
  FROM ${sets} GROUP BY s.day_no, s.exercise_id`;

/** Joins rows `a` of `exerciseDaysOf` to their best set's workout among the `numbered` workouts (as bw). */
const withBestWorkout = (numbered: Fragment) =>
  sql.fragment`LEFT JOIN ${numbered} bw ON bw.day_no = a.day_no AND bw.workout_no = -a.best[3]`;

/** The best set's columns of a row `a` of `exerciseDaysOf` joined `withBestWorkout`: e1rm, kg, reps, workout_id, started_at, set_number. */
const BEST_SET_COLUMNS = sql.fragment`a.best[1] AS e1rm, a.best[2] AS kg, a.best[5]::int AS reps, bw.id AS workout_id, bw.started_at,
  (-a.best[4])::int AS set_number`;

const exerciseDayRow = z.object({ user_id: z.string(), exercise_id: z.string(), date: z.string() });

/**
 * The running totals of the `days` (a FROM item of user and date) computed again from their sets:
 * the day totals and exercise days first, then the prior bests and exercise totals of the exercises
 * whose days changed.
 */
export async function updateRunningTotals(tx: DatabaseTransactionConnection, schema: string, days: Fragment): Promise<void> {
  const workouts = sql.identifier([schema, 'workouts']);
  const sets = sql.identifier([schema, 'sets']);
  const dayTotals = sql.identifier([schema, 'day_totals']);
  const exerciseDays = sql.identifier([schema, 'exercise_days']);
  const exerciseTotals = sql.identifier([schema, 'exercise_totals']);
  // One statement, so that the touched days' sets are read once for both tables: each set is on
  // a page of its own (a day's sets arrive among everyone else's), and reading them once per
  // exercise and per table was most of a live batch's time. Rows whose values come out the same
  // are left alone, and only the changed ones go on to the bests and totals below.
  const changed = await tx.any(sql.type(exerciseDayRow)`
    WITH d AS MATERIALIZED ${days},
    nw AS MATERIALIZED (${numberedWorkouts(sql.fragment`(SELECT w.* FROM d JOIN ${workouts} w ON w.user_id = d.user_id AND w.date = d.date)`)}),
    s AS MATERIALIZED (${setRows(sql.fragment`nw`, sets)}),
    day_totals_merged AS (
      MERGE INTO ${dayTotals} t
      USING (
        SELECT d.user_id, d.date, a.workouts, coalesce(a.sets, 0) AS sets, a.reps, a.volume_kg
        FROM d LEFT JOIN (${dayTotalsOf(sql.fragment`s`)}) a ON a.user_id = d.user_id AND a.date = d.date
      ) n ON t.user_id = n.user_id AND t.date = n.date
      WHEN MATCHED AND n.sets = 0 THEN DELETE
      WHEN MATCHED AND (t.workouts, t.sets, t.reps, t.volume_kg) IS NOT DISTINCT FROM (n.workouts, n.sets, n.reps, n.volume_kg) THEN DO NOTHING
      WHEN MATCHED THEN UPDATE SET workouts = n.workouts, sets = n.sets, reps = n.reps, volume_kg = n.volume_kg
      WHEN NOT MATCHED AND n.sets > 0 THEN INSERT (user_id, date, workouts, sets, reps, volume_kg)
        VALUES (n.user_id, n.date, n.workouts, n.sets, n.reps, n.volume_kg)),
    a AS (${exerciseDaysOf(sql.fragment`s`)}),
    b AS (SELECT a.user_id, a.exercise_id, a.date, ${BEST_SET_COLUMNS} FROM a ${withBestWorkout(sql.fragment`nw`)} WHERE a.best IS NOT NULL)
    MERGE INTO ${exerciseDays} t
    USING (
      -- every exercise of those days, as the rows had them and as the sets have them now; the keys
      -- back in the table's collation, so that the join to it can use its primary key
      SELECT k.user_id COLLATE "default" AS user_id, k.exercise_id COLLATE "default" AS exercise_id, k.date,
        coalesce(a.sets, 0) AS sets, a.volume_kg, a.heaviest_kg, b.e1rm, b.kg, b.reps, b.workout_id, b.started_at, b.set_number
      FROM (
        SELECT x.user_id, x.exercise_id, x.date FROM ${exerciseDays} x JOIN d ON x.user_id = d.user_id AND x.date = d.date
        UNION SELECT user_id, exercise_id, date FROM a
      ) k
      LEFT JOIN a ON a.user_id = k.user_id AND a.exercise_id = k.exercise_id AND a.date = k.date
      LEFT JOIN b ON b.user_id = k.user_id AND b.exercise_id = k.exercise_id AND b.date = k.date
    -- every row of n is of one of the days d, so the last condition holds for every match; it is
    -- there to reach the table through its primary key from d's few days, since the planner
    -- cannot estimate the CTEs and otherwise joined n to a scan of the whole table
    ) n ON t.user_id = n.user_id AND t.exercise_id = n.exercise_id AND t.date = n.date AND (t.user_id, t.date) IN (SELECT user_id, date FROM d)
    WHEN MATCHED AND n.sets = 0 THEN DELETE
    WHEN MATCHED AND (t.sets, t.volume_kg, t.heaviest_kg, t.best_e1rm, t.best_kg, t.best_reps, t.best_workout_id, t.best_started_at, t.best_set_number)
      IS NOT DISTINCT FROM (n.sets, n.volume_kg, n.heaviest_kg, n.e1rm, n.kg, n.reps, n.workout_id, n.started_at, n.set_number) THEN DO NOTHING
    WHEN MATCHED THEN UPDATE SET sets = n.sets, volume_kg = n.volume_kg, heaviest_kg = n.heaviest_kg, best_e1rm = n.e1rm, best_kg = n.kg,
      best_reps = n.reps, best_workout_id = n.workout_id, best_started_at = n.started_at, best_set_number = n.set_number
    WHEN NOT MATCHED AND n.sets > 0 THEN INSERT
      (user_id, exercise_id, date, sets, volume_kg, heaviest_kg, best_e1rm, best_kg, best_reps, best_workout_id, best_started_at, best_set_number)
      VALUES (n.user_id, n.exercise_id, n.date, n.sets, n.volume_kg, n.heaviest_kg, n.e1rm, n.kg, n.reps, n.workout_id, n.started_at, n.set_number)
    RETURNING t.user_id, t.exercise_id, t.date::text AS date`);
  // a day's best changed, came or went: the best before each later day of that exercise may have too
  const from = new Map<string, [string, string, string]>();
  for (const row of changed) {
    const key = `${row.user_id}\u0000${row.exercise_id}`;
    const seen = from.get(key);
    if (!seen || row.date < seen[2]) from.set(key, [row.user_id, row.exercise_id, row.date]);
  }
  if (from.size > 0) {
    await updatePriorBests(tx, schema, sql.fragment`${sql.unnest([...from.values()], ['text', 'text', 'date'])} AS f(user_id, exercise_id, date)`);
    const pairs = [...from.values()].map(([userId, exerciseId]) => [userId, exerciseId]);
    await tx.query(sql.unsafe`
      MERGE INTO ${exerciseTotals} t
      USING (${exerciseTotalsOf(schema, sql.fragment`${sql.unnest(pairs, ['text', 'text'])} AS p(user_id, exercise_id)`)}) n
      ON t.user_id = n.user_id AND t.exercise_id = n.exercise_id
      WHEN MATCHED AND n.last_date IS NULL THEN DELETE
      WHEN MATCHED THEN UPDATE SET last_date = n.last_date, sets = n.sets, volume_kg = n.volume_kg, heaviest_kg = n.heaviest_kg,
        best_date = n.best_date, best_e1rm = n.best_e1rm, best_kg = n.best_kg, best_reps = n.best_reps, best_workout_id = n.best_workout_id
      WHEN NOT MATCHED AND n.last_date IS NOT NULL THEN INSERT (${TOTALS_COLUMNS})
        VALUES (n.user_id, n.exercise_id, n.last_date, n.sets, n.volume_kg, n.heaviest_kg, n.best_date, n.best_e1rm, n.best_kg, n.best_reps, n.best_workout_id)`);
  }
}
