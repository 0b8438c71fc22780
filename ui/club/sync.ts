// Keeps one night on this phone and on the server (spec 002 "Snapshot save"): every change is
// written to IndexedDB first, then about 1 s after the last change the newest snapshot goes out
// whole with its version. One save at a time; what changed meanwhile follows it.
import { createStore, get, set, values } from 'idb-keyval';
import { ApiRefusal, isRecord, NoAnswer } from '../shared/api.ts';
import { clubApi } from './api.ts';
import { isNight, type Night, newId, snapshotOf, takeServerCopy } from './night.ts';

export const SAVE_DEBOUNCE_MS = 1_000;
export const RETRY_MS = 8_000;

/** The header badge: exactly these four. */
export type Badge = 'saved' | 'saving' | 'offline' | 'failed';

export const BADGE_TEXT: Readonly<Record<Badge, string>> = {
  saved: 'Saved',
  saving: 'Saving',
  offline: 'Offline (will sync)',
  failed: 'Not saved (tap to retry)',
};

export type NightView = {
  readonly night: Night | null;
  readonly badge: Badge;
  /** another phone saved first: its copy is shown, this phone's is kept aside until the user chooses */
  readonly conflict: { readonly theirs: Night; readonly mine: Night } | null;
  /** the server's words when it refused the save */
  readonly refusal: string | null;
  /** why closing or reopening did not happen */
  readonly notice: string | null;
  /** the night could not be loaded at all */
  readonly missing: 'no-connection' | 'not-found' | 'logged-out' | null;
};

/** What this phone keeps of a night: the copy, whether it holds changes the server has not confirmed, and that snapshot's id. */
type Kept = { readonly night: Night; readonly unsent: boolean; readonly snapshotId: string };
const store = createStore('club-nights', 'nights');

/** The nights this phone holds, for Today with no signal. */
export async function keptNights(date: string): Promise<{ readonly night: Night; readonly unsent: boolean }[]> {
  try {
    const kept = await values<Kept>(store);
    return kept.filter((each) => each.night.date === date).map(({ night, unsent }) => ({ night, unsent }));
  } catch {
    return [];
  }
}

export type NightSync = {
  edit(change: (night: Night) => Night): void;
  keepTheirs(): void;
  reapplyMine(): void;
  retry(): void;
  /** close or reopen: the server moves the version on, so only a night with nothing unsent */
  setStatus(action: 'close' | 'reopen'): Promise<void>;
  /**
   * Saves an older version of the night as its newest (the server appends it; nothing is rewritten)
   * and takes the answer as this phone's copy. Only with nothing unsent: the restore is built on the
   * version this phone holds, as a save is.
   */
  restore(version: number): Promise<RestoreResult>;
  /** sends what waits for its debounce now (the screen is left) */
  flush(): void;
  /** reads the server's copy again, under the opening rule (the screen is opened again) */
  refresh(): void;
  stop(): void;
};

export type RestoreResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

type Watched = { readonly sync: NightSync; readonly listeners: Set<(view: NightView) => void>; last: NightView | null };
const watched = new Map<string, Watched>();

/**
 * One keeper per night for the page's life: leaving the screen and coming back must not start a
 * second one whose copy a late answer to the first could overwrite.
 */
export function watchNight(id: string, onView: (view: NightView) => void): { readonly sync: NightSync; unwatch(): void } {
  let entry = watched.get(id);
  if (entry) {
    entry.sync.refresh();
  } else {
    const listeners = new Set<(view: NightView) => void>();
    const created: Watched = {
      listeners,
      last: null,
      sync: startNightSync(id, (view) => {
        created.last = view;
        for (const listener of listeners) listener(view);
      }),
    };
    watched.set(id, created);
    entry = created;
  }
  const current = entry;
  current.listeners.add(onView);
  if (current.last) onView(current.last);
  return {
    sync: current.sync,
    unwatch() {
      current.listeners.delete(onView);
      current.sync.flush();
    },
  };
}

const isVersionAnswer = (value: unknown): value is { version: number } => isRecord(value) && typeof value['version'] === 'number';
const snapshotIdNow = (): string => newId(crypto.getRandomValues(new Uint8Array(20)));

export function startNightSync(id: string, onView: (view: NightView) => void): NightSync {
  let night: Night | null = null;
  let unsent = false;
  // names this phone's change on top of night.version: kept for every send from that version, so a
  // send after one whose answer was lost is known by the server as this phone's own (docs/design.md)
  let snapshotId = snapshotIdNow();
  let edits = 0;
  let inFlight = false;
  let badge: Badge = 'saved';
  let conflict: NightView['conflict'] = null;
  let refusal: string | null = null;
  let missing: NightView['missing'] = null;
  let notice: string | null = null;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  // a change made before IndexedDB answered must not be overwritten by what it held
  let loaded = false;

  const show = (): void => onView({ night, badge, conflict, refusal, notice, missing });
  const keep = (): void => {
    if (night) void set(id, { night, unsent, snapshotId } satisfies Kept, store).catch(() => undefined);
  };

  function schedule(): void {
    if (debounce) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      void save();
    }, SAVE_DEBOUNCE_MS);
  }

  async function save(): Promise<void> {
    if (stopped || inFlight || !unsent || conflict || !night) return;
    inFlight = true;
    const sentEdits = edits;
    badge = 'saving';
    show();
    try {
      const answer = await clubApi.put('/api/sessions/{id}', { path: { id }, body: snapshotOf(night, snapshotId), accept: isVersionAnswer });
      night = { ...night, version: answer.version };
      snapshotId = snapshotIdNow();
      refusal = null;
      // a change made while this save was on its way is the newest now: it goes next
      if (edits === sentEdits) unsent = false;
      badge = unsent ? 'saving' : 'saved';
    } catch (error) {
      await failed(error);
    } finally {
      inFlight = false;
    }
    keep();
    show();
    if (unsent && badge === 'saving' && !debounce) void save();
  }

  async function failed(error: unknown): Promise<void> {
    if (error instanceof ApiRefusal && error.status === 409) {
      try {
        const theirs = await clubApi.get('/api/sessions/{id}', { path: { id }, accept: (value) => isNight(value, id) });
        if (night) conflict = { theirs, mine: night };
        badge = 'failed';
        refusal = null;
      } catch {
        badge = 'offline';
      }
    } else if (error instanceof NoAnswer || (error instanceof ApiRefusal && error.transient)) {
      badge = 'offline';
    } else if (error instanceof ApiRefusal) {
      badge = 'failed';
      refusal = error.message;
    } else {
      throw error;
    }
  }

  async function fetchServerCopy(): Promise<void> {
    try {
      const server = await clubApi.get('/api/sessions/{id}', { path: { id }, accept: (value) => isNight(value, id) });
      // the opening rule: the server's copy is ignored while this phone holds something newer or unsent
      if (takeServerCopy(night && { version: night.version, unsent, inFlight }, server.version)) {
        night = server;
        snapshotId = snapshotIdNow();
        badge = 'saved';
        keep();
      }
      missing = null;
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 404) missing = 'not-found';
      else if (error instanceof ApiRefusal && error.status === 401) missing = 'logged-out';
      else if (night === null) missing = 'no-connection';
      if (unsent) badge = 'offline';
    }
    show();
    void save();
  }

  void get<Kept>(id, store)
    .then((kept) => {
      if (kept && !loaded) {
        night = kept.night;
        unsent = kept.unsent;
        snapshotId = kept.snapshotId;
        if (unsent) badge = 'saving';
        show();
      }
    })
    .catch(() => undefined)
    .finally(() => {
      loaded = true;
      void fetchServerCopy();
    });

  const retryTimer = setInterval(() => {
    if (badge === 'offline') void save();
  }, RETRY_MS);
  const onOnline = (): void => void save();
  window.addEventListener('online', onOnline);

  return {
    edit(change) {
      if (!night || conflict || night.status === 'closed') return;
      const next = change(night);
      if (next === night) return;
      night = next;
      unsent = true;
      edits++;
      if (badge !== 'offline') badge = 'saving';
      keep();
      show();
      schedule();
    },
    keepTheirs() {
      if (!conflict) return;
      night = conflict.theirs;
      snapshotId = snapshotIdNow();
      conflict = null;
      unsent = false;
      badge = 'saved';
      keep();
      show();
    },
    reapplyMine() {
      if (!conflict) return;
      night = { ...conflict.mine, version: conflict.theirs.version };
      conflict = null;
      unsent = true;
      snapshotId = snapshotIdNow();
      keep();
      void save();
    },
    retry() {
      if (conflict) this.reapplyMine();
      else void save();
    },
    async setStatus(action) {
      if (!night || unsent || inFlight || conflict) return;
      notice = null;
      inFlight = true;
      try {
        const accept = (value: unknown) => isNight(value, id);
        const answer =
          action === 'close' ? clubApi.post('/api/sessions/{id}/close', { path: { id }, accept }) : clubApi.post('/api/sessions/{id}/reopen', { path: { id }, accept });
        night = await answer;
        snapshotId = snapshotIdNow();
        badge = 'saved';
        keep();
      } catch (error) {
        notice = error instanceof ApiRefusal ? error.message : `No connection: the night was not ${action === 'close' ? 'closed' : 'reopened'}. Try again with signal.`;
      } finally {
        inFlight = false;
      }
      show();
    },
    async restore(version) {
      if (!night) return { ok: false, reason: 'The night is not loaded yet.' };
      if (unsent || inFlight || conflict || debounce) return { ok: false, reason: 'This phone has changes that are not saved yet. Restore once the badge on the night says Saved.' };
      inFlight = true;
      const accept = (value: unknown) => isNight(value, id);
      let result: RestoreResult;
      try {
        night = await clubApi.post('/api/sessions/{id}/versions/{version}/restore', { path: { id, version }, body: { expectedVersion: night.version, snapshotId }, accept });
        snapshotId = snapshotIdNow();
        badge = 'saved';
        notice = null;
        keep();
        result = { ok: true };
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 409) {
          // another phone changed the night first, or closed it: with nothing unsent here, its copy is this phone's now
          try {
            night = await clubApi.get('/api/sessions/{id}', { path: { id }, accept });
            snapshotId = snapshotIdNow();
            keep();
          } catch {
            // the night screen reads it again when it opens
          }
          result = {
            ok: false,
            reason:
              error.code === 'SESSION_CLOSED'
                ? 'Nothing was restored: the night is closed. Reopen it on the night screen first.'
                : 'Nothing was restored: the night was changed on another phone meanwhile. The history now shows its newest version.',
          };
        } else if (error instanceof ApiRefusal && !error.transient) {
          result = { ok: false, reason: `Nothing was restored: ${error.message}` };
        } else {
          // the request may have reached the server: sent again with the same id, it answers the night it made
          result = { ok: false, reason: 'No answer from the server: the restore may not have been saved. Try again when there is signal; it will not be done twice.' };
        }
      } finally {
        inFlight = false;
      }
      show();
      return result;
    },
    flush() {
      if (debounce) {
        clearTimeout(debounce);
        debounce = null;
        void save();
      }
    },
    refresh() {
      if (loaded) void fetchServerCopy();
    },
    stop() {
      // leaving sends what waits for its debounce now rather than at the next visit
      this.flush();
      stopped = true;
      clearInterval(retryTimer);
      window.removeEventListener('online', onOnline);
    },
  };
}
