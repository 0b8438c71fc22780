import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { dateSchema, daysBetween } from '../../domain/shared/calendar.ts';
import { idTextSchema } from '../../domain/shared/text.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { badRequest } from '../../infra/http/errors.ts';
import { nightDocumentSchema, nightSummarySchema } from '../../projections/club/nights/night-views.ts';
import { nightSummaries, readNight } from '../../projections/club/nights/read-nights.ts';
import { readToday, todaySchema } from '../../projections/club/nights/read-today.ts';

const MAX_RANGE_DAYS = 366;

export function clubNightQueryRoutes(app: HttpApp, deps: { readonly pool: DatabasePool; readonly cookies: SessionCookies }): void {
  const onRequest = deps.cookies.requireUser;
  app.get(
    '/api/sessions',
    {
      schema: {
        operationId: 'listNights',
        summary: 'The Calendar: nights from one club-local date to another, both included (at most 366 days)',
        querystring: z.object({ from: dateSchema, to: dateSchema }),
        response: { 200: z.object({ sessions: z.array(nightSummarySchema) }), 400: errorBodySchema, 401: errorBodySchema },
      },
      onRequest,
    },
    async (request) => {
      const { from, to } = request.query;
      if (to < from) throw badRequest('querystring.to', 'must not be before from');
      // both ends count: from 2026-01-01, the last day allowed is 2027-01-01 (366 days)
      if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw badRequest('querystring.to', `at most ${MAX_RANGE_DAYS} days including from and to`);
      return { sessions: await nightSummaries(deps.pool, from, to) };
    },
  );
  app.get(
    '/api/sessions/:id',
    {
      schema: {
        operationId: 'getNight',
        summary: 'One night, whole: people with the level of that night, line-up, timer, finished rounds, version',
        params: z.object({ id: idTextSchema }),
        response: { 200: nightDocumentSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
      onRequest,
    },
    async (request) => readNight(deps.pool, request.params.id),
  );
  app.get(
    '/api/today',
    {
      schema: {
        operationId: 'getToday',
        summary: "Today: the weekly slots of active venues on the client's date, each with its night once opened, and every night of that date",
        querystring: z.object({ date: dateSchema }),
        response: { 200: todaySchema, 400: errorBodySchema, 401: errorBodySchema },
      },
      onRequest,
    },
    async (request) => readToday(deps.pool, request.query.date),
  );
}
