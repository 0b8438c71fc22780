import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { gymUserSchema } from '../../../domain/gym/user.ts';
import { NAME_ORDER } from '../../name-order.ts';
import { bodyweightSchema, cardioLogSchema, exerciseSchema, machineSchema, planSchema } from '../library/library-views.ts';
import { listBodyweights } from '../library/read-body-weights.ts';
import { listCardioLogs, listMachines } from '../library/read-cardio.ts';
import { listExercises } from '../library/read-exercises.ts';
import { listPlans } from '../library/read-plans.ts';
import { readGymUser } from '../users/read-gym-user.ts';
import { setRow, setSelect, summaryRow, summarySelect, toSet, toSummary } from './read-workouts.ts';
import { workoutSchema } from './workout-views.ts';

export const EXPORT_FORMAT = 1;

export const exportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    unit: z.literal('kg'),
    user: gymUserSchema,
    exercises: z.array(exerciseSchema),
    plans: z.array(planSchema),
    workouts: z.array(workoutSchema),
    bodyweights: z.array(bodyweightSchema),
    cardioMachines: z.array(machineSchema),
    cardioLogs: z.array(cardioLogSchema),
  })
  .meta({ id: 'Export' });
export type Export = z.infer<typeof exportSchema>;

/** Everything the user entered, weights in kilograms as stored: enough to restore the account. */
export async function readExport(db: CommonQueryMethods, userId: string): Promise<Export> {
  const user = await readGymUser(db, userId);
  const workouts = await db.any(sql.type(summaryRow)`${summarySelect} WHERE w.user_id = ${userId} ORDER BY w.date, w.started_at, w.id`);
  const sets = (await db.any(sql.type(setRow)`
    ${setSelect} WHERE s.user_id = ${userId} ORDER BY s.workout_id, e.name ${NAME_ORDER}, s.exercise_id, s.set_number`)).map(toSet);
  const setsOf = new Map<string, typeof sets>();
  for (const set of sets) {
    const own = setsOf.get(set.sessionId);
    if (own) own.push(set);
    else setsOf.set(set.sessionId, [set]);
  }
  return {
    format: EXPORT_FORMAT,
    unit: 'kg',
    user,
    exercises: await listExercises(db, userId, null),
    plans: await listPlans(db, userId),
    workouts: workouts.map((row) => ({ ...toSummary(row), sets: setsOf.get(row.id) ?? [] })),
    bodyweights: await listBodyweights(db, userId, {}),
    cardioMachines: await listMachines(db, userId),
    cardioLogs: await listCardioLogs(db, userId, {}),
  };
}
