import type { ServiceName } from './accounts.ts';

/** A session row as read once from `auth.sessions`. */
export type CachedSession = {
  /** the stored id: the token's HMAC, what a revocation names */
  readonly id: string;
  readonly service: ServiceName;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
};

/**
 * The sessions of a process, held in memory after their first lookup, by token: a request that
 * finds its token here computes no HMAC. A row changed or deleted anywhere is dropped here by the
 * `auth_session_changed` NOTIFY (a trigger on the table), which names the stored id; while that
 * LISTEN is not in place nothing is served from memory, since a revocation could go unheard.
 */
export type SessionCache = {
  /** the entry of a token, only while revocations are being heard */
  get(token: string): CachedSession | undefined;
  /** a lookup's answer, kept unless something was dropped since `ticket` was taken */
  put(token: string, entry: CachedSession, ticket: number): void;
  /** taken before reading a row: a revocation heard during the read keeps the row out of memory */
  ticket(): number;
  /** by stored id */
  drop(id: string): void;
  dropUser(userId: string): void;
};

export type SessionCacheControl = SessionCache & {
  /** a revocation heard from PostgreSQL */
  heard(id: string): void;
  /** hearing started, or stopped: either way what is held may be stale */
  trust(listening: boolean): void;
};

export const SESSION_CHANNEL = 'auth_session_changed';
const CAPACITY = 20_000;

export function createSessionCache(): SessionCacheControl {
  // a Map iterates in insertion order: re-inserting on use makes the first key the least recent
  const byToken = new Map<string, CachedSession>();
  const tokenOf = new Map<string, string>();
  let generation = 0;
  let trusted = false;
  const remove = (token: string, entry: CachedSession): void => {
    byToken.delete(token);
    tokenOf.delete(entry.id);
  };
  const drop = (id: string): void => {
    const token = tokenOf.get(id);
    if (token !== undefined) remove(token, byToken.get(token)!);
    generation++;
  };
  return {
    get(token) {
      if (!trusted) return undefined;
      const entry = byToken.get(token);
      if (entry) {
        byToken.delete(token);
        byToken.set(token, entry);
      }
      return entry;
    },
    put(token, entry, ticket) {
      if (!trusted || ticket !== generation) return;
      const before = byToken.get(token);
      if (before) remove(token, before);
      byToken.set(token, entry);
      tokenOf.set(entry.id, token);
      if (byToken.size > CAPACITY) {
        const [oldest, oldestEntry] = byToken.entries().next().value!;
        remove(oldest, oldestEntry);
      }
    },
    ticket: () => generation,
    drop,
    dropUser(userId) {
      for (const [token, entry] of byToken) if (entry.userId === userId) remove(token, entry);
      generation++;
    },
    heard: drop,
    trust(listening) {
      byToken.clear();
      tokenOf.clear();
      generation++;
      trusted = listening;
    },
  };
}

/** A cache that holds nothing: every lookup reads PostgreSQL (a process with no LISTEN). */
export const noSessionCache: SessionCache = {
  get: () => undefined,
  put: () => undefined,
  ticket: () => 0,
  drop: () => undefined,
  dropUser: () => undefined,
};
