// The night's badge (night-sync-model.ts) in the shared badge's terms, so club's header draws the
// same SaveBadge as every other app.
import type { SaveState } from '../shared/save-state.ts';
import type { Badge } from './night-sync-model.ts';

export function nightSaveState(badge: Badge, refusal: string | null): SaveState {
  if (badge === 'failed') return { kind: 'failed', message: refusal ?? '' };
  if (badge === 'saved') return { kind: 'saved', at: null };
  return { kind: badge };
}
