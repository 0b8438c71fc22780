import { type CommonQueryMethods, sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

export type Allowance = { readonly limit: number; readonly windowMs: number };

export type RateLimiter = {
  /** counts one attempt under `key`; `retryAfterMs` > 0 when the allowance is used up */
  hit(key: string, allowance: Allowance): Promise<{ allowed: boolean; retryAfterMs: number; windowStartedAt: string }>;
  /**
   * takes back one attempt of the window that `hit` answered, so that allowance counts failures only;
   * a window that has restarted since is left alone
   */
  refund(key: string, windowStartedAt: string): Promise<void>;
  /** drops counters whose window ended longer ago than any allowance lasts */
  sweep(olderThanMs: number): Promise<void>;
};

/** A counter kept per user: its key ends with the user's id, so an erasure can find it (`forgetUserLimits`). */
export const userLimitKey = (scope: string, userId: string): string => `${scope}:${userId}`;

/** Erasure: the user's own counters go with them (their keys name the user). */
export async function forgetUserLimits(db: CommonQueryMethods, userId: string): Promise<void> {
  await db.query(sql.unsafe`DELETE FROM auth.rate_limits WHERE right(key, ${userId.length + 1}) = ${`:${userId}`}`);
}

const hitRow = z.object({ hits: z.number(), window_started_at: z.string() });

/**
 * A fixed window per key in a plain table: one atomic upsert per attempt, so every process
 * behind the proxy shares the count. A window that ended restarts when its key is met again; the
 * rest are swept on an interval.
 */
export function createRateLimiter(deps: { readonly pool: DatabasePool; readonly now: () => Date }): RateLimiter {
  return {
    async hit(key, allowance) {
      const now = deps.now();
      const windowStart = new Date(now.getTime() - allowance.windowMs).toISOString();
      const row = await deps.pool.one(sql.type(hitRow)`
        INSERT INTO auth.rate_limits AS r (key, window_started_at, hits) VALUES (${key}, ${now.toISOString()}, 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_started_at <= ${windowStart} THEN 1 ELSE r.hits + 1 END,
          window_started_at = CASE WHEN r.window_started_at <= ${windowStart} THEN ${now.toISOString()}::timestamptz ELSE r.window_started_at END
        RETURNING hits, window_started_at`);
      const allowed = row.hits <= allowance.limit;
      const retryAfterMs = allowed ? 0 : Date.parse(row.window_started_at) + allowance.windowMs - now.getTime();
      return { allowed, retryAfterMs: Math.max(0, retryAfterMs), windowStartedAt: row.window_started_at };
    },
    async refund(key, windowStartedAt) {
      await deps.pool.query(sql.unsafe`
        UPDATE auth.rate_limits SET hits = hits - 1 WHERE key = ${key} AND window_started_at = ${windowStartedAt} AND hits > 0`);
    },
    async sweep(olderThanMs) {
      const cutoff = new Date(deps.now().getTime() - olderThanMs).toISOString();
      await deps.pool.query(sql.unsafe`DELETE FROM auth.rate_limits WHERE window_started_at < ${cutoff}`);
    },
  };
}
