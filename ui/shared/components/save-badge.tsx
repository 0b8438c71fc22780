/**
 * The header badge of every app: tells the truth about what is saved, in the spec's four states
 * (Saved, Saving, Offline (will sync), Not saved (tap to retry)).
 */
import type { SaveState } from '../save-state.ts';

export type { SaveState };

export const SAVE_TEXT: Readonly<Record<SaveState['kind'], string>> = {
  saved: 'Saved',
  saving: 'Saving',
  offline: 'Offline (will sync)',
  failed: 'Not saved (tap to retry)',
};

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** `retryable`: a tap can send it again; a refusal nothing can resend is only "Not saved". */
export function saveLabel(state: SaveState, retryable = true): string {
  if (state.kind === 'failed' && !retryable) return 'Not saved';
  return state.kind === 'saved' && state.at ? `${SAVE_TEXT.saved} ${TIME.format(state.at)}` : SAVE_TEXT[state.kind];
}

/**
 * With `onRetry`, Offline and Not saved are a button: a tap sends now rather than at the next retry
 * moment. `waiting` says what waits ("2 sets waiting to be sent"); it joins the button's name, after
 * the words it shows, so a screen reader hears the count the dot cannot show.
 */
export function SaveBadge({ state, onRetry, waiting }: { readonly state: SaveState; readonly onRetry?: (() => void) | undefined; readonly waiting?: string | undefined }) {
  const tappable = onRetry !== undefined && (state.kind === 'offline' || state.kind === 'failed');
  const label = saveLabel(state, onRetry !== undefined);
  const name = waiting ? `${label}: ${waiting}; ${state.kind === 'failed' ? 'retry' : 'send now'}` : undefined;
  return (
    <div class={`save-badge save-${state.kind}`} role="status" aria-live="polite" data-testid="save-state">
      {tappable ? (
        <button type="button" class="save-retry" onClick={onRetry} aria-label={name}>
          <span class="save-dot" aria-hidden="true" />
          {label}
        </button>
      ) : (
        <>
          <span class="save-dot" aria-hidden="true" />
          <span>{label}</span>
        </>
      )}
    </div>
  );
}
