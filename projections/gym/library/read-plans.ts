import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { notFound } from '../../../infra/http/errors.ts';
import type { PlanView } from './library-views.ts';

const planRow = z.object({ id: z.string(), name: z.string(), start_date: z.string(), active: z.boolean(), source_id: z.string().nullable() });
const dayRow = z.object({ id: z.string(), plan_id: z.string(), ordinal: z.number(), title: z.string().nullable() });
const slotRow = z.object({
  id: z.string(),
  day_id: z.string(),
  exercise_id: z.string(),
  exercise_name: z.string().nullable(),
  target_sets: z.number(),
  rep_min: z.number(),
  rep_max: z.number(),
  note: z.string().nullable(),
});

/** The order plans are listed in: the active plan first (the newest, were there two). */
export const PLAN_ORDER = sql.fragment`active DESC, start_date DESC, seq DESC`;

const plansRow = z.object({ plans: z.array(planRow), days: z.array(dayRow), slots: z.array(slotRow) });

/** Plans with their days and slots; active first, then the latest block. */
export async function listPlans(db: CommonQueryMethods, userId: string, onlyId: string | null = null): Promise<PlanView[]> {
  // one prepared statement: the days and slots find their plans by the same condition
  const chosen = sql.fragment`SELECT id FROM gym.plans WHERE user_id = ${userId} AND (${onlyId}::text IS NULL OR id = ${onlyId})`;
  const { plans, days, slots } = await db.one(sql.prepared('gym_plans', plansRow)`
    SELECT
      (SELECT coalesce(json_agg(p ORDER BY ${PLAN_ORDER}), '[]') FROM (
        SELECT id, name, start_date::text AS start_date, active, source_id, seq FROM gym.plans
        WHERE user_id = ${userId} AND (${onlyId}::text IS NULL OR id = ${onlyId})) p) AS plans,
      (SELECT coalesce(json_agg(d ORDER BY d.ordinal), '[]') FROM (
        SELECT id, plan_id, ordinal, title FROM gym.plan_days WHERE plan_id IN (${chosen})) d) AS days,
      (SELECT coalesce(json_agg(s ORDER BY s.position), '[]') FROM (
        SELECT s.id, s.day_id, s.exercise_id, e.name AS exercise_name, s.target_sets, s.rep_min, s.rep_max, s.note, s.position
        FROM gym.plan_slots s LEFT JOIN gym.exercises e ON e.id = s.exercise_id
        WHERE s.plan_id IN (${chosen})) s) AS slots`);
  if (plans.length === 0) return [];
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    startDate: plan.start_date,
    active: plan.active,
    sourceId: plan.source_id,
    days: days
      .filter((day) => day.plan_id === plan.id)
      .map((day) => ({
        id: day.id,
        ordinal: day.ordinal,
        title: day.title,
        slots: slots
          .filter((slot) => slot.day_id === day.id)
          .map((slot) => ({
            id: slot.id,
            exerciseId: slot.exercise_id,
            exerciseName: slot.exercise_name,
            targetSets: slot.target_sets,
            repMin: slot.rep_min,
            repMax: slot.rep_max,
            note: slot.note,
          })),
      })),
  }));
}

export async function readPlan(db: CommonQueryMethods, userId: string, id: string): Promise<PlanView> {
  const [plan] = await listPlans(db, userId, id);
  if (!plan) throw notFound('Plan not found');
  return plan;
}
