import type { FastifyRequest } from 'fastify';
import type { Allowance, RateLimiter } from '../../infra/accounts/rate-limit.ts';
import { tooManyRequests } from '../../infra/http/errors.ts';

const MINUTE = 60_000;

/**
 * Attempts per client address on the routes that check a password or send mail, in the range
 * mature sign-in services use: generous for a person who mistypes, slow for a guesser.
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
