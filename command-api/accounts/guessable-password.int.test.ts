import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { newAddress, newClubLogin, signUp } from '../../testing/sign-in.ts';

// Issue 35: a password is judged by zxcvbn (score 3 or more), not by a list of 10,000; and a
// password made of the account's own login is refused wherever the login is known.
const system = await startTestSystem(t);
const { core } = system;


type Service = 'gym' | 'shows' | 'club';
const COMMON = 'this password is in a list of commonly used passwords; choose another';
const FROM_LOGIN = 'this password is made of your login; choose another';
const refused = (field: string, reason: string) => ({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: `${field}: ${reason}` });

function post(service: Service, url: string, payload: object, cookie?: string) {
  return system.apps[service]!.inject({ method: 'POST', url, headers: { 'x-real-ip': newAddress(), ...(cookie ? { cookie } : {}) }, payload });
}

const signedUp = async (service: 'gym' | 'shows', email: string, password: string): Promise<string> =>
  (await signUp(service, system.apps[service]!, { email, password })).cookie;

const clubSession = async (username: string, password: string): Promise<string> =>
  (await newClubLogin(core.accounts, system.apps.club!, username, { password, canChangePassword: true })).cookie;

t.test('password123, in no list of 10,000, is refused on every route that sets a password', async (t) => {
  const gym = await signedUp('gym', 'holder@example.org', 'holder passphrase of mine');
  const shows = await signedUp('shows', 'holder@example.org', 'holder passphrase of mine');
  const club = await clubSession('holder', 'holder passphrase of mine');
  const cases: Array<[Service, string, object, string, string?]> = [
    ['gym', '/api/auth/signup', { email: 'new@example.org', password: 'password123' }, 'body.password'],
    ['gym', '/api/auth/password', { currentPassword: 'holder passphrase of mine', newPassword: 'password123' }, 'body.newPassword', gym],
    ['gym', '/api/auth/reset', { email: 'holder@example.org', code: '123456', newPassword: 'password123' }, 'body.newPassword'],
    ['shows', '/api/auth/signup', { email: 'new@example.org', password: 'Password123' }, 'body.password'],
    ['shows', '/api/auth/change-password', { currentPassword: 'holder passphrase of mine', newPassword: 'P@ssw0rd2024' }, 'body.newPassword', shows],
    ['club', '/api/auth/password', { currentPassword: 'holder passphrase of mine', newPassword: 'qwerty123456' }, 'body.newPassword', club],
  ];
  for (const [service, url, payload, field, cookie] of cases) {
    const res = await post(service, url, payload, cookie);
    t.equal(res.statusCode, 400, `${service} ${url}`);
    t.same(res.json(), refused(field, COMMON));
  }
});

t.test("a password made of the account's own login is refused; the same password passes for another login", async (t) => {
  const password = 'marguerite.okonkwo77';
  const gymSignup = await post('gym', '/api/auth/signup', { email: 'marguerite.okonkwo@example.org', password });
  t.equal(gymSignup.statusCode, 400);
  t.same(gymSignup.json(), refused('body.password', FROM_LOGIN));
  const showsSignup = await post('shows', '/api/auth/signup', { email: 'Marguerite.Okonkwo@example.org', password });
  t.equal(showsSignup.statusCode, 400);
  t.same(showsSignup.json(), refused('body.password', FROM_LOGIN), 'the address is compared without case');
  t.equal((await post('gym', '/api/auth/signup', { email: 'someone.else@example.org', password })).statusCode, 201, 'another address may use it');

  const gym = await signedUp('gym', 'marguerite.okonkwo@example.org', 'lighthouse marmalade stairs');
  const change = await post('gym', '/api/auth/password', { currentPassword: 'lighthouse marmalade stairs', newPassword: password }, gym);
  t.equal(change.statusCode, 400);
  t.same(change.json(), refused('body.newPassword', FROM_LOGIN));
  const reset = await post('gym', '/api/auth/reset', { email: 'marguerite.okonkwo@example.org', code: '123456', newPassword: password });
  t.equal(reset.statusCode, 400);
  t.same(reset.json(), refused('body.newPassword', FROM_LOGIN), 'refused before the code is looked at');

  const shows = await signedUp('shows', 'marguerite.okonkwo@example.org', 'lighthouse marmalade stairs');
  const showsChange = await post('shows', '/api/auth/change-password', { currentPassword: 'lighthouse marmalade stairs', newPassword: password }, shows);
  t.same(showsChange.json(), refused('body.newPassword', FROM_LOGIN));

  const club = await clubSession('okonkwo-club', 'lighthouse marmalade stairs');
  const clubChange = await post('club', '/api/auth/password', { currentPassword: 'lighthouse marmalade stairs', newPassword: 'okonkwo-club-2024' }, club);
  t.equal(clubChange.statusCode, 400);
  t.same(clubChange.json(), refused('body.newPassword', FROM_LOGIN));
  const account = await core.accounts.findByLogin('club', 'okonkwo-club');
  t.ok(await core.accounts.checkPassword(account!.id, 'lighthouse marmalade stairs'), 'the refused change left the password as it was');
});
