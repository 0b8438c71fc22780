import t from 'tap';
import { sql } from 'slonik';
import { z } from 'zod';
import { userStream } from '../../domain/gym/user.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { DEFAULTS, gymClient, ISO, newAddress, PASSWORD, sessionCookie } from '../../testing/gym/client.ts';
import { CUID } from '../../infra/ids.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const gym = gymClient(app);
const DAY = 24 * 60 * 60 * 1000;

const invalidCredentials = { statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized', message: 'Wrong email or password' };
const unauthenticated = { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' };

t.test('signup creates the account, answers the user and sets the session cookie', async (t) => {
  const before = Date.now();
  const res = await gym.call('POST', '/api/auth/signup', { payload: { email: 'first@example.org', password: PASSWORD } });
  t.equal(res.statusCode, 201);
  const user = res.json();
  t.match(user, { id: CUID, createdAt: ISO });
  t.same(user, { id: user.id, email: 'first@example.org', settings: DEFAULTS, createdAt: user.createdAt });
  t.equal(res.headers['cache-control'], 'no-store');

  const header = res.headers['set-cookie'];
  t.type(header, 'string', 'one cookie');
  t.match(header, /^gym_sid=[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+ GMT; HttpOnly; Secure; SameSite=Lax$/, 'HttpOnly, Secure, SameSite=Lax, Path=/');
  const expires = sessionCookie(res)!.expires!.getTime();
  t.ok(Math.abs(expires - (before + 90 * DAY)) < 60_000, 'expires in 90 days');

  const me = await gym.me(sessionCookie(res)!.value);
  t.equal(me.statusCode, 200);
  t.same(me.json(), user, 'GET /me answers the same user');

  const events = await system.core.store.readStream(userStream(user.id));
  t.same(
    events.map((event) => ({ type: event.type, data: event.data, userId: event.metadata.userId })),
    [{ type: 'account-created', data: { email: 'first@example.org', createdAt: user.createdAt }, userId: user.id }],
    'one account-created event, acting as the new user',
  );
  const stored = JSON.stringify(events.map((event) => ({ data: event.data, metadata: event.metadata })));
  t.notMatch(stored, '$argon2', 'no password hash in the log');
  t.notMatch(stored, PASSWORD, 'no password in the log');
});

t.test('login answers exactly what GET /me answers, with a fresh session', async (t) => {
  const { user, sid: signupSid } = await gym.signup('login@example.org');
  const { res, sid } = await gym.login('login@example.org');
  t.equal(res.statusCode, 200);
  t.same(res.json(), user);
  t.not(sid, signupSid, 'a new session');
  const sessionLine = [res.headers['set-cookie']].flat().find((line) => line?.startsWith('gym_sid='));
  t.match(sessionLine, /^gym_sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
  const me = await gym.me(sid);
  t.same(me.json(), res.json());
});

t.test('emails are compared without case: A@X.io signs up, a@x.io logs in, a second a@x.io is refused', async (t) => {
  const { user } = await gym.signup('A@X.io');
  t.equal(user.email, 'a@x.io', 'stored lowercased');
  const { res } = await gym.login('a@x.io');
  t.equal(res.statusCode, 200);
  t.same(res.json(), user);
  const spaced = await gym.login('  a@X.IO ');
  t.equal(spaced.res.statusCode, 200, 'surrounding spaces do not matter either');
  const again = await gym.call('POST', '/api/auth/signup', { payload: { email: 'a@x.io', password: 'another password' } });
  t.equal(again.statusCode, 409);
  t.same(again.json(), { statusCode: 409, code: 'EMAIL_TAKEN', error: 'Conflict', message: 'An account with that email exists' });
  t.equal(again.headers['set-cookie'], undefined, 'no cookie');
  const count = await system.core.db.slonik.oneFirst(sql.type(z.object({ count: z.number() }))`
    SELECT count(*)::int AS count FROM gym.users WHERE email = 'a@x.io'`);
  t.equal(count, 1, 'one read row');
});

t.test('an unknown email and a wrong password get the same 401', async (t) => {
  await gym.signup('wrong@example.org');
  const unknown = await gym.login('nobody@example.org');
  t.equal(unknown.res.statusCode, 401);
  t.same(unknown.res.json(), invalidCredentials);
  const wrong = await gym.login('wrong@example.org', 'not the password');
  t.equal(wrong.res.statusCode, 401);
  t.same(wrong.res.json(), invalidCredentials);
  t.equal(wrong.res.headers['set-cookie'], undefined);
});

t.test('signup starts the account with the settings its device sent: a dark phone gets a dark app', async (t) => {
  const res = await gym.call('POST', '/api/auth/signup', { payload: { email: 'dark@example.org', password: PASSWORD, settings: { appearance: 'dark' } } });
  t.equal(res.statusCode, 201, res.body);
  const user = res.json();
  t.same(user.settings, { ...DEFAULTS, appearance: 'dark' });
  t.same((await gym.me(sessionCookie(res)!.value)).json().settings, { ...DEFAULTS, appearance: 'dark' }, 'GET /me the same');
  const events = await system.core.store.readStream(userStream(user.id));
  t.same(
    events.map((event) => ({ type: event.type, data: event.data })),
    [{ type: 'account-created', data: { email: 'dark@example.org', createdAt: user.createdAt } }, { type: 'settings-changed', data: { appearance: 'dark' } }],
    'the account, then what differs from the defaults, in one append',
  );

  const light = await gym.call('POST', '/api/auth/signup', { payload: { email: 'light@example.org', password: PASSWORD, settings: { appearance: 'light' } } });
  t.equal(light.statusCode, 201);
  t.same((await system.core.store.readStream(userStream(light.json().id))).map((event) => event.type), ['account-created'], 'the defaults record nothing more');
});

t.test('signup and login validate their bodies, naming the field', async (t) => {
  const setting = await gym.call('POST', '/api/auth/signup', { payload: { email: 'dim@example.org', password: PASSWORD, settings: { appearance: 'dim' } } });
  t.equal(setting.statusCode, 400);
  t.match(setting.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: /^body\.settings\.appearance: / });
  const unknown = await gym.call('POST', '/api/auth/signup', { payload: { email: 'dim@example.org', password: PASSWORD, settings: { theme: 'dark' } } });
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { code: 'VALIDATION_FAILED', message: /^body\.settings/ });
  t.equal((await gym.login('dim@example.org', PASSWORD)).res.statusCode, 401, 'no account was made by either');

  const short = await gym.call('POST', '/api/auth/signup', { payload: { email: 'v@example.org', password: 'short' } });
  t.equal(short.statusCode, 400);
  t.same(short.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.password: at least 8 characters' });
  const email = await gym.call('POST', '/api/auth/signup', { payload: { email: 'not an email', password: PASSWORD } });
  t.equal(email.statusCode, 400);
  t.same(email.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.email: an email address' });
  const missing = await gym.call('POST', '/api/auth/login', { payload: { email: 'v@example.org' } });
  t.equal(missing.statusCode, 400);
  t.match(missing.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: /^body\.password: / });
});

t.test('logout deletes the session row and clears the cookie; it answers ok without a session too', async (t) => {
  const { sid, user } = await gym.signup('logout@example.org');
  const res = await gym.call('POST', '/api/auth/logout', { sid });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });
  t.match(res.headers['set-cookie'], /^gym_sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/);
  const rows = await system.core.db.slonik.oneFirst(sql.type(z.object({ count: z.number() }))`
    SELECT count(*)::int AS count FROM auth.sessions WHERE user_id = ${user.id}`);
  t.equal(rows, 0, 'no session row left');
  const me = await gym.me(sid);
  t.equal(me.statusCode, 401);
  t.same(me.json(), unauthenticated);

  const anonymous = await gym.call('POST', '/api/auth/logout');
  t.equal(anonymous.statusCode, 200);
  t.same(anonymous.json(), { ok: true });
});

t.test('a copied sessions table logs nobody in: the row id is the HMAC of the token, not the token', async (t) => {
  const { user, sid } = await gym.signup('stolen@example.org');
  const ids = await system.core.db.slonik.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM auth.sessions WHERE user_id = ${user.id}`);
  t.equal(ids.length, 1);
  t.not(ids[0], sid);
  const res = await gym.me(ids[0]!);
  t.equal(res.statusCode, 401);
  t.same(res.json(), unauthenticated);
  t.equal((await gym.me(sid)).statusCode, 200, 'the real token works');
});

t.test('after 10 failed logins from one address within 15 minutes the next is refused; another address still gets in', async (t) => {
  await gym.signup('limited@example.org');
  const ip = newAddress();
  for (let i = 1; i <= 10; i++) {
    // guesses at several accounts, so that the per-account lock stays out of this test
    const { res } = await gym.login(`guess-${i}@example.org`, 'a wrong password', ip);
    t.equal(res.statusCode, 401, `attempt ${i} is checked`);
  }
  const { res } = await gym.login('limited@example.org', PASSWORD, ip);
  t.equal(res.statusCode, 429);
  t.same(res.json(), {
    statusCode: 429,
    code: 'RATE_LIMITED',
    error: 'Too Many Requests',
    message: 'Too many attempts from this address; try again later',
  });
  const retryAfter = Number(res.headers['retry-after']);
  t.ok(retryAfter > 850 && retryAfter <= 900, `Retry-After ${retryAfter} s is what is left of the 15 minutes`);
  t.equal(res.headers['set-cookie'], undefined);
  const other = await gym.login('limited@example.org', PASSWORD, newAddress());
  t.equal(other.res.statusCode, 200, 'another address is not affected');
});

t.test('signup is rate limited per address', async (t) => {
  const ip = newAddress();
  for (let i = 1; i <= 10; i++) {
    const res = await gym.call('POST', '/api/auth/signup', { ip, payload: { email: 'nope', password: PASSWORD } });
    t.equal(res.statusCode, 400);
  }
  const res = await gym.call('POST', '/api/auth/signup', { ip, payload: { email: 'late@example.org', password: PASSWORD } });
  t.equal(res.statusCode, 429);
  t.match(res.json(), { statusCode: 429, code: 'RATE_LIMITED' });
  t.ok(Number(res.headers['retry-after']) > 0);
});
