/**
 * Tells the truth about what is saved. `failed` carries the server's message (a refusal the user
 * must act on); `offline` means the change is kept here and will be sent.
 */
export type SaveState =
  | { readonly kind: 'saved'; readonly at: Date | null }
  | { readonly kind: 'saving' }
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed'; readonly message: string };

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function saveLabel(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      return state.at ? `Saved ${TIME.format(state.at)}` : 'Saved';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return 'Offline: will retry';
    case 'failed':
      return 'Not saved';
  }
}

export function SaveBadge({ state, onRetry }: { readonly state: SaveState; readonly onRetry?: () => void }) {
  return (
    <div class={`save-badge save-${state.kind}`} role="status" aria-live="polite" data-testid="save-state">
      <span class="save-dot" aria-hidden="true" />
      {state.kind === 'failed' && onRetry ? (
        <button type="button" class="save-retry" onClick={onRetry}>
          Not saved: retry
        </button>
      ) : (
        <span>{saveLabel(state)}</span>
      )}
    </div>
  );
}
