import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { exerciseFieldsSchema, exerciseNameSchema, sameName } from '../../domain/gym/library.ts';
import { comparePositions, type Position } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { readExercise } from '../../query-api/gym/exercises.ts';
import { exerciseSchema } from '../../query-api/gym/schemas.ts';
import { idParams } from '../../query-api/gym/workouts.ts';
import type { Core } from '../shared/core.ts';
import { appendWorkoutCommand, runLibraryCommand } from './training-command.ts';
import { awaitGymProjection } from './user-command.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };
const optionalFields = exerciseFieldsSchema.partial();
export const createExerciseBody = optionalFields.extend({ name: exerciseNameSchema });
export const changeExerciseBody = optionalFields.extend({ name: exerciseNameSchema.optional() });

export function gymExerciseRoutes(app: HttpApp, { core, cookies }: { readonly core: Core; readonly cookies: SessionCookies }): void {
  const db = core.db.slonik;
  const preHandler = cookies.requireUser;

  app.post(
    '/api/exercises',
    {
      preHandler,
      schema: {
        summary: 'Create an exercise, or answer the existing one of that name (case-insensitive)',
        body: createExerciseBody,
        response: { 200: exerciseSchema, 201: exerciseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, code = null, machineNumber = null, libraryId = null } = request.body;
      const id = randomUUID();
      const state = await runLibraryCommand(core, request, { type: 'create-exercise', id, name, fields: { code, machineNumber, libraryId } });
      const exercise = Object.values(state.exercises).find((e) => sameName(e.name, name))!;
      reply.code(exercise.id === id ? 201 : 200);
      return exercise;
    },
  );

  app.patch(
    '/api/exercises/:id',
    {
      preHandler,
      schema: {
        summary: 'Rename; set the code, machine number or library animation id (null clears)',
        params: idParams,
        body: changeExerciseBody,
        response: { 200: exerciseSchema, ...errors },
      },
    },
    async (request) => {
      const { name, ...fields } = request.body;
      await runLibraryCommand(core, request, { type: 'change-exercise', id: request.params.id, name, fields });
      return readExercise(db, request.userId, request.params.id);
    },
  );

  app.delete(
    '/api/exercises/:id',
    {
      preHandler,
      schema: { summary: 'Delete an exercise with no logged sets and no plan slot; 409 otherwise', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      // Sets live in the workouts' streams, so the library cannot see them: the read table answers.
      // A tick racing this delete could still land; the exercise then shows with a null name.
      const logged = await db.exists(sql.unsafe`SELECT 1 FROM gym.sets WHERE user_id = ${request.userId} AND exercise_id = ${request.params.id}`);
      await runLibraryCommand(core, request, { type: 'delete-exercise', id: request.params.id, hasSets: logged });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/exercises/:id/merge',
    {
      preHandler,
      schema: {
        summary: "Fold this exercise into intoId: its sets move there and are renumbered, plan slots repoint, blank fields fill; this one goes",
        params: idParams,
        body: z.object({ intoId: z.uuid() }),
        response: { 200: exerciseSchema, ...errors },
      },
    },
    async (request) => {
      const fromId = request.params.id;
      const { intoId } = request.body;
      // The library goes first: once A is gone from the read table no new tick on A is accepted,
      // then each workout holding A's sets moves them with its own event, so the workouts'
      // folded states and the read tables agree. A tick that passed its check just before is
      // caught by looking again until nothing of A is left.
      await runLibraryCommand(core, request, { type: 'merge-exercises', fromId, intoId });
      let last: Position | null = null;
      for (let round = 0; round < 5; round++) {
        const workouts = await db.anyFirst(sql.type(z.object({ workout_id: z.string() }))`
          SELECT DISTINCT workout_id FROM gym.sets WHERE user_id = ${request.userId} AND exercise_id = ${fromId}`);
        if (workouts.length === 0) break;
        for (const workoutId of workouts) {
          const { position } = await appendWorkoutCommand(core, request, workoutId, {
            type: 'move-sets',
            userId: request.userId,
            fromExerciseId: fromId,
            toExerciseId: intoId,
          });
          if (position && (!last || comparePositions(position, last) > 0)) last = position;
        }
        await awaitGymProjection(core, last);
      }
      return readExercise(db, request.userId, intoId);
    },
  );
}

