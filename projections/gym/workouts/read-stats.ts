import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { addDays, weekStartOf } from '../../../domain/shared/calendar.ts';
import { compareOptionalNames, compareText } from '../../../domain/shared/names.ts';
import { accountNotReady } from '../../../infra/http/account-not-ready.ts';
import { exerciseTotalsOf } from './running-totals.ts';
import { epley } from './one-rep-max.ts';
import { weekStartSql } from './week-start-sql.ts';

export const STATS_WEEKS = 12;
export const RECENT_BESTS = 10;

const bestSetSchema = z.object({
  sessionId: z.string(),
  date: z.string(),
  kg: z.number(),
  reps: z.number(),
  estimatedOneRepMaxKg: z.number(),
});
export const statsSchema = z
  .object({
    date: z.string(),
    weeklyGoal: z.number(),
    /** consecutive weeks up to this one that met the goal; this week counts once it has */
    streakWeeks: z.number(),
    weeks: z.array(z.object({ weekStart: z.string(), daysTrained: z.number(), sets: z.number(), volumeKg: z.number() })),
    totals: z.object({ workouts: z.number(), sets: z.number(), reps: z.number(), volumeKg: z.number() }),
    /** sets that beat every earlier estimated one-rep max of their exercise, newest first */
    recentPersonalBests: z.array(bestSetSchema.extend({ exerciseId: z.string(), exerciseName: z.string().nullable() })),
    records: z.array(
      z.object({
        exerciseId: z.string(),
        exerciseName: z.string().nullable(),
        /** null while every set of the exercise is a failed attempt (0 reps) */
        best: bestSetSchema.nullable(),
        heaviestKg: z.number().nullable(),
        sets: z.number(),
        volumeKg: z.number(),
      }),
    ),
  })
  .meta({ id: 'Stats' });
type Stats = z.infer<typeof statsSchema>;

const weekRow = z.object({ week: z.string(), days: z.number(), sets: z.number(), volume_kg: z.number() });
const summaryRow = z.object({ workouts: z.number(), sets: z.number(), reps: z.number(), volume_kg: z.number(), streak: z.number() });
const recordRow = z.object({
  exercise_id: z.string(),
  exercise_name: z.string().nullable(),
  last_date: z.string(),
  sets: z.number(),
  volume_kg: z.number(),
  heaviest_kg: z.number().nullable(),
  best_workout_id: z.string().nullable(),
  best_date: z.string().nullable(),
  best_kg: z.number().nullable(),
  best_reps: z.number().nullable(),
  best_e1rm: z.number().nullable(),
});
/** a set of a day that may hold personal bests, with the best estimate of the exercise's earlier days */
const candidateSetRow = z.object({
  exercise_id: z.string(),
  prior: z.number().nullable(),
  workout_id: z.string(),
  date: z.string(),
  started_at: z.string(),
  set_number: z.number(),
  kg: z.number(),
  reps: z.number(),
});
const calendarRow = z.object({ week_start: z.number(), weekly_goal: z.number(), summary: summaryRow, weeks: z.array(weekRow) });
const exercisesRow = z.object({ records: z.array(recordRow), candidates: z.array(candidateSetRow) });
type PersonalBest = { exerciseId: string; workoutId: string; date: string; startedAt: string; setNumber: number; kg: number; reps: number; e1rm: number };

/** newest first; within a workout the later set first */
const newestFirst = (a: PersonalBest, b: PersonalBest): number => {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.startedAt !== b.startedAt) return a.startedAt < b.startedAt ? 1 : -1;
  if (a.workoutId !== b.workoutId) return a.workoutId < b.workoutId ? -1 : 1;
  return b.setNumber - a.setNumber;
};

/**
 * The personal bests among the sets of candidate days, each day's sets in log order: a set is one
 * when it beats every earlier estimate of its exercise (the first set has nothing to beat), and a
 * set of 0 reps is a failed attempt that beats nothing.
 */
export function personalBests(rows: ReadonlyArray<z.infer<typeof candidateSetRow>>): PersonalBest[] {
  const found: PersonalBest[] = [];
  let day = '';
  let running: number | null = null;
  for (const row of rows) {
    const key = `${row.exercise_id} ${row.date}`;
    if (key !== day) {
      day = key;
      running = row.prior;
    }
    if (row.reps <= 0) continue;
    const e1rm = epley(row.kg, row.reps);
    if (running !== null && e1rm > running) {
      found.push({ exerciseId: row.exercise_id, workoutId: row.workout_id, date: row.date, startedAt: row.started_at, setNumber: row.set_number, kg: row.kg, reps: row.reps, e1rm });
    }
    running = running === null ? e1rm : Math.max(running, e1rm);
  }
  return found;
}

/** The records of `exercises` from their days up to the date, leaving out an exercise with none. */
async function recordsUpTo(db: CommonQueryMethods, userId: string, exercises: ReadonlyArray<{ exercise_id: string }>, date: string) {
  const ids = exercises.map((row) => row.exercise_id);
  return db.any(sql.type(recordRow)`
    SELECT t.exercise_id, e.name AS exercise_name, t.last_date::text AS last_date, t.sets, t.volume_kg, t.heaviest_kg,
      t.best_workout_id, t.best_date::text AS best_date, t.best_kg, t.best_reps, t.best_e1rm
    FROM (${exerciseTotalsOf(
      'gym',
      sql.fragment`(SELECT ${userId}::text AS user_id, unnest(${sql.array(ids, 'text')}) AS exercise_id) p`,
      sql.fragment`${date}::date`,
    )}) t
    LEFT JOIN gym.exercises e ON e.id = t.exercise_id
    WHERE t.last_date IS NOT NULL`);
}

/**
 * Weeks, streak and totals count only up to the client's date; the server clock plays no part.
 * Everything comes from the running totals the projector keeps per day, per exercise and day, and
 * per exercise (`gym.day_totals`, `gym.exercise_days`, `gym.exercise_totals`), and the sets of only
 * the few days that may hold the newest personal bests: two small reads at once, however many
 * years of training there are.
 */
export async function readStats(db: CommonQueryMethods, userId: string, date: string): Promise<Stats> {
  // Two prepared statements at once, the calendar and the exercises: on this kind of machine each
  // query costs the API process a socket write and PostgreSQL a wake-up and a plan, more than these
  // small reads themselves.
  const [calendar, exercises] = await Promise.all([
    db.maybeOne(sql.prepared('gym_stats_calendar', calendarRow)`
      WITH u AS (SELECT week_start, weekly_goal FROM gym.users WHERE id = ${userId}),
      -- the user's weeks trained up to the date, each starting on the user's week start (weekStartOf in SQL)
      weeks AS (
        SELECT week, count(*)::int AS days, sum(workouts)::int AS workouts, sum(sets)::int AS sets, sum(reps)::int AS reps,
          sum(volume_kg ORDER BY date) AS volume_kg
        FROM (
          SELECT ${weekStartSql(sql.fragment`d.date`, sql.fragment`u.week_start`)} AS week, d.date, d.workouts, d.sets, d.reps, d.volume_kg
          FROM gym.day_totals d, u WHERE d.user_id = ${userId} AND d.date <= ${date}::date
        ) x
        GROUP BY week),
      this AS (SELECT ${weekStartSql(sql.fragment`${date}::date`, sql.fragment`u.week_start`)} AS week, u.weekly_goal FROM u),
      run AS (
        SELECT w.week, row_number() OVER (ORDER BY w.week DESC)::int AS n FROM weeks w, this t
        WHERE w.days >= t.weekly_goal AND w.week < t.week)
      SELECT u.week_start, u.weekly_goal,
        -- totals (weights added newest week first) and the streak: this week once it meets the goal,
        -- then the unbroken run of weeks before it that met it
        (SELECT row_to_json(s) FROM (
          SELECT coalesce(sum(w.workouts), 0)::int AS workouts, coalesce(sum(w.sets), 0)::int AS sets, coalesce(sum(w.reps), 0)::int AS reps,
            coalesce(sum(w.volume_kg ORDER BY w.week DESC), 0) AS volume_kg,
            ((SELECT count(*) FROM weeks w, this t WHERE w.week = t.week AND w.days >= t.weekly_goal)
              + (SELECT count(*) FROM run r, this t WHERE r.week = t.week - 7 * r.n))::int AS streak
          FROM weeks w) s) AS summary,
        (SELECT coalesce(json_agg(w), '[]') FROM (
          SELECT w.week::text AS week, w.days, w.sets, w.volume_kg FROM weeks w, this t WHERE w.week > t.week - ${7 * STATS_WEEKS}::int) w) AS weeks
      FROM u`),
    db.one(sql.prepared('gym_stats_exercises', exercisesRow)`
      -- Only a day whose best beats every earlier day of its exercise (or that has no earlier best)
      -- can hold personal bests, and each of the first kind holds at least one: the ten newest of
      -- those, and every candidate day from the oldest of them on, hold the ten newest bests.
      WITH cut AS (
        SELECT date FROM gym.exercise_days
        WHERE user_id = ${userId} AND date <= ${date}::date AND best_e1rm > prior_best_e1rm
        -- a literal: as a parameter the generic plan assumes a tenth of the rows skipped, and
        -- PostgreSQL went back to planning every call
        ORDER BY date DESC OFFSET ${sql.literalValue(String(RECENT_BESTS - 1))} LIMIT 1),
      candidates AS (
        SELECT exercise_id, date, prior_best_e1rm AS prior FROM gym.exercise_days
        WHERE user_id = ${userId} AND date <= ${date}::date AND date >= coalesce((SELECT date FROM cut), '-infinity'::date)
          AND best_e1rm IS NOT NULL AND (prior_best_e1rm IS NULL OR best_e1rm > prior_best_e1rm))
      SELECT
        -- each exercise's all-time totals: its record as of any date on or after its last day
        (SELECT coalesce(json_agg(r), '[]') FROM (
          SELECT t.exercise_id, e.name AS exercise_name, t.last_date::text AS last_date, t.sets, t.volume_kg, t.heaviest_kg,
            t.best_workout_id, t.best_date::text AS best_date, t.best_kg, t.best_reps, t.best_e1rm
          FROM gym.exercise_totals t LEFT JOIN gym.exercises e ON e.id = t.exercise_id WHERE t.user_id = ${userId}) r) AS records,
        (SELECT coalesce(json_agg(c ORDER BY c.exercise_id, c.date, c.started_at, c.workout_id, c.set_number), '[]') FROM (
          SELECT c.exercise_id, c.prior, s.workout_id, s.date::text AS date, w.started_at, s.set_number, s.kg, s.reps
          FROM candidates c
          JOIN gym.sets s ON s.user_id = ${userId} AND s.exercise_id = c.exercise_id AND s.date = c.date AND s.kind IS DISTINCT FROM 'warmup'
          CROSS JOIN LATERAL (SELECT started_at FROM gym.workouts WHERE id = s.workout_id) w) c) AS candidates`),
  ]);
  if (!calendar) throw accountNotReady();
  const { week_start: weekStart, weekly_goal: weeklyGoal, summary, weeks: weekRows } = calendar;
  const { candidates: candidateRows } = exercises;
  // stats asked as of an earlier day than an exercise's last: that exercise's record up to the date
  const later = exercises.records.filter((row) => row.last_date > date);
  const recordRows = later.length === 0 ? exercises.records : [...exercises.records.filter((row) => row.last_date <= date), ...(await recordsUpTo(db, userId, later, date))];
  const thisWeek = weekStartOf(date, weekStart);

  const totals = { workouts: summary.workouts, sets: summary.sets, reps: summary.reps, volumeKg: summary.volume_kg };
  const byWeek = new Map(weekRows.map((week) => [week.week, { days: week.days, sets: week.sets, volumeKg: week.volume_kg }]));
  const weeks = Array.from({ length: STATS_WEEKS }, (_, i) => {
    const start = addDays(thisWeek, -7 * (STATS_WEEKS - 1 - i));
    const week = byWeek.get(start);
    return { weekStart: start, daysTrained: week?.days ?? 0, sets: week?.sets ?? 0, volumeKg: week?.volumeKg ?? 0 };
  });
  const streakWeeks = summary.streak;

  const names = new Map(recordRows.map((row) => [row.exercise_id, row.exercise_name]));
  const records: Stats['records'] = recordRows
    .map((row) => ({
      exerciseId: row.exercise_id,
      exerciseName: row.exercise_name,
      best:
        row.best_workout_id === null
          ? null
          : { sessionId: row.best_workout_id, date: row.best_date!, kg: row.best_kg!, reps: row.best_reps!, estimatedOneRepMaxKg: row.best_e1rm! },
      heaviestKg: row.heaviest_kg,
      sets: row.sets,
      volumeKg: row.volume_kg,
    }))
    .sort((a, b) => compareOptionalNames(a.exerciseName, b.exerciseName) || compareText(a.exerciseId, b.exerciseId));
  return {
    date,
    weeklyGoal,
    streakWeeks,
    weeks,
    totals,
    recentPersonalBests: personalBests(candidateRows)
      .sort(newestFirst)
      .slice(0, RECENT_BESTS)
      .map((set) => ({
        exerciseId: set.exerciseId,
        exerciseName: names.get(set.exerciseId) ?? null,
        sessionId: set.workoutId,
        date: set.date,
        kg: set.kg,
        reps: set.reps,
        estimatedOneRepMaxKg: set.e1rm,
      })),
    records,
  };
}
