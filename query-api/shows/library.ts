import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { episodeSchema, hasAired, type ShowDetail, showSummarySchema, summaryOf } from '../../domain/shows/tv.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';

export const trackedShowSchema = z
  .object({
    id: z.string(),
    showId: z.number().int(),
    /** null while the shared cache has no copy of the show: the rest is still the user's */
    show: showSummarySchema.nullable(),
    nextEpisode: episodeSchema.nullable(),
    trackedAt: z.string(),
    onWatchlist: z.boolean(),
    completedAt: z.string().nullable(),
    rating: z.number().int().nullable(),
    notify: z.boolean(),
    latestWatchedEpisodeId: z.number().int().nullable(),
    watchedCount: z.number().int(),
    /** the watched episodes themselves, so a client can tick them in the episode list */
    watchedEpisodeIds: z.array(z.number().int()),
    /** aired regular episodes; null when the episode list is not cached */
    airedCount: z.number().int().nullable(),
    episodesBehind: z.number().int().nullable(),
    lastWatchedAt: z.string().nullable(),
  })
  .meta({ id: 'TrackedShow' });
export type TrackedShowView = z.infer<typeof trackedShowSchema>;

const trackedRow = z.object({
  id: z.string(),
  show_id: z.number(),
  tracked_at: z.string(),
  on_watchlist: z.boolean(),
  completed_at: z.string().nullable(),
  rating: z.number().nullable(),
  notify: z.boolean(),
  latest_watched_episode_id: z.number().nullable(),
  watched: z.array(z.number()),
  last_watched_at: z.string().nullable(),
});

export type Listing = 'tracked' | 'watching' | 'watchlist' | 'completed' | 'all';

const LISTING_FILTER = {
  // spec 001: the dashboard excludes watchlisted shows, nothing else; a completed one stays, marked by completedAt
  tracked: sql.fragment`AND NOT t.on_watchlist`,
  watching: sql.fragment`AND NOT t.on_watchlist AND t.completed_at IS NULL AND w.watched IS NOT NULL`,
  watchlist: sql.fragment`AND t.on_watchlist`,
  completed: sql.fragment`AND t.completed_at IS NOT NULL`,
  all: sql.fragment``,
};

function view(row: z.infer<typeof trackedRow>, detail: ShowDetail | undefined, now: Date): TrackedShowView {
  const watched = new Set(row.watched);
  const aired = detail ? detail.episodes.filter((episode) => hasAired(episode, now)) : null;
  return {
    id: row.id,
    showId: row.show_id,
    show: detail ? summaryOf(detail) : null,
    nextEpisode: detail?.nextEpisode ?? null,
    trackedAt: row.tracked_at,
    onWatchlist: row.on_watchlist,
    completedAt: row.completed_at,
    rating: row.rating,
    notify: row.notify,
    latestWatchedEpisodeId: row.latest_watched_episode_id,
    watchedCount: watched.size,
    watchedEpisodeIds: [...watched].sort((a, b) => a - b),
    airedCount: aired ? aired.length : null,
    episodesBehind: aired ? aired.filter((episode) => !watched.has(episode.id)).length : null,
    lastWatchedAt: row.last_watched_at,
  };
}

/** The user's tracked shows of one listing, joined in code with the shared cache. */
export async function readTrackedShows(
  deps: { readonly pool: DatabasePool; readonly cache: ShowCache },
  userId: string,
  listing: Listing,
  now: Date,
  only?: { readonly id: string } | { readonly showId: number },
): Promise<TrackedShowView[]> {
  const onlyFilter = !only ? sql.fragment`` : 'id' in only ? sql.fragment`AND t.id = ${only.id}` : sql.fragment`AND t.show_id = ${only.showId}`;
  const rows = await deps.pool.any(sql.type(trackedRow)`
    SELECT t.id, t.show_id, t.tracked_at, t.on_watchlist, t.completed_at, t.rating, t.notify, t.latest_watched_episode_id,
      coalesce(w.watched, '{}') AS watched, w.last_watched_at
    FROM shows.tracked_shows t
    LEFT JOIN LATERAL (
      SELECT array_agg(episode_id) AS watched, max(watched_at) AS last_watched_at
      FROM shows.watched_episodes WHERE tracked_show_id = t.id
    ) w ON true
    WHERE t.user_id = ${userId} ${LISTING_FILTER[listing]} ${onlyFilter}
    ORDER BY ${listing === 'completed' ? sql.fragment`t.completed_at DESC` : sql.fragment`coalesce(w.last_watched_at, t.tracked_at) DESC`}, t.id`);
  const details = await deps.cache.get(rows.map((row) => row.show_id));
  return rows.map((row) => view(row, details.get(row.show_id), now));
}

export async function readTrackedShow(
  deps: { readonly pool: DatabasePool; readonly cache: ShowCache },
  userId: string,
  id: string,
  now: Date,
): Promise<TrackedShowView | null> {
  return (await readTrackedShows(deps, userId, 'all', now, { id }))[0] ?? null;
}

export const historyEntrySchema = z
  .object({
    id: z.string(),
    trackedShowId: z.string(),
    showId: z.number().int(),
    showName: z.string().nullable(),
    episodeId: z.number().int(),
    episodeName: z.string().nullable(),
    season: z.number().int(),
    number: z.number().int().nullable(),
    watchedAt: z.string(),
  })
  .meta({ id: 'HistoryEntry' });

const historyRow = z.object({
  id: z.string(),
  tracked_show_id: z.string(),
  show_id: z.number(),
  episode_id: z.number(),
  season: z.number(),
  number: z.number().nullable(),
  watched_at: z.string(),
});

const dismissedRow = z.object({ id: z.string(), show_id: z.number(), dismissed_at: z.string() });

export const dismissedSchema = z
  .object({ id: z.string(), showId: z.number().int(), show: showSummarySchema.nullable(), dismissedAt: z.string() })
  .meta({ id: 'DismissedSuggestion' });

export async function readDismissedShowIds(pool: DatabasePool, userId: string): Promise<Set<number>> {
  const rows = await pool.any(sql.type(dismissedRow)`
    SELECT id, show_id, dismissed_at FROM shows.dismissed_suggestions WHERE user_id = ${userId}`);
  return new Set(rows.map((row) => row.show_id));
}

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
    async (request) => {
      const rows = await deps.pool.any(sql.type(historyRow)`
        SELECT id, tracked_show_id, show_id, episode_id, season, number, watched_at
        FROM shows.watched_episodes WHERE user_id = ${request.userId}
        ORDER BY watched_at DESC, season DESC, number DESC NULLS LAST, id LIMIT ${request.query.limit}`);
      const details = await deps.cache.get([...new Set(rows.map((row) => row.show_id))]);
      return rows.map((row) => {
        const detail = details.get(row.show_id);
        return {
          id: row.id,
          trackedShowId: row.tracked_show_id,
          showId: row.show_id,
          showName: detail?.name ?? null,
          episodeId: row.episode_id,
          episodeName: detail?.episodes.find((episode) => episode.id === row.episode_id)?.name ?? null,
          season: row.season,
          number: row.number,
          watchedAt: row.watched_at,
        };
      });
    },
  );

  app.get(
    '/api/shows/dismissed',
    { onRequest, schema: { operationId: 'listDismissed', summary: 'Shows marked not interested, newest first', response: listResponses(dismissedSchema) } },
    async (request) => {
      const rows = await deps.pool.any(sql.type(dismissedRow)`
        SELECT id, show_id, dismissed_at FROM shows.dismissed_suggestions WHERE user_id = ${request.userId}
        ORDER BY dismissed_at DESC, id`);
      const details = await deps.cache.get(rows.map((row) => row.show_id));
      return rows.map((row) => {
        const detail = details.get(row.show_id);
        return { id: row.id, showId: row.show_id, show: detail ? summaryOf(detail) : null, dismissedAt: row.dismissed_at };
      });
    },
  );
}
