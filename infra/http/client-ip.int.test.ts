import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';

// The proxy is elsewhere: the loopback peer of inject() is just another client, whatever it claims.
const system = await startTestSystem(t, { TRUSTED_PROXY: '10.0.0.1' });
const club = system.apps.club!;

const failedLogin = (realIp: string, remoteAddress?: string) =>
  club.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-real-ip': realIp },
    payload: { username: `nobody-${realIp}`, password: 'wrong password' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

t.test('an untrusted peer cannot pick its address with X-Real-IP: every claim shares its one counter', async (t) => {
  const statuses: number[] = [];
  for (let i = 1; i <= 10; i++) statuses.push((await failedLogin(`203.0.113.${i}`)).statusCode);
  t.same(statuses, Array(10).fill(401));
  const eleventh = await failedLogin('198.51.100.99');
  t.equal(eleventh.statusCode, 429, 'a new X-Real-IP is the same caller');
  t.same(eleventh.json(), { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests', message: 'Too many attempts from this address; try again later' });

  const viaProxy = await failedLogin('198.51.100.99', '10.0.0.1');
  t.equal(viaProxy.statusCode, 401, "from the trusted proxy, X-Real-IP is the client and has a count of its own");
});
