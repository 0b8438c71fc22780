// What the club's screens keep of People and levels, in the shared replica of the club login last
// signed in on this phone, so a night is run with no signal and the next login sees nothing of it.
// The login is remembered outside the replica: offline, the server cannot say who is signed in.
import { openReplica, type Replica } from '../shared/replica.ts';
import { type Copies, replicaCopies } from '../shared/use-load.ts';

const LOGIN_KEY = 'club-login';

function rememberedLogin(): string | null {
  try {
    return localStorage.getItem(LOGIN_KEY);
  } catch {
    return null;
  }
}

let opened: { readonly login: string | null; readonly replica: Promise<Replica>; ready: Replica | null } | null = null;

function replicaOfLogin(): { readonly replica: Promise<Replica>; readonly ready: Replica | null } {
  const login = rememberedLogin();
  if (opened?.login !== login) {
    const opening = { login, replica: openReplica('club', login), ready: null as Replica | null };
    void opening.replica.then((replica) => (opening.ready = replica));
    opened = opening;
  }
  return opened;
}

/** Called with each login the server confirms: its replica is the one the screens draw from. */
export function rememberLogin(loginId: string): void {
  try {
    localStorage.setItem(LOGIN_KEY, loginId);
  } catch {
    // nothing kept: the screens work online, without copies
  }
  // the one store before per-login replicas, shared by whoever signed in on this phone
  try {
    indexedDB.deleteDatabase('club-cache');
  } catch {
    // nothing to delete
  }
}

/** Logging out forgets every copy of that login on this phone. */
export async function forgetLogin(): Promise<void> {
  const { replica } = replicaOfLogin();
  try {
    localStorage.removeItem(LOGIN_KEY);
  } catch {
    // nothing kept
  }
  await (await replica).clear();
  opened = null;
}

/** The copies of the remembered login: read at once once its replica is open, a moment later before. */
export const clubCopies: Copies = {
  read<T>(entry: string) {
    const { replica, ready } = replicaOfLogin();
    return ready ? replicaCopies(ready).read<T>(entry) : replica.then((open) => replicaCopies(open).read<T>(entry));
  },
  write(entry, value) {
    void replicaOfLogin().replica.then((open) => replicaCopies(open).write(entry, value));
  },
};
