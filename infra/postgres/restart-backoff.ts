// How long the embedded server's supervisor waits before each attempt to start the server again.

export type RestartPolicy = {
  /** the wait before the first attempt; each failed attempt doubles it */
  readonly firstMs: number;
  readonly maxMs: number;
  /** a server that stayed up this long went away for a new reason: the count starts over */
  readonly healthyMs: number;
};

/**
 * The first attempt waits long enough for the dead postmaster's children to notice and leave (a
 * new postmaster is refused while they hold the old shared memory); a server that keeps dying is
 * tried every 30 s at most, never given up on.
 */
export const RESTART_POLICY: RestartPolicy = { firstMs: 500, maxMs: 30_000, healthyMs: 60_000 };

export type RestartBackoff = {
  /** the server is gone (or an attempt failed) at `now`: the next attempt's number and the wait before it */
  next(now: number): { readonly attempt: number; readonly backoffMs: number };
  /** the server answers from `now` on */
  up(now: number): void;
};

export function createRestartBackoff(policy: RestartPolicy, startedAt: number): RestartBackoff {
  let attempt = 0;
  let upSince: number | null = startedAt;
  return {
    next(now) {
      if (upSince !== null && now - upSince >= policy.healthyMs) attempt = 0;
      upSince = null;
      attempt += 1;
      // the exponent is capped so that a server down for days does not overflow to Infinity
      return { attempt, backoffMs: Math.min(policy.maxMs, policy.firstMs * 2 ** Math.min(attempt - 1, 30)) };
    },
    up(now) {
      upSince = now;
    },
  };
}
