import t from 'tap';
import { userStream } from '../../domain/gym/user.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { gymClient, PASSWORD } from '../../testing/gym/client.ts';

const system = await startTestSystem(t);
const gym = gymClient(system.apps.gym!);
const NEW_PASSWORD = 'a brand new passphrase';

const change = (sid: string | null, payload: object, ip?: string) =>
  gym.call('POST', '/api/auth/password', { sid, payload, ...(ip ? { ip } : {}) });
const unauthenticated = { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' };

t.test('a password change keeps the caller signed in and ends every other session', async (t) => {
  const { user } = await gym.signup('change@example.org');
  const sessions = [];
  for (let i = 0; i < 3; i++) sessions.push((await gym.login('change@example.org')).sid!);
  const [caller, other1, other2] = sessions as [string, string, string];

  const res = await change(caller, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });

  t.equal((await gym.me(caller)).statusCode, 200, "the caller's session still works");
  for (const sid of [other1, other2]) {
    const me = await gym.me(sid);
    t.equal(me.statusCode, 401, 'another session ended');
    t.same(me.json(), unauthenticated);
  }
  t.equal((await gym.login('change@example.org', PASSWORD)).res.statusCode, 401, 'the old password no longer logs in');
  const fresh = await gym.login('change@example.org', NEW_PASSWORD);
  t.equal(fresh.res.statusCode, 200, 'the new one does');
  t.same(fresh.res.json(), user);

  const events = await system.core.store.readStream(userStream(user.id));
  t.same(events.map((event) => event.type), ['account-created', 'password-changed']);
  t.match(events[1]!.data, { at: /^\d{4}-/ });
  t.same(Object.keys(events[1]!.data), ['at'], 'the event says when, nothing else');
  const stored = JSON.stringify(events.map((event) => [event.data, event.metadata]));
  t.notMatch(stored, '$argon2', 'no password hash in any event');
  t.notMatch(stored, NEW_PASSWORD);
});

t.test('a wrong current password is 401 INVALID_CREDENTIALS and changes nothing', async (t) => {
  const { sid } = await gym.signup('wrong-current@example.org');
  const other = (await gym.login('wrong-current@example.org')).sid;
  const res = await change(sid, { currentPassword: 'not the password', newPassword: NEW_PASSWORD });
  t.equal(res.statusCode, 401);
  t.same(res.json(), { statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized', message: 'Wrong email or password' });
  t.equal((await gym.me(sid)).statusCode, 200);
  t.equal((await gym.me(other)).statusCode, 200, 'other sessions live on');
  t.equal((await gym.login('wrong-current@example.org', PASSWORD)).res.statusCode, 200, 'the password is unchanged');
});

t.test('the new password is validated, a session is needed, and attempts are rate limited', async (t) => {
  const { sid } = await gym.signup('rules@example.org');
  const short = await change(sid, { currentPassword: PASSWORD, newPassword: 'short' });
  t.equal(short.statusCode, 400);
  t.same(short.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.newPassword: at least 8 characters' });

  const anonymous = await change(null, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
  t.equal(anonymous.statusCode, 401);
  t.same(anonymous.json(), unauthenticated);

  const ip = '198.18.0.1';
  for (let i = 0; i < 10; i++) t.equal((await change(sid, { currentPassword: 'guess', newPassword: NEW_PASSWORD }, ip)).statusCode, 401);
  const limited = await change(sid, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, ip);
  t.equal(limited.statusCode, 429);
  t.match(limited.json(), { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests' });
  t.ok(Number(limited.headers['retry-after']) > 0);
});
