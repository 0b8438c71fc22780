import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import type { Migration } from '../postgres/migrations.ts';

/** Push subscriptions are secrets of a browser: plain rows, never events, never sent back. */
export const pushSubscriptionsMigration: Migration = {
  component: 'shows_push',
  steps: [
    `CREATE SCHEMA IF NOT EXISTS shows_state;
     CREATE TABLE shows_state.push_subscriptions (
       id text PRIMARY KEY,
       user_id text NOT NULL,
       endpoint text NOT NULL UNIQUE,
       p256dh text NOT NULL,
       auth text NOT NULL,
       created_at timestamptz NOT NULL,
       updated_at timestamptz NOT NULL
     );
     CREATE INDEX push_subscriptions_user ON shows_state.push_subscriptions (user_id);`,
    // one row per (user, endpoint): another account posting a known endpoint no longer takes it over
    `ALTER TABLE shows_state.push_subscriptions DROP CONSTRAINT push_subscriptions_endpoint_key;
     ALTER TABLE shows_state.push_subscriptions ADD CONSTRAINT push_subscriptions_user_endpoint UNIQUE (user_id, endpoint);
     CREATE INDEX push_subscriptions_endpoint ON shows_state.push_subscriptions (endpoint);`,
  ],
};

export type PushSubscriptionRow = { readonly id: string; readonly userId: string; readonly endpoint: string; readonly p256dh: string; readonly auth: string };

const row = z.object({ id: z.string(), user_id: z.string(), endpoint: z.string(), p256dh: z.string(), auth: z.string() });

export type PushSubscriptions = {
  /**
   * One row per (user, endpoint): the user's own endpoint again takes the new keys; another user
   * posting the same endpoint gets a row of their own and never touches the first one's keys
   * (two accounts on one browser profile share its endpoint).
   */
  upsert(input: { id: string; userId: string; endpoint: string; p256dh: string; auth: string; now: Date }): Promise<void>;
  remove(userId: string, endpoint: string): Promise<boolean>;
  /** the push service said the endpoint is gone: gone for every user that had it */
  removeEndpoint(endpoint: string): Promise<void>;
  /** every subscription of the user (account erasure) */
  removeAllOf(userId: string, tx?: DatabaseTransactionConnection): Promise<void>;
  ofUsers(userIds: readonly string[]): Promise<PushSubscriptionRow[]>;
};

export function createPushSubscriptions(pool: DatabasePool): PushSubscriptions {
  return {
    async upsert(input) {
      await pool.query(sql.unsafe`
        INSERT INTO shows_state.push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at)
        VALUES (${input.id}, ${input.userId}, ${input.endpoint}, ${input.p256dh}, ${input.auth}, ${input.now.toISOString()}, ${input.now.toISOString()})
        ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = EXCLUDED.updated_at`);
    },
    async remove(userId, endpoint) {
      const result = await pool.query(sql.unsafe`
        DELETE FROM shows_state.push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
      return result.rowCount > 0;
    },
    async removeEndpoint(endpoint) {
      await pool.query(sql.unsafe`DELETE FROM shows_state.push_subscriptions WHERE endpoint = ${endpoint}`);
    },
    async removeAllOf(userId, tx) {
      await (tx ?? pool).query(sql.unsafe`DELETE FROM shows_state.push_subscriptions WHERE user_id = ${userId}`);
    },
    async ofUsers(userIds) {
      if (userIds.length === 0) return [];
      const rows = await pool.any(sql.type(row)`
        SELECT id, user_id, endpoint, p256dh, auth FROM shows_state.push_subscriptions
        WHERE user_id = ANY(${sql.array([...userIds], 'text')}) ORDER BY created_at, id`);
      return rows.map((entry) => ({ id: entry.id, userId: entry.user_id, endpoint: entry.endpoint, p256dh: entry.p256dh, auth: entry.auth }));
    },
  };
}
