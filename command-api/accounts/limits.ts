import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceName } from '../../infra/accounts/accounts.ts';
import type { Allowance, RateLimiter } from '../../infra/accounts/rate-limit.ts';
import { accountKey, deviceKey, type KnownDevices, type SignInThrottle } from '../../infra/accounts/sign-in-throttle.ts';
import { tooManyRequests } from '../../infra/http/errors.ts';

const MINUTE = 60_000;

/**
 * Attempts per client address on the routes that check a password or send mail, in the range
 * mature sign-in services use: generous for a person who mistypes, slow for a guesser. Sign-ins
 * count failures only (see signInGuard); the others count every attempt.
 */
export const ALLOWANCES = {
  login: { limit: 10, windowMs: 15 * MINUTE },
  signup: { limit: 10, windowMs: 60 * MINUTE },
  passwordChange: { limit: 10, windowMs: 15 * MINUTE },
  accountDeletion: { limit: 10, windowMs: 15 * MINUTE },
  recoveryRequest: { limit: 10, windowMs: 60 * MINUTE },
  recoveryReset: { limit: 20, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Allowance>;

export type AllowanceName = keyof typeof ALLOWANCES;

/** A preHandler counting one attempt of `name` for the caller's address (X-Real-IP). */
export function limitByAddress(limiter: RateLimiter, service: string, name: AllowanceName) {
  return async (request: FastifyRequest): Promise<void> => {
    const { allowed, retryAfterMs } = await limiter.hit(`${service}:${name}:${request.clientIp}`, ALLOWANCES[name]);
    if (!allowed) throw tooManyRequests(retryAfterMs / 1000, 'Too many attempts from this address; try again later');
  };
}

/** The device cookie lives a year and is sent to the login route only. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const LOGIN_PATH = '/api/auth/login';

export type SignInGuardDeps = {
  readonly rateLimiter: RateLimiter;
  readonly signInThrottle: SignInThrottle;
  readonly knownDevices: KnownDevices;
  /** COOKIE_SECURE */
  readonly secure: boolean;
};

export type SignInGuard = {
  /**
   * Runs `verify` (the password check) under the sign-in limits and answers what it found:
   * - per address, 10 failures in 15 minutes (a success gives its attempt back, so a club hall
   *   behind one address signs in as often as it likes, and a guesser's own good login does not
   *   wipe the failures it made on other accounts);
   * - per account, or per device that signed in to this account before (its cookie), the growing
   *   lock of domain/accounts/sign-in-throttle.ts; unknown logins are counted alike, so the lock
   *   says nothing about which accounts exist, and a known device is not locked out by a guesser.
   * Over either limit: 429 RATE_LIMITED with Retry-After, before the password is looked at.
   */
  check<T>(request: FastifyRequest, reply: FastifyReply, login: string, verify: () => Promise<T | null>): Promise<T | null>;
};

export function signInGuard(deps: SignInGuardDeps, service: ServiceName): SignInGuard {
  const cookieName = `${service}_device`;
  return {
    async check(request, reply, login, verify) {
      const addressKey = `${service}:login:${request.clientIp}`;
      const address = await deps.rateLimiter.hit(addressKey, ALLOWANCES.login);
      if (!address.allowed) throw tooManyRequests(address.retryAfterMs / 1000, 'Too many attempts from this address; try again later');

      const token = request.cookies[cookieName];
      const deviceId = token ? deps.knownDevices.verify(service, login, token) : null;
      const key = deviceId ? deviceKey(service, deviceId) : accountKey(service, login);
      const attempt = await deps.signInThrottle.attempt(key);
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterMs / 1000,
          'Too many failed sign-ins to this account; try again later, or from a device that signed in to it before',
        );
      }

      const found = await verify();
      if (found === null) return null;
      await Promise.all([deps.rateLimiter.refund(addressKey, address.windowStartedAt), deps.signInThrottle.succeeded(key)]);
      if (!deviceId) {
        reply.setCookie(cookieName, deps.knownDevices.issue(service, login), {
          path: LOGIN_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: deps.secure,
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
      }
      return found;
    },
  };
}
