import type { Position } from '../../infra/eventstore/port.ts';
import { HttpError, serviceUnavailable } from '../../infra/http/errors.ts';
import type { ProjectionProgress } from '../../projections/runtime.ts';

export const BEHIND_MESSAGE = 'Saved, but the read side is behind; read again shortly';

/** seconds a client waits before trying again when a projector is stopped: an operator has to act */
const STOPPED_RETRY_AFTER = 30;

/**
 * Read-your-writes: returns once every named projection has processed `position`, so the caller's
 * next read sees its own write; past `waitMs` the answer is 503 NOT_READY with Retry-After. A
 * projection stopped on an event at or before `position` will not get there by waiting: that is 503
 * READ_SIDE_STOPPED at once. A command that appended nothing (position null) has nothing to wait for.
 */
export async function awaitProjections(
  progress: ProjectionProgress,
  names: readonly string[],
  position: Position | null,
  waitMs: number,
  message = BEHIND_MESSAGE,
): Promise<void> {
  if (!position) return;
  const outcome = await progress.wait(names, position, waitMs);
  if (outcome.reached) return;
  if (outcome.stopped) {
    // the client learns which read side, not which event: stream names carry other users' ids
    throw new HttpError(
      503,
      'READ_SIDE_STOPPED',
      `The ${outcome.stopped.projection} read side is stopped on an event it cannot apply until an operator fixes or parks it; anything this request wrote is kept`,
      { headers: { 'retry-after': String(STOPPED_RETRY_AFTER) } },
    );
  }
  throw serviceUnavailable(1, message);
}
