/**
 * What the header badge says (components/save-badge.tsx), apart from how it is drawn, so the pure
 * rules that decide it (outbox-badge.ts, an app's own) are tested in node. `failed` carries the
 * server's message (a refusal the user must act on); `offline` means the change is kept here and
 * will be sent.
 */
export type SaveState =
  | { readonly kind: 'saved'; readonly at: Date | null }
  | { readonly kind: 'saving' }
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed'; readonly message: string };
