// POST /api/auth/reset: the mailed code sets a new password, ends every session and signs the device
// in; every failure answers alike, in the same time; a code lasts 30 minutes and 5 tries, over real
// sockets in parallel too.
import t from 'tap';
import { FAILED, MINUTE, median, NEW_PASSWORD, OLD_PASSWORD, sessionCookie, startRecoveryTest, wrong } from '../../testing/gym/recovery.ts';

const { advance, core, app, newAddress, newAccount, reset, codeFor, rowOf } = await startRecoveryTest(t);

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
