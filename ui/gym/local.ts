// The gym's replica (ui/shared/replica.ts): the last copy of what the server said, and of what this
// phone did since, kept per user in IndexedDB. Screens open from it at once, with no network, and
// are refreshed when the server answers. Read synchronously: it is loaded whole before the app draws.
import { openReplica, type Replica } from '../shared/replica.ts';

let replica: Replica | null = null;
const listeners = new Set<() => void>();

/** Loads the replica of this user (null: nobody signed in, nothing kept). */
export async function loadReplica(userId: string | null): Promise<void> {
  if (replica && replica.userId === userId) return;
  replica = await openReplica('gym', userId);
  for (const listener of listeners) listener();
}

/** Called when a copy changes (a set confirmed by the outbox while a screen shows the workout). */
export function onKeptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function kept<T>(key: string): T | null {
  return replica?.get<T>(key) ?? null;
}

// how many times this page wrote each copy: a read can tell that an answer was written while it was on its way
const writes = new Map<string, number>();

/** How many times this page has written the copy under `key` so far. */
export const writesOf = (key: string): number => writes.get(key) ?? 0;

export function keep(key: string, value: unknown): void {
  writes.set(key, writesOf(key) + 1);
  replica?.put(key, value);
  for (const listener of listeners) listener();
}

export function forgetKept(key: string): void {
  replica?.remove(key);
  for (const listener of listeners) listener();
}

/** Every copy whose key starts so (the workouts, for Today's "continue"). */
export function keptUnder<T>(prefix: string): T[] {
  return (replica?.keys() ?? []).filter((key) => key.startsWith(prefix)).map((key) => replica!.get<T>(key)!);
}

// storage can be refused (private modes, quotas): the app then works online, without copies
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, text: string | null): void {
  try {
    if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  } catch {
    // nothing kept
  }
}

// outside the replica: the account must be known before its replica can be opened
const OWNER_KEY = 'gym-outbox-owner';
const ME_KEY = 'gym-me';
/** The account whose sets this phone's outbox and replica hold. */
export const outboxOwner = (): string | null => read(OWNER_KEY);
export const setOutboxOwner = (id: string): void => write(OWNER_KEY, id);

/** The signed-in account as last read, to open the app with no network. */
export function keptUser<T>(): T | null {
  const text = read(ME_KEY);
  try {
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}
export const keepUser = (user: unknown): void => write(ME_KEY, JSON.stringify(user));

/** Signing out forgets every copy: the next person on this phone sees nothing of this account. */
export async function forgetAll(): Promise<void> {
  write(ME_KEY, null);
  // copies an older build kept in localStorage
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith('gym:')) localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
  await replica?.clear();
  for (const listener of listeners) listener();
}
