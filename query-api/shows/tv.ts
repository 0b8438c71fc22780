import { z } from 'zod';
import { localDate } from '../../domain/shows/notification.ts';
import { dateSchema } from '../../domain/shared/calendar.ts';
import { textSchema } from '../../domain/shared/text.ts';
import {
  byPopularity,
  popularShows,
  scheduleEntrySchema,
  showDetailSchema,
  showSummarySchema,
  similarShows,
  summaryOf,
} from '../../domain/shows/tv.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { HttpError } from '../../infra/http/errors.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';
import { TvDataError, type TvData } from '../../infra/tvmaze/client.ts';
import { fromProvider, recentShow } from '../../infra/tvmaze/show-data.ts';

export type TvRoutesDeps = { readonly tv: TvData; readonly cache: ShowCache; readonly cookies: SessionCookies; readonly now: () => Date };

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 502: errorBodySchema };
const showParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Finding shows: straight from the TV data provider, in the service's own types. */
export function showsTvRoutes(app: HttpApp, deps: TvRoutesDeps): void {
  const { tv, cache } = deps;
  const onRequest = deps.cookies.requireUser;

  app.get(
    '/api/shows/search',
    {
      onRequest,
      schema: {
        operationId: 'searchShows',
        summary: 'Search shows by name (at most 10, best match first)',
        querystring: z.object({ q: textSchema.trim().min(1).max(200) }),
        response: { 200: z.array(showSummarySchema), ...errors },
      },
    },
    async (request) => fromProvider(() => tv.search(request.query.q)),
  );

  app.get(
    '/api/shows/schedule',
    {
      onRequest,
      schema: {
        operationId: 'getSchedule',
        summary: 'Everything airing on a date (default today in Asia/Amman), most popular show first',
        querystring: z.object({ date: dateSchema.optional() }),
        response: { 200: z.array(scheduleEntrySchema), ...errors },
      },
    },
    async (request) => {
      const entries = await fromProvider(() => tv.schedule(request.query.date ?? localDate(deps.now())));
      // a stable sort keeps airing order among episodes of equally popular shows
      return entries.sort((a, b) => byPopularity(a.show, b.show));
    },
  );

  app.get(
    '/api/shows/trending',
    {
      onRequest,
      schema: {
        operationId: 'listTrending',
        summary: "What is popular now: today's airing shows (broadcast and web) by the provider's weight, then rating",
        response: { 200: z.array(showSummarySchema), ...errors },
      },
    },
    async () => popularShows(await fromProvider(() => tv.schedule(localDate(deps.now()))), 20),
  );

  app.get(
    '/api/shows/:id',
    {
      onRequest,
      schema: { operationId: 'getShow', summary: 'One show with its next episode and every episode', params: showParams, response: { 200: showDetailSchema, ...errors } },
    },
    async (request) => {
      const detail = await recentShow({ tv, cache, now: deps.now }, request.params.id);
      if (!detail) throw new HttpError(404, 'SHOW_NOT_FOUND', 'The TV data provider knows no such show');
      return detail;
    },
  );

  app.get(
    '/api/shows/:id/similar',
    {
      onRequest,
      schema: {
        operationId: 'listSimilarShows',
        summary: "Related shows: shared genres, then type, language and network, among today's shows and every cached show",
        params: showParams,
        response: { 200: z.array(showSummarySchema), ...errors },
      },
    },
    async (request) => {
      const detail = await recentShow({ tv, cache, now: deps.now }, request.params.id);
      if (!detail) throw new HttpError(404, 'SHOW_NOT_FOUND', 'The TV data provider knows no such show');
      // with the provider down, the cached shows alone still make an answer
      const [today, cached] = await Promise.all([
        tv.schedule(localDate(deps.now())).catch((error: unknown) => {
          if (error instanceof TvDataError) return [];
          throw error;
        }),
        cache.sample(500),
      ]);
      return similarShows(summaryOf(detail), [...today.map((entry) => entry.show), ...cached.map(summaryOf)], 10);
    },
  );
}
