import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { notFound } from '../../../infra/http/errors.ts';
import type { ShowCache } from '../../../infra/tvmaze/cache.ts';

const publicShowSchema = z.object({
  showId: z.number().int(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  watchedCount: z.number().int(),
  rating: z.number().int().nullable(),
});

export const publicProfileSchema = z
  .object({
    username: z.string(),
    watching: z.array(publicShowSchema),
    completed: z.array(publicShowSchema),
    watchedEpisodes: z.number().int(),
  })
  .meta({ id: 'PublicProfile' });

const row = z.object({
  show_id: z.number(),
  on_watchlist: z.boolean(),
  completed_at: z.string().nullable(),
  rating: z.number().nullable(),
  watched: z.number(),
});

/** The shareable profile: nothing private (no email, switches, notes of notification), and only when turned on. */
export async function readPublicProfile(deps: { readonly pool: DatabasePool; readonly cache: ShowCache }, name: string): Promise<z.infer<typeof publicProfileSchema>> {
  const username = name.toLowerCase();
  const userId = await deps.pool.maybeOneFirst(sql.unsafe`
    SELECT id FROM shows.users WHERE username = ${username} AND public_profile`);
  // an unknown name and a private profile answer alike, so names cannot be probed
  if (typeof userId !== 'string') throw notFound('No such public profile');
  const rows = await deps.pool.any(sql.type(row)`
    SELECT t.show_id, t.on_watchlist, t.completed_at, t.rating,
      (SELECT count(*)::int FROM shows.watched_episodes w WHERE w.tracked_show_id = t.id) AS watched
    FROM shows.tracked_shows t WHERE t.user_id = ${userId}
    ORDER BY t.tracked_at DESC, t.id`);
  const details = await deps.cache.get(rows.map((entry) => entry.show_id));
  const shown = (entry: z.infer<typeof row>) => {
    const detail = details.get(entry.show_id);
    return { showId: entry.show_id, name: detail?.name ?? null, image: detail?.image ?? null, watchedCount: entry.watched, rating: entry.rating };
  };
  return {
    username,
    // spec 001: watching is started but not finished; a show only tracked is not being watched yet
    watching: rows.filter((entry) => entry.completed_at === null && !entry.on_watchlist && entry.watched > 0).map(shown),
    completed: rows.filter((entry) => entry.completed_at !== null).map(shown),
    watchedEpisodes: rows.reduce((sum, entry) => sum + entry.watched, 0),
  };
}
