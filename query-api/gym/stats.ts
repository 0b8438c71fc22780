import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { dateSchema } from '../../domain/shared/calendar.ts';
import { readStats, statsSchema } from '../../projections/gym/workouts/read-stats.ts';

export function statsQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/stats',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getStats',
        summary: "Weekly goal, streak, the last 12 weeks, totals, recent personal bests and every exercise's record, as of the client's date",
        querystring: z.object({ date: dateSchema }),
        response: { 200: statsSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => readStats(deps.db, request.userId, request.query.date),
  );
}
