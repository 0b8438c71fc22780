import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { sql } from 'slonik';
import t, { type Test } from 'tap';
import { z } from 'zod';
import { recoveryMail } from '../../domain/accounts/recovery.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies } from '../../infra/http/auth.ts';
import type { Core } from '../shared/core.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { postmarkStandIn, type ReceivedMail } from '../../testing/stand-ins/postmark.ts';
import { waitUntil } from '../../testing/until.ts';
import { gymRecoveryRoutes } from './recovery.ts';

/** how long a mail may take to reach the stand-in provider */
const MAIL_WITHIN_MS = 5000;

// ---- the system under test: the real core, a controlled clock, the recovery routes on a gym-like app ----

const mail = await postmarkStandIn(t);
let clock = new Date('2025-03-01T10:00:00.000Z');
const advance = (ms: number): void => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const MAIL_ENV = { MAIL_API_KEY: 'test-token', MAIL_API_URL: mail.url, EMAIL_FROM: 'Gym <gym@example.org>' };
const system = await startTestSystem(t, MAIL_ENV, { now: () => clock });
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

// ---- helpers ----

// every request from its own address, so the per-address rate limits stay out of the way
let lastAddress = 0;
const newAddress = (): string => {
  lastAddress++;
  return `10.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

const OLD_PASSWORD = 'the old password';
const NEW_PASSWORD = 'a brand new password';
const FAILED = { statusCode: 400, code: 'RECOVERY_FAILED', error: 'Bad Request', message: 'That code is wrong or has expired. Ask for a new one.' };

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

/** a code that is certainly not `code` */
const wrong = (code: string, by = 1): string => String((Number(code) + by) % 1_000_000).padStart(6, '0');

const codeRow = z.object({
  code_hash: z.string().nullable(),
  expires_at: z.string().nullable(),
  tries: z.number(),
  window_started_at: z.string(),
  sent_in_window: z.number(),
});
function rowOf(userId: string, on: Core = core) {
  return on.db.slonik.maybeOne(sql.type(codeRow)`
    SELECT code_hash, expires_at, tries, window_started_at, sent_in_window FROM auth.recovery_codes WHERE user_id = ${userId}`);
}

const mailsTo = (email: string): ReceivedMail[] => mail.received.filter((request) => request.body.To === email);

function sessionCookie(res: { cookies: { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string }[] }) {
  return res.cookies.find((cookie) => cookie.name === 'gym_sid');
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// ---- POST /api/auth/forgot ----

t.test('forgot for a known address: ok with the devCode, the code stored hashed, and mailed', async (t) => {
  const { email, id } = await newAccount(core, 'known');
  const code = await codeFor(t, email);

  const row = await rowOf(id);
  t.match(row?.code_hash, /^\$argon2id\$/, 'the code is stored as an argon2id hash');
  t.notMatch(row?.code_hash, code, 'never in clear');
  t.same(
    { ...row, code_hash: null },
    {
      code_hash: null,
      expires_at: new Date(clock.getTime() + 30 * MINUTE).toISOString(),
      tries: 0,
      window_started_at: clock.toISOString(),
      sent_in_window: 1,
    },
    'it lasts 30 minutes, no try spent, the hourly window starts now',
  );

  t.ok(await waitUntil(() => mailsTo(email).length === 1, MAIL_WITHIN_MS), 'one mail reached the provider');
  const [sent] = mailsTo(email);
  t.equal(sent?.url, '/email', 'through Postmark\'s send endpoint');
  t.equal(sent?.headers['x-postmark-server-token'], 'test-token', 'with the server token');
  t.same(sent?.body, {
    From: 'Gym <gym@example.org>',
    To: email,
    Subject: `Your password reset code: ${code}`,
    TextBody: recoveryMail(code).text,
    MessageStream: 'outbound',
  });
  const text = String(sent?.body.TextBody);
  t.match(text, `${code.slice(0, 3)} ${code.slice(3)}`, 'the body shows the code in threes');
  t.match(text, '30 minutes', 'says how long it lasts');
  t.match(text, 'If you did not ask to reset your password, ignore this mail', 'says to ignore it if not asked for');
});

t.test('forgot for an unknown address answers the same and mails nothing', async (t) => {
  const email = 'nobody-here@example.org';
  await codeFor(t, email);
  await sleep(300);
  t.same(mailsTo(email), [], 'no mail');
});

t.test('forgot finds the account whatever the case and spaces of the address', async (t) => {
  const { email, id } = await newAccount(core, 'casing');
  const code = await codeFor(t, `  ${email.toUpperCase()} `);
  t.ok(await waitUntil(() => mailsTo(email).length === 1, MAIL_WITHIN_MS), 'mailed to the stored address');
  t.equal((await rowOf(id))?.sent_in_window, 1);
  const res = await reset(email.replace(/^./, (first) => first.toUpperCase()), code);
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true }, 'and so does reset');
});

t.test('forgot with a malformed address is refused naming body.email', async (t) => {
  const res = await forgot('not-an-address');
  t.equal(res.statusCode, 400);
  t.same(res.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.email: an email address' });
});

t.test('in production the answer never carries the code', async (t) => {
  const production = await startTestSystem(t, { NODE_ENV: 'production' });
  const prodApp = await recoveryApp(t, production.core);
  const { email, id } = await newAccount(production.core, 'prod');
  for (const address of [email, 'nobody-in-prod@example.org']) {
    const res = await forgot(address, prodApp);
    t.equal(res.statusCode, 200);
    t.same(res.json(), { ok: true }, `just ok for ${address}`);
  }
  t.match((await rowOf(id, production.core))?.code_hash, /^\$argon2id\$/, 'the known account still got its code');
});

t.test('a new request replaces the code and resets its tries', async (t) => {
  const { email, id } = await newAccount(core, 'replace');
  const first = await codeFor(t, email);
  t.same((await reset(email, wrong(first))).json(), FAILED);
  t.equal((await rowOf(id))?.tries, 1);
  const second = await codeFor(t, email);
  t.equal((await rowOf(id))?.tries, 0, 'tries back to 0');
  if (first !== second) t.same((await reset(email, first)).json(), FAILED, 'the first code no longer works');
  const res = await reset(email, second);
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true }, 'the second one does');
});

t.test('3 codes per account per hour: the 4th sends nothing, a new hour allows again', async (t) => {
  const { email, id } = await newAccount(core, 'allowance');
  const started = clock.toISOString();
  const codes: string[] = [];
  for (let i = 0; i < 3; i++) {
    codes.push(await codeFor(t, email));
    advance(5 * MINUTE);
  }
  t.ok(await waitUntil(() => mailsTo(email).length === 3, MAIL_WITHIN_MS), 'three mails went out');
  const third = codes[2]!;

  const fourth = await codeFor(t, email);
  await sleep(300);
  t.equal(mailsTo(email).length, 3, 'the fourth request sent no mail');
  const row = await rowOf(id);
  t.same({ window_started_at: row?.window_started_at, sent_in_window: row?.sent_in_window }, { window_started_at: started, sent_in_window: 3 });
  if (fourth !== third) t.same((await reset(email, fourth)).json(), FAILED, 'the fourth devCode was never stored');
  const res = await reset(email, third, 'after the third code');
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true }, 'the third code is still the live one');

  advance(60 * MINUTE);
  const next = await codeFor(t, email);
  t.ok(await waitUntil(() => mailsTo(email).length === 4, MAIL_WITHIN_MS), 'a new window: mailed again');
  t.same((await rowOf(id))?.window_started_at, clock.toISOString(), 'the new window starts at this send');
  t.equal((await rowOf(id))?.sent_in_window, 1);
  t.same((await reset(email, next)).json(), { ok: true }, 'and its code works');
});

t.test('a failing mail provider changes nothing for the caller; the failure is logged', async (t) => {
  const { email } = await newAccount(core, 'mail-fails');
  mail.setMode('fail');
  t.teardown(() => mail.setMode('ok'));
  const code = await codeFor(t, email);
  t.ok(await waitUntil(() => mailsTo(email).length === 1, MAIL_WITHIN_MS), 'the provider was asked');
  t.ok(
    await waitUntil(() => logged.some((entry) => entry.msg === 'recovery mail not sent'), MAIL_WITHIN_MS),
    'the failure is logged as an error',
  );
  const entry = logged.find((line) => line.msg === 'recovery mail not sent');
  t.equal(entry?.level, 50, 'at error level');
  t.same((await reset(email, code)).json(), { ok: true }, 'the code was stored all the same');
});

t.test('a mail provider that never answers does not hold the answer', async (t) => {
  const { email } = await newAccount(core, 'mail-hangs');
  mail.setMode('hang');
  t.teardown(() => mail.setMode('ok'));
  const started = performance.now();
  const code = await codeFor(t, email);
  const elapsed = performance.now() - started;
  t.ok(elapsed < 3000, `answered in ${Math.round(elapsed)} ms while the provider had no answer (its timeout is 10 s)`);
  t.ok(await waitUntil(() => mailsTo(email).length === 1, MAIL_WITHIN_MS), 'the provider was asked and is still silent');
  t.same((await reset(email, code)).json(), { ok: true });
});

t.test('known and unknown addresses take the same time (median of 15 each)', async (t) => {
  const { email } = await newAccount(core, 'timing');
  await forgot('warm-up@example.org');
  const known: number[] = [];
  const unknown: number[] = [];
  const time = async (address: string): Promise<number> => {
    const started = performance.now();
    const res = await forgot(address);
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`forgot answered ${res.statusCode}`);
    return elapsed;
  };
  // interleaved, so a slower stretch of the machine weighs on both alike
  for (let i = 0; i < 15; i++) {
    known.push(await time(email));
    unknown.push(await time(`nobody-${i}@example.org`));
  }
  const ratio = median(known) / median(unknown);
  t.comment(`median forgot: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
  t.ok(ratio > 0.5 && ratio < 2, `ratio ${ratio.toFixed(2)} within 0.5 and 2`);
});

// ---- POST /api/auth/reset ----

t.test('the devCode resets the password, ends every session and signs this device in', async (t) => {
  const { email, id } = await newAccount(core, 'reset');
  const earlier = [await core.sessions.gym.start(id), await core.sessions.gym.start(id)];
  const code = await codeFor(t, email);

  const res = await reset(email, code);
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });
  const cookie = sessionCookie(res);
  t.match(cookie, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' }, 'a session cookie like login\'s');
  const found = await core.sessions.gym.find(cookie?.value ?? '');
  t.equal(found?.session.userId, id, 'the new session is the account\'s');

  t.equal(await core.accounts.verify('gym', email, OLD_PASSWORD), null, 'the old password no longer works');
  t.equal((await core.accounts.verify('gym', email, NEW_PASSWORD))?.id, id, 'the new one does');
  for (const session of earlier) t.equal(await core.sessions.gym.find(session.token), null, 'an earlier session is gone');
  t.match(await rowOf(id), { code_hash: null, expires_at: null }, 'the code is deleted');

  const again = await reset(email, code, 'yet another password');
  t.equal(again.statusCode, 400);
  t.same(again.json(), FAILED, 'a second use fails');
  t.equal(sessionCookie(again), undefined, 'and signs nobody in');
  t.equal((await core.accounts.verify('gym', email, NEW_PASSWORD))?.id, id, 'the password stays');
});

t.test('a code typed with a space or dashes works', async (t) => {
  const { email } = await newAccount(core, 'spaced');
  const code = await codeFor(t, email);
  const res = await reset(email, ` ${code.slice(0, 3)} ${code.slice(3)} `);
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });

  const other = await newAccount(core, 'dashed');
  const dashed = await codeFor(t, other.email);
  t.same((await reset(other.email, `${dashed.slice(0, 2)}-${dashed.slice(2, 4)}-${dashed.slice(4)}`)).json(), { ok: true });
});

t.test('a wrong code fails with the generic answer and spends one try', async (t) => {
  const { email, id } = await newAccount(core, 'wrong');
  const code = await codeFor(t, email);
  const res = await reset(email, wrong(code));
  t.equal(res.statusCode, 400);
  t.same(res.json(), FAILED);
  t.equal(sessionCookie(res), undefined);
  t.equal((await rowOf(id))?.tries, 1);
  t.ok(await core.accounts.verify('gym', email, OLD_PASSWORD), 'the password is unchanged');
  t.same((await reset(email, code)).json(), { ok: true }, 'the right code still works');
});

t.test('every other failure answers the same', async (t) => {
  t.test('unknown address', async (t) => {
    const res = await reset('nobody-at-all@example.org', '123456');
    t.equal(res.statusCode, 400);
    t.same(res.json(), FAILED);
  });
  t.test('no code was ever asked for', async (t) => {
    const { email } = await newAccount(core, 'never-asked');
    const res = await reset(email, '123456');
    t.equal(res.statusCode, 400);
    t.same(res.json(), FAILED);
  });
  t.test('a code of no digits at all', async (t) => {
    const { email } = await newAccount(core, 'no-digits');
    await codeFor(t, email);
    const res = await reset(email, 'abc def');
    t.equal(res.statusCode, 400);
    t.same(res.json(), FAILED);
  });
});

t.test('a new password that fails the rules is refused naming body.newPassword, and costs no try', async (t) => {
  const { email, id } = await newAccount(core, 'short');
  const code = await codeFor(t, email);
  const res = await reset(email, code, 'short');
  t.equal(res.statusCode, 400);
  t.same(res.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.newPassword: at least 8 characters' });
  t.equal((await rowOf(id))?.tries, 0);
  t.same((await reset(email, code)).json(), { ok: true });
});

t.test('a code lasts 30 minutes', async (t) => {
  t.test('used just before, it works', async (t) => {
    const { email } = await newAccount(core, 'in-time');
    const code = await codeFor(t, email);
    advance(30 * MINUTE - 1000);
    t.same((await reset(email, code)).json(), { ok: true });
  });
  t.test('used at 30 minutes or later, it fails and is deleted', async (t) => {
    const { email, id } = await newAccount(core, 'too-late');
    const code = await codeFor(t, email);
    advance(30 * MINUTE);
    const res = await reset(email, code);
    t.equal(res.statusCode, 400);
    t.same(res.json(), FAILED);
    const row = await rowOf(id);
    t.same({ code_hash: row?.code_hash, expires_at: row?.expires_at }, { code_hash: null, expires_at: null }, 'the expired code is deleted');
    t.ok(await core.accounts.verify('gym', email, OLD_PASSWORD), 'the password is unchanged');
  });
});

t.test('5 tries per code', async (t) => {
  t.test('after 5 wrong guesses the right code is refused', async (t) => {
    const { email, id } = await newAccount(core, 'five-wrong');
    const code = await codeFor(t, email);
    for (let i = 1; i <= 4; i++) t.same((await reset(email, wrong(code, i))).json(), FAILED);
    t.match(await rowOf(id), { tries: 4, code_hash: /^\$argon2id\$/ }, 'four tries spent, the code still there');
    t.same((await reset(email, wrong(code, 5))).json(), FAILED);
    t.match(await rowOf(id), { tries: 5, code_hash: null, expires_at: null }, 'the fifth try deleted it');
    t.same((await reset(email, code)).json(), FAILED, 'the right code is refused');
    t.ok(await core.accounts.verify('gym', email, OLD_PASSWORD), 'the password is unchanged');
  });
  t.test('after 4 wrong guesses the right code still works on the fifth try', async (t) => {
    const { email } = await newAccount(core, 'four-wrong');
    const code = await codeFor(t, email);
    for (let i = 1; i <= 4; i++) t.same((await reset(email, wrong(code, i))).json(), FAILED);
    t.same((await reset(email, code)).json(), { ok: true });
  });
});

t.test('a wrong code for a known address and any code for an unknown one take the same time (median of 15 each)', async (t) => {
  // one live code per account, so every known guess is checked against a real hash
  const targets: { email: string; code: string }[] = [];
  for (let i = 0; i < 15; i++) {
    const { email } = await newAccount(core, 'reset-timing');
    targets.push({ email, code: await codeFor(t, email) });
  }
  const time = async (email: string, code: string): Promise<number> => {
    const started = performance.now();
    const res = await reset(email, code);
    const elapsed = performance.now() - started;
    if (res.statusCode !== 400) throw new Error(`reset answered ${res.statusCode}`);
    return elapsed;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (const [i, target] of targets.entries()) {
    known.push(await time(target.email, wrong(target.code)));
    unknown.push(await time(`nobody-reset-${i}@example.org`, target.code));
  }
  const ratio = median(known) / median(unknown);
  t.comment(`median reset: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
  t.ok(ratio > 0.5 && ratio < 2, `ratio ${ratio.toFixed(2)} within 0.5 and 2`);
});

t.test('over real sockets, in parallel', async (t) => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const base = `http://127.0.0.1:${address.port}`;
  const post = async (payload: object) => {
    const res = await fetch(`${base}/api/auth/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-real-ip': newAddress() },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as unknown, cookie: res.headers.get('set-cookie') };
  };

  t.test('10 parallel wrong guesses spend every try: the code is deleted and the right one refused', async (t) => {
    const { email, id } = await newAccount(core, 'parallel');
    const code = await codeFor(t, email);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post({ email, code: wrong(code, i + 1), newPassword: NEW_PASSWORD })));
    t.same(
      answers.map((answer) => [answer.status, answer.body]),
      Array.from({ length: 10 }, () => [400, FAILED]),
      'all ten fail alike',
    );
    t.match(await rowOf(id), { tries: 5, code_hash: null, expires_at: null }, 'exactly five tries were spent, then the code was deleted');
    const right = await post({ email, code, newPassword: NEW_PASSWORD });
    t.same([right.status, right.body], [400, FAILED], 'the right code is refused');
    t.ok(await core.accounts.verify('gym', email, OLD_PASSWORD), 'the password is unchanged');
  });

  t.test('two parallel resets with the right code: exactly one owns it', async (t) => {
    const { email, id } = await newAccount(core, 'race');
    const code = await codeFor(t, email);
    const passwords = ['first racer password', 'second racer password'];
    const answers = await Promise.all(passwords.map((newPassword) => post({ email, code, newPassword })));
    t.same(
      answers.map((answer) => [answer.status, answer.body]).sort(([a], [b]) => Number(a) - Number(b)),
      [
        [200, { ok: true }],
        [400, FAILED],
      ],
    );
    const winner = answers.findIndex((answer) => answer.status === 200);
    t.match(answers[winner]?.cookie, /^gym_sid=/, 'the winner is signed in');
    t.equal(answers[1 - winner]?.cookie, null, 'the loser is not');
    t.equal((await core.accounts.verify('gym', email, passwords[winner]!))?.id, id, 'the winner\'s password is stored');
    t.equal(await core.accounts.verify('gym', email, passwords[1 - winner]!), null, 'the loser\'s is not');
  });
});
