// A background job's pace: its items start at most `perSecond` a second, however many workers take
// them, so a burst of work (the noon notifications) leaves the machine to the people using it.
import { setTimeout as sleep } from 'node:timers/promises';

export type PaceClock = {
  now(): number;
  /** resolves after `ms`, or at once when `signal` aborts */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
};

export const realClock: PaceClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined),
};

/**
 * A turn for each item: resolves at the item's start, the last one's plus 1000 / perSecond ms (at
 * once when that has passed: no burst is saved up while idle), or false when `signal` aborted
 * meanwhile. Each call takes its start at once, so concurrent workers get starts apart. Null: no pace.
 */
export function pacer(perSecond: number | null, clock: PaceClock = realClock): (signal?: AbortSignal) => Promise<boolean> {
  const gapMs = perSecond === null ? 0 : 1000 / perSecond;
  let nextStart = Number.NEGATIVE_INFINITY;
  return async (signal) => {
    if (gapMs > 0) {
      const now = clock.now();
      const start = Math.max(now, nextStart);
      nextStart = start + gapMs;
      if (start > now) await clock.sleep(start - now, signal);
    }
    return !signal?.aborted;
  };
}
