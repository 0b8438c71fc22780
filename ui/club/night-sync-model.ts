// How one phone keeps one night in step with the server (spec 002 "Snapshot save", issue 32), as a
// pure state machine: `step(state, event, newId)` answers the next state and the effects a runner
// performs (ui/club/sync.ts in the browser; the lead's simulation in node). No browser globals, no
// clock: time and fresh ids come in with the events.
import { assumedBase, mergeNights, sameNightContent } from './merge.ts';
import { type Night, sittingOutOf, snapshotOf, takeServerCopy } from './night.ts';

export const SAVE_DEBOUNCE_MS = 1_000;

/** The header badge: exactly the spec's four. */
export type Badge = 'saved' | 'saving' | 'offline' | 'failed';

export const BADGE_TEXT: Readonly<Record<Badge, string>> = {
  saved: 'Saved',
  saving: 'Saving',
  offline: 'Offline (will sync)',
  failed: 'Not saved (tap to retry)',
};

/**
 * What this phone keeps of a night in IndexedDB: the copy, whether it holds changes the server has
 * not confirmed, that change's snapshot id, the night as it was at the version the change started
 * from (the merge's base), and the count of changes (each send's snapshotSeq, so a reload keeps
 * counting up). Base and count are absent in copies kept by older builds.
 */
export type Kept = { readonly night: Night; readonly unsent: boolean; readonly snapshotId: string; readonly base?: Night | null; readonly edits?: number };

/** Another phone saved first: what the merge did, and their copy, which the person may look at. */
export type Conflict = {
  readonly merged: readonly string[];
  readonly notApplied: readonly string[];
  readonly theirs: Night;
  readonly showing: 'combined' | 'theirs';
  /** the other phone closed the night: this phone's changes wait on it until it is reopened */
  readonly closed: boolean;
};

export type SyncState = {
  readonly night: Night | null;
  /** the night at the version this phone's unsent change started from; null with nothing unsent */
  readonly base: Night | null;
  readonly unsent: boolean;
  /** names this phone's change on top of night.version; kept for every send from that version (docs/design.md) */
  readonly snapshotId: string;
  /**
   * counts changes, so an answer tells whether a change came while its save was on the way; sent as
   * snapshotSeq, so the server knows a late copy of an earlier send from the newer one it has saved
   */
  readonly edits: number;
  readonly sending: { readonly edits: number; readonly night: Night } | null;
  /** when the debounced save is due (ms); null when none waits */
  readonly dueAt: number | null;
  readonly badge: Badge;
  readonly conflict: Conflict | null;
  readonly refusal: string | null;
  readonly notice: string | null;
  readonly missing: 'no-connection' | 'not-found' | 'logged-out' | null;
  /** IndexedDB has answered: until then the server's copy is not read */
  readonly loaded: boolean;
};

export type SyncEvent =
  | { readonly type: 'loaded'; readonly kept: Kept | null }
  | { readonly type: 'server-copy'; readonly night: Night }
  | { readonly type: 'server-copy-failed'; readonly reason: 'not-found' | 'logged-out' | 'no-answer' }
  | { readonly type: 'edited'; readonly night: Night; readonly now: number }
  | { readonly type: 'due'; readonly now: number }
  /** a moment to try again: online, visible, every 8 s, a tap on the badge */
  | { readonly type: 'retry' }
  /** the page is hidden or closed: what waits goes now, with keepalive */
  | { readonly type: 'leaving' }
  | { readonly type: 'saved'; readonly version: number }
  | { readonly type: 'conflict'; readonly current: Night }
  | { readonly type: 'no-answer' }
  | { readonly type: 'refused'; readonly message: string }
  | { readonly type: 'show-theirs' }
  | { readonly type: 'show-combined' }
  | { readonly type: 'keep-theirs' }
  | { readonly type: 'dismiss' }
  /** a close, reopen or restore answered with the night, or a restore's 409 was followed by a read */
  | { readonly type: 'replaced'; readonly night: Night }
  | { readonly type: 'notice'; readonly text: string | null };

export type SyncEffect =
  | { readonly type: 'send'; readonly body: ReturnType<typeof snapshotOf>; readonly keepalive: boolean }
  | { readonly type: 'keep'; readonly kept: Kept }
  /** step again with `due` at this time */
  | { readonly type: 'wake'; readonly at: number }
  | { readonly type: 'read-server-copy' };

export type Step = { readonly state: SyncState; readonly effects: readonly SyncEffect[] };

export function initialState(snapshotId: string): SyncState {
  return {
    night: null,
    base: null,
    unsent: false,
    snapshotId,
    edits: 0,
    sending: null,
    dueAt: null,
    badge: 'saved',
    conflict: null,
    refusal: null,
    notice: null,
    missing: null,
    loaded: false,
  };
}

/** What the screen shows: their copy while the person looks at it, otherwise this phone's. */
export function shownNight(state: SyncState): Night | null {
  return state.conflict?.showing === 'theirs' ? state.conflict.theirs : state.night;
}

/** Close and reopen move the version on: only with nothing unsent, except reopening a night closed under this phone's changes. */
export function canChangeStatus(state: SyncState, action: 'close' | 'reopen'): boolean {
  if (!state.night || state.sending) return false;
  if (action === 'reopen') return state.night.status === 'closed';
  return !state.unsent && state.conflict === null;
}

/** A restore is built on the version this phone holds, as a save is: only with nothing waiting. */
export function canRestore(state: SyncState): boolean {
  return state.night !== null && !state.unsent && state.sending === null && state.conflict === null && state.dueAt === null;
}

/**
 * Sends the newest copy now when one waits and may go. A change still in its debounce waits for it
 * (its wake is set), whatever step comes first: the server's copy read meanwhile must not send half
 * of a run of taps. Leaving, and the debounce's own end, clear `dueAt` before they send.
 */
function send(state: SyncState, keepalive: boolean): Step {
  const { night } = state;
  if (!night || !state.unsent || state.sending || state.dueAt !== null || night.status === 'closed') return { state, effects: [] };
  return {
    state: { ...state, sending: { edits: state.edits, night }, dueAt: null, badge: 'saving' },
    effects: [{ type: 'send', body: snapshotOf(night, state.snapshotId, state.edits), keepalive }],
  };
}

/** The server's answer to a save on a version that is not the latest: merged, and the merge sent on top. */
function settleConflict(state: SyncState, current: Night, newId: string): Step {
  const mine = state.night ?? current;
  const base = state.base ?? assumedBase(current, mine);
  const { night: merged, merged: combined, notApplied } = mergeNights(base, current, mine);
  const earlier = state.conflict;
  const unsent = !sameNightContent(merged, current);
  const conflict: Conflict | null =
    combined.length + notApplied.length > 0 || current.status === 'closed' || earlier
      ? {
          merged: [...(earlier?.merged ?? []), ...combined],
          notApplied: [...(earlier?.notApplied ?? []), ...notApplied],
          theirs: current,
          showing: earlier?.showing ?? 'combined',
          closed: current.status === 'closed' && unsent,
        }
      : null;
  const next: SyncState = {
    ...state,
    night: merged,
    base: unsent ? current : null,
    unsent,
    snapshotId: newId,
    sending: null,
    conflict,
    refusal: null,
    badge: !unsent ? 'saved' : current.status === 'closed' ? 'failed' : 'saving',
  };
  return send(next, false);
}

function take(state: SyncState, night: Night, newId: string): SyncState {
  return { ...state, night, base: null, unsent: false, snapshotId: newId, dueAt: null, badge: 'saved', conflict: null, refusal: null };
}

function decide(state: SyncState, event: SyncEvent, newId: string): Step {
  switch (event.type) {
    case 'loaded': {
      const { kept } = event;
      const next: SyncState = kept
        ? {
            ...state,
            loaded: true,
            night: kept.night,
            unsent: kept.unsent,
            snapshotId: kept.snapshotId,
            base: kept.base ?? null,
            edits: kept.edits ?? state.edits,
            badge: kept.unsent ? 'saving' : 'saved',
          }
        : { ...state, loaded: true };
      return { state: next, effects: [{ type: 'read-server-copy' }] };
    }
    case 'server-copy': {
      const { night } = state;
      // the opening rule: the server's copy is ignored while this phone holds something newer or unsent
      const taken = takeServerCopy(night && { version: night.version, unsent: state.unsent, inFlight: state.sending !== null }, event.night.version);
      // the same version again is nothing new; a newer one leaves a conflict's message up until it is read
      const next = taken && !(night && !state.unsent && event.night.version === night.version) ? { ...take(state, event.night, newId), conflict: state.conflict } : state;
      return send({ ...next, missing: null }, false);
    }
    case 'server-copy-failed': {
      const missing = event.reason === 'no-answer' ? (state.night === null ? 'no-connection' : state.missing) : event.reason;
      return send({ ...state, missing, badge: state.unsent ? 'offline' : state.badge }, false);
    }
    case 'edited': {
      const { night } = state;
      if (!night || night.status === 'closed' || state.conflict?.showing === 'theirs' || sameNightContent(event.night, night)) return { state, effects: [] };
      const dueAt = event.now + SAVE_DEBOUNCE_MS;
      return {
        state: {
          ...state,
          night: { ...event.night, version: night.version },
          base: state.unsent ? state.base : night,
          unsent: true,
          edits: state.edits + 1,
          dueAt,
          badge: state.badge === 'offline' ? 'offline' : 'saving',
        },
        effects: [{ type: 'wake', at: dueAt }],
      };
    }
    case 'due':
      if (state.dueAt === null) return { state, effects: [] };
      if (event.now < state.dueAt) return { state, effects: [{ type: 'wake', at: state.dueAt }] };
      return send({ ...state, dueAt: null }, false);
    case 'retry': {
      if (state.dueAt !== null) return { state, effects: [] };
      // with nothing waiting, the moment is used to catch up with what other phones saved
      const idle = state.loaded && !state.unsent && state.sending === null;
      return idle ? { state, effects: [{ type: 'read-server-copy' }] } : send(state, false);
    }
    case 'leaving':
      // timers may never run again: the change waiting for its debounce goes now
      return send({ ...state, dueAt: null }, true);
    case 'saved': {
      const sent = state.sending;
      if (!sent || !state.night) return { state, effects: [] };
      const night = { ...state.night, version: event.version };
      const done = state.edits === sent.edits;
      const next: SyncState = {
        ...state,
        night,
        sending: null,
        snapshotId: newId,
        refusal: null,
        unsent: !done,
        // a change made while this save was on its way is the newest now, built on what was saved
        base: done ? null : { ...sent.night, version: event.version },
        badge: done ? 'saved' : 'saving',
      };
      return next.unsent && next.dueAt === null ? send(next, false) : { state: next, effects: [] };
    }
    case 'conflict':
      if (!state.sending) return { state, effects: [] };
      return settleConflict(state, event.current, newId);
    case 'no-answer':
      return { state: { ...state, sending: null, badge: 'offline' }, effects: [] };
    case 'refused':
      return { state: { ...state, sending: null, badge: 'failed', refusal: event.message }, effects: [] };
    case 'show-theirs':
      return { state: state.conflict ? { ...state, conflict: { ...state.conflict, showing: 'theirs' } } : state, effects: [] };
    case 'show-combined':
      return { state: state.conflict ? { ...state, conflict: { ...state.conflict, showing: 'combined' } } : state, effects: [] };
    case 'dismiss':
      return { state: state.conflict && !state.conflict.closed ? { ...state, conflict: null } : state, effects: [] };
    case 'keep-theirs': {
      const { conflict, night } = state;
      // only from their copy, once shown: nothing of theirs is dropped unseen, and this phone's own changes are dropped knowingly
      if (!conflict || !night || conflict.showing !== 'theirs') return { state, effects: [] };
      if (conflict.closed) return { state: take(state, conflict.theirs, newId), effects: [] };
      const { theirs } = conflict;
      const content = {
        courts: theirs.courts,
        endTime: theirs.endTime,
        roundLengthSec: theirs.roundLengthSec,
        people: theirs.people,
        lineUp: theirs.lineUp,
        timer: theirs.timer,
        rounds: theirs.rounds,
        sittingOut: sittingOutOf(theirs),
      };
      const cleared = { ...state, conflict: null };
      if (sameNightContent({ ...night, ...content }, night)) return { state: cleared, effects: [] };
      return send({ ...cleared, night: { ...night, ...content }, base: state.unsent ? state.base : night, unsent: true, edits: state.edits + 1, dueAt: null }, false);
    }
    case 'replaced': {
      const { base, night } = state;
      // reopened under changes the close stopped: they go on top of the reopened night, merged
      if (state.unsent && base && night && night.status === 'closed' && event.night.status === 'open') {
        const merged = mergeNights(base, event.night, night);
        return send({ ...state, night: merged.night, base: event.night, snapshotId: newId, conflict: null, notice: null, badge: 'saving' }, false);
      }
      return { state: { ...take(state, event.night, newId), notice: null }, effects: [] };
    }
    case 'notice':
      return { state: { ...state, notice: event.text }, effects: [] };
  }
}

/**
 * One step. `newId` is a fresh snapshot id, used only when the step starts a change on a new version
 * (a save answered, the server's copy taken, a conflict merged). Whatever the phone must keep
 * across a reload is written to IndexedDB by a `keep` effect whenever it changed.
 */
export function step(state: SyncState, event: SyncEvent, newId: string): Step {
  const next = decide(state, event, newId);
  const after = next.state;
  const changed =
    after.night !== state.night || after.unsent !== state.unsent || after.snapshotId !== state.snapshotId || after.base !== state.base || after.edits !== state.edits;
  if (!changed || after.night === null || event.type === 'loaded') return next;
  const kept: Kept = { night: after.night, unsent: after.unsent, snapshotId: after.snapshotId, base: after.base, edits: after.edits };
  return { state: after, effects: [{ type: 'keep', kept }, ...next.effects] };
}
