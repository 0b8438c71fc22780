import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { idParams } from '../../infra/http/request-schemas.ts';
import { planSchema } from '../../projections/gym/library/library-views.ts';
import { listPlans, readPlan } from '../../projections/gym/library/read-plans.ts';

export function planQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/plans',
    {
      onRequest: deps.cookies.requireUser,
      schema: { operationId: 'listPlans', summary: 'Every plan with its days and slots, the active one first', response: { 200: z.array(planSchema), 401: errorBodySchema } },
    },
    async (request) => listPlans(deps.db, request.userId),
  );
  app.get(
    '/api/plans/:id',
    {
      onRequest: deps.cookies.requireUser,
      schema: { operationId: 'getPlan', summary: 'One plan with its days and slots', params: idParams, response: { 200: planSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => readPlan(deps.db, request.userId, request.params.id),
  );
}
