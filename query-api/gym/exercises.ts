import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { notFound } from '../../infra/http/errors.ts';
import { countsInTotals } from '../../domain/gym/set-kind.ts';
import { setKindSchema } from '../../domain/gym/workout.ts';
import { textSchema } from '../../domain/shared/text.ts';
import { epley, type ExerciseView, exerciseSchema } from './schemas.ts';
import { idParams } from './workouts.ts';

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
    ORDER BY lower(name), id`);
  return rows.map(toExercise);
}

const historySetSchema = z.object({ id: z.string(), setNumber: z.number(), kg: z.number(), reps: z.number(), kind: setKindSchema });
const historySchema = z
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
type History = z.infer<typeof historySchema>;

const historyRow = z.object({
  id: z.string(),
  workout_id: z.string(),
  date: z.string(),
  set_number: z.number(),
  kg: z.number(),
  reps: z.number(),
  kind: setKindSchema.nullable(),
});

/**
 * The best set of a workout is the one with the highest estimated one-rep max; a heavier weight
 * breaks a tie. A set of 0 reps is a failed attempt and is never the best; callers leave warm-ups out.
 */
export function bestOf<S extends { kg: number; reps: number }>(sets: readonly S[]): S | undefined {
  let best: S | undefined;
  for (const set of sets) {
    if (set.reps === 0) continue;
    if (!best) best = set;
    else {
      const [a, b] = [epley(set.kg, set.reps), epley(best.kg, best.reps)];
      if (a > b || (a === b && set.kg > best.kg)) best = set;
    }
  }
  return best;
}

export async function readHistory(db: CommonQueryMethods, userId: string, exerciseId: string): Promise<History> {
  const exercise = await readExercise(db, userId, exerciseId);
  const rows = await db.any(sql.type(historyRow)`
    SELECT s.id, s.workout_id, w.date::text AS date, s.set_number, s.kg, s.reps, s.kind
    FROM gym.sets s JOIN gym.workouts w ON w.id = s.workout_id
    WHERE s.user_id = ${userId} AND s.exercise_id = ${exerciseId}
    ORDER BY w.date DESC, w.started_at DESC, s.workout_id, s.set_number`);
  const workouts: History['workouts'] = [];
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

export function exerciseQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/exercises',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'listExercises',
        summary: "The user's exercises by name, optionally only those whose name or code contains q",
        querystring: z.object({ q: textSchema.trim().min(1).max(100).optional() }),
        response: { 200: z.array(exerciseSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => listExercises(deps.db, request.userId, request.query.q ?? null),
  );
  app.get(
    '/api/exercises/:id',
    {
      onRequest: deps.cookies.requireUser,
      schema: { operationId: 'getExercise', summary: 'One exercise', params: idParams, response: { 200: exerciseSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => readExercise(deps.db, request.userId, request.params.id),
  );
  app.get(
    '/api/exercises/:id/history',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getExerciseHistory',
        summary: 'Every workout the exercise appeared in, newest first, with its best set, estimated one-rep max (Epley) and volume',
        params: idParams,
        response: { 200: historySchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => readHistory(deps.db, request.userId, request.params.id),
  );
}
