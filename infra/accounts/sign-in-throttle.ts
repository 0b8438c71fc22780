import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { FAILURE_MEMORY_MS, FREE_FAILURES, lockAfter } from '../../domain/accounts/sign-in-throttle.ts';
import type { Migration } from '../postgres/migrations.ts';

/** Its own component, so it never competes with the steps of `auth` for a step number. */
export const signInThrottleMigration: Migration = {
  component: 'auth-sign-in',
  steps: [
    `CREATE TABLE auth.sign_in_failures (
       key text PRIMARY KEY,
       failures integer NOT NULL,
       last_failure_at timestamptz NOT NULL,
       locked_until timestamptz NOT NULL
     );`,
  ],
};

/** The count of failed sign-ins to one login of a service, known or not. */
export const accountKey = (service: string, login: string): string => `${service}:account:${login}`;
/** The count of a device that signed in to an account before (its id is random: no personal data). */
export const deviceKey = (service: string, deviceId: string): string => `${service}:device:${deviceId}`;

export type SignInThrottle = {
  /**
   * Claims one sign-in attempt under `key`: refused while the key is locked; otherwise counted as a
   * failure at once (so parallel guesses cannot all slip under the lock) until `succeeded` clears it.
   */
  attempt(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
  /** the password was right: the key's failures are forgotten */
  succeeded(key: string): Promise<void>;
  /** drops counts that are forgotten anyway and hold no lock */
  sweep(): Promise<void>;
};

// lockAfter(n) for n = 1…, up to the count where it stops growing: the policy stays in one place (domain)
const SCHEDULE_LENGTH = FREE_FAILURES + 12;
const SCHEDULE_MS = Array.from({ length: SCHEDULE_LENGTH }, (_, index) => lockAfter(index + 1));

const countRow = z.object({ failures: z.number() });
const lockRow = z.object({ locked_until: z.string() });

/**
 * Failed sign-ins per key (an account's login, or a known device) in a plain table: one atomic
 * upsert per attempt, so every process shares the count and the lock.
 */
export function createSignInThrottle(deps: { readonly pool: DatabasePool; readonly now: () => Date }): SignInThrottle {
  const { pool } = deps;
  return {
    async attempt(key) {
      const now = deps.now();
      const at = now.toISOString();
      const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
      const next = sql.fragment`CASE WHEN f.last_failure_at <= ${forgetBefore} THEN 1 ELSE f.failures + 1 END`;
      const counted = await pool.maybeOne(sql.type(countRow)`
        INSERT INTO auth.sign_in_failures AS f (key, failures, last_failure_at, locked_until)
        VALUES (${key}, 1, ${at}, ${at}::timestamptz + ${SCHEDULE_MS[0]!} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          failures = ${next},
          last_failure_at = EXCLUDED.last_failure_at,
          locked_until = EXCLUDED.last_failure_at
            + (${sql.array(SCHEDULE_MS, 'int8')})[least(${next}, ${SCHEDULE_LENGTH})] * interval '1 millisecond'
        WHERE f.locked_until <= ${at}
        RETURNING failures`);
      if (counted) return { allowed: true };
      const lock = await pool.maybeOne(sql.type(lockRow)`SELECT locked_until FROM auth.sign_in_failures WHERE key = ${key}`);
      // the lock ended (or a success cleared it) between the two statements: the next try goes through
      const retryAfterMs = lock ? Math.max(1000, Date.parse(lock.locked_until) - now.getTime()) : 1000;
      return { allowed: false, retryAfterMs };
    },
    async succeeded(key) {
      await pool.query(sql.unsafe`DELETE FROM auth.sign_in_failures WHERE key = ${key}`);
    },
    async sweep() {
      const now = deps.now();
      const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
      await pool.query(sql.unsafe`
        DELETE FROM auth.sign_in_failures WHERE last_failure_at <= ${forgetBefore} AND locked_until <= ${now.toISOString()}`);
    },
  };
}

export type KnownDevices = {
  /** a token for a device that just signed in to `login` of `service` */
  issue(service: string, login: string): string;
  /** the device's id when `token` was issued for this login of this service, else null */
  verify(service: string, login: string, token: string): string | null;
};

/**
 * OWASP's device cookies: a device that signed in to an account before carries `id.mac`, an HMAC of
 * (service, login, id) under a key derived from the session secret. Nothing is stored; the id keys
 * the device's own failure count, so a stolen cookie is throttled like an account.
 */
export function createKnownDevices(secret: string): KnownDevices {
  // derived, so a device mac can never be replayed as anything the session secret signs elsewhere
  const key = createHmac('sha256', secret).update('known-device-v1').digest();
  const mac = (service: string, login: string, id: string): Buffer =>
    createHmac('sha256', key).update(`${service}\n${login}\n${id}`).digest();
  return {
    issue(service, login) {
      const id = randomBytes(16).toString('base64url');
      return `${id}.${mac(service, login, id).toString('base64url')}`;
    },
    verify(service, login, token) {
      const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = mac(service, login, match[1]!);
      return given.length === expected.length && timingSafeEqual(given, expected) ? match[1]! : null;
    },
  };
}
