/** How a failing projector retries: the first pause, doubled each time up to the cap. */
export type RetryPolicy = { readonly firstMs: number; readonly maxMs: number };

/**
 * After an event the projector cannot apply (or a failure that blames nothing and is no outage):
 * new code or an operator's park record is what ends it, so retrying often buys nothing.
 */
export const DEFAULT_RETRY: RetryPolicy = { firstMs: 1000, maxMs: 60_000 };

/**
 * After the database could not be reached: an outage ends by itself, and reads that wait for the
 * projection answer NOT_READY until the projector is back, so it looks again every few seconds at
 * most. An attempt against a database that is away is one refused or timed-out connection.
 */
export const DEFAULT_OUTAGE_RETRY: RetryPolicy = { firstMs: 250, maxMs: 2000 };

/** The pause before retry number `attempt` (1 for the first). */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** Math.min(Math.max(attempt, 1) - 1, 30));
}
