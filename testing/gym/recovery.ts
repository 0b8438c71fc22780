// Test support for the gym's password recovery tests (command-api/gym/recovery-forgot and
// recovery-reset): the real core on a clock the test moves, a stand-in mail provider, the recovery
// routes on a gym-like app, and the requests and reads both files make. Imported only by tests.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { sql } from 'slonik';
import type { Test } from 'tap';
import { z } from 'zod';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies } from '../../infra/http/auth.ts';
import type { Core } from '../../command-api/shared/core.ts';
import { startTestSystem } from '../harness.ts';
import { postmarkStandIn, type ReceivedMail } from '../stand-ins/postmark.ts';
import { gymRecoveryRoutes } from '../../command-api/gym/recovery.ts';

/** how long a mail may take to reach the stand-in provider */
export const MAIL_WITHIN_MS = 5000;
export const MINUTE = 60_000;
export const OLD_PASSWORD = 'the old password';
export const NEW_PASSWORD = 'a brand new password';
export const FAILED = { statusCode: 400, code: 'RECOVERY_FAILED', error: 'Bad Request', message: 'That code is wrong or has expired. Ask for a new one.' };

/** a code that is certainly not `code` */
export const wrong = (code: string, by = 1): string => String((Number(code) + by) % 1_000_000).padStart(6, '0');

export function sessionCookie(res: { cookies: { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string }[] }) {
  return res.cookies.find((cookie) => cookie.name === 'gym_sid');
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const codeRow = z.object({
  code_hash: z.string().nullable(),
  expires_at: z.string().nullable(),
  tries: z.number(),
  window_started_at: z.string(),
  sent_in_window: z.number(),
});

export async function startRecoveryTest(t: Test) {
  const mail = await postmarkStandIn(t);
  let clock = new Date('2025-03-01T10:00:00.000Z');
  const now = (): Date => clock;
  const advance = (ms: number): void => {
    clock = new Date(clock.getTime() + ms);
  };
  const MAIL_ENV = { MAIL_API_KEY: 'test-token', MAIL_API_URL: mail.url, EMAIL_FROM: 'Gym <gym@example.org>' };
  const system = await startTestSystem(t, MAIL_ENV, { now });
  const { core } = system;

  const logged: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'error' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  );

  async function recoveryApp(t: Test, core: Core): Promise<HttpApp> {
    const app = await createHttpApp({ title: 'gym', logger });
    const cookies = await registerSessionCookies(app, { name: 'gym_sid', secure: true, sessions: core.sessions.gym });
    gymRecoveryRoutes(app, { core, cookies });
    await app.ready();
    t.teardown(() => app.close());
    return app;
  }

  const app = await recoveryApp(t, core);

  // every request from its own address, so the per-address rate limits stay out of the way
  let lastAddress = 0;
  const newAddress = (): string => {
    lastAddress++;
    return `10.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
  };

  let lastAccount = 0;
  async function newAccount(core: Core, name: string) {
    const email = `${name}-${++lastAccount}@example.org`;
    const account = await core.accounts.create('gym', email, OLD_PASSWORD, { canChangePassword: true });
    return { email, id: account.id };
  }

  function forgot(email: string, on: HttpApp = app) {
    return on.inject({ method: 'POST', url: '/api/auth/forgot', headers: { 'x-real-ip': newAddress() }, payload: { email } });
  }

  function reset(email: string, code: string, newPassword = NEW_PASSWORD) {
    return app.inject({ method: 'POST', url: '/api/auth/reset', headers: { 'x-real-ip': newAddress() }, payload: { email, code, newPassword } });
  }

  /** forgot, checked to answer ok, and the devCode it carried */
  async function codeFor(t: Test, email: string): Promise<string> {
    const res = await forgot(email);
    t.equal(res.statusCode, 200, 'forgot answers 200');
    const body = res.json() as { ok: boolean; devCode: string };
    t.same(body, { ok: true, devCode: body.devCode }, 'forgot answers ok with a devCode');
    t.match(body.devCode, /^\d{6}$/);
    return body.devCode;
  }

  function rowOf(userId: string, on: Core = core) {
    return on.db.slonik.maybeOne(sql.type(codeRow)`
      SELECT code_hash, expires_at, tries, window_started_at, sent_in_window FROM auth.recovery_codes WHERE user_id = ${userId}`);
  }

  const mailsTo = (email: string): ReceivedMail[] => mail.received.filter((request) => request.body.To === email);

  return { mail, now, advance, core, logged, recoveryApp, app, newAddress, newAccount, forgot, reset, codeFor, rowOf, mailsTo };
}
