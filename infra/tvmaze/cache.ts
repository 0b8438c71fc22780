import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { type ShowDetail, showDetailSchema } from '../../domain/shows/tv.ts';
import type { Migration } from '../postgres/migrations.ts';

/**
 * ShowCache: one row per show, shared by every user, and each cached episode with its instant so
 * that "airing today" is one indexed query. Copies of the provider's data, not events.
 */
export const showCacheMigration: Migration = {
  component: 'shows_cache',
  steps: [
    `CREATE SCHEMA IF NOT EXISTS shows_state;
     CREATE TABLE shows_state.show_cache (
       id integer PRIMARY KEY,
       name text NOT NULL,
       detail jsonb NOT NULL,
       fetched_at timestamptz NOT NULL
     );
     CREATE TABLE shows_state.episode_airings (
       episode_id integer PRIMARY KEY,
       show_id integer NOT NULL,
       airstamp timestamptz NOT NULL
     );
     CREATE INDEX episode_airings_airstamp ON shows_state.episode_airings (airstamp);
     CREATE INDEX episode_airings_show ON shows_state.episode_airings (show_id);`,
  ],
};

const detailRow = z.object({ detail: z.unknown() });

export type ShowCache = {
  put(details: readonly ShowDetail[], now: Date): Promise<void>;
  get(ids: readonly number[]): Promise<Map<number, ShowDetail>>;
  /** like get, only copies fetched at `since` or later */
  fresh(ids: readonly number[], since: Date): Promise<Map<number, ShowDetail>>;
  /** ids among `ids` fetched before `before`, or never */
  stale(ids: readonly number[], before: Date): Promise<number[]>;
  /** episodes whose instant is in [start, end) */
  airing(start: Date, end: Date): Promise<Array<{ showId: number; episodeId: number }>>;
  /** every cached show, for similar-show candidates */
  sample(limit: number): Promise<ShowDetail[]>;
};

export function createShowCache(pool: DatabasePool): ShowCache {
  async function fresh(ids: readonly number[], since: Date): Promise<Map<number, ShowDetail>> {
    const found = new Map<number, ShowDetail>();
    if (ids.length === 0) return found;
    const rows = await pool.any(sql.type(detailRow)`
      SELECT detail FROM shows_state.show_cache
      WHERE id = ANY(${sql.array([...ids], 'int4')}) AND fetched_at >= ${since.toISOString()}`);
    for (const row of rows) {
      const parsed = showDetailSchema.safeParse(row.detail);
      // a row written by an older shape is refreshed by the next daily job; until then it is missing
      if (parsed.success) found.set(parsed.data.id, parsed.data);
    }
    return found;
  }

  return {
    async put(details, now) {
      if (details.length === 0) return;
      const ids = details.map((detail) => detail.id);
      const airings = details.flatMap((detail) =>
        detail.episodes.filter((episode) => episode.airstamp !== null).map((episode) => [episode.id, detail.id, episode.airstamp!] as const),
      );
      await pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`
          INSERT INTO shows_state.show_cache (id, name, detail, fetched_at)
          SELECT * FROM ${sql.unnest(
            details.map((detail) => [detail.id, detail.name, JSON.stringify(detail), now.toISOString()]),
            ['int4', 'text', 'jsonb', 'timestamptz'],
          )}
          ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, detail = EXCLUDED.detail, fetched_at = EXCLUDED.fetched_at`);
        await tx.query(sql.unsafe`DELETE FROM shows_state.episode_airings WHERE show_id = ANY(${sql.array(ids, 'int4')})`);
        if (airings.length > 0) {
          await tx.query(sql.unsafe`
            INSERT INTO shows_state.episode_airings (episode_id, show_id, airstamp)
            SELECT * FROM ${sql.unnest(airings.map((row) => [...row]), ['int4', 'int4', 'timestamptz'])}
            ON CONFLICT (episode_id) DO UPDATE SET show_id = EXCLUDED.show_id, airstamp = EXCLUDED.airstamp`);
        }
      });
    },
    get: (ids) => fresh(ids, new Date(0)),
    fresh,
    async stale(ids, before) {
      if (ids.length === 0) return [];
      const rows = await pool.any(sql.type(z.object({ id: z.number() }))`
        SELECT wanted.id FROM unnest(${sql.array([...ids], 'int4')}) AS wanted (id)
        LEFT JOIN shows_state.show_cache cache ON cache.id = wanted.id
        WHERE cache.id IS NULL OR cache.fetched_at < ${before.toISOString()}`);
      return rows.map((row) => row.id);
    },
    async airing(start, end) {
      const rows = await pool.any(sql.type(z.object({ show_id: z.number(), episode_id: z.number() }))`
        SELECT show_id, episode_id FROM shows_state.episode_airings
        WHERE airstamp >= ${start.toISOString()} AND airstamp < ${end.toISOString()}`);
      return rows.map((row) => ({ showId: row.show_id, episodeId: row.episode_id }));
    },
    async sample(limit) {
      const rows = await pool.any(sql.type(detailRow)`
        SELECT detail FROM shows_state.show_cache ORDER BY (detail->>'weight')::numeric DESC NULLS LAST LIMIT ${limit}`);
      return rows.flatMap((row) => {
        const parsed = showDetailSchema.safeParse(row.detail);
        return parsed.success ? [parsed.data] : [];
      });
    },
  };
}
