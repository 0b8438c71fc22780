// Shows accounts: sign-up, sign-in, sign-out, sessions and passwords.
import t from 'tap';
import { sql } from 'slonik';
import { z } from 'zod';
import { userStream } from '../../domain/shows/user.ts';
import { error, IN_90_DAYS, INVALID_CREDENTIALS, invalid, NOW, startShowsAccountsTest, UNAUTHENTICATED, user } from '../../testing/shows/accounts.ts';
import { CUID } from '../../infra/ids.ts';


const { app, pool, newAddress, post, me, setCookies, sidOf, newUser, readEvents } = await startShowsAccountsTest(t);

t.test('sign-up', async (t) => {
  t.test('creates the account, answers the user with 201 and signs in with the sid cookie', async (t) => {
    const res = await post('/api/auth/signup', { email: '  Ada@Example.COM ', password: 'correct horse' });
    t.equal(res.statusCode, 201);
    const body = res.json<{ id: string }>();
    t.match(body, { id: CUID }, 'a user id is a cuid, like every resource of the service');
    t.same(body, user(body.id, 'ada@example.com'), 'the email is stored trimmed and lowercased');
    t.same(setCookies(res), [`sid=${sidOf(res)}; Path=/; Expires=${IN_90_DAYS}; HttpOnly; Secure; SameSite=Lax`]);
    t.equal(res.headers['cache-control'], 'no-store');

    const read = await me(sidOf(res));
    t.equal(read.statusCode, 200);
    t.same(read.json(), user(body.id, 'ada@example.com'), 'me reads the new account right away');

    t.same(await readEvents(userStream(body.id)), [{ type: 'account-created', data: { email: 'ada@example.com', createdAt: NOW } }]);
  });

  t.test('the same email in any case is taken: 409 EMAIL_TAKEN, no cookie, no second account', async (t) => {
    const first = await newUser(t, 'taken');
    const res = await post('/api/auth/signup', { email: first.email.toUpperCase(), password: 'another password' });
    t.equal(res.statusCode, 409);
    t.same(res.json(), error(409, 'EMAIL_TAKEN', 'Conflict', 'An account with that email exists'));
    t.same(setCookies(res), []);
    const rows = await pool.anyFirst(sql.type(z.object({ id: z.string() }))`SELECT id FROM shows.users WHERE email = ${first.email}`);
    t.same(rows, [first.id]);
  });

  t.test('validation names the field', async (t) => {
    const badEmail = await post('/api/auth/signup', { email: 'not-an-email', password: 'long enough to pass' });
    t.equal(badEmail.statusCode, 400);
    t.same(badEmail.json(), invalid('body.email: an email address'));
    const shortPassword = await post('/api/auth/signup', { email: 'short@example.com', password: 'short' });
    t.equal(shortPassword.statusCode, 400);
    t.same(shortPassword.json(), invalid('body.password: at least 8 characters'));
    const missing = await post('/api/auth/signup', { email: 'missing@example.com' });
    t.equal(missing.statusCode, 400);
    t.match(missing.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: /^body\.password: / });
  });

  t.test('the sign-up allowance: the 11th from one address in an hour is refused', async (t) => {
    const ip = newAddress();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/signup', { email: `limited${i}@example.com`, password: 'long enough to pass' }, { ip });
      t.equal(res.statusCode, 201);
    }
    const res = await post('/api/auth/signup', { email: 'limited10@example.com', password: 'long enough to pass' }, { ip });
    t.equal(res.statusCode, 429);
    t.equal(res.headers['retry-after'], '3600');
    t.same(res.json(), error(429, 'RATE_LIMITED', 'Too Many Requests', 'Too many attempts from this address; try again later'));
  });
});

t.test('sign-in', async (t) => {
  const account = await newUser(t, 'login');

  t.test('the right password answers the user and sets a new session cookie', async (t) => {
    const res = await post('/api/auth/login', { email: account.email.toUpperCase(), password: account.password });
    t.equal(res.statusCode, 200);
    t.same(res.json(), user(account.id, account.email));
    const sid = sidOf(res);
    t.not(sid, account.sid, 'a session of its own');
    t.same(
      setCookies(res).filter((line) => line.startsWith('sid=')),
      [`sid=${sid}; Path=/; Expires=${IN_90_DAYS}; HttpOnly; Secure; SameSite=Lax`],
    );
    t.equal((await me(sid)).statusCode, 200);
  });

  t.test('a wrong password and an unknown email get the same 401, and no cookie', async (t) => {
    const wrong = await post('/api/auth/login', { email: account.email, password: 'not the password' });
    t.equal(wrong.statusCode, 401);
    t.same(wrong.json(), INVALID_CREDENTIALS);
    t.same(setCookies(wrong), []);
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'not the password' });
    t.equal(unknown.statusCode, 401);
    t.same(unknown.json(), INVALID_CREDENTIALS);
  });

  t.test('after 10 failed attempts from one address in 15 minutes the next gets 429 with Retry-After; other addresses are unaffected', async (t) => {
    const ip = newAddress();
    for (let i = 0; i < 10; i++) {
      // at several accounts, so that the per-account lock stays out of this test
      const res = await post('/api/auth/login', { email: `guess-${i}@example.com`, password: 'a wrong guess' }, { ip });
      t.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    const blocked = await post('/api/auth/login', { email: account.email, password: account.password }, { ip });
    t.equal(blocked.statusCode, 429);
    t.equal(blocked.headers['retry-after'], '900');
    t.same(blocked.json(), error(429, 'RATE_LIMITED', 'Too Many Requests', 'Too many attempts from this address; try again later'));
    t.same(setCookies(blocked), []);
    const elsewhere = await post('/api/auth/login', { email: account.email, password: account.password });
    t.equal(elsewhere.statusCode, 200);
  });
});

t.test('sign-out deletes the session row and clears the cookie', async (t) => {
  const account = await newUser(t, 'logout');
  const other = sidOf(await post('/api/auth/login', { email: account.email, password: account.password }));
  const res = await post('/api/auth/logout', {}, { sid: account.sid });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });
  t.same(setCookies(res), ['sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax']);
  t.equal((await me(account.sid)).statusCode, 401, 'the ended session is refused');
  t.equal((await me(other)).statusCode, 200, 'the other session lives on');
  const rows = await pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = ${account.id}`);
  t.equal(rows, 1, 'one session row left');

  const anonymous = await post('/api/auth/logout', {});
  t.equal(anonymous.statusCode, 200, 'without a cookie: nothing to end');
  t.same(anonymous.json(), { ok: true });
});

t.test('protected routes answer 401 without a session and with a made-up one', async (t) => {
  for (const sid of [null, 'made-up-token', 'x'.repeat(500)]) {
    const read = await me(sid);
    t.equal(read.statusCode, 401);
    t.same(read.json(), UNAUTHENTICATED);
    const prefs = await app.inject({
      method: 'PATCH',
      url: '/api/auth/preferences',
      headers: sid ? { cookie: `sid=${sid}` } : {},
      payload: { emailNotifications: false },
    });
    t.equal(prefs.statusCode, 401);
    t.same(prefs.json(), UNAUTHENTICATED);
    const change = await post('/api/auth/change-password', { currentPassword: 'whatever1', newPassword: 'whatever2' }, sid ? { sid } : {});
    t.equal(change.statusCode, 401);
    t.same(change.json(), UNAUTHENTICATED);
  }
});

t.test('me has exactly the public fields: never a hash or a password', async (t) => {
  const account = await newUser(t, 'fields');
  const res = await me(account.sid);
  t.equal(res.statusCode, 200);
  t.same(Object.keys(res.json()).sort(), ['createdAt', 'email', 'emailNotifications', 'id', 'publicProfile', 'pushNotifications', 'username']);
  t.notMatch(res.body, /argon2|password|hash/i);
  const columns = await pool.anyFirst(sql.type(z.object({ column_name: z.string() }))`
    SELECT column_name FROM information_schema.columns WHERE table_schema = 'shows' AND table_name = 'users' ORDER BY ordinal_position`);
  t.same(columns, ['id', 'email', 'username', 'public_profile', 'email_notifications', 'push_notifications', 'created_at'], 'the read table holds no credentials');
});

t.test('change-password keeps the caller signed in and ends every other session', async (t) => {
  const account = await newUser(t, 'change');
  const second = sidOf(await post('/api/auth/login', { email: account.email, password: account.password }));
  const third = sidOf(await post('/api/auth/login', { email: account.email, password: account.password }));
  const newPassword = 'a brand new password';

  const wrong = await post('/api/auth/change-password', { currentPassword: 'not it at all', newPassword }, { sid: second });
  t.equal(wrong.statusCode, 401);
  t.same(wrong.json(), INVALID_CREDENTIALS);
  for (const sid of [account.sid, second, third]) t.equal((await me(sid)).statusCode, 200, 'a refused change ends nothing');

  const tooShort = await post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'short' }, { sid: second });
  t.equal(tooShort.statusCode, 400);
  t.same(tooShort.json(), invalid('body.newPassword: at least 8 characters'));

  const res = await post('/api/auth/change-password', { currentPassword: account.password, newPassword }, { sid: second });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });
  t.equal((await me(second)).statusCode, 200, "the caller's session stays");
  for (const sid of [account.sid, third]) {
    const other = await me(sid);
    t.equal(other.statusCode, 401, 'another session ended');
    t.same(other.json(), UNAUTHENTICATED);
  }
  t.equal((await post('/api/auth/login', { email: account.email, password: newPassword })).statusCode, 200, 'the new password works');
  const old = await post('/api/auth/login', { email: account.email, password: account.password });
  t.equal(old.statusCode, 401, 'the old one does not');
  t.same(old.json(), INVALID_CREDENTIALS);

  const events = await readEvents(userStream(account.id));
  t.same(events, [
    { type: 'account-created', data: { email: account.email, createdAt: NOW } },
    { type: 'password-changed', data: { at: NOW } },
  ]);
  t.notMatch(JSON.stringify(events), /argon2|brand new|lantern-\d/, 'no password or hash in the log');
});

t.test('change-password: the 11th attempt from one address in 15 minutes gets 429', async (t) => {
  const account = await newUser(t, 'guesser');
  const ip = newAddress();
  for (let i = 0; i < 10; i++) {
    const res = await post('/api/auth/change-password', { currentPassword: `guess ${i}`, newPassword: 'long enough to pass' }, { sid: account.sid, ip });
    t.equal(res.statusCode, 401, `attempt ${i + 1}`);
  }
  const blocked = await post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'long enough to pass' }, { sid: account.sid, ip });
  t.equal(blocked.statusCode, 429);
  t.equal(blocked.headers['retry-after'], '900');
  t.same(blocked.json(), error(429, 'RATE_LIMITED', 'Too Many Requests', 'Too many attempts from this address; try again later'));
});
