import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { dateRangeQuery } from '../../infra/http/request-schemas.ts';
import { bodyweightSchema, cardioLogSchema, machineSchema } from '../../projections/gym/library/library-views.ts';
import { listBodyweights } from '../../projections/gym/library/read-body-weights.ts';
import { listCardioLogs, listMachines } from '../../projections/gym/library/read-cardio.ts';

export function cardioQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  const onRequest = deps.cookies.requireUser;
  app.get(
    '/api/cardio/machines',
    { onRequest, schema: { operationId: 'listCardioMachines', summary: "The user's cardio machines by name", response: { 200: z.array(machineSchema), 401: errorBodySchema } } },
    async (request) => listMachines(deps.db, request.userId),
  );
  app.get(
    '/api/cardio/logs',
    {
      onRequest,
      schema: {
        operationId: 'listCardioLogs',
        summary: 'Cardio sessions within an inclusive date range, newest first',
        querystring: dateRangeQuery,
        response: { 200: z.array(cardioLogSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => listCardioLogs(deps.db, request.userId, request.query),
  );
  app.get(
    '/api/bodyweight',
    {
      onRequest,
      schema: {
        operationId: 'listBodyWeight',
        summary: 'Body-weight readings in kilograms, oldest first, within an inclusive date range',
        querystring: dateRangeQuery,
        response: { 200: z.array(bodyweightSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => listBodyweights(deps.db, request.userId, request.query),
  );
}
