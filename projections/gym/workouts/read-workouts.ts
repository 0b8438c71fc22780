import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { enteredUnitSchema, setKindSchema } from '../../../domain/gym/workout.ts';
import { notFound } from '../../../infra/http/errors.ts';
import { inOneSnapshot } from '../../../infra/postgres/snapshot.ts';
import { NAME_ORDER } from '../../name-order.ts';
import type { SetView, WorkoutSummary, WorkoutView } from './workout-views.ts';

export const summaryRow = z.object({
  id: z.string(),
  date: z.string(),
  plan_day_id: z.string().nullable(),
  plan_id: z.string().nullable(),
  plan_name: z.string().nullable(),
  day_ordinal: z.number().nullable(),
  day_title: z.string().nullable(),
  title: z.string(),
  notes: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  set_count: z.number(),
  exercise_names: z.array(z.string()),
  volume_kg: z.number(),
});

export const toSummary = (row: z.infer<typeof summaryRow>): WorkoutSummary => ({
  id: row.id,
  date: row.date,
  planDayId: row.plan_day_id,
  planId: row.plan_id,
  planName: row.plan_name,
  dayOrdinal: row.day_ordinal,
  dayTitle: row.day_title,
  title: row.title,
  notes: row.notes,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  setCount: row.set_count,
  exerciseNames: row.exercise_names,
  volumeKg: row.volume_kg,
});

/**
 * every column of a workout summary; callers add WHERE and ORDER BY. The volume adds its sets in
 * the log's order, as every sum of weights does (docs/design.md): in the order the rows lie, a
 * rebuild or a corrected set changed the last bits of the answer (issue 35).
 */
export const summarySelect = sql.fragment`
  SELECT w.id, w.date::text AS date, w.plan_day_id, d.plan_id, p.name AS plan_name, d.ordinal AS day_ordinal, d.title AS day_title,
    w.title, w.notes, w.started_at, w.finished_at,
    (SELECT count(*)::int FROM gym.sets s WHERE s.workout_id = w.id) AS set_count,
    (SELECT coalesce(array_agg(x.name ORDER BY x.name ${NAME_ORDER}, x.id), '{}') FROM (
      SELECT DISTINCT e.id, e.name FROM gym.sets s JOIN gym.exercises e ON e.id = s.exercise_id WHERE s.workout_id = w.id) x) AS exercise_names,
    (SELECT coalesce(sum(s.kg * s.reps ORDER BY s.set_number, s.id), 0)::float8 FROM gym.sets s
     WHERE s.workout_id = w.id AND s.kind IS DISTINCT FROM 'warmup') AS volume_kg
  FROM gym.workouts w
  LEFT JOIN gym.plan_days d ON d.id = w.plan_day_id
  LEFT JOIN gym.plans p ON p.id = d.plan_id`;

export const setRow = z.object({
  id: z.string(),
  workout_id: z.string(),
  exercise_id: z.string(),
  exercise_name: z.string().nullable(),
  set_number: z.number(),
  kg: z.number(),
  reps: z.number(),
  entered_unit: enteredUnitSchema.nullable(),
  rpe: z.number().nullable(),
  kind: setKindSchema.nullable(),
  note: z.string(),
});
export const toSet = (row: z.infer<typeof setRow>): SetView => ({
  id: row.id,
  sessionId: row.workout_id,
  exerciseId: row.exercise_id,
  exerciseName: row.exercise_name,
  setNumber: row.set_number,
  kg: row.kg,
  reps: row.reps,
  unit: row.entered_unit,
  rpe: row.rpe,
  kind: row.kind ?? 'normal',
  note: row.note,
});
export const setSelect = sql.fragment`
  SELECT s.id, s.workout_id, s.exercise_id, e.name AS exercise_name, s.set_number, s.kg, s.reps, s.entered_unit, s.rpe, s.kind, s.note
  FROM gym.sets s LEFT JOIN gym.exercises e ON e.id = s.exercise_id`;

/** The workout and its sets as of one commit: its set count agrees with its sets. */
export function findWorkout(pool: DatabasePool, userId: string, id: string): Promise<WorkoutView | null> {
  return inOneSnapshot(pool, async (db) => {
    const row = await db.maybeOne(sql.type(summaryRow)`${summarySelect} WHERE w.id = ${id} AND w.user_id = ${userId}`);
    if (!row) return null;
    const sets = await db.any(sql.type(setRow)`${setSelect} WHERE s.workout_id = ${id} ORDER BY e.name ${NAME_ORDER}, s.exercise_id, s.set_number`);
    return { ...toSummary(row), sets: sets.map(toSet) };
  });
}

export async function readWorkout(db: DatabasePool, userId: string, id: string): Promise<WorkoutView> {
  const workout = await findWorkout(db, userId, id);
  if (!workout) throw notFound('Workout not found');
  return workout;
}

export async function findSet(db: CommonQueryMethods, userId: string, id: string): Promise<SetView | null> {
  const row = await db.maybeOne(sql.type(setRow)`${setSelect} WHERE s.id = ${id} AND s.user_id = ${userId}`);
  return row ? toSet(row) : null;
}

export async function listWorkouts(db: CommonQueryMethods, userId: string, range: { from?: string | undefined; to?: string | undefined }): Promise<WorkoutSummary[]> {
  const rows = await db.any(sql.type(summaryRow)`${summarySelect}
    WHERE w.user_id = ${userId}
      AND EXISTS (SELECT 1 FROM gym.sets s WHERE s.workout_id = w.id)
      AND (${range.from ?? null}::date IS NULL OR w.date >= ${range.from ?? null}::date)
      AND (${range.to ?? null}::date IS NULL OR w.date <= ${range.to ?? null}::date)
    ORDER BY w.date DESC, w.started_at DESC`);
  return rows.map(toSummary);
}
