import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';
import { dismissedSchema, readDismissedSuggestions } from '../../projections/shows/library/read-dismissed.ts';
import { type Listing, readTrackedShows, trackedShowSchema } from '../../projections/shows/library/read-tracked-shows.ts';
import { historyEntrySchema, readWatchHistory } from '../../projections/shows/library/read-watch-history.ts';

const listResponses = (item: z.ZodType) => ({ 200: z.array(item), 400: errorBodySchema, 401: errorBodySchema });

export function showsLibraryQueryRoutes(
  app: HttpApp,
  deps: { readonly pool: DatabasePool; readonly cache: ShowCache; readonly cookies: SessionCookies; readonly now: () => Date },
): void {
  const onRequest = deps.cookies.requireUser;
  const recentFirst = 'Most recently active first: the latest episode marked watched, else when the show was tracked.';
  const listings: Array<[Listing, string, string, string, string]> = [
    [
      'tracked',
      '/api/shows/tracked',
      'listTracked',
      'The dashboard: tracked shows not on the watchlist, with how many episodes behind',
      `Completed shows stay, marked by completedAt and rating. ${recentFirst}`,
    ],
    ['watching', '/api/shows/watching', 'listWatching', 'Started (an episode watched), not completed, not on the watchlist', recentFirst],
    ['watchlist', '/api/shows/watchlist', 'listWatchlist', 'Saved for later', recentFirst],
    ['completed', '/api/shows/completed', 'listCompleted', 'Finished, with the rating, most recently completed first', 'The completion date is the first one: rating again keeps it.'],
  ];
  for (const [listing, url, operationId, summary, description] of listings) {
    app.get(url, { onRequest, schema: { operationId, summary, description, response: listResponses(trackedShowSchema) } }, async (request) =>
      readTrackedShows(deps, request.userId, listing, deps.now()),
    );
  }

  app.get(
    '/api/shows/:id/tracked',
    {
      onRequest,
      schema: {
        operationId: 'getTrackedShow',
        summary: "The caller's tracked show for a TV show id, in whatever listing it is; null when not tracked",
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ tracked: trackedShowSchema.nullable() }), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    // the show page opens by the TV show's id: it needs to know whether, and how far, it is tracked
    async (request) => ({
      tracked: (await readTrackedShows(deps, request.userId, 'all', deps.now(), { showId: request.params.id }))[0] ?? null,
    }),
  );

  app.get(
    '/api/shows/history',
    {
      onRequest,
      schema: {
        operationId: 'listHistory',
        summary: 'Every episode marked watched, newest first',
        description: 'Episodes marked at the same instant (a whole season at once) come last episode first. At most `limit` entries (100 unless given).',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: listResponses(historyEntrySchema),
      },
    },
    async (request) => readWatchHistory(deps, request.userId, request.query.limit),
  );

  app.get(
    '/api/shows/dismissed',
    { onRequest, schema: { operationId: 'listDismissed', summary: 'Shows marked not interested, newest first', response: listResponses(dismissedSchema) } },
    async (request) => readDismissedSuggestions(deps, request.userId),
  );
}
