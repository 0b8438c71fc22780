import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { decideLibrary } from '../../domain/gym/library-decide.ts';
import { exerciseFieldsSchema, exerciseNameSchema, initialLibraryState, sameName, useOf } from '../../domain/gym/library.ts';
import { comparePositions, type Position } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { HttpError } from '../../infra/http/errors.ts';
import { idParams } from '../../infra/http/request-schemas.ts';
import { exerciseSchema } from '../../projections/gym/library/library-views.ts';
import { readExercise } from '../../projections/gym/library/read-exercises.ts';
import type { GymCommandDeps } from './route-deps.ts';
import { libraryAsItStands, libraryCommand, libraryDecision, workoutCommand } from './streams.ts';

/** a deletion racing ticks that keep entering the exercise into new workouts gives up after this */
const MAX_DELETE_ATTEMPTS = 10;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };
const optionalFields = exerciseFieldsSchema.partial();
export const createExerciseBody = optionalFields.extend({ name: exerciseNameSchema });
export const changeExerciseBody = optionalFields.extend({ name: exerciseNameSchema.optional() });

export function gymExerciseRoutes(app: HttpApp, { core, cookies, runner }: GymCommandDeps): void {
  const db = core.db.slonik;
  const onRequest = cookies.requireUser;
  const workoutsWithSets = (userId: string, exerciseIds: readonly string[]) =>
    db.anyFirst(sql.type(z.object({ workout_id: z.string() }))`
      SELECT DISTINCT workout_id FROM gym.sets WHERE user_id = ${userId} AND exercise_id = ANY(${sql.array([...exerciseIds], 'text')})`);

  app.post(
    '/api/exercises',
    {
      onRequest,
      schema: {
        operationId: 'createExercise',
        summary: 'Create an exercise, or answer the existing one of that name (case-insensitive)',
        body: createExerciseBody,
        response: { 200: exerciseSchema, 201: exerciseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, code = null, machineNumber = null, libraryId = null } = request.body;
      const id = randomUUID();
      const { state } = await runner.run(request, libraryCommand(request.userId, { type: 'create-exercise', id, name, fields: { code, machineNumber, libraryId } }));
      const exercise = Object.values(state.exercises).find((e) => sameName(e.name, name))!;
      reply.code(exercise.id === id ? 201 : 200);
      return exercise;
    },
  );

  app.patch(
    '/api/exercises/:id',
    {
      onRequest,
      schema: {
        operationId: 'updateExercise',
        summary: 'Rename; set the code, machine number or library animation id (null clears)',
        params: idParams,
        body: changeExerciseBody,
        response: { 200: exerciseSchema, ...errors },
      },
    },
    async (request) => {
      const { name, ...fields } = request.body;
      await runner.run(request, libraryCommand(request.userId, { type: 'change-exercise', id: request.params.id, name, fields }));
      return readExercise(db, request.userId, request.params.id);
    },
  );

  app.delete(
    '/api/exercises/:id',
    {
      onRequest,
      schema: { operationId: 'deleteExercise', summary: 'Delete an exercise with no logged sets and no plan slot; 409 otherwise', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      // Sets live in the workouts' streams. Every workout the library says the exercise entered (and,
      // for sets older than that record, the read table) is visited: one holding a set refuses, the
      // others take an `exercise-cleared` that turns away ticks decided before it; then the deletion
      // is appended only if no tick entered the exercise anywhere since the library was read.
      const { userId } = request;
      const id = request.params.id;
      for (let attempt = 1; ; attempt++) {
        const library = (await runner.append(request, libraryAsItStands(request.userId))).state;
        const use = useOf(library, id);
        const seen = { type: 'delete-exercise', id, seenCount: use.count } as const;
        try {
          decideLibrary(seen, library);
        } catch (error) {
          throw runner.refusal(error);
        }
        const exerciseIds = [id, ...use.absorbed] as const;
        const logged = await workoutsWithSets(userId, exerciseIds);
        for (const workoutId of [...new Set([...logged, ...use.workoutIds])]) {
          await runner.append(request, workoutCommand(workoutId, { type: 'clear-exercise', userId, exerciseIds }));
        }
        try {
          const { position } = await runner.append(request, libraryCommand(request.userId, seen));
          await runner.awaitDecided(position);
          return reply.code(204).send(null);
        } catch (error) {
          if (!(error instanceof HttpError && error.code === 'USED_MEANWHILE') || attempt >= MAX_DELETE_ATTEMPTS) throw error;
        }
      }
    },
  );

  app.post(
    '/api/exercises/:id/merge',
    {
      onRequest,
      schema: {
        operationId: 'mergeExercise',
        summary: "Fold this exercise into intoId: its sets move there and are renumbered, plan slots repoint, blank fields fill; this one goes",
        params: idParams,
        body: z.object({ intoId: z.uuid() }),
        response: { 200: exerciseSchema, ...errors },
      },
    },
    async (request) => {
      const fromId = request.params.id;
      const { intoId } = request.body;
      const { userId } = request;
      // The library goes first: from then on a tick of A into a workout holding none of it is refused
      // there. Then every workout A entered (by the library's record, and the read table for older
      // sets) moves A's sets with its own event, or takes an `exercise-cleared`: either changes the
      // stream, so a tick of A decided on it before is decided again, and refused.
      let from = useOf(initialLibraryState, fromId);
      const merged = await runner.append(request, libraryDecision(request.userId, (state) => {
        from = useOf(state, fromId);
        return decideLibrary({ type: 'merge-exercises', fromId, intoId }, state);
      }));
      await runner.awaitDecided(merged.position);
      const logged = await workoutsWithSets(userId, [fromId, ...from.absorbed]);
      let last: Position | null = null;
      for (const workoutId of [...new Set([...logged, ...from.workoutIds])]) {
        const { position } = await runner.append(request, workoutCommand(workoutId, { type: 'move-sets', userId, fromExerciseId: fromId, toExerciseId: intoId }));
        if (position && (!last || comparePositions(position, last) > 0)) last = position;
      }
      await runner.awaitDecided(last);
      return readExercise(db, userId, intoId);
    },
  );
}

