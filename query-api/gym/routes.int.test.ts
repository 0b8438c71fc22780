import t from 'tap';
import { gymClient, DEFAULTS, ISO } from '../../testing/gym/client.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { CUID } from '../../infra/ids.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const gym = gymClient(app);

const unauthenticated = { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' };

t.test('GET /api/auth/config says that no invite code is needed when INVITE_CODE is unset', async (t) => {
  const res = await gym.call('GET', '/api/auth/config');
  t.equal(res.statusCode, 200);
  t.same(res.json(), { inviteRequired: false });
  t.equal(res.headers['cache-control'], 'no-store');
});

t.test('GET /api/me answers the signed-in user with every setting', async (t) => {
  const { user, sid } = await gym.signup('me@example.org');
  const res = await gym.me(sid);
  t.equal(res.statusCode, 200);
  t.match(res.json(), { id: CUID, createdAt: ISO });
  t.same(res.json(), { id: user.id, email: 'me@example.org', settings: DEFAULTS, createdAt: user.createdAt });
  t.equal(res.headers['cache-control'], 'no-store');
});

t.test('GET /api/me is 401 without a cookie and with a made-up one', async (t) => {
  const none = await gym.me(null);
  t.equal(none.statusCode, 401);
  t.same(none.json(), unauthenticated);
  t.equal(none.headers['cache-control'], 'no-store');
  const madeUp = await gym.me('bm90LWEtcmVhbC10b2tlbi1ub3QtYS1yZWFsLXRva2VuLXh4');
  t.equal(madeUp.statusCode, 401);
  t.same(madeUp.json(), unauthenticated);
  const huge = await gym.me('x'.repeat(300));
  t.equal(huge.statusCode, 401);
  t.same(huge.json(), unauthenticated);
});

t.test('every gym answer carries Cache-Control: no-store, health and 404 included', async (t) => {
  const health = await gym.call('GET', '/api/health');
  t.equal(health.statusCode, 200);
  t.same(health.json(), { status: 'ok' });
  t.equal(health.headers['cache-control'], 'no-store');
  const missing = await gym.call('GET', '/api/nothing-here');
  t.equal(missing.statusCode, 404);
  t.same(missing.json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No route GET /api/nothing-here' });
  t.equal(missing.headers['cache-control'], 'no-store');
  const openapi = await gym.call('GET', '/api/openapi.json');
  t.equal(openapi.statusCode, 200);
  t.equal(openapi.headers['cache-control'], 'no-store');
  t.ok(openapi.json().paths['/api/me'], 'GET /api/me is documented');
});
