/**
 * This phone's copy of what the shows app last saw: the shared replica (ui/shared/replica.ts), one
 * IndexedDB database per signed-in user, read whole when opened so a screen's first frame is its
 * copy. The name carries the user id, so the next person to sign in on this phone opens another
 * database and sees nothing of the last one; signing out clears it.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { openReplica as openSharedReplica, type Replica } from '../shared/replica.ts';
import { isUser } from './api.ts';
import type { User } from './model.ts';

export type { Replica };

/** A value as this phone last saw it, and when. */
export type Kept<T> = { readonly value: T; readonly savedAt: string };

export function openReplica(userId: string): Promise<Replica> {
  // the store of earlier builds, read on demand: its copies are not worth carrying over
  try {
    indexedDB.deleteDatabase(`shows-replica-v1-${userId}`);
  } catch {
    // nothing to delete
  }
  return openSharedReplica('shows', userId);
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
