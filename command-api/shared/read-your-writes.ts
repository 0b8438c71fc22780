import type { Position } from '../../infra/eventstore/port.ts';
import { serviceUnavailable } from '../../infra/http/errors.ts';
import type { ProjectionProgress } from '../../projections/runtime.ts';

export const BEHIND_MESSAGE = 'Saved, but the read side is behind; read again shortly';

/**
 * Read-your-writes: returns once every named projection has processed `position`, so the caller's
 * next read sees its own write; past `waitMs` the answer is 503 with Retry-After. A command that
 * appended nothing (position null) has nothing to wait for.
 */
export async function awaitProjections(
  progress: ProjectionProgress,
  names: readonly string[],
  position: Position | null,
  waitMs: number,
  message = BEHIND_MESSAGE,
): Promise<void> {
  if (position && !(await progress.waitFor(names, position, waitMs))) throw serviceUnavailable(1, message);
}
