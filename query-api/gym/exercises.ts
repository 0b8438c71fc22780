import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { idParams } from '../../infra/http/request-schemas.ts';
import { textSchema } from '../../domain/shared/text.ts';
import { exerciseSchema } from '../../projections/gym/library/library-views.ts';
import { listExercises, readExercise } from '../../projections/gym/library/read-exercises.ts';
import { exerciseHistorySchema, readExerciseHistory } from '../../projections/gym/workouts/read-exercise-history.ts';

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
        response: { 200: exerciseHistorySchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => readExerciseHistory(deps.db, request.userId, request.params.id),
  );
}
