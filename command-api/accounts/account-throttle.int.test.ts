import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { startTestSystem } from '../../testing/harness.ts';

// Sign-in throttling (ASVS 2.2.1): failures per account and per known device, failures only per address.
let clock = new Date('2026-11-25T12:00:00.000Z');
const later = (ms: number): void => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const system = await startTestSystem(t, {}, { now: () => clock });
const { core } = system;

let lastAddress = 0;
const newAddress = (): string => `192.0.2.${++lastAddress % 250}`;

type Service = 'gym' | 'shows' | 'club';
const loginKey = { gym: 'email', shows: 'email', club: 'username' } as const;

function login(service: Service, login: string, password: string, options: { ip?: string; device?: string } = {}) {
  const app = system.apps[service]!;
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-real-ip': options.ip ?? newAddress(), ...(options.device ? { cookie: `${service}_device=${options.device}` } : {}) },
    payload: { [loginKey[service]]: login, password },
  });
}

function deviceOf(service: Service, res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((candidate) => candidate.name === `${service}_device`);
  if (!cookie) throw new Error(`no ${service}_device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie.value;
}

/** An account of the service, created the way its users get one. */
async function account(service: Service, login: string, password: string): Promise<void> {
  if (service === 'club') {
    await core.accounts.create('club', login, password, { canChangePassword: false });
    return;
  }
  const res = await system.apps[service]!.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'x-real-ip': newAddress() },
    payload: { email: login, password },
  });
  if (res.statusCode !== 201) throw new Error(`signup ${login}: ${res.statusCode} ${res.body}`);
}

const ACCOUNT_LOCKED = {
  statusCode: 429,
  code: 'RATE_LIMITED',
  error: 'Too Many Requests',
  message: 'Too many failed sign-ins to this account; try again later, or from a device that signed in to it before',
};
const ADDRESS_LIMITED = { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests', message: 'Too many attempts from this address; try again later' };

t.test('30 wrong passwords from 30 addresses: 5 are checked, then the account is locked; a known device still signs in', async (t) => {
  await account('gym', 'target@example.org', 'the owner passphrase');
  const owner = await login('gym', 'target@example.org', 'the owner passphrase');
  t.equal(owner.statusCode, 200);
  const device = deviceOf('gym', owner);
  const cookie = owner.cookies.find((candidate) => candidate.name === 'gym_device')!;
  t.same(
    { path: cookie.path, httpOnly: cookie.httpOnly, sameSite: cookie.sameSite, secure: cookie.secure, maxAge: cookie.maxAge },
    { path: '/api/auth/login', httpOnly: true, sameSite: 'Strict', secure: true, maxAge: 365 * 24 * 60 * 60 },
    'the device cookie goes to the login route only, for a year',
  );

  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const res = await login('gym', 'target@example.org', `guess number ${i}`, { ip: `198.18.0.${i + 1}` });
    statuses.push(res.statusCode);
    if (i === 5) {
      t.same(res.json(), ACCOUNT_LOCKED);
      t.equal(res.headers['retry-after'], '60', 'the first lock lasts a minute');
    }
  }
  t.same(statuses, [...Array(5).fill(401), ...Array(25).fill(429)], 'every address had its first try, the account only five');

  const fresh = await login('gym', 'target@example.org', 'the owner passphrase');
  t.equal(fresh.statusCode, 429, 'the right password from a device never seen is refused while locked');
  t.same(fresh.json(), ACCOUNT_LOCKED);
  t.equal(fresh.headers['set-cookie'], undefined);

  const known = await login('gym', 'target@example.org', 'the owner passphrase', { device });
  t.equal(known.statusCode, 200, 'the device that signed in before gets in');
  t.ok(known.cookies.some((c) => c.name === 'gym_sid'), 'with a session');

  const stillLocked = await login('gym', 'target@example.org', 'the owner passphrase');
  t.equal(stillLocked.statusCode, 429, "the owner's success on a known device does not give the guesser new tries");
});

t.test('the lock grows after each further failure: 1, 2, 4, 8, then 15 minutes at most', async (t) => {
  await account('club', 'growing', 'growing passphrase');
  for (let i = 0; i < 5; i++) t.equal((await login('club', 'growing', 'wrong')).statusCode, 401);
  const seen: string[] = [];
  for (const wait of [1, 2, 4, 8, 15, 15]) {
    const locked = await login('club', 'growing', 'wrong');
    t.equal(locked.statusCode, 429);
    seen.push(String(locked.headers['retry-after']));
    later(wait * MINUTE);
    t.equal((await login('club', 'growing', 'wrong')).statusCode, 401, `after ${wait} min one more try is checked`);
  }
  t.same(seen, ['60', '120', '240', '480', '900', '900']);
  later(15 * MINUTE);
  const right = await login('club', 'growing', 'growing passphrase');
  t.equal(right.statusCode, 200, 'the lock ends; the right password signs in');
  t.equal((await login('club', 'growing', 'wrong')).statusCode, 401, 'and the count starts again from zero');
});

t.test('a device cookie exempts only the account it was issued for, and is throttled itself', async (t) => {
  await account('club', 'owner-a', 'owner a passphrase');
  await account('club', 'owner-b', 'owner b passphrase');
  const deviceA = deviceOf('club', await login('club', 'owner-a', 'owner a passphrase'));
  for (let i = 0; i < 5; i++) await login('club', 'owner-b', 'wrong');
  const borrowed = await login('club', 'owner-b', 'owner b passphrase', { device: deviceA });
  t.equal(borrowed.statusCode, 429, "A's device is a fresh device for B");
  t.equal((await login('club', 'owner-b', 'owner b passphrase', { device: `${deviceA}x` })).statusCode, 429, 'a forged cookie counts for nothing');

  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await login('club', 'owner-a', `stolen cookie guess ${i}`, { device: deviceA })).statusCode);
  t.same(statuses, [401, 401, 401, 401, 401, 429, 429], 'guessing with a known device locks that device after five');
  t.equal((await login('club', 'owner-a', 'owner a passphrase')).statusCode, 200, 'while the account itself is not locked');
});

t.test('an unknown login is counted and locked exactly like a real one', async (t) => {
  for (const name of ['nobody@example.org', 'someone@example.org']) {
    if (name === 'someone@example.org') await account('shows', name, 'someone passphrase');
    const statuses: number[] = [];
    let last: LightMyRequestResponse | null = null;
    for (let i = 0; i < 6; i++) {
      last = await login('shows', name, 'wrong password');
      statuses.push(last.statusCode);
    }
    t.same(statuses, [401, 401, 401, 401, 401, 429], name);
    t.same(last!.json(), ACCOUNT_LOCKED, name);
    t.equal(last!.headers['retry-after'], '60', name);
  }
});

t.test('parallel guesses cannot slip past the lock', async (t) => {
  await account('club', 'racer', 'racer passphrase');
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('club', 'racer', `parallel guess ${i}`)));
  const statuses = answers.map((res) => res.statusCode).sort();
  t.same(statuses, [...Array(5).fill(401), ...Array(15).fill(429)], 'exactly five passwords were checked');
});

for (const service of ['gym', 'shows', 'club'] as const) {
  t.test(`${service}: one address signs in successfully past the 10th time in 15 minutes; its failures still count`, async (t) => {
    const name = service === 'club' ? `hall-${service}` : `hall-${service}@example.org`;
    await account(service, name, 'club hall passphrase');
    const hall = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(service, name, 'club hall passphrase', { ip: hall })).statusCode);
    t.same(statuses, Array(12).fill(200), 'the 11th and 12th good login from one address get in too');

    // failures against many accounts, so that the address allowance is what stops them
    const failures: number[] = [];
    for (let i = 0; i < 10; i++) {
      const other = service === 'club' ? `stranger-${service}-${i}` : `stranger-${i}@${service}.example.org`;
      failures.push((await login(service, other, 'wrong', { ip: hall })).statusCode);
    }
    t.same(failures, Array(10).fill(401));
    const refused = await login(service, name, 'club hall passphrase', { ip: hall });
    t.equal(refused.statusCode, 429, 'after 10 failures even the right password waits');
    t.same(refused.json(), ADDRESS_LIMITED);
    t.equal(refused.headers['retry-after'], '900');
    t.equal((await login(service, name, 'club hall passphrase')).statusCode, 200, 'another address is not affected');
    later(15 * MINUTE);
    t.equal((await login(service, name, 'club hall passphrase', { ip: hall })).statusCode, 200, 'a new window after 15 minutes');
  });
}

t.test('old failures are forgotten after a day, and swept', async (t) => {
  await account('club', 'forgetful', 'forgetful passphrase');
  for (let i = 0; i < 4; i++) await login('club', 'forgetful', 'typo');
  later(24 * 60 * MINUTE);
  for (let i = 0; i < 4; i++) t.equal((await login('club', 'forgetful', 'typo')).statusCode, 401, `typo ${i + 1} of today`);
  later(24 * 60 * MINUTE);
  await core.signInThrottle.sweep();
  const rows = await core.db.pg.query(`SELECT key FROM auth.sign_in_failures WHERE key LIKE 'club:account:forgetful'`);
  t.equal(rows.rowCount, 0, 'a count a day old with no lock is dropped');
});

t.test('every route that sets a password refuses a common one, naming the field and the reason', async (t) => {
  await core.accounts.create('club', 'changer', 'changer passphrase', { canChangePassword: true });
  await account('gym', 'changer@example.org', 'changer passphrase');
  await account('shows', 'changer@example.org', 'changer passphrase');
  // a password change needs the session first: without one the answer is 401, whatever the body
  const sessions: Record<Service, string> = {
    gym: `gym_sid=${(await login('gym', 'changer@example.org', 'changer passphrase')).cookies.find((c) => c.name === 'gym_sid')!.value}`,
    shows: `sid=${(await login('shows', 'changer@example.org', 'changer passphrase')).cookies.find((c) => c.name === 'sid')!.value}`,
    club: `club_sid=${(await login('club', 'changer', 'changer passphrase')).cookies.find((c) => c.name === 'club_sid')!.value}`,
  };
  const cases: Array<[Service, string, object, string]> = [
    ['gym', '/api/auth/signup', { email: 'common@example.org', password: 'password' }, 'body.password'],
    ['gym', '/api/auth/password', { currentPassword: 'anything', newPassword: '12345678' }, 'body.newPassword'],
    ['gym', '/api/auth/reset', { email: 'common@example.org', code: '123456', newPassword: 'PassWord' }, 'body.newPassword'],
    ['shows', '/api/auth/signup', { email: 'common@example.org', password: '12345678' }, 'body.password'],
    ['shows', '/api/auth/change-password', { currentPassword: 'anything', newPassword: 'password' }, 'body.newPassword'],
    ['club', '/api/auth/password', { currentPassword: 'changer passphrase', newPassword: 'football' }, 'body.newPassword'],
  ];
  for (const [service, url, payload, field] of cases) {
    const res = await system.apps[service]!.inject({
      method: 'POST',
      url,
      headers: { 'x-real-ip': newAddress(), ...(url.includes('password') ? { cookie: sessions[service] } : {}) },
      payload,
    });
    t.equal(res.statusCode, 400, `${service} ${url}`);
    t.same(res.json(), {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      error: 'Bad Request',
      message: `${field}: this password is in a list of commonly used passwords; choose another`,
    });
  }
  const unusual = await system.apps.shows!.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'x-real-ip': newAddress() },
    payload: { email: 'unusual@example.org', password: 'marmalade under the lighthouse stairs' },
  });
  t.equal(unusual.statusCode, 201, 'a long unusual password is accepted');
});
