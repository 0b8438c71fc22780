// The erasure fence: once a user is fenced out, no append that names them as its acting user gets
// into the log, and every one that got in before has committed. It spans processes because it lives
// in PostgreSQL: a plain table of erased users (state that is not an event: ARCHITECTURE.md) and an
// advisory lock per user, shared by appenders, taken whole by the erasure.
import type pg from 'pg';
import { type NewEvent, UserErasedError } from './port.ts';

/**
 * Erased users by the SHA-256 of their id, never the id: the row must outlive the erasure (a request
 * still under way may try to write), and a hash is enough to recognise the id again.
 */
export const ERASED_USERS_DDL = `CREATE SCHEMA IF NOT EXISTS auth;
  CREATE TABLE IF NOT EXISTS auth.erased_users (
    user_hash bytea PRIMARY KEY,
    erased_at timestamptz NOT NULL DEFAULT now()
  );`;

/**
 * The class of the two-key advisory locks, one per user (hashtext of the id): the two-key locks
 * are a key space of their own, apart from the one-key locks of migrations and projectors.
 */
export const FENCE_LOCK_CLASS = 7_240_035;

/** The acting users an append names, once each: the users it is fenced by. */
export function actorsOf(events: readonly NewEvent[]): string[] {
  const actors = new Set<string>();
  for (const event of events) if (event.metadata.userId) actors.add(event.metadata.userId);
  return [...actors];
}

/**
 * Marks the user erased under their lock taken exclusively: it is granted once every append holding
 * it shared has committed, and an append that asks after it sees the mark. One statement, so the
 * lock is held until the mark commits.
 */
export async function fenceOut(pool: pg.Pool, userId: string): Promise<void> {
  await pool.query(
    `WITH fenced AS (SELECT pg_advisory_xact_lock($1::integer, hashtext($2::text)))
     INSERT INTO auth.erased_users (user_hash) SELECT sha256(convert_to($2::text, 'UTF8')) FROM fenced
     ON CONFLICT (user_hash) DO NOTHING`,
    [FENCE_LOCK_CLASS, userId],
  );
}

/** For a store that cannot check the mark inside its own append (EventStoreDB). */
export type ActorFence = {
  fenceOut(userId: string): Promise<void>;
  /**
   * Runs `append` while holding the actors' locks shared, on a connection of its own, once none of
   * them is erased; UserErasedError (without running it) when one is.
   */
  hold<T>(stream: string, actors: readonly string[], append: () => Promise<T>): Promise<T>;
};

export function createActorFence(pool: pg.Pool): ActorFence {
  return {
    fenceOut: (userId) => fenceOut(pool, userId),
    async hold(stream, actors, append) {
      const client = await pool.connect();
      // a session that may still hold a lock is closed, not given back to the pool
      let broken: Error | undefined;
      const unusable = (error: unknown): void => {
        broken = error instanceof Error ? error : new Error(String(error));
      };
      // The client sits idle holding its locks while the append runs on another connection: a
      // server that ends the session meanwhile (a shutdown, pg_terminate_backend) emits 'error' on
      // it, which with no listener (the pool listens only to idle clients) would end the process.
      client.on('error', unusable);
      try {
        await client.query('SELECT pg_advisory_lock_shared($1, hashtext(a.actor)) FROM unnest($2::text[]) AS a(actor)', [FENCE_LOCK_CLASS, actors]).catch((error: unknown) => {
          unusable(error);
          throw error;
        });
        try {
          // a statement of its own: its snapshot is taken once the locks are held, so it sees a mark
          // committed while this waited for them
          const { rowCount } = await client.query(
            `SELECT 1 FROM unnest($1::text[]) AS a(actor) JOIN auth.erased_users e ON e.user_hash = sha256(convert_to(a.actor, 'UTF8'))`,
            [actors],
          );
          if (rowCount !== 0) throw new UserErasedError(stream);
          return await append();
        } finally {
          await client.query('SELECT pg_advisory_unlock_shared($1, hashtext(a.actor)) FROM unnest($2::text[]) AS a(actor)', [FENCE_LOCK_CLASS, actors]).catch(unusable);
        }
      } finally {
        client.removeListener('error', unusable);
        client.release(broken);
      }
    },
  };
}
