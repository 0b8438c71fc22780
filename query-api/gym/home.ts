import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { dateSchema } from '../../domain/shared/calendar.ts';
import { homeSchema, readHome } from '../../projections/gym/workouts/read-home.ts';

export function homeQueryRoutes(app: HttpApp, deps: { readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/home',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getHome',
        summary:
          "Today: active plan, next day, days trained this week (from the user's week start and the client's date), last numbers and a hint per exercise, and the date's unfinished workouts with sets",
        querystring: z.object({ date: dateSchema }),
        response: { 200: homeSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => readHome(deps.db, request.userId, request.query.date),
  );
}
