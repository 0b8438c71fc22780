// What the app shows, kept on the phone per signed-in user: screens draw from it at once, with or
// without a network, and every answer of the server refreshes it. Held in memory and written
// through to IndexedDB, one database per user, so the next person to sign in on this phone sees
// nothing of the last one and signing out drops the whole database.
import { clear, createStore, entries, del, set, type UseStore } from 'idb-keyval';

export type Replica = {
  readonly userId: string | null;
  get<T>(key: string): T | null;
  put(key: string, value: unknown): void;
  remove(key: string): void;
  keys(): string[];
  /** everything written so far is in IndexedDB */
  written(): Promise<void>;
  /** forgets every copy, here and in IndexedDB */
  clear(): Promise<void>;
};

const databaseOf = (app: string, userId: string): string => `${app}-replica-${userId}`;

/**
 * Opens the user's replica and reads it whole (a few workouts, a plan, a night: small). With no
 * user, or where IndexedDB is refused (some private modes), it lives in memory only: the app then
 * works online, without copies.
 */
export async function openReplica(app: string, userId: string | null): Promise<Replica> {
  const memory = new Map<string, unknown>();
  let store: UseStore | null = null;
  if (userId !== null) {
    try {
      const opened = createStore(databaseOf(app, userId), 'copies');
      for (const [key, value] of await entries<string, unknown>(opened)) memory.set(key, value);
      store = opened;
    } catch {
      store = null;
    }
  }
  let writes: Promise<unknown> = Promise.resolve();
  const write = (step: (store: UseStore) => Promise<void>): void => {
    if (!store) return;
    const target = store;
    writes = writes.then(() => step(target)).catch(() => undefined);
  };
  return {
    userId,
    get: <T,>(key: string): T | null => (memory.has(key) ? (memory.get(key) as T) : null),
    put(key, value) {
      memory.set(key, value);
      write((target) => set(key, value, target));
    },
    remove(key) {
      memory.delete(key);
      write((target) => del(key, target));
    },
    keys: () => [...memory.keys()],
    written: () => writes.then(() => undefined),
    async clear() {
      memory.clear();
      write((target) => clear(target));
      await writes;
    },
  };
}
