// The header badge of an app whose changes go through the shared outbox: its four states read off
// the commands the outbox holds. Pure, so the rule is tested without a browser.
import type { SaveState } from './save-state.ts';
import type { Command } from './outbox-model.ts';

type Held = Pick<Command, 'tries' | 'refusal'>;

/**
 * Nothing held: Saved. A refused command: Not saved, whatever else waits (the person must act).
 * Waiting after a try that got no answer, or while the last try got none: Offline (will sync).
 * Waiting, not tried yet: Saving.
 */
export function outboxSaveState(commands: readonly Held[], offline: boolean): SaveState {
  const refused = commands.find((command) => command.refusal);
  if (refused?.refusal) return { kind: 'failed', message: refused.refusal.message };
  if (commands.length === 0) return { kind: 'saved', at: null };
  return offline || commands.some((command) => command.tries > 0) ? { kind: 'offline' } : { kind: 'saving' };
}
