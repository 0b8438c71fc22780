const MINUTE = 60_000;

/** Failed sign-ins to one account (or one known device) that go unpunished. */
export const FREE_FAILURES = 5;
/** The lock after the FREE_FAILURES-th failure; each further failure doubles it, up to LOCK_MAX_MS. */
export const LOCK_BASE_MS = MINUTE;
export const LOCK_MAX_MS = 15 * MINUTE;
/** A count whose last failure is this old starts again from zero: last month's typos do not lock today. */
export const FAILURE_MEMORY_MS = 24 * 60 * MINUTE;

/**
 * How long an account is locked after its `failures`-th failure in a row: none for the first four,
 * then 1, 2, 4, 8, 15, 15… minutes. With the lock capped, a guesser gets about four tries an hour
 * per account (ASVS 2.2.1 asks for fewer than 100), while the owner waits at most 15 minutes.
 */
export function lockAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  // the exponent is capped too, so a count in the thousands stays a finite number
  const doublings = Math.min(failures - FREE_FAILURES, 10);
  return Math.min(LOCK_MAX_MS, LOCK_BASE_MS * 2 ** doublings);
}
