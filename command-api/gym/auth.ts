import { createHash, timingSafeEqual } from 'node:crypto';
import { logoutRoute } from '../accounts/logout.ts';
import { replacePassword } from '../accounts/password.ts';
import { z } from 'zod';
import { emailSchema, passwordSchema, refusePasswordFromLogin } from '../../domain/accounts/credentials.ts';
import { gymUserSchema, settingsPatchSchema } from '../../domain/gym/user.ts';
import { LoginTakenError } from '../../infra/accounts/accounts.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { SESSION_TERMS } from '../../infra/http/auth.ts';
import { conflict, forbidden, HttpError } from '../../infra/http/errors.ts';
import { readGymUser } from '../../projections/gym/users/read-gym-user.ts';
import { limitByAddress, signInGuard } from '../accounts/limits.ts';
import type { GymCommandDeps } from './route-deps.ts';
import { userCommand } from './streams.ts';


/** One answer for an unknown email and a wrong password, so neither tells which accounts exist. */
export const invalidCredentials = (): HttpError => new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong email or password');

/** Compares digests, so neither the content nor the length of the code leaks through timing. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const ok = z.object({ ok: z.literal(true) });

/** Signup, login, logout and the password change of the gym service. */
export function gymAuthRoutes(app: HttpApp, { core, cookies, runner }: GymCommandDeps): void {
  const inviteCode = core.config.INVITE_CODE;
  const guard = signInGuard({ ...core, secure: core.config.COOKIE_SECURE }, 'gym');

  app.post(
    '/api/auth/signup',
    {
      onRequest: limitByAddress(core.rateLimiter, 'gym', 'signup'),
      schema: {
        operationId: 'signUp',
        summary: 'Create an account and start a session',
        description: SESSION_TERMS,
        body: z
          .object({
            email: emailSchema,
            password: passwordSchema,
            inviteCode: z.string().max(200).optional(),
            // what the device already says (its light or dark), so a new account starts as the phone looks
            settings: settingsPatchSchema.optional(),
          })
          .superRefine(refusePasswordFromLogin('email', 'password')),
        response: { 201: gymUserSchema, 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password, settings } = request.body;
      if (inviteCode !== undefined && !sameSecret(request.body.inviteCode ?? '', inviteCode)) {
        throw forbidden('INVITE_REQUIRED', 'Signup needs a valid invite code');
      }
      let account;
      try {
        account = await core.accounts.create('gym', email, password, { canChangePassword: true });
      } catch (error) {
        if (error instanceof LoginTakenError) throw conflict('EMAIL_TAKEN', 'An account with that email exists');
        throw error;
      }
      let created;
      try {
        created = await runner.append(request, userCommand(account.id, { type: 'create-account', email, now: core.now().toISOString(), ...(settings ? { settings } : {}) }));
      } catch (error) {
        // without its event the account would be a login with no user: take it back so signup can be retried
        await core.accounts.remove(account.id).catch(() => undefined);
        throw error;
      }
      // past here the account exists: a 503 only means that logging in works a moment later
      await runner.awaitDecided(created.position);
      const session = await core.sessions.gym.start(account.id);
      cookies.set(reply, session.token, session.expiresAt);
      return reply.code(201).send(await readGymUser(core.db.slonik, account.id));
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'logIn',
        summary: 'Check the password and start a session; answers what GET /me answers',
        description: `At most 10 failed sign-ins per client address in 15 minutes; an account locks for a while after 5 failures in a row. ${SESSION_TERMS}`,
        body: z.object({ email: emailSchema, password: z.string().max(200) }),
        response: { 200: gymUserSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const account = await guard.check(request, reply, email, () => core.accounts.verify('gym', email, password));
      if (!account) throw invalidCredentials();
      const user = await readGymUser(core.db.slonik, account.id);
      const session = await core.sessions.gym.start(account.id);
      cookies.set(reply, session.token, session.expiresAt);
      return user;
    },
  );

  logoutRoute(app, { cookies, sessions: core.sessions.gym });

  app.post(
    '/api/auth/password',
    {
      onRequest: [limitByAddress(core.rateLimiter, 'gym', 'passwordChange'), cookies.requireUser],
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password; every other session of the user ends',
        body: z.object({ currentPassword: z.string().max(200), newPassword: passwordSchema }),
        response: { 200: ok, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const { userId } = request;
      if (!(await core.accounts.checkPassword(userId, request.body.currentPassword))) throw invalidCredentials();
      await replacePassword({ pool: core.db.slonik, accounts: core.accounts, sessions: core.sessions.gym }, userId, request.body.newPassword, request.sessionToken);
      await runner.run(request, userCommand(userId, { type: 'record-password-change', now: core.now().toISOString() }));
      return { ok: true as const };
    },
  );
}
