import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { ShowCache } from '../../../infra/tvmaze/cache.ts';

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

/** Every episode the user marked watched, newest first, at most `limit`, named from the shared cache. */
export async function readWatchHistory(deps: { readonly pool: DatabasePool; readonly cache: ShowCache }, userId: string, limit: number): Promise<Array<z.infer<typeof historyEntrySchema>>> {
  const rows = await deps.pool.any(sql.type(historyRow)`
    SELECT id, tracked_show_id, show_id, episode_id, season, number, watched_at
    FROM shows.watched_episodes WHERE user_id = ${userId}
    ORDER BY watched_at DESC, season DESC, number DESC NULLS LAST, id LIMIT ${limit}`);
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
}
