/**
 * This phone's copy of what the shows app last saw, one IndexedDB database per signed-in user: the
 * screens draw from it at once and with no signal, and every answer from the server replaces its
 * entry. The name carries the user id, so the next person to sign in on this phone opens another
 * database and sees nothing of the last one; signing out clears it.
 */
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isUser } from './api.ts';
import type { User } from './model.ts';

/** A value as this phone last saw it, and when. */
export type Kept<T> = { readonly value: T; readonly savedAt: string };

export type Replica = {
  readonly userId: string;
  read<T>(key: string): Promise<Kept<T> | undefined>;
  write<T>(key: string, value: T): Promise<void>;
  forget(): Promise<void>;
};

// the version is in the name: a later app whose entries have another shape starts from an empty copy
const replicaName = (userId: string): string => `shows-replica-v1-${userId}`;

export function openReplica(userId: string): Replica {
  const store: UseStore = createStore(replicaName(userId), 'documents');
  return {
    userId,
    read: <T>(key: string) => get<Kept<T>>(key, store),
    write: (key, value) => set(key, { value, savedAt: new Date().toISOString() }, store),
    // cleared, not deleted: deleting waits for this page's own open connection, and would block
    // the same account signing in again before a reload
    forget: () => clear(store),
  };
}

/** The names of the replica's entries, shared by the screens that draw them and the sync that refreshes them. */
export const replicaKeys = {
  listing: (listing: string) => `listing-${listing}`,
  history: 'history',
  show: (showId: number) => `show-${showId}`,
  tracked: (showId: number) => `tracked-${showId}`,
  similar: (showId: number) => `similar-${showId}`,
};

// who is signed in on this phone, outside every user's own database: it names the one to open
const sessionStore = (): UseStore => createStore('shows-session', 'session');
const SIGNED_IN = 'signed-in';

export async function rememberSignedIn(user: User): Promise<void> {
  await set(SIGNED_IN, { value: user, savedAt: new Date().toISOString() } satisfies Kept<User>, sessionStore());
}

/** The account last signed in on this phone, if it did not sign out; anything unreadable is nobody. */
export async function lastSignedIn(): Promise<Kept<User> | null> {
  const kept = await get<unknown>(SIGNED_IN, sessionStore()).catch(() => undefined);
  if (typeof kept !== 'object' || kept === null) return null;
  const { value, savedAt } = kept as Record<string, unknown>;
  return isUser(value) && typeof savedAt === 'string' ? { value, savedAt } : null;
}

export async function forgetSignedIn(): Promise<void> {
  await del(SIGNED_IN, sessionStore());
}
