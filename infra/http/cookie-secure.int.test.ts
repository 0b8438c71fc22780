import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';

t.test('COOKIE_SECURE=false drops Secure from session cookies and warns at start', async (t) => {
  const warnings: string[] = [];
  const system = await startTestSystem(t, { COOKIE_SECURE: 'false' }, { warn: (message) => warnings.push(message) });
  t.match(warnings, [/COOKIE_SECURE=false/], 'one warning names the setting');
  await system.core.accounts.create('club', 'plainhttp', 'a long enough password', { canChangePassword: false });
  const login = await system.apps.club!.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'plainhttp', password: 'a long enough password' },
  });
  t.equal(login.statusCode, 200);
  const lines = [login.headers['set-cookie']].flat();
  t.match(lines.find((line) => line?.startsWith('club_sid=')), /^club_sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/, 'HttpOnly and SameSite, no Secure');
  t.match(lines.find((line) => line?.startsWith('club_device=')), /^club_device=[^;]+; Max-Age=\d+; Path=\/api\/auth\/login; HttpOnly; SameSite=Strict$/, 'the device cookie neither');
});
