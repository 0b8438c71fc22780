import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { weekStartOf } from '../../../domain/shared/calendar.ts';
import { KG_PER_LB, nextStepKg } from '../../../domain/gym/units.ts';
import { accountNotReady } from '../../../infra/http/account-not-ready.ts';
import { dayViewSchema, planSchema } from '../library/library-views.ts';
import { listPlans, PLAN_ORDER } from '../library/read-plans.ts';
import { weekStartSql } from './week-start-sql.ts';

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
const openWorkoutSchema = z.object({
  id: z.string(),
  planDayId: z.string().nullable(),
  dayOrdinal: z.number().nullable(),
  dayTitle: z.string().nullable(),
  startedAt: z.string(),
  setCount: z.number(),
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
    openWorkouts: z.array(openWorkoutSchema).meta({
      description:
        "the workouts of the client's date that have a set and are not finished, the oldest started first, whichever device " +
        'started them: what Today offers to continue',
    }),
  })
  .meta({ id: 'Home' });
type Home = z.infer<typeof homeSchema>;

const lastRow = z.object({ exercise_id: z.string(), workout_id: z.string(), date: z.string(), set_number: z.number(), kg: z.number(), reps: z.number() });

const openWorkoutRow = z.object({
  id: z.string(),
  plan_day_id: z.string().nullable(),
  day_ordinal: z.number().nullable(),
  day_title: z.string().nullable(),
  started_at: z.string(),
  set_count: z.number(),
});

const todayRow = z.object({
  week_start: z.number(),
  weekly_goal: z.number(),
  unit: z.enum(['kg', 'lb']),
  trained: z.number(),
  last_ordinal: z.number().nullable(),
  last_sets: z.array(lastRow),
});

export async function readHome(db: CommonQueryMethods, userId: string, date: string): Promise<Home> {
  // two prepared statements at once, the plans and the rest; what needs the active plan finds it
  // in SQL, as listPlans orders plans
  const activePlanId = sql.fragment`(SELECT id FROM gym.plans WHERE user_id = ${userId} AND active ORDER BY ${PLAN_ORDER} LIMIT 1)`;
  const [today, plans, open] = await Promise.all([
    db.maybeOne(sql.prepared('gym_home', todayRow)`
      SELECT u.week_start, u.weekly_goal, u.unit,
        -- the days trained from the user's week start (weekStartOf in SQL) up to the client's date
        (SELECT count(*)::int FROM gym.day_totals d
          WHERE d.user_id = u.id AND d.date <= ${date}::date
            AND d.date >= ${weekStartSql(sql.fragment`${date}::date`, sql.fragment`u.week_start`)}) AS trained,
        -- the active plan's day trained last: the next day follows it. Each day's latest workout with
        -- a set is a walk of the (plan_day_id, date, started_at, id) index backwards that stops at
        -- the first, then the latest of those few: no plan can become a sort of the user's whole
        -- history (one over all 780 workouts of five years took 6.8 ms once the log held a million
        -- events, issue 36). The order belongs beside each LIMIT: a join keeps no order of a
        -- subquery's (a hash join answered an older day, issue 35).
        (SELECT d.ordinal FROM gym.plan_days d
          CROSS JOIN LATERAL (
            SELECT w.date, w.started_at, w.id FROM gym.workouts w
            WHERE w.plan_day_id = d.id AND w.user_id = u.id AND w.date <= ${date}::date
              AND EXISTS (SELECT 1 FROM gym.sets s WHERE s.workout_id = w.id)
            ORDER BY w.date DESC, w.started_at DESC, w.id DESC
            LIMIT 1) w
          WHERE d.plan_id = ${activePlanId}
          ORDER BY w.date DESC, w.started_at DESC, w.id DESC
          LIMIT 1) AS last_ordinal,
        -- the working sets (no warm-ups) of the last workout of each exercise of the active plan that had one
        (SELECT coalesce(json_agg(l ORDER BY l.set_number), '[]') FROM (
          SELECT l.exercise_id, l.workout_id, l.date::text AS date, s.set_number, s.kg, s.reps
          FROM (
            SELECT x.exercise_id, l.workout_id, l.date
            FROM (SELECT DISTINCT exercise_id FROM gym.plan_slots WHERE plan_id = ${activePlanId}) x
            CROSS JOIN LATERAL (
              SELECT s.workout_id, w.date FROM gym.sets s JOIN gym.workouts w ON w.id = s.workout_id
              WHERE s.user_id = ${userId} AND s.exercise_id = x.exercise_id AND s.date <= ${date}::date AND s.kind IS DISTINCT FROM 'warmup'
              ORDER BY s.date DESC, w.started_at DESC LIMIT 1
            ) l
          ) l JOIN gym.sets s ON s.workout_id = l.workout_id AND s.exercise_id = l.exercise_id AND s.kind IS DISTINCT FROM 'warmup') l) AS last_sets
      FROM gym.users u WHERE u.id = ${userId}`),
    listPlans(db, userId),
    db.any(sql.prepared('gym_home_open', openWorkoutRow)`
      SELECT w.id, w.plan_day_id, d.ordinal AS day_ordinal, d.title AS day_title, w.started_at, s.set_count
      FROM gym.workouts w
      CROSS JOIN LATERAL (SELECT count(*)::int AS set_count FROM gym.sets s WHERE s.workout_id = w.id) s
      LEFT JOIN gym.plan_days d ON d.id = w.plan_day_id
      WHERE w.user_id = ${userId} AND w.date = ${date}::date AND w.finished_at IS NULL AND s.set_count > 0
      ORDER BY w.started_at, w.id`),
  ]);
  if (!today) throw accountNotReady();
  const openWorkouts = open.map((row) => ({
    id: row.id,
    planDayId: row.plan_day_id,
    dayOrdinal: row.day_ordinal,
    dayTitle: row.day_title,
    startedAt: row.started_at,
    setCount: row.set_count,
  }));
  const { trained, last_ordinal: lastOrdinal, last_sets: rows } = today;
  const weekStart = weekStartOf(date, today.week_start);
  const [active] = plans.filter((plan) => plan.active);
  if (!active) return { date, weekStart, weeklyGoal: today.weekly_goal, daysTrainedThisWeek: trained, activePlan: null, nextDay: null, exercises: [], openWorkouts };

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
        ? { action: 'increase' as const, kg: nextStepKg(top, today.unit), reps: slot.repMin }
        : { action: 'repeat' as const, kg: top, reps: Math.min(slot.repMax, Math.max(...topSets.map((set) => set.reps)) + 1) },
    };
  });
  return { date, weekStart, weeklyGoal: today.weekly_goal, daysTrainedThisWeek: trained, activePlan: active, nextDay, exercises, openWorkouts };
}
