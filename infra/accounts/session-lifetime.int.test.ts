// Issue 10, item 8: 90-day logins with an absolute limit of 365 days; a password change, a reset
// and an erasure end sessions at once.
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { gymClient, PASSWORD, sessionCookie } from '../../testing/gym/client.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { SESSION_ABSOLUTE_LIMIT_MS, SESSION_LIFETIME_MS } from './sessions.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-01-05T07:30:00.000Z');
let clock = new Date(START);
const system = await startTestSystem(t, {}, { now: () => clock });
const { core } = system;
const gym = gymClient(system.apps.gym!);
const at = (days: number, ms = 0): Date => new Date(START + days * DAY + ms);
const UNAUTHENTICATED = { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' };

const count = z.object({ n: z.number() });
const sessionRows = (userId: string) =>
  core.db.slonik.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = ${userId}`);

t.beforeEach(() => {
  clock = new Date(START);
});

t.test('the values: 90 days unused, 365 days at most', async (t) => {
  t.equal(SESSION_LIFETIME_MS, 90 * DAY);
  t.equal(SESSION_ABSOLUTE_LIMIT_MS, 365 * DAY);
});

t.test('a login used every day still ends 365 days after sign-in; renewal stops at that limit', async (t) => {
  const { sid } = await gym.signup('daily@example.org');
  const cap = at(365);
  const renewals: { day: number; expires: Date | undefined }[] = [];
  let refused = 0;
  for (let day = 1; day < 365; day++) {
    clock = at(day);
    const res = await gym.me(sid);
    if (res.statusCode !== 200) refused++;
    const cookie = sessionCookie(res);
    if (cookie) renewals.push({ day, expires: cookie.expires });
  }
  t.equal(refused, 0, 'every day of the year it works');
  // renewed once past half its life: days 46, 92, 138, 184, 230, then 276 meets the limit
  t.same(renewals, [
    { day: 46, expires: at(136) },
    { day: 92, expires: at(182) },
    { day: 138, expires: at(228) },
    { day: 184, expires: at(274) },
    { day: 230, expires: at(320) },
    { day: 276, expires: cap },
  ], 'no renewal reaches past the limit, and none comes after it is reached');
  const stored = await core.db.slonik.oneFirst(sql.type(z.object({ expires_at: z.string() }))`
    SELECT expires_at FROM auth.sessions WHERE id = ${core.sessions.gym.idOf(sid)}`);
  t.equal(stored, cap.toISOString(), 'the row ends at the limit');
  clock = at(365, -1);
  t.equal((await gym.me(sid)).statusCode, 200, 'a moment before the limit it still works');
  clock = cap;
  const res = await gym.me(sid);
  t.equal(res.statusCode, 401, 'at the limit it is over, used daily or not');
  t.same(res.json(), UNAUTHENTICATED);
  const again = await gym.login('daily@example.org');
  t.equal(again.res.statusCode, 200, 'signing in again starts a new login');
  t.same(sessionCookie(again.res)?.expires, at(365 + 90));
});

t.test('a row older than the limit is refused even when a renewal from before the limit left it open', async (t) => {
  const { user } = await gym.signup('old-row@example.org');
  const token = 'an-old-token-renewed-before-there-was-any-limit';
  await core.db.slonik.query(sql.unsafe`
    INSERT INTO auth.sessions (id, user_id, service, created_at, expires_at)
    VALUES (${core.sessions.gym.idOf(token)}, ${(user as { id: string }).id}, 'gym', ${at(-400).toISOString()}, ${at(60).toISOString()})`);
  t.equal((await gym.me(token)).statusCode, 401);
  t.equal(await core.sessions.gym.find(token), null);
});

async function threeDevices(email: string) {
  const { user, sid } = await gym.signup(email);
  const others = [(await gym.login(email)).sid!, (await gym.login(email)).sid!];
  for (const token of [sid, ...others]) if ((await gym.me(token)).statusCode !== 200) throw new Error('a device is not signed in');
  return { id: (user as { id: string }).id, devices: [sid, ...others] };
}

t.test('a password reset ends every session at once and signs only the resetting device in', async (t) => {
  const { id, devices } = await threeDevices('reset@example.org');
  const forgot = await gym.call('POST', '/api/auth/forgot', { payload: { email: 'reset@example.org' } });
  const { devCode } = forgot.json() as { devCode: string };
  const reset = await gym.call('POST', '/api/auth/reset', { payload: { email: 'reset@example.org', code: devCode, newPassword: 'a new password here' } });
  t.equal(reset.statusCode, 200);
  // the very next request, with no time passing: no grace period
  for (const [index, token] of devices.entries()) {
    const res = await gym.me(token);
    t.equal(res.statusCode, 401, `device ${index + 1} is signed out`);
    t.same(res.json(), UNAUTHENTICATED);
  }
  t.equal((await gym.me(sessionCookie(reset)!.value)).statusCode, 200, 'the resetting device is signed in');
  t.equal(await sessionRows(id), 1, 'one session row is left: the new one');
});

t.test('erasing the account (DELETE /me) ends every session at once', async (t) => {
  const { id, devices } = await threeDevices('erase@example.org');
  const erased = await gym.call('DELETE', '/api/me', { sid: devices[0]!, payload: { password: PASSWORD } });
  t.equal(erased.statusCode, 200);
  for (const [index, token] of devices.entries()) {
    const res = await gym.me(token);
    t.equal(res.statusCode, 401, `device ${index + 1} is signed out`);
    t.same(res.json(), UNAUTHENTICATED);
  }
  t.equal(await sessionRows(id), 0, 'no session row is left');
});

t.test("a password change ends every other session at once and keeps the caller's", async (t) => {
  const { id, devices } = await threeDevices('change@example.org');
  const changed = await gym.call('POST', '/api/auth/password', { sid: devices[1]!, payload: { currentPassword: PASSWORD, newPassword: 'another new password' } });
  t.equal(changed.statusCode, 200);
  t.equal((await gym.me(devices[0]!)).statusCode, 401, 'device 1 is signed out');
  t.equal((await gym.me(devices[1]!)).statusCode, 200, 'the caller stays signed in');
  t.equal((await gym.me(devices[2]!)).statusCode, 401, 'device 3 is signed out');
  t.equal(await sessionRows(id), 1);
});
