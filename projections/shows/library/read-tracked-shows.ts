import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { episodeSchema, hasAired, type ShowDetail, showSummarySchema, summaryOf } from '../../../domain/shows/tv.ts';
import type { ShowCache } from '../../../infra/tvmaze/cache.ts';

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
