// POST /api/auth/forgot: a recovery code for a known address, stored hashed and mailed; the same
// answer for an unknown one, in the same time; three codes an hour; a failing or silent mail provider.
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { recoveryMail } from '../../domain/accounts/recovery.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { waitUntil } from '../../testing/until.ts';
import { FAILED, MAIL_WITHIN_MS, median, MINUTE, startRecoveryTest, wrong } from '../../testing/gym/recovery.ts';

const { mail, now, advance, core, logged, recoveryApp, newAccount, forgot, reset, codeFor, rowOf, mailsTo } = await startRecoveryTest(t);

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
      expires_at: new Date(now().getTime() + 30 * MINUTE).toISOString(),
      tries: 0,
      window_started_at: now().toISOString(),
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
  const started = now().toISOString();
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
  t.same((await rowOf(id))?.window_started_at, now().toISOString(), 'the new window starts at this send');
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
