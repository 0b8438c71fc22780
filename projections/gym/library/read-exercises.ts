import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { notFound } from '../../../infra/http/errors.ts';
import { NAME_ORDER } from '../../name-order.ts';
import type { ExerciseView } from './library-views.ts';

const exerciseRow = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  machine_number: z.string().nullable(),
  library_id: z.string().nullable(),
});
const toExercise = (row: z.infer<typeof exerciseRow>): ExerciseView => ({
  id: row.id,
  name: row.name,
  code: row.code,
  machineNumber: row.machine_number,
  libraryId: row.library_id,
});

export async function findExercise(db: CommonQueryMethods, userId: string, id: string): Promise<ExerciseView | null> {
  const row = await db.maybeOne(sql.type(exerciseRow)`
    SELECT id, name, code, machine_number, library_id FROM gym.exercises WHERE id = ${id} AND user_id = ${userId}`);
  return row ? toExercise(row) : null;
}

export async function readExercise(db: CommonQueryMethods, userId: string, id: string): Promise<ExerciseView> {
  const exercise = await findExercise(db, userId, id);
  if (!exercise) throw notFound('Exercise not found');
  return exercise;
}

export async function listExercises(db: CommonQueryMethods, userId: string, search: string | null): Promise<ExerciseView[]> {
  const pattern = search === null ? null : `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.any(sql.type(exerciseRow)`
    SELECT id, name, code, machine_number, library_id FROM gym.exercises
    WHERE user_id = ${userId} AND (${pattern}::text IS NULL OR name ILIKE ${pattern} OR code ILIKE ${pattern})
    ORDER BY name ${NAME_ORDER}, id`);
  return rows.map(toExercise);
}
