import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { Migration } from '../postgres/migrations.ts';

/**
 * What TVmaze answered to a lookup by another site's id or to a search by name, shared by every
 * user like the show cache: an import of a popular show costs no call the second time. A miss is
 * kept for a day (TVmaze may add the show), a match for 30 days.
 */
export const showLookupsMigration: Migration = {
  component: 'shows_lookups',
  steps: [
    `CREATE SCHEMA IF NOT EXISTS shows_state;
     CREATE TABLE shows_state.show_lookups (
       kind text NOT NULL,
       key text NOT NULL,
       show_id integer,
       looked_up_at timestamptz NOT NULL,
       PRIMARY KEY (kind, key)
     );`,
  ],
};

export type LookupKind = 'thetvdb' | 'imdb' | 'name';

const MATCH_MS = 30 * 86_400_000;
const MISS_MS = 86_400_000;

export type ShowLookups = {
  /** undefined: not asked lately; null: TVmaze knew nothing; else its show id */
  get(kind: LookupKind, key: string, now: Date): Promise<number | null | undefined>;
  put(kind: LookupKind, key: string, showId: number | null, now: Date): Promise<void>;
};

export function createShowLookups(pool: DatabasePool): ShowLookups {
  return {
    async get(kind, key, now) {
      const row = await pool.maybeOne(sql.type(z.object({ show_id: z.number().nullable(), looked_up_at: z.string() }))`
        SELECT show_id, looked_up_at FROM shows_state.show_lookups WHERE kind = ${kind} AND key = ${key}`);
      if (!row) return undefined;
      const age = now.getTime() - Date.parse(row.looked_up_at);
      return age <= (row.show_id === null ? MISS_MS : MATCH_MS) ? row.show_id : undefined;
    },
    async put(kind, key, showId, now) {
      await pool.query(sql.unsafe`
        INSERT INTO shows_state.show_lookups (kind, key, show_id, looked_up_at)
        VALUES (${kind}, ${key}, ${showId}, ${now.toISOString()})
        ON CONFLICT (kind, key) DO UPDATE SET show_id = EXCLUDED.show_id, looked_up_at = EXCLUDED.looked_up_at`);
    },
  };
}
