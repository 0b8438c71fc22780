import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { EventStore } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { idParams } from '../../infra/http/request-schemas.ts';
import { readWorkoutHistory, readWorkoutVersion, workoutHistorySchema, workoutVersionSchema } from '../../projections/gym/workouts/read-workout-history.ts';

const revisionParams = idParams.extend({ revision: z.coerce.number().int().min(0) });

export function workoutHistoryRoutes(app: HttpApp, deps: { readonly store: EventStore; readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
  app.get(
    '/api/sessions/:id/history',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getWorkoutHistory',
        summary: 'Every change to a workout, newest first: when, what changed, and from which request and device',
        params: idParams,
        response: { 200: workoutHistorySchema, ...errors },
      },
    },
    async (request) => readWorkoutHistory(deps, request.userId, request.params.id),
  );
  app.get(
    '/api/sessions/:id/history/:revision',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getWorkoutVersion',
        summary: 'The workout as it stood right after the change of this revision',
        params: revisionParams,
        response: { 200: workoutVersionSchema, ...errors },
      },
    },
    async (request) => readWorkoutVersion(deps, request.userId, request.params.id, request.params.revision),
  );
}
