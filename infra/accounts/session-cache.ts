import type { ServiceName } from './accounts.ts';

/** A session row as read once from `auth.sessions` (keyed by its stored id, the token's HMAC). */
export type CachedSession = {
  readonly service: ServiceName;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
};

/**
 * The sessions of a process, held in memory after their first lookup. A row changed or deleted
 * anywhere is dropped here by the `auth_session_changed` NOTIFY (a trigger on the table); while that
 * LISTEN is not in place nothing is served from memory, since a revocation could go unheard.
 */
export type SessionCache = {
  /** the entry, only while revocations are being heard */
  get(id: string): CachedSession | undefined;
  /** a lookup's answer, kept unless something was dropped since `ticket` was taken */
  put(id: string, entry: CachedSession, ticket: number): void;
  /** taken before reading a row: a revocation heard during the read keeps the row out of memory */
  ticket(): number;
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
  const entries = new Map<string, CachedSession>();
  let generation = 0;
  let trusted = false;
  const forgetAll = (): void => {
    entries.clear();
    generation++;
  };
  const drop = (id: string): void => {
    entries.delete(id);
    generation++;
  };
  return {
    get(id) {
      if (!trusted) return undefined;
      const entry = entries.get(id);
      if (entry) {
        entries.delete(id);
        entries.set(id, entry);
      }
      return entry;
    },
    put(id, entry, ticket) {
      if (!trusted || ticket !== generation) return;
      entries.set(id, entry);
      if (entries.size > CAPACITY) entries.delete(entries.keys().next().value!);
    },
    ticket: () => generation,
    drop,
    dropUser(userId) {
      for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
      generation++;
    },
    heard: drop,
    trust(listening) {
      forgetAll();
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
