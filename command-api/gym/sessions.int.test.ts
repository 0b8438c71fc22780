import t from 'tap';
import { sql } from 'slonik';
import { z } from 'zod';
import { startTestSystem } from '../../testing/harness.ts';
import { gymClient, PASSWORD, sessionCookie } from '../../testing/gym/client.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-01T08:00:00.000Z');
let clock = new Date(START);
const system = await startTestSystem(t, {}, { now: () => clock });
const gym = gymClient(system.apps.gym!);
const at = (days: number): Date => new Date(START + days * DAY);

async function storedExpiry(sid: string): Promise<string> {
  const id = system.core.sessions.gym.idOf(sid);
  return system.core.db.slonik.oneFirst(sql.type(z.object({ expires_at: z.string() }))`
    SELECT expires_at FROM auth.sessions WHERE id = ${id}`);
}

t.beforeEach(() => {
  clock = new Date(START);
});

t.test('a session starts with 90 days', async (t) => {
  // the sign-up's own answer: its cookie's expiry is what is checked
  const res = await gym.call('POST', '/api/auth/signup', { payload: { email: 'life@example.org', password: PASSWORD } });
  const sid = sessionCookie(res)!.value;
  t.same(sessionCookie(res)!.expires, at(90));
  t.equal(await storedExpiry(sid), at(90).toISOString());
});

t.test('used at day 44 (before half its life) it is not renewed', async (t) => {
  const { sid } = await gym.login('life@example.org');
  clock = at(44);
  const res = await gym.me(sid);
  t.equal(res.statusCode, 200);
  t.equal(res.headers['set-cookie'], undefined, 'no Set-Cookie');
  t.equal(await storedExpiry(sid!), at(90).toISOString(), 'the expiry is unchanged');
});

t.test('used at day 46 (past half its life) it is renewed for 90 days from then', async (t) => {
  const { sid } = await gym.login('life@example.org');
  clock = at(46);
  const res = await gym.me(sid);
  t.equal(res.statusCode, 200);
  t.match(res.headers['set-cookie'], /^gym_sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
  t.same(sessionCookie(res), { value: sid, expires: at(136) }, 'the same token, expiring at day 136');
  t.equal(await storedExpiry(sid!), at(136).toISOString(), 'the row is updated');
  clock = at(120);
  t.equal((await gym.me(sid)).statusCode, 200, 'so it still works at day 120');
});

t.test('unused past day 90 it is over', async (t) => {
  const { sid } = await gym.login('life@example.org');
  const { sid: idle } = await gym.login('life@example.org');
  clock = new Date(at(90).getTime() - 1);
  t.equal((await gym.me(sid)).statusCode, 200, 'a moment before day 90 it still works (and is renewed)');
  clock = at(90);
  const res = await gym.me(idle);
  t.equal(res.statusCode, 401, 'at day 90 it is over');
  t.same(res.json(), { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' });
  clock = at(91);
  t.equal((await gym.me(idle)).statusCode, 401);
});
