import type { DatabasePool } from 'slonik';
import { comparePositions, type Position } from '../../infra/eventstore/port.ts';
import type { ProjectionProgress, WaitOutcome } from './progress.ts';
import { readProjectionStates } from './projection-states.ts';

/**
 * Where the projections have got to as seen by reads served from a streaming replica
 * (READ_DATABASE_URL). A position is reached once the primary's projectors have it, which wakes
 * them and learns of one stopped on an event, and then once the replica has replayed their
 * checkpoint rows: those are written in the same transaction as the read tables, so a checkpoint
 * on the replica means its rows are there too. A standby cannot LISTEN, so while someone waits its
 * checkpoint rows are polled, one query for every waiter. Everything else is the primary's.
 */
export function createReplicaProgress(primary: ProjectionProgress, replica: DatabasePool, options: { readonly pollMs?: number } = {}): ProjectionProgress {
  const pollMs = options.pollMs ?? 10;
  // only ever forward, as the primary's: a replica does not replay backwards
  const replayed = new Map<string, Position>();
  const waiters = new Set<() => void>();
  let polling = false;

  const reached = (names: readonly string[], position: Position): boolean =>
    names.every((name) => {
      const at = replayed.get(name);
      return at !== undefined && comparePositions(at, position) >= 0;
    });

  const poll = async (): Promise<void> => {
    polling = true;
    try {
      while (waiters.size > 0) {
        try {
          for (const state of await readProjectionStates(replica)) {
            const at = replayed.get(state.name);
            if (state.checkpoint && (!at || comparePositions(state.checkpoint.position, at) > 0)) replayed.set(state.name, state.checkpoint.position);
          }
        } catch {
          // the replica is away: the waiters' deadlines still run, and the next poll tries again
        }
        for (const check of [...waiters]) check();
        if (waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } finally {
      polling = false;
    }
  };

  const onReplica = (names: readonly string[], position: Position, timeoutMs: number): Promise<boolean> => {
    if (reached(names, position)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const finish = (outcome: boolean): void => {
        waiters.delete(check);
        clearTimeout(timer);
        resolve(outcome);
      };
      const check = (): void => {
        if (reached(names, position)) finish(true);
      };
      const timer = setTimeout(() => finish(false), Math.max(0, timeoutMs));
      waiters.add(check);
      if (!polling) void poll();
    });
  };

  const wait = async (names: readonly string[], position: Position, timeoutMs: number): Promise<WaitOutcome> => {
    const deadline = Date.now() + timeoutMs;
    const outcome = await primary.wait(names, position, timeoutMs);
    if (!outcome.reached) return outcome;
    return (await onReplica(names, position, deadline - Date.now())) ? { reached: true } : { reached: false, stopped: null };
  };

  return {
    ...primary,
    wait,
    waitFor: async (names, position, timeoutMs) => (await wait(names, position, timeoutMs)).reached,
  };
}
