// Keeps one night on this phone and on the server: the thin runner of ui/club/night-sync-model.ts.
// It performs the model's effects (IndexedDB through idb-keyval, the PUT through clubApi with its
// 10 s deadline, a timer for the debounce) and feeds it what happens (answers, sync moments).
import { createStore, get, set, values } from 'idb-keyval';
import { ApiRefusal, isRecord, NoAnswer } from '../shared/api.ts';
import { watchSyncMoments } from '../shared/sync-moments.ts';
import { clubApi } from './api.ts';
import { isNight, type Night, newId } from './night.ts';
import { type Badge, canChangeStatus, canRestore, type Conflict, initialState, type Kept, shownNight, step, type SyncEffect, type SyncEvent, type SyncState } from './night-sync-model.ts';

export { BADGE_TEXT, type Badge, SAVE_DEBOUNCE_MS } from './night-sync-model.ts';

export type NightView = {
  readonly night: Night | null;
  readonly badge: Badge;
  /** another phone saved first: what was combined, what of this phone's was not applied, their copy */
  readonly conflict: Conflict | null;
  /** the server's words when it refused the save */
  readonly refusal: string | null;
  /** why closing or reopening did not happen */
  readonly notice: string | null;
  /** the night could not be loaded at all */
  readonly missing: 'no-connection' | 'not-found' | 'logged-out' | null;
};

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
  /** their copy on the screen, read-only, until Keep theirs or back to the combined copy */
  showTheirs(): void;
  showCombined(): void;
  /** drops this phone's changes for their copy: only once their copy is shown */
  keepTheirs(): void;
  /** the conflict's message is read */
  dismiss(): void;
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

/** What a refused save means to the model: a 409 with the server's copy is merged; the rest are words or a retry. */
function answerOf(error: unknown, id: string): SyncEvent {
  if (error instanceof ApiRefusal && error.status === 409) {
    const current = error.body['current'];
    if (isNight(current, id)) return { type: 'conflict', current };
    return { type: 'refused', message: error.message };
  }
  if (error instanceof NoAnswer || (error instanceof ApiRefusal && (error.transient || error.status === 429))) return { type: 'no-answer' };
  if (error instanceof ApiRefusal) return { type: 'refused', message: error.message };
  throw error;
}

export function startNightSync(id: string, onView: (view: NightView) => void): NightSync {
  let state: SyncState = initialState(snapshotIdNow());
  let stopped = false;
  let wake: ReturnType<typeof setTimeout> | null = null;
  const accept = (value: unknown) => isNight(value, id);

  const show = (): void => {
    const { badge, conflict, refusal, notice, missing } = state;
    onView({ night: shownNight(state), badge, conflict, refusal, notice, missing });
  };

  function dispatch(event: SyncEvent): void {
    const next = step(state, event, snapshotIdNow());
    state = next.state;
    for (const effect of next.effects) perform(effect);
    show();
  }

  function perform(effect: SyncEffect): void {
    switch (effect.type) {
      case 'keep':
        void set(id, effect.kept, store).catch(() => undefined);
        return;
      case 'wake':
        if (wake) clearTimeout(wake);
        wake = setTimeout(() => {
          wake = null;
          dispatch({ type: 'due', now: Date.now() });
        }, Math.max(0, effect.at - Date.now()));
        return;
      case 'send':
        // after stop() only a keepalive send still goes: the page is being left
        if (stopped && !effect.keepalive) return;
        clubApi.put('/api/sessions/{id}', { path: { id }, body: effect.body, accept: isVersionAnswer, keepalive: effect.keepalive }).then(
          (answer) => dispatch({ type: 'saved', version: answer.version }),
          (error: unknown) => dispatch(answerOf(error, id)),
        );
        return;
      case 'read-server-copy':
        clubApi.get('/api/sessions/{id}', { path: { id }, accept }).then(
          (night) => dispatch({ type: 'server-copy', night }),
          (error: unknown) =>
            dispatch({
              type: 'server-copy-failed',
              reason: error instanceof ApiRefusal && error.status === 404 ? 'not-found' : error instanceof ApiRefusal && error.status === 401 ? 'logged-out' : 'no-answer',
            }),
        );
        return;
    }
  }

  void get<Kept>(id, store)
    .catch(() => undefined)
    .then((kept) => dispatch({ type: 'loaded', kept: kept ?? null }));

  const unwatchMoments = watchSyncMoments({
    retry: () => dispatch({ type: 'retry' }),
    leaving: () => dispatch({ type: 'leaving' }),
  });

  /** a close, reopen or restore: one request at a time, its answer the phone's copy */
  let busy = false;

  return {
    edit(change) {
      const night = state.night;
      if (!night) return;
      const next = change(night);
      if (next !== night) dispatch({ type: 'edited', night: next, now: Date.now() });
    },
    showTheirs: () => dispatch({ type: 'show-theirs' }),
    showCombined: () => dispatch({ type: 'show-combined' }),
    keepTheirs: () => dispatch({ type: 'keep-theirs' }),
    dismiss: () => dispatch({ type: 'dismiss' }),
    retry: () => dispatch({ type: 'retry' }),
    async setStatus(action) {
      if (busy || !canChangeStatus(state, action)) return;
      busy = true;
      dispatch({ type: 'notice', text: null });
      try {
        const answer = action === 'close' ? clubApi.post('/api/sessions/{id}/close', { path: { id }, accept }) : clubApi.post('/api/sessions/{id}/reopen', { path: { id }, accept });
        dispatch({ type: 'replaced', night: await answer });
      } catch (error) {
        const text = error instanceof ApiRefusal ? error.message : `No connection: the night was not ${action === 'close' ? 'closed' : 'reopened'}. Try again with signal.`;
        dispatch({ type: 'notice', text });
      } finally {
        busy = false;
      }
    },
    async restore(version) {
      if (!state.night) return { ok: false, reason: 'The night is not loaded yet.' };
      if (busy || !canRestore(state)) return { ok: false, reason: 'This phone has changes that are not saved yet. Restore once the badge on the night says Saved.' };
      busy = true;
      try {
        const night = await clubApi.post('/api/sessions/{id}/versions/{version}/restore', {
          path: { id, version },
          body: { expectedVersion: state.night.version, snapshotId: state.snapshotId },
          accept,
        });
        dispatch({ type: 'replaced', night });
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 409) {
          // another phone changed the night first, or closed it: with nothing unsent here, its copy is this phone's now
          const current = error.body['current'];
          if (isNight(current, id)) dispatch({ type: 'replaced', night: current });
          return {
            ok: false,
            reason:
              error.code === 'SESSION_CLOSED'
                ? 'Nothing was restored: the night is closed. Reopen it on the night screen first.'
                : 'Nothing was restored: the night was changed on another phone meanwhile. The history now shows its newest version.',
          };
        }
        if (error instanceof ApiRefusal && !error.transient) return { ok: false, reason: `Nothing was restored: ${error.message}` };
        // the request may have reached the server: sent again with the same id, it answers the night it made
        return { ok: false, reason: 'No answer from the server: the restore may not have been saved. Try again when there is signal; it will not be done twice.' };
      } finally {
        busy = false;
      }
    },
    flush() {
      if (state.dueAt !== null) dispatch({ type: 'due', now: Math.max(Date.now(), state.dueAt) });
    },
    refresh() {
      if (state.loaded) perform({ type: 'read-server-copy' });
    },
    stop() {
      // leaving sends what waits for its debounce now rather than at the next visit
      this.flush();
      stopped = true;
      if (wake) clearTimeout(wake);
      unwatchMoments();
    },
  };
}
