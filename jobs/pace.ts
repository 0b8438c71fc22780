// A background job's pace: its items start at most `perSecond` a second, however many workers take
// them, so a burst of work (the noon notifications) leaves the machine to the people using it.
// Turns come in windows of a tenth of a second, each window's together: items started together
// share their commits (the log's appends are group-committed), where items started evenly apart
// each paid a commit and a WAL flush of their own (bench:day: 1.7 times the CPU for the same job).
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

export const WINDOW_MS = 100;

/**
 * A turn for each item: resolves at the start of a window with a turn left (about WINDOW_MS long,
 * holding perSecond / 10 turns, at least one; one that starts after an idle gap starts at once, so no
 * burst is saved up), or false when `signal` aborted meanwhile. Each call takes its turn at once,
 * so concurrent workers share windows as they fill. Null: no pace.
 */
export function pacer(perSecond: number | null, clock: PaceClock = realClock): (signal?: AbortSignal) => Promise<boolean> {
  if (perSecond === null) return async (signal) => !signal?.aborted;
  const perWindow = Math.max(1, Math.round((perSecond * WINDOW_MS) / 1000));
  // a window's turns at exactly the pace: a tenth of a second, or longer when it holds a single turn
  const windowMs = (1000 * perWindow) / perSecond;
  let windowStart = Number.NEGATIVE_INFINITY;
  let taken = 0;
  return async (signal) => {
    const now = clock.now();
    if (windowStart + windowMs <= now) {
      windowStart = now;
      taken = 0;
    } else if (taken >= perWindow) {
      windowStart += windowMs;
      taken = 0;
    }
    taken++;
    if (windowStart > now) await clock.sleep(windowStart - now, signal);
    return !signal?.aborted;
  };
}
