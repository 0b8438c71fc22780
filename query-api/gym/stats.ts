import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { addDays, weekStartOf } from './calendar.ts';
import { readGymUser } from './routes.ts';

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
      z.object({ exerciseId: z.string(), exerciseName: z.string().nullable(), best: bestSetSchema, heaviestKg: z.number(), sets: z.number(), volumeKg: z.number() }),
    ),
  })
  .meta({ id: 'Stats' });
type Stats = z.infer<typeof statsSchema>;

const weekRow = z.object({ week_start: z.string(), days: z.number(), sets: z.number(), volume_kg: z.number() });
const totalsRow = z.object({ workouts: z.number(), sets: z.number(), reps: z.number(), volume_kg: z.number() });
const bestRow = z.object({
  exercise_id: z.string(),
  exercise_name: z.string().nullable(),
  workout_id: z.string(),
  date: z.string(),
  kg: z.number(),
  reps: z.number(),
  e1rm: z.number(),
});
const recordRow = bestRow.extend({ heaviest_kg: z.number(), sets: z.number(), volume_kg: z.number() });

const toBest = (row: z.infer<typeof bestRow>) => ({ sessionId: row.workout_id, date: row.date, kg: row.kg, reps: row.reps, estimatedOneRepMaxKg: row.e1rm });

/** Weeks, streak and totals count only up to the client's date; the server clock plays no part. */
export async function readStats(db: CommonQueryMethods, userId: string, date: string): Promise<Stats> {
  const user = await readGymUser(db, userId);
  const { weekStart, weeklyGoal } = user.settings;
  const thisWeek = weekStartOf(date, weekStart);
  // a week's start: the date moved back to the user's week start day
  const weekOf = sql.fragment`(w.date - ((extract(dow FROM w.date)::int - ${weekStart} + 7) % 7))`;
  const weekRows = await db.any(sql.type(weekRow)`
    SELECT ${weekOf}::text AS week_start, count(DISTINCT w.date)::int AS days, count(*)::int AS sets, sum(s.kg * s.reps)::float8 AS volume_kg
    FROM gym.workouts w JOIN gym.sets s ON s.workout_id = w.id
    WHERE w.user_id = ${userId} AND w.date <= ${date}::date
    GROUP BY 1 ORDER BY 1 DESC`);
  const byWeek = new Map(weekRows.map((row) => [row.week_start, row]));
  const weeks = Array.from({ length: STATS_WEEKS }, (_, i) => {
    const start = addDays(thisWeek, -7 * (STATS_WEEKS - 1 - i));
    const row = byWeek.get(start);
    return { weekStart: start, daysTrained: row?.days ?? 0, sets: row?.sets ?? 0, volumeKg: row?.volume_kg ?? 0 };
  });
  let streakWeeks = 0;
  for (let start = thisWeek; ; start = addDays(start, -7)) {
    const met = (byWeek.get(start)?.days ?? 0) >= weeklyGoal;
    if (met) streakWeeks++;
    else if (start !== thisWeek) break;
  }

  const totals = await db.one(sql.type(totalsRow)`
    SELECT count(DISTINCT w.id)::int AS workouts, count(s.id)::int AS sets, coalesce(sum(s.reps), 0)::int AS reps,
      coalesce(sum(s.kg * s.reps), 0)::float8 AS volume_kg
    FROM gym.workouts w JOIN gym.sets s ON s.workout_id = w.id
    WHERE w.user_id = ${userId} AND w.date <= ${date}::date`);

  const scored = sql.fragment`
    SELECT s.exercise_id, e.name AS exercise_name, s.workout_id, w.date, w.started_at, s.set_number, s.kg, s.reps,
      s.kg * (1 + s.reps / 30.0) AS e1rm
    FROM gym.sets s JOIN gym.workouts w ON w.id = s.workout_id LEFT JOIN gym.exercises e ON e.id = s.exercise_id
    WHERE s.user_id = ${userId} AND w.date <= ${date}::date`;
  const bests = await db.any(sql.type(bestRow)`
    WITH scored AS (${scored}),
    ranked AS (
      SELECT *, max(e1rm) OVER (PARTITION BY exercise_id ORDER BY date, started_at, workout_id, set_number
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
      FROM scored
    )
    SELECT exercise_id, exercise_name, workout_id, date::text AS date, kg, reps, e1rm::float8 AS e1rm
    FROM ranked WHERE before IS NOT NULL AND e1rm > before
    ORDER BY date DESC, started_at DESC, workout_id, set_number DESC LIMIT ${RECENT_BESTS}`);
  const records = await db.any(sql.type(recordRow)`
    WITH scored AS (${scored}),
    best AS (
      SELECT DISTINCT ON (exercise_id) * FROM scored ORDER BY exercise_id, e1rm DESC, kg DESC, date, started_at, set_number
    ),
    summed AS (SELECT exercise_id, max(kg) AS heaviest_kg, count(*)::int AS sets, sum(kg * reps)::float8 AS volume_kg FROM scored GROUP BY exercise_id)
    SELECT b.exercise_id, b.exercise_name, b.workout_id, b.date::text AS date, b.kg, b.reps, b.e1rm::float8 AS e1rm,
      m.heaviest_kg, m.sets, m.volume_kg
    FROM best b JOIN summed m ON m.exercise_id = b.exercise_id
    ORDER BY lower(b.exercise_name), b.exercise_id`);

  return {
    date,
    weeklyGoal,
    streakWeeks,
    weeks,
    totals: { workouts: totals.workouts, sets: totals.sets, reps: totals.reps, volumeKg: totals.volume_kg },
    recentPersonalBests: bests.map((row) => ({ exerciseId: row.exercise_id, exerciseName: row.exercise_name, ...toBest(row) })),
    records: records.map((row) => ({
      exerciseId: row.exercise_id,
      exerciseName: row.exercise_name,
      best: toBest(row),
      heaviestKg: row.heaviest_kg,
      sets: row.sets,
      volumeKg: row.volume_kg,
    })),
  };
}

export function statsQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/stats',
    {
      preHandler: deps.cookies.requireUser,
      schema: {
        summary: "Weekly goal, streak, the last 12 weeks, totals, recent personal bests and every exercise's record, as of the client's date",
        querystring: z.object({ date: z.iso.date() }),
        response: { 200: statsSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => readStats(deps.db, request.userId, request.query.date),
  );
}
