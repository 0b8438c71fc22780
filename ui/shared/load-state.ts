/**
 * What a screen that loads something shows, apart from how it asks (use-load.ts), so the rules are
 * tested in node: the phone's kept copy at once, the server's answer over it, and with no answer the
 * copy stays and says since when. A refusal (the thing is gone, not the user's…) is never hidden
 * behind a copy: the server has said no, and the copy would keep a lie on screen.
 */

/** A value as this phone last kept it; `savedAt` unknown for copies kept before it was recorded. */
export type KeptCopy<T> = { readonly value: T; readonly savedAt: string | null };

export type LoadState<T> =
  | { readonly kind: 'loading' }
  /**
   * `fromCopy`: what is shown is this phone's copy (saved at `keptAt`), not yet or not again
   * confirmed by the server; `offline`: the last ask had no answer (what is shown may be old)
   */
  | { readonly kind: 'ok'; readonly value: T; readonly fromCopy: boolean; readonly keptAt: string | null; readonly offline: boolean }
  /** the server refused, or answered something unusable: `message` says why, as a sentence */
  | { readonly kind: 'failed'; readonly message: string }
  /** no answer, and this phone has no copy of it; `message` says that no answer came */
  | { readonly kind: 'not-kept'; readonly message: string };

export type LoadEvent<T> =
  /** asking for something else than what is shown: nothing of the last thing stays */
  | { readonly type: 'start' }
  | { readonly type: 'copy'; readonly copy: KeptCopy<T> }
  | { readonly type: 'answer'; readonly value: T }
  /** `retryable`: no answer came (or a passing refusal); worth asking again, a copy may stand in */
  | { readonly type: 'failure'; readonly retryable: boolean; readonly message: string; readonly copy: KeptCopy<T> | null }
  /** the screen itself knows a newer value (its own change was answered) */
  | { readonly type: 'set'; readonly value: T };

export const LOADING: LoadState<never> = { kind: 'loading' };

const fromCopy = <T>(copy: KeptCopy<T>, offline: boolean): LoadState<T> => ({ kind: 'ok', value: copy.value, fromCopy: true, keptAt: copy.savedAt, offline });

/** The state a screen opens in: its copy at once when the phone holds one in memory. */
export function initialLoadState<T>(copy: KeptCopy<T> | null): LoadState<T> {
  return copy ? fromCopy(copy, false) : LOADING;
}

export function nextLoadState<T>(state: LoadState<T>, event: LoadEvent<T>): LoadState<T> {
  switch (event.type) {
    case 'start':
      return LOADING;
    case 'copy':
      // a copy read late (IndexedDB is slow) never covers an answer already shown
      if (state.kind === 'loading') return fromCopy(event.copy, false);
      if (state.kind === 'not-kept') return fromCopy(event.copy, true);
      return state;
    case 'answer':
    case 'set':
      return { kind: 'ok', value: event.value, fromCopy: false, keptAt: null, offline: false };
    case 'failure':
      if (!event.retryable) return { kind: 'failed', message: event.message };
      // what is on screen stays (the copy, or an earlier answer), now known to be unconfirmed
      if (state.kind === 'ok') return { ...state, offline: true };
      if (event.copy) return fromCopy(event.copy, true);
      return { kind: 'not-kept', message: event.message };
  }
}

/** Worth asking again at every retry moment (every 8 s too): what is shown lacks an answer. */
export function waitsForAnswer(state: LoadState<unknown>): boolean {
  return state.kind === 'not-kept' || (state.kind === 'ok' && state.offline);
}

/** When the copy on screen was saved, while the server does not answer; null when it is the server's. */
export function shownSince(state: LoadState<unknown>): string | null {
  return state.kind === 'ok' && state.offline && state.fromCopy ? state.keptAt : null;
}
