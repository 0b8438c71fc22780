import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { DEFAULTS, gymClient, PASSWORD } from '../../testing/gym/client.ts';

const system = await startTestSystem(t, { INVITE_CODE: 'lift-heavy-2026' });
const gym = gymClient(system.apps.gym!);

const inviteRequired = { statusCode: 403, code: 'INVITE_REQUIRED', error: 'Forbidden', message: 'Signup needs a valid invite code' };

t.test('GET /api/auth/config says that signup needs an invite code', async (t) => {
  const res = await gym.call('GET', '/api/auth/config');
  t.equal(res.statusCode, 200);
  t.same(res.json(), { inviteRequired: true });
});

t.test('signup without the code, or with a wrong one, is refused and creates nothing', async (t) => {
  for (const extra of [{}, { inviteCode: 'lift-heavy' }, { inviteCode: 'lift-heavy-2026 ' }, { inviteCode: '' }]) {
    const res = await gym.call('POST', '/api/auth/signup', { payload: { email: 'guest@example.org', password: PASSWORD, ...extra } });
    t.equal(res.statusCode, 403, JSON.stringify(extra));
    t.same(res.json(), inviteRequired);
    t.equal(res.headers['set-cookie'], undefined);
  }
  const login = await gym.login('guest@example.org');
  t.equal(login.res.statusCode, 401, 'no account was created');
});

t.test('signup with the right code creates the account', async (t) => {
  const res = await gym.call('POST', '/api/auth/signup', {
    payload: { email: 'invited@example.org', password: PASSWORD, inviteCode: 'lift-heavy-2026' },
  });
  t.equal(res.statusCode, 201);
  const user = res.json();
  t.same(user, { id: user.id, email: 'invited@example.org', settings: DEFAULTS, createdAt: user.createdAt });
  t.equal((await gym.login('invited@example.org')).res.statusCode, 200);
});
