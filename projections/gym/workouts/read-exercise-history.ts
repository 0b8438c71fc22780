import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { countsInTotals } from '../../../domain/gym/set-kind.ts';
import { setKindSchema } from '../../../domain/gym/workout.ts';
import { exerciseSchema } from '../library/library-views.ts';
import { readExercise } from '../library/read-exercises.ts';
import { bestOf, epley } from './one-rep-max.ts';

const historySetSchema = z.object({ id: z.string(), setNumber: z.number(), kg: z.number(), reps: z.number(), kind: setKindSchema });
export const exerciseHistorySchema = z
  .object({
    exercise: exerciseSchema,
    workouts: z.array(
      z.object({
        sessionId: z.string(),
        date: z.string(),
        sets: z.array(historySetSchema),
        /** null when every set of the workout is a warm-up or a failed attempt (0 reps) */
        bestSet: historySetSchema.nullable(),
        estimatedOneRepMaxKg: z.number().nullable(),
        volumeKg: z.number().meta({ description: 'weight × reps over the sets that are not warm-ups' }),
      }),
    ),
  })
  .meta({ id: 'ExerciseHistory' });
type ExerciseHistory = z.infer<typeof exerciseHistorySchema>;

const historyRow = z.object({
  id: z.string(),
  workout_id: z.string(),
  date: z.string(),
  set_number: z.number(),
  kg: z.number(),
  reps: z.number(),
  kind: setKindSchema.nullable(),
});

export async function readExerciseHistory(db: CommonQueryMethods, userId: string, exerciseId: string): Promise<ExerciseHistory> {
  const exercise = await readExercise(db, userId, exerciseId);
  const rows = await db.any(sql.type(historyRow)`
    SELECT s.id, s.workout_id, w.date::text AS date, s.set_number, s.kg, s.reps, s.kind
    FROM gym.sets s JOIN gym.workouts w ON w.id = s.workout_id
    WHERE s.user_id = ${userId} AND s.exercise_id = ${exerciseId}
    ORDER BY w.date DESC, w.started_at DESC, s.workout_id, s.set_number`);
  const workouts: ExerciseHistory['workouts'] = [];
  for (const row of rows) {
    const set = { id: row.id, setNumber: row.set_number, kg: row.kg, reps: row.reps, kind: row.kind ?? 'normal' };
    const last = workouts.at(-1);
    if (last && last.sessionId === row.workout_id) last.sets.push(set);
    else workouts.push({ sessionId: row.workout_id, date: row.date, sets: [set], bestSet: null, estimatedOneRepMaxKg: null, volumeKg: 0 });
  }
  for (const workout of workouts) {
    const counted = workout.sets.filter(countsInTotals);
    const best = bestOf(counted);
    workout.bestSet = best ?? null;
    workout.estimatedOneRepMaxKg = best ? epley(best.kg, best.reps) : null;
    workout.volumeKg = counted.reduce((sum, set) => sum + set.kg * set.reps, 0);
  }
  return { exercise, workouts };
}
