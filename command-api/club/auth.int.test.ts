import t from 'tap';
import { sql } from 'slonik';
import { z } from 'zod';
import { startTestSystem } from '../../testing/harness.ts';
import { clubUserStream } from '../../domain/club/user.ts';
import { logIn, newAddress, sessionCookieOf } from '../../testing/sign-in.ts';

// a clock the tests move, so that lifetimes and rate-limit windows are exact
let clock = new Date('2026-11-25T12:00:00.000Z');
const system = await startTestSystem(t, {}, { now: () => clock });
const app = system.apps.club;
if (!app) throw new Error('the club service was not built');
const { core } = system;

type Headers = Record<string, string>;
const login = (payload: object, headers: Headers = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': newAddress(), ...headers }, payload });
const me = (cookie?: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
const changePassword = (payload: object, cookie?: string, headers: Headers = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/password', headers: { ...(cookie ? { cookie } : {}), ...headers }, payload });

const loggedIn = async (username: string, password: string): Promise<string> => (await logIn('club', app, { username, password })).cookie;

const sessionsOf = async (userId: string): Promise<number> =>
  core.db.slonik.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM auth.sessions WHERE user_id = ${userId}`);

const UNAUTHENTICATED = { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' };
const INVALID_CREDENTIALS = { statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized', message: 'Wrong username or password' };
const NOT_ALLOWED = {
  statusCode: 403,
  code: 'PASSWORD_CHANGE_NOT_ALLOWED',
  error: 'Forbidden',
  message: 'This account may not change its own password; ask a club admin',
};
const RATE_LIMITED = { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests', message: 'Too many attempts from this address; try again later' };

t.test('login, me and logout', async (t) => {
  const account = await core.accounts.create('club', 'anna', 'anna-password', { canChangePassword: false });

  const response = await login({ username: 'anna', password: 'anna-password' });
  t.equal(response.statusCode, 200);
  t.same(response.json(), { id: account.id, username: 'anna', canChangePassword: false });
  const expires = new Date(clock.getTime() + 90 * 24 * 60 * 60 * 1000).toUTCString();
  const setCookie = [response.headers['set-cookie']].flat().find((line) => line?.startsWith('club_sid=')) ?? '';
  t.match(setCookie, /^club_sid=[A-Za-z0-9_-]{43}; /, 'a 256-bit random token');
  t.same(
    setCookie.split('; ').slice(1).sort(),
    ['Expires=' + expires, 'HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure'].sort(),
    'HttpOnly, SameSite=Lax, Secure, Path=/, for the 90 days of a login',
  );
  const cookie = sessionCookieOf('club', response);
  t.equal(await sessionsOf(account.id), 1);

  const who = await me(cookie);
  t.equal(who.statusCode, 200);
  t.same(who.json(), { id: account.id, username: 'anna', canChangePassword: false });

  const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
  t.equal(out.statusCode, 200);
  t.same(out.json(), { ok: true });
  t.match(String(out.headers['set-cookie']), /^club_sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/);
  t.equal(await sessionsOf(account.id), 0, 'the session row is gone');

  const after = await me(cookie);
  t.equal(after.statusCode, 401);
  t.same(after.json(), UNAUTHENTICATED, 'the old cookie no longer works');

  const again = await app.inject({ method: 'POST', url: '/api/auth/logout' });
  t.equal(again.statusCode, 200, 'logging out without a session is harmless');
  t.same(again.json(), { ok: true });
});

t.test('the username is matched without case and surrounding spaces', async (t) => {
  const account = await core.accounts.create('club', 'bruno', 'bruno-password', { canChangePassword: true });
  const response = await login({ username: ' Bruno ', password: 'bruno-password' });
  t.equal(response.statusCode, 200);
  t.same(response.json(), { id: account.id, username: 'bruno', canChangePassword: true });
});

t.test('a wrong password and an unknown user get the same 401', async (t) => {
  await core.accounts.create('club', 'carla', 'carla-password', { canChangePassword: false });
  for (const payload of [
    { username: 'carla', password: 'not-carlas' },
    { username: 'nobody', password: 'carla-password' },
    { username: '??', password: '' },
  ]) {
    const response = await login(payload);
    t.equal(response.statusCode, 401, JSON.stringify(payload));
    t.same(response.json(), INVALID_CREDENTIALS);
    t.equal(response.headers['set-cookie'], undefined, 'no cookie');
  }
});

t.test('a gym account cannot log in to the club', async (t) => {
  await core.accounts.create('gym', 'dora', 'dora-password', { canChangePassword: true });
  const response = await login({ username: 'dora', password: 'dora-password' });
  t.equal(response.statusCode, 401);
  t.same(response.json(), INVALID_CREDENTIALS);
});

t.test('a malformed login body is a 400 naming the field', async (t) => {
  const response = await login({ username: 'carla' });
  t.equal(response.statusCode, 400);
  t.same(response.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.password: Invalid input: expected string, received undefined' });
});

t.test('without a live session: 401', async (t) => {
  const bare = await me();
  t.equal(bare.statusCode, 401);
  t.same(bare.json(), UNAUTHENTICATED);
  const forged = await me('club_sid=not-a-session');
  t.equal(forged.statusCode, 401);
  t.same(forged.json(), UNAUTHENTICATED);
  const change = await changePassword({ currentPassword: 'whatever1', newPassword: 'whatever2' });
  t.equal(change.statusCode, 401);
  t.same(change.json(), UNAUTHENTICATED);
  const malformed = await changePassword({});
  t.equal(malformed.statusCode, 401, 'the session is checked before the body');
  t.same(malformed.json(), UNAUTHENTICATED);
});

t.test('a password change is refused with 403 while canChangePassword is off, before anything else', async (t) => {
  const account = await core.accounts.create('club', 'emil', 'emil-password', { canChangePassword: false });
  const cookie = await loggedIn('emil', 'emil-password');
  const ip = newAddress();
  for (const payload of [{ currentPassword: 'emil-password', newPassword: 'emil-new-password' }, {}, { currentPassword: 'wrong', newPassword: 'x' }]) {
    const response = await changePassword(payload, cookie, { 'x-real-ip': ip });
    t.equal(response.statusCode, 403, JSON.stringify(payload));
    t.same(response.json(), NOT_ALLOWED);
  }
  for (let i = 0; i < 12; i++) await changePassword({}, cookie, { 'x-real-ip': ip });
  t.ok(await core.accounts.checkPassword(account.id, 'emil-password'), 'the password is unchanged');
  t.same(await core.store.readStream(clubUserStream(account.id)), [], 'nothing recorded');

  await core.accounts.setCanChangePassword(account.id, true);
  const allowed = await changePassword({ currentPassword: 'emil-password', newPassword: 'emil-new-password' }, cookie, { 'x-real-ip': ip });
  t.equal(allowed.statusCode, 200, 'refusals did not use up the allowance');
  t.same(allowed.json(), { ok: true });
});

t.test('a password change keeps the caller logged in and ends every other session', async (t) => {
  const account = await core.accounts.create('club', 'fritz', 'fritz-password', { canChangePassword: true });
  const [mine, phone, tablet] = [await loggedIn('fritz', 'fritz-password'), await loggedIn('fritz', 'fritz-password'), await loggedIn('fritz', 'fritz-password')];
  const other = await core.accounts.create('club', 'greta', 'greta-password', { canChangePassword: true });
  const hers = await loggedIn('greta', 'greta-password');
  t.equal(await sessionsOf(account.id), 3);

  const wrong = await changePassword({ currentPassword: 'not-it-at-all', newPassword: 'fritz-new-password' }, mine);
  t.equal(wrong.statusCode, 401);
  t.same(wrong.json(), INVALID_CREDENTIALS);
  const short = await changePassword({ currentPassword: 'fritz-password', newPassword: 'short' }, mine);
  t.equal(short.statusCode, 400);
  t.same(short.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.newPassword: at least 8 characters' });
  t.equal(await sessionsOf(account.id), 3, 'refused changes end nothing');

  const changed = await changePassword({ currentPassword: 'fritz-password', newPassword: 'fritz-new-password' }, mine);
  t.equal(changed.statusCode, 200);
  t.same(changed.json(), { ok: true });

  const stillMine = await me(mine);
  t.equal(stillMine.statusCode, 200);
  t.same(stillMine.json(), { id: account.id, username: 'fritz', canChangePassword: true });
  for (const cookie of [phone, tablet]) {
    const ended = await me(cookie);
    t.equal(ended.statusCode, 401);
    t.same(ended.json(), UNAUTHENTICATED);
  }
  t.equal(await sessionsOf(account.id), 1);
  t.equal((await me(hers)).statusCode, 200, "another account's session is untouched");
  t.equal(await sessionsOf(other.id), 1);

  t.equal((await login({ username: 'fritz', password: 'fritz-password' })).statusCode, 401, 'the old password fails');
  t.equal((await login({ username: 'fritz', password: 'fritz-new-password' })).statusCode, 200, 'the new one works');

  const events = await core.store.readStream(clubUserStream(account.id));
  t.same(
    events.map((event) => ({ type: event.type, data: event.data, userId: event.metadata.userId })),
    [{ type: 'password-changed', data: { at: clock.toISOString() }, userId: account.id }],
    'the change is recorded, without any hash',
  );
});

t.test('the 11th password check from one address in 15 minutes is refused', async (t) => {
  await core.accounts.create('club', 'hanna', 'hanna-password', { canChangePassword: true });
  const cookie = await loggedIn('hanna', 'hanna-password');
  const ip = newAddress();
  for (let i = 0; i < 10; i++) {
    t.equal((await changePassword({ currentPassword: 'not-hannas', newPassword: 'hanna-new-password' }, cookie, { 'x-real-ip': ip })).statusCode, 401);
  }
  const refused = await changePassword({ currentPassword: 'hanna-password', newPassword: 'hanna-new-password' }, cookie, { 'x-real-ip': ip });
  t.equal(refused.statusCode, 429);
  t.equal(refused.headers['retry-after'], '900');
  t.same(refused.json(), RATE_LIMITED);
});

t.test('after 10 failed logins from one address in 15 minutes the next gets 429 with Retry-After', async (t) => {
  await core.accounts.create('club', 'ivan', 'ivan-password', { canChangePassword: false });
  const ip = { 'x-real-ip': newAddress() };
  const start = clock;
  // one success among them: it does not use up the allowance; the guesses go to several names
  for (let i = 0; i < 11; i++) {
    const response = await login({ username: i === 4 ? 'ivan' : `guess-${i}`, password: i === 4 ? 'ivan-password' : 'guess-number-' + i }, ip);
    t.equal(response.statusCode, i === 4 ? 200 : 401, `attempt ${i + 1}`);
  }
  clock = new Date(start.getTime() + 5 * 60_000);
  const refused = await login({ username: 'ivan', password: 'ivan-password' }, ip);
  t.equal(refused.statusCode, 429);
  t.equal(refused.headers['retry-after'], '600', 'seconds until the window ends');
  t.same(refused.json(), RATE_LIMITED);
  t.equal(refused.headers['set-cookie'], undefined);
  t.equal((await login({ username: 'ivan', password: 'ivan-password' })).statusCode, 200, 'another address is not affected');

  clock = new Date(start.getTime() + 15 * 60_000);
  t.equal((await login({ username: 'ivan', password: 'ivan-password' }, ip)).statusCode, 200, 'a new window opens after 15 minutes');
});

t.test('there is no signup and no password reset', async (t) => {
  for (const [method, url] of [
    ['POST', '/api/auth/signup'],
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/forgot'],
    ['POST', '/api/auth/reset'],
    ['POST', '/api/auth/password-reset'],
    ['POST', '/api/users'],
  ] as const) {
    const response = await app.inject({ method, url, payload: { username: 'newbie', password: 'newbie-password' } });
    t.equal(response.statusCode, 404, url);
    t.same(response.json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: `No route ${method} ${url}` });
  }
  t.equal(await core.accounts.findByLogin('club', 'newbie'), null);
});

t.test('the OpenAPI document lists the auth routes', async (t) => {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  t.equal(response.statusCode, 200);
  const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
  t.same(
    Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .map(([path, methods]) => `${Object.keys(methods).join(',')} ${path}`)
      .sort(),
    ['get /api/auth/me', 'post /api/auth/login', 'post /api/auth/logout', 'post /api/auth/password'],
  );
});
