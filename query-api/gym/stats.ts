import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { addDays, dateSchema, weekStartOf } from '../../domain/shared/calendar.ts';
import { epley } from './schemas.ts';
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

/** One exercise's sets up to the client's date, oldest first: [workout id, date, started at, set number, kg, reps]. */
const exerciseSetsRow = z.object({ exercise_id: z.string(), exercise_name: z.string().nullable(), sets: z.string() });
const setTuples = z.array(z.tuple([z.string(), z.string(), z.string(), z.number(), z.number(), z.number()]));
type LoggedSet = { workoutId: string; date: string; startedAt: string; setNumber: number; kg: number; reps: number; e1rm: number };

const toBest = (set: LoggedSet) => ({ sessionId: set.workoutId, date: set.date, kg: set.kg, reps: set.reps, estimatedOneRepMaxKg: set.e1rm });

const byName = (a: string | null, b: string | null): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Weeks, streak and totals count only up to the client's date; the server clock plays no part.
 * The user's history is read once, grouped by exercise in log order, and folded here in one pass:
 * three queries over every set cost several times more on a year of training.
 */
export async function readStats(db: CommonQueryMethods, userId: string, date: string): Promise<Stats> {
  const user = await readGymUser(db, userId);
  const { weekStart, weeklyGoal } = user.settings;
  const thisWeek = weekStartOf(date, weekStart);
  const rows = await db.any(sql.type(exerciseSetsRow)`
    SELECT s.exercise_id, max(e.name) AS exercise_name,
      json_agg(json_build_array(s.workout_id, w.date, w.started_at, s.set_number, s.kg, s.reps)
        ORDER BY w.date, w.started_at, s.workout_id, s.set_number)::text AS sets
    FROM gym.sets s JOIN gym.workouts w ON w.id = s.workout_id LEFT JOIN gym.exercises e ON e.id = s.exercise_id
    WHERE s.user_id = ${userId} AND w.date <= ${date}::date
    GROUP BY s.exercise_id`);

  const days = new Map<string, { sets: number; volumeKg: number }>();
  const workouts = new Set<string>();
  const totals = { workouts: 0, sets: 0, reps: 0, volumeKg: 0 };
  const bests: Array<LoggedSet & { exerciseId: string; exerciseName: string | null }> = [];
  const records: Stats['records'] = [];
  for (const row of rows) {
    const sets = setTuples.parse(JSON.parse(row.sets)).map(([workoutId, day, startedAt, setNumber, kg, reps]) => ({
      workoutId, date: day, startedAt, setNumber, kg, reps, e1rm: epley(kg, reps),
    }));
    let best: LoggedSet | undefined;
    let heaviestKg: number | null = null;
    let volumeKg = 0;
    for (const set of sets) {
      // a set of 0 reps is a failed attempt: it lifted nothing, so it beats nothing
      if (set.reps > 0) {
        // a personal best beats every earlier set of its exercise; the first set has nothing to beat
        if (best && set.e1rm > best.e1rm) bests.push({ ...set, exerciseId: row.exercise_id, exerciseName: row.exercise_name });
        if (!best || set.e1rm > best.e1rm || (set.e1rm === best.e1rm && set.kg > best.kg)) best = set;
        heaviestKg = Math.max(heaviestKg ?? 0, set.kg);
      }
      volumeKg += set.kg * set.reps;
      const day = days.get(set.date) ?? { sets: 0, volumeKg: 0 };
      day.sets++;
      day.volumeKg += set.kg * set.reps;
      days.set(set.date, day);
      workouts.add(set.workoutId);
      totals.sets++;
      totals.reps += set.reps;
    }
    totals.volumeKg += volumeKg;
    records.push({ exerciseId: row.exercise_id, exerciseName: row.exercise_name, best: best ? toBest(best) : null, heaviestKg, sets: sets.length, volumeKg });
  }
  totals.workouts = workouts.size;

  const byWeek = new Map<string, { days: number; sets: number; volumeKg: number }>();
  for (const [day, figures] of [...days].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const week = weekStartOf(day, weekStart);
    const sum = byWeek.get(week) ?? { days: 0, sets: 0, volumeKg: 0 };
    byWeek.set(week, { days: sum.days + 1, sets: sum.sets + figures.sets, volumeKg: sum.volumeKg + figures.volumeKg });
  }
  const weeks = Array.from({ length: STATS_WEEKS }, (_, i) => {
    const start = addDays(thisWeek, -7 * (STATS_WEEKS - 1 - i));
    const week = byWeek.get(start);
    return { weekStart: start, daysTrained: week?.days ?? 0, sets: week?.sets ?? 0, volumeKg: week?.volumeKg ?? 0 };
  });
  let streakWeeks = 0;
  for (let start = thisWeek; ; start = addDays(start, -7)) {
    const met = (byWeek.get(start)?.days ?? 0) >= weeklyGoal;
    if (met) streakWeeks++;
    else if (start !== thisWeek) break;
  }

  bests.sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? 1 : -1;
    if (a.startedAt !== b.startedAt) return a.startedAt < b.startedAt ? 1 : -1;
    if (a.workoutId !== b.workoutId) return a.workoutId < b.workoutId ? -1 : 1;
    return b.setNumber - a.setNumber;
  });
  records.sort((a, b) => byName(a.exerciseName, b.exerciseName) || (a.exerciseId < b.exerciseId ? -1 : a.exerciseId > b.exerciseId ? 1 : 0));
  return {
    date,
    weeklyGoal,
    streakWeeks,
    weeks,
    totals,
    recentPersonalBests: bests.slice(0, RECENT_BESTS).map((set) => ({ exerciseId: set.exerciseId, exerciseName: set.exerciseName, ...toBest(set) })),
    records,
  };
}

export function statsQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/stats',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getStats',
        summary: "Weekly goal, streak, the last 12 weeks, totals, recent personal bests and every exercise's record, as of the client's date",
        querystring: z.object({ date: dateSchema }),
        response: { 200: statsSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => readStats(deps.db, request.userId, request.query.date),
  );
}
