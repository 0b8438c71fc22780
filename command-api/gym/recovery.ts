import { randomInt } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { emailSchema, passwordSchema, refusePasswordFromLogin } from '../../domain/accounts/credentials.ts';
import {
  codeExpiresAt,
  decideSend,
  newCode,
  normalizeCode,
  RECOVERY_FAILED,
  recoveryMail,
  TRIES_PER_CODE,
} from '../../domain/accounts/recovery.ts';
import { revealsRecoveryCodes } from '../../infra/config.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { SESSION_TERMS, type SessionCookies } from '../../infra/http/auth.ts';
import { HttpError } from '../../infra/http/errors.ts';
import type { Core } from '../shared/core.ts';
import { limitByAddress } from '../accounts/limits.ts';

const forgotBody = z.object({ email: emailSchema });
const resetBody = z.object({ email: emailSchema, code: z.string().max(100), newPassword: passwordSchema }).superRefine(refusePasswordFromLogin('email', 'newPassword'));
const okSchema = z.object({ ok: z.literal(true) });
const forgotAnswer = z.object({ ok: z.literal(true), devCode: z.string().optional() });

const windowRow = z.object({ window_started_at: z.string(), sent_in_window: z.number() });
const spentRow = z.object({ code_hash: z.string(), tries: z.number() });
const claimedRow = z.object({ user_id: z.string() });

const recoveryFailed = (): HttpError => new HttpError(400, RECOVERY_FAILED.code, RECOVERY_FAILED.message);

/** POST /api/auth/forgot and POST /api/auth/reset: password recovery by an emailed code. */
export function gymRecoveryRoutes(app: HttpApp, deps: { readonly core: Core; readonly cookies: SessionCookies }): void {
  const { core, cookies } = deps;
  const pool = core.db.slonik;
  const revealCode = revealsRecoveryCodes(core.config);

  app.post(
    '/api/auth/forgot',
    {
      schema: {
        operationId: 'requestResetCode',
        summary: 'Mail a 6-digit code that lets the account choose a new password',
        description:
          'Always answers {ok: true}, whether or not the account exists or a mail went out; at most 3 codes per account per hour. ' +
          'Only when NODE_ENV is development or test does the answer also carry devCode (unset means production).',
        body: forgotBody,
        response: { 200: forgotAnswer, 400: errorBodySchema, 429: errorBodySchema },
      },
      preHandler: limitByAddress(core.rateLimiter, 'gym', 'recoveryRequest'),
    },
    async (request) => {
      const code = newCode(randomInt);
      // hashed before the lookup, so an unknown address costs the same time as a known one
      const codeHash = await core.hashing.hash(code);
      const account = await core.accounts.findByLogin('gym', request.body.email);
      const userId = account?.id ?? '';
      const now = core.now();
      // An unknown address runs the same statements on a row that cannot exist, so the database work
      // does not tell it apart either. The row is locked, so parallel requests count one by one.
      const decision = await pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`
          INSERT INTO auth.recovery_codes (user_id, code_hash, expires_at, tries, window_started_at, sent_in_window)
          SELECT id, NULL, NULL, 0, ${now.toISOString()}, 0 FROM auth.users WHERE id = ${userId}
          ON CONFLICT (user_id) DO NOTHING`);
        const row = await tx.maybeOne(sql.type(windowRow)`
          SELECT window_started_at, sent_in_window FROM auth.recovery_codes WHERE user_id = ${userId} FOR UPDATE`);
        const decided = decideSend(
          row && row.sent_in_window > 0 ? { startedAt: new Date(row.window_started_at), sent: row.sent_in_window } : null,
          now,
        );
        if (decided.send) {
          await tx.query(sql.unsafe`
            UPDATE auth.recovery_codes
            SET code_hash = ${codeHash}, expires_at = ${codeExpiresAt(now).toISOString()}, tries = 0,
                window_started_at = ${decided.window.startedAt.toISOString()}, sent_in_window = ${decided.window.sent}
            WHERE user_id = ${userId}`);
        }
        return decided;
      });
      if (account && decision.send) {
        // not awaited: a slow or failing provider must neither delay nor change the answer
        core.mailer.send({ to: account.login, ...recoveryMail(code) }).catch((error: unknown) => {
          request.log.error({ err: error, userId: account.id }, 'recovery mail not sent');
        });
      }
      // In a development or test run devCode is the code drawn for this request, present in every
      // answer so the shape never tells whether the account exists; it works only when it was stored
      // and mailed (a known account within its hourly allowance).
      return revealCode ? { ok: true as const, devCode: code } : { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset',
    {
      schema: {
        operationId: 'resetPassword',
        summary: 'Choose a new password with a mailed code; ends every login at once and signs this device in',
        description: `Non-digits in code are ignored. Any failure answers 400 ${RECOVERY_FAILED.code}. ${SESSION_TERMS}`,
        body: resetBody,
        response: { 200: okSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      preHandler: limitByAddress(core.rateLimiter, 'gym', 'recoveryReset'),
    },
    async (request, reply) => {
      const { email, newPassword } = request.body;
      const code = normalizeCode(request.body.code);
      const account = await core.accounts.findByLogin('gym', email);
      // an unknown address takes the no-code path below on a row that cannot exist, dummy hash check included
      const userId = account?.id ?? '';
      const now = core.now().toISOString();
      // the try is spent before the check, in one statement, so parallel guesses cost one each
      const spent = await pool.maybeOne(sql.type(spentRow)`
        UPDATE auth.recovery_codes SET tries = tries + 1
        WHERE user_id = ${userId} AND code_hash IS NOT NULL AND expires_at > ${now} AND tries < ${TRIES_PER_CODE}
        RETURNING code_hash, tries`);
      if (!account || !spent) {
        // an expired code (or one a crash left past its tries) is deleted
        await pool.query(sql.unsafe`
          UPDATE auth.recovery_codes SET code_hash = NULL, expires_at = NULL
          WHERE user_id = ${userId} AND code_hash IS NOT NULL AND (expires_at <= ${now} OR tries >= ${TRIES_PER_CODE})`);
        // the same hash check as when a code exists, so the answer's timing tells nothing
        await core.hashing.verify(await core.hashing.dummy(), code);
        throw recoveryFailed();
      }
      if (!(await core.hashing.verify(spent.code_hash, code))) {
        if (spent.tries >= TRIES_PER_CODE) {
          // only this code: a newer one mailed meanwhile keeps its own tries
          await pool.query(sql.unsafe`
            UPDATE auth.recovery_codes SET code_hash = NULL, expires_at = NULL
            WHERE user_id = ${userId} AND code_hash = ${spent.code_hash}`);
        }
        throw recoveryFailed();
      }
      await pool.transaction(async (tx) => {
        // the new password is hashed first, before this transaction writes anything: a write
        // transaction held open through the slow hash would hold back every event subscriber
        await core.accounts.setPassword(account.id, newPassword, tx);
        // single use: only the request that clears this code owns the reset; another one rolls back
        const claimed = await tx.maybeOne(sql.type(claimedRow)`
          UPDATE auth.recovery_codes SET code_hash = NULL, expires_at = NULL
          WHERE user_id = ${account.id} AND code_hash = ${spent.code_hash}
          RETURNING user_id`);
        if (!claimed) throw recoveryFailed();
        await core.sessions.gym.endAllOf(account.id, undefined, tx);
      });
      const session = await core.sessions.gym.start(account.id);
      cookies.set(reply, session.token, session.expiresAt);
      return { ok: true as const };
    },
  );
}
