import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { notFound } from '../../infra/http/errors.ts';
import { dateRangeQuery, idParams } from '../../infra/http/request-schemas.ts';
import { findSet, listWorkouts, readWorkout } from '../../projections/gym/workouts/read-workouts.ts';
import { setSchema, workoutSchema, workoutSummarySchema } from '../../projections/gym/workouts/workout-views.ts';

export function workoutQueryRoutes(app: HttpApp, deps: { readonly db: DatabasePool; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/sessions',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'listWorkouts',
        summary: 'Workouts with at least one set, newest first, within an inclusive date range',
        querystring: dateRangeQuery,
        response: { 200: z.array(workoutSummarySchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => listWorkouts(deps.db, request.userId, request.query),
  );
  app.get(
    '/api/sessions/:id',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getWorkout',
        summary: 'One workout with its sets',
        params: idParams,
        response: { 200: workoutSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => readWorkout(deps.db, request.userId, request.params.id),
  );
  app.get(
    '/api/sets/:id',
    {
      onRequest: deps.cookies.requireUser,
      schema: { operationId: 'getSet', summary: 'One set', params: idParams, response: { 200: setSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => {
      const set = await findSet(deps.db, request.userId, request.params.id);
      if (!set) throw notFound('Set not found');
      return set;
    },
  );
}
