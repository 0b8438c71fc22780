import { z } from 'zod';
import { textSchema } from '../../domain/shared/text.ts';
import { logoutRoute } from '../accounts/logout.ts';
import { replacePassword } from '../accounts/password.ts';
import { passwordSchema } from '../../domain/accounts/credentials.ts';
import type { Accounts } from '../../infra/accounts/accounts.ts';
import type { RateLimiter } from '../../infra/accounts/rate-limit.ts';
import type { Sessions } from '../../infra/accounts/sessions.ts';
import type { KnownDevices, SignInThrottle } from '../../infra/accounts/sign-in-throttle.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { SESSION_TERMS, type SessionCookies, unauthenticated } from '../../infra/http/auth.ts';
import { forbidden, HttpError } from '../../infra/http/errors.ts';
import type { DatabasePool } from 'slonik';
import { limitByAddress, signInGuard } from '../accounts/limits.ts';
import type { CommandHandler } from '../shared/handle-command.ts';
import { clubUserOf, clubUserSchema } from '../../domain/club/user.ts';
import { recordPasswordChanged } from './user.ts';

export type ClubAuthDeps = {
  readonly pool: DatabasePool;
  readonly accounts: Accounts;
  readonly sessions: Sessions;
  readonly rateLimiter: RateLimiter;
  readonly signInThrottle: SignInThrottle;
  readonly knownDevices: KnownDevices;
  /** COOKIE_SECURE, for the known-device cookie */
  readonly cookieSecure: boolean;
  readonly commands: CommandHandler;
  readonly cookies: SessionCookies;
  readonly now: () => Date;
};

const okSchema = z.object({ ok: z.literal(true) });

// one answer for an unknown name and a wrong password, so logins cannot be probed
const invalidCredentials = (): HttpError => new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong username or password');

/** Login, logout and the password change of club accounts. There is no signup and no reset. */
export function clubAuthRoutes(app: HttpApp, deps: ClubAuthDeps): void {
  const { accounts, sessions, cookies } = deps;
  const guard = signInGuard({ ...deps, secure: deps.cookieSecure }, 'club');

  app.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'logIn',
        summary: 'Log in; sets the session cookie',
        description: `At most 10 failed sign-ins per client address in 15 minutes; an account locks for a while after 5 failures in a row. ${SESSION_TERMS}`,
        // any string may be tried: a malformed name is just an unknown one
        body: z.object({ username: textSchema.max(200), password: z.string().max(200) }),
        response: { 200: clubUserSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim().toLowerCase();
      const account = await guard.check(request, reply, username, () => accounts.verify('club', username, request.body.password));
      if (!account) throw invalidCredentials();
      // logging in again on a device replaces its session rather than leaving the old row behind
      const previous = cookies.tokenOf(request);
      if (previous) await sessions.end(previous);
      const { token, expiresAt } = await sessions.start(account.id);
      cookies.set(reply, token, expiresAt);
      return clubUserOf(account);
    },
  );

  logoutRoute(app, { cookies, sessions });

  app.post(
    '/api/auth/password',
    {
      schema: {
        operationId: 'changePassword',
        summary: "Change one's own password; every other session of the account ends",
        description: 'Only for accounts whose canChangePassword is on. At most 10 attempts per client address in 15 minutes.',
        body: z.object({ currentPassword: z.string().max(200), newPassword: passwordSchema }),
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
      onRequest: cookies.requireUser,
      // the permission comes before the body and the allowance: a login without it learns nothing more
      preValidation: async (request) => {
        const account = await accounts.find(request.userId);
        if (!account) throw unauthenticated();
        if (!account.canChangePassword) {
          throw forbidden('PASSWORD_CHANGE_NOT_ALLOWED', 'This account may not change its own password; ask a club admin');
        }
      },
      preHandler: limitByAddress(deps.rateLimiter, 'club', 'passwordChange'),
    },
    async (request) => {
      const { userId } = request;
      if (!(await accounts.checkPassword(userId, request.body.currentPassword))) throw invalidCredentials();
      await replacePassword({ pool: deps.pool, accounts, sessions }, userId, request.body.newPassword, request.sessionToken);
      await recordPasswordChanged(deps.commands, userId, deps.now(), { userId, correlationId: request.id });
      return { ok: true as const };
    },
  );
}
