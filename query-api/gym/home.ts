import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { dateSchema, weekStartOf } from '../../domain/shared/calendar.ts';
import { listPlans, PLAN_ORDER } from './plans.ts';
import { dayViewSchema, planSchema, weekStartSql } from './schemas.ts';
import { readGymUser } from './routes.ts';
import { KG_PER_LB, nextStepKg } from '../../domain/gym/units.ts';


const lastSetSchema = z.object({ setNumber: z.number(), kg: z.number(), reps: z.number() });
const homeExerciseSchema = z.object({
  exerciseId: z.string(),
  exerciseName: z.string().nullable(),
  last: z.object({ sessionId: z.string(), date: z.string(), sets: z.array(lastSetSchema) }).nullable(),
  hint: z.object({
    /** start: nothing logged yet; increase: every target set reached the top of the range last time; repeat: not yet */
    action: z.enum(['start', 'increase', 'repeat']),
    kg: z.number().nullable().meta({
      description: `kilograms, like every weight; increase adds one step in the user's unit: 2.5 kg, or 5 lb for a user whose unit is lb (1 lb = ${KG_PER_LB} kg exactly; divide by it to show pounds)`,
    }),
    reps: z.number().nullable(),
  }),
});
export const homeSchema = z
  .object({
    date: z.string(),
    weekStart: z.string(),
    weeklyGoal: z.number(),
    daysTrainedThisWeek: z.number(),
    activePlan: planSchema.nullable(),
    nextDay: dayViewSchema.nullable(),
    exercises: z.array(homeExerciseSchema),
  })
  .meta({ id: 'Home' });
type Home = z.infer<typeof homeSchema>;

const lastRow = z.object({ exercise_id: z.string(), workout_id: z.string(), date: z.string(), set_number: z.number(), kg: z.number(), reps: z.number() });

export async function readHome(db: CommonQueryMethods, userId: string, date: string): Promise<Home> {
  // one round of reads at once: those that need the active plan find it in SQL, as listPlans orders plans
  const activePlanId = sql.fragment`(SELECT id FROM gym.plans WHERE user_id = ${userId} AND active ORDER BY ${PLAN_ORDER} LIMIT 1)`;
  const [user, trained, plans, lastOrdinal, rows] = await Promise.all([
    readGymUser(db, userId),
    // the days trained from the user's week start (weekStartOf in SQL) up to the client's date
    db.oneFirst(sql.type(z.object({ days: z.number() }))`
      SELECT count(*)::int AS days FROM gym.day_totals d JOIN gym.users u ON u.id = d.user_id
      WHERE d.user_id = ${userId} AND d.date <= ${date}::date
        AND d.date >= ${weekStartSql(sql.fragment`${date}::date`, sql.fragment`u.week_start`)}`),
    listPlans(db, userId),
    // the active plan's day trained last: the next day follows it
    db.maybeOneFirst(sql.type(z.object({ ordinal: z.number() }))`
      SELECT d.ordinal FROM gym.workouts w JOIN gym.plan_days d ON d.id = w.plan_day_id
      WHERE w.user_id = ${userId} AND d.plan_id = ${activePlanId} AND w.date <= ${date}::date
        AND EXISTS (SELECT 1 FROM gym.sets s WHERE s.workout_id = w.id)
      ORDER BY w.date DESC, w.started_at DESC LIMIT 1`),
    // the sets of the last workout of each exercise of the active plan
    db.any(sql.type(lastRow)`
      WITH latest AS (
        SELECT x.exercise_id, l.workout_id, l.date
        FROM (SELECT DISTINCT exercise_id FROM gym.plan_slots WHERE plan_id = ${activePlanId}) x
        CROSS JOIN LATERAL (
          SELECT s.workout_id, w.date FROM gym.sets s JOIN gym.workouts w ON w.id = s.workout_id
          WHERE s.user_id = ${userId} AND s.exercise_id = x.exercise_id AND s.date <= ${date}::date
          ORDER BY s.date DESC, w.started_at DESC LIMIT 1
        ) l
      )
      SELECT l.exercise_id, l.workout_id, l.date::text AS date, s.set_number, s.kg, s.reps
      FROM latest l JOIN gym.sets s ON s.workout_id = l.workout_id AND s.exercise_id = l.exercise_id
      ORDER BY s.set_number`),
  ]);
  const weekStart = weekStartOf(date, user.settings.weekStart);
  const [active] = plans.filter((plan) => plan.active);
  if (!active) return { date, weekStart, weeklyGoal: user.settings.weeklyGoal, daysTrainedThisWeek: trained, activePlan: null, nextDay: null, exercises: [] };

  const days = active.days;
  const slots = days.flatMap((day) => day.slots);
  const exerciseIds = [...new Set(slots.map((slot) => slot.exerciseId))];
  const nextDay = days.length === 0 ? null : (days[lastOrdinal === null ? 0 : lastOrdinal % days.length] ?? null);

  const exercises = exerciseIds.map((exerciseId) => {
    const slot = slots.find((s) => s.exerciseId === exerciseId)!;
    const sets = rows.filter((row) => row.exercise_id === exerciseId);
    const first = sets[0];
    if (!first) return { exerciseId, exerciseName: slot.exerciseName, last: null, hint: { action: 'start' as const, kg: null, reps: slot.repMin } };
    const top = Math.max(...sets.map((set) => set.kg));
    const topSets = sets.filter((set) => set.kg === top);
    const reachedTop = topSets.length >= slot.targetSets && topSets.every((set) => set.reps >= slot.repMax);
    return {
      exerciseId,
      exerciseName: slot.exerciseName,
      last: { sessionId: first.workout_id, date: first.date, sets: sets.map((set) => ({ setNumber: set.set_number, kg: set.kg, reps: set.reps })) },
      hint: reachedTop
        ? { action: 'increase' as const, kg: nextStepKg(top, user.settings.unit), reps: slot.repMin }
        : { action: 'repeat' as const, kg: top, reps: Math.min(slot.repMax, Math.max(...topSets.map((set) => set.reps)) + 1) },
    };
  });
  return { date, weekStart, weeklyGoal: user.settings.weeklyGoal, daysTrainedThisWeek: trained, activePlan: active, nextDay, exercises };
}

export function homeQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/home',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getHome',
        summary: "Today: active plan, next day, days trained this week (from the user's week start and the client's date), last numbers and a hint per exercise",
        querystring: z.object({ date: dateSchema }),
        response: { 200: homeSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => readHome(deps.db, request.userId, request.query.date),
  );
}
