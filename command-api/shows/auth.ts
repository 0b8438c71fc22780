import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { logoutRoute } from '../accounts/logout.ts';
import { replacePassword } from '../accounts/password.ts';
import { emailSchema, passwordSchema, refusePasswordFromLogin, usernameSchema } from '../../domain/accounts/credentials.ts';
import { decideUser, type UserCommand } from '../../domain/shows/decide.ts';
import { type User, userAggregate, userSchema, type UserState, userStream, userView } from '../../domain/shows/user.ts';
import { fold } from '../../domain/shared/aggregate.ts';
import { LoginTakenError } from '../../infra/accounts/accounts.ts';
import { comparePositions, type Position } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { SESSION_TERMS, type SessionCookies, unauthenticated } from '../../infra/http/auth.ts';
import { conflict, HttpError, serviceUnavailable } from '../../infra/http/errors.ts';
import type { Core } from '../shared/core.ts';
import { readUser } from '../../projections/shows/users/read-user.ts';
import { limitByAddress, signInGuard } from '../accounts/limits.ts';
import type { CommandContext, CommandResult } from '../shared/handle-command.ts';
import type { CommandRunner } from '../shared/command-runner.ts';
import { claimUsername, releaseUsername } from './usernames.ts';

const SERVICE = 'shows';

const invalidCredentials = (): HttpError => new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong email or password');

const credentialsBody = z.object({ email: emailSchema, password: passwordSchema }).superRefine(refusePasswordFromLogin('email', 'password'));
// no length rule beyond the hashing bound on sign-in: a rule there would only tell a guesser what to skip
const loginBody = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
const changePasswordBody = z.object({ currentPassword: z.string().max(200), newPassword: passwordSchema });
export const preferencesBody = z
  .strictObject({
    username: usernameSchema.nullable().optional(),
    publicProfile: z.boolean().optional(),
    emailNotifications: z.boolean().optional(),
    pushNotifications: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'at least one of username, publicProfile, emailNotifications, pushNotifications',
  });

const okSchema = z.object({ ok: z.literal(true) });

function later(a: Position | null, b: Position | null): Position | null {
  if (!a) return b;
  if (!b) return a;
  return comparePositions(a, b) >= 0 ? a : b;
}

/** The shows accounts: sign-up, sign-in, sign-out, password change, preferences (spec 001). */
export function showsAuthRoutes(app: HttpApp, deps: { readonly core: Core; readonly cookies: SessionCookies; readonly runner: CommandRunner }): void {
  const { core, cookies, runner } = deps;
  const guard = signInGuard({ ...core, secure: core.config.COOKIE_SECURE }, SERVICE);

  /** on the user's own stream, acting as that user (who is not signed in yet while the account is created) */
  const runUserCommand = (request: FastifyRequest, userId: string, command: UserCommand, observe?: (state: UserState) => void) =>
    runner.append(request, {
      stream: userStream(userId),
      aggregate: userAggregate,
      decide: (state) => {
        observe?.(state);
        return decideUser(command, state);
      },
      actingAs: userId,
    });

  const viewOf = (userId: string, state: UserState): User => {
    const user = userView(userId, state);
    if (!user) throw unauthenticated();
    return user;
  };

  app.post(
    '/api/auth/signup',
    {
      preHandler: limitByAddress(core.rateLimiter, SERVICE, 'signup'),
      schema: {
        operationId: 'signUp',
        summary: 'Create an account and sign in',
        description: SESSION_TERMS,
        body: credentialsBody,
        response: { 201: userSchema, 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      let account;
      try {
        account = await core.accounts.create(SERVICE, email, password, { canChangePassword: true });
      } catch (error) {
        if (error instanceof LoginTakenError) throw conflict('EMAIL_TAKEN', 'An account with that email exists');
        throw error;
      }
      let result: CommandResult<UserState>;
      try {
        result = await runUserCommand(request, account.id, { type: 'create-account', email, now: core.now().toISOString() });
      } catch (error) {
        // credentials without the account's events would block the email for good
        await core.accounts.remove(account.id);
        throw error;
      }
      const session = await core.sessions.shows.start(account.id);
      cookies.set(reply, session.token, session.expiresAt);
      await runner.awaitDecided(result.position);
      reply.code(201);
      return viewOf(account.id, result.state);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'logIn',
        summary: 'Sign in: sets the sid cookie',
        description: `At most 10 failed sign-ins per client address in 15 minutes; an account locks for a while after 5 failures in a row. ${SESSION_TERMS}`,
        body: loginBody,
        response: { 200: userSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const account = await guard.check(request, reply, email, () => core.accounts.verify(SERVICE, email, password));
      if (!account) throw invalidCredentials();
      const user = await readUser(core.db.slonik, account.id);
      if (!user) throw serviceUnavailable(1, 'The account is still being set up; try again shortly');
      const session = await core.sessions.shows.start(account.id);
      cookies.set(reply, session.token, session.expiresAt);
      return user;
    },
  );

  logoutRoute(app, { cookies, sessions: core.sessions.shows });

  app.post(
    '/api/auth/change-password',
    {
      onRequest: cookies.requireUser,
      preHandler: limitByAddress(core.rateLimiter, SERVICE, 'passwordChange'),
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password; every other session of the user ends',
        body: changePasswordBody,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const { userId } = request;
      if (!(await core.accounts.checkPassword(userId, request.body.currentPassword))) throw invalidCredentials();
      await replacePassword({ pool: core.db.slonik, accounts: core.accounts, sessions: core.sessions.shows }, userId, request.body.newPassword, request.sessionToken);
      const result = await runUserCommand(request, userId, { type: 'change-password', now: core.now().toISOString() });
      await runner.awaitDecided(result.position);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/auth/preferences',
    {
      onRequest: cookies.requireUser,
      schema: {
        operationId: 'updatePreferences',
        summary: 'Change the username, the public-profile toggle, the email and push switches',
        description: 'Usernames are unique without regard to case; null clears it. A public profile needs a username.',
        body: preferencesBody,
        response: { 200: userSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const { userId } = request;
      const body = request.body;
      const command: UserCommand = { type: 'change-preferences', ...body };
      const context: CommandContext = { userId, correlationId: request.id };
      const now = core.now().toISOString();

      // decided once up front so that a refused change never claims a name
      const before = fold(userAggregate, await core.store.readStream(userStream(userId)));
      try {
        decideUser(command, before);
      } catch (error) {
        throw runner.refusal(error);
      }
      const wanted = body.username;
      const claims = typeof wanted === 'string' && before.status === 'active' && before.username !== wanted;
      const claimed = claims ? await claimUsername(core.commands, { name: wanted, userId, now, context }) : null;

      const seen: { previous: string | null } = { previous: null };
      let result: CommandResult<UserState>;
      try {
        // the name to let go is the one the appended decision replaced, which a concurrent change may have moved
        result = await runUserCommand(request, userId, command, (state) => {
          seen.previous = state.status === 'active' ? state.username : null;
        });
      } catch (error) {
        if (claimed && typeof wanted === 'string') await releaseUsername(core.commands, { name: wanted, userId, now, context });
        throw error;
      }
      const after = result.state.status === 'active' ? result.state.username : null;
      let released: Position | null = null;
      if (result.position && seen.previous !== null && seen.previous !== after) {
        released = await releaseUsername(core.commands, { name: seen.previous, userId, now, context });
      }
      await runner.awaitDecided(later(later(claimed, result.position), released));
      return viewOf(userId, result.state);
    },
  );
}
