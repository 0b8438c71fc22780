// `ops club:user …` on the service's database, checked over HTTP: run in the test's process
// (`runCli`), and as operators run it, a separate process, for reading the password from its stdin.
import t from 'tap';
import { recordAccountCreated } from '../command-api/club/user.ts';
import { playerStream } from '../domain/club/player.ts';
import { clubUserStream } from '../domain/club/user.ts';
import { runInProcess, runSpawned } from './cli/test-runs.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../testing/harness.ts';
import { whereFound } from '../testing/where-found.ts';

/** Runs the CLI in this process; `input` (when given) is its whole standard input, otherwise it is empty. */
const ops = (args: string[], input?: string) => runInProcess(args, env, input);
/** The same as a child process, with `input` piped to its stdin. */
const spawned = (args: string[], input?: string) => runSpawned(args, env, input);

const system = await startTestSystem(t);
const club = system.apps.club!;
const env = { DATABASE_URL: system.url, LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET };

let lastAddress = 0;
const login = (username: string, password: string) =>
  club.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': `203.0.113.${++lastAddress}` }, payload: { username, password } });
const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }): string =>
  `club_sid=${response.cookies.find((cookie) => cookie.name === 'club_sid')?.value ?? ''}`;

t.test('--help lists the club:user commands, and each has its own', async (t) => {
  const subs = ['add', 'passwd', 'allow-password-change', 'remove'];
  const [top, unknown, ...own] = await Promise.all([
    ops(['--help']),
    ops(['club:user', 'rename', 'x']),
    ...subs.map((sub) => ops(['club:user', sub, '--help'])),
  ]);
  t.equal(top.code, 0);
  for (const sub of subs) t.match(top.out, new RegExp(`^  club:user ${sub} +\\S`, 'm'));
  own.forEach((help, i) => {
    t.equal(help.code, 0, `club:user ${subs[i]} --help`);
    t.match(help.out, new RegExp(`^usage: npm run ops -- club:user ${subs[i]} <username>`));
  });
  t.equal(unknown.code, 2);
  t.equal(unknown.err, 'club:user needs one of: add, passwd, allow-password-change, remove (not rename)\n');
  t.match(own[3]!.out, /stay/, 'remove --help says what stays');
});

t.test('add with --password-stdin (a process) creates an account that logs in over HTTP; adding it again fails', async (t) => {
  // a process: the password is the first line of what was piped to it
  const added = await spawned(['club:user', 'add', 'Alice', '--password-stdin'], 'correct horse battery\nignored second line\n');
  t.equal(added.code, 0, added.err);
  t.equal(added.err, '');
  const account = await system.core.accounts.findByLogin('club', 'alice');
  if (!account) throw new Error('no account');
  t.equal(added.out, `created club user alice (id ${account.id})\n`);

  const response = await login('alice', 'correct horse battery');
  t.equal(response.statusCode, 200);
  t.same(response.json(), { id: account.id, username: 'alice', canChangePassword: false }, 'canChangePassword is off by default');

  const events = await system.core.store.readStream(clubUserStream(account.id));
  t.same(
    events.map((event) => ({ type: event.type, data: event.data, userId: event.metadata.userId })),
    [{ type: 'account-created', data: { username: 'alice', createdAt: account.createdAt }, userId: account.id }],
    'account-created is recorded, without the password or its hash',
  );

  const again = await ops(['club:user', 'add', 'ALICE', '--password-stdin'], 'another-password\n');
  t.equal(again.code, 1);
  t.equal(again.err, 'error: club user alice already exists\n');
  t.equal(again.out, '');
  t.equal((await login('alice', 'correct horse battery')).statusCode, 200, 'the first password still holds');
});

t.test('wrong input is one line and exit 2', async (t) => {
  const [short, common, name, noTerminal] = await Promise.all([
    ops(['club:user', 'add', 'carol', '--password-stdin'], 'short\n'),
    ops(['club:user', 'add', 'carol', '--password-stdin'], '12345678\n'),
    ops(['club:user', 'add', 'no spaces', '--password-stdin'], 'long-enough\n'),
    // a process: its stdin is a pipe, no terminal
    spawned(['club:user', 'add', 'carol'], 'long-enough\n'),
  ]);
  t.equal(short.code, 2);
  t.equal(short.err, 'password: at least 8 characters\n');
  t.equal(common.code, 2);
  t.equal(common.err, 'password: this password is in a list of commonly used passwords; choose another\n');
  t.equal(name.code, 2);
  t.equal(name.err, 'username: 3 to 32 letters, digits, - or _, starting and ending with a letter or digit\n');
  t.equal(noTerminal.code, 2, 'without --password-stdin the password is asked on a terminal only');
  t.equal(noTerminal.err, 'no terminal to ask for the password; pipe it in with --password-stdin\n');
  t.equal(await system.core.accounts.findByLogin('club', 'carol'), null, 'nothing was created');
});

t.test('passwd sets a new password and ends the sessions', async (t) => {
  const account = await system.core.accounts.create('club', 'dave', 'daves-old-password', { canChangePassword: false });
  const session = cookieOf(await login('dave', 'daves-old-password'));
  const changed = await ops(['club:user', 'passwd', 'dave', '--password-stdin'], 'daves-new-password\n');
  t.equal(changed.code, 0, changed.err);
  t.equal(changed.out, 'password of club user dave changed; its sessions ended\n');
  t.equal((await login('dave', 'daves-old-password')).statusCode, 401, 'the old password fails');
  t.equal((await login('dave', 'daves-new-password')).statusCode, 200, 'the new one works');
  t.equal((await club.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session } })).statusCode, 401, 'the old session ended');

  const events = await system.core.store.readStream(clubUserStream(account.id));
  t.same(
    events.map((event) => ({ type: event.type, data: event.data, userId: event.metadata.userId })),
    [{ type: 'password-changed', data: { at: events[0]?.data.at }, userId: null }],
    'password-changed says when, never what; an operator is no user',
  );
  t.match(events[0]?.data.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

t.test('allow-password-change turns the HTTP password change on, and --off off again', async (t) => {
  await system.core.accounts.create('club', 'erin', 'erins-password', { canChangePassword: false });
  const cookie = cookieOf(await login('erin', 'erins-password'));
  const change = (currentPassword: string, newPassword: string) =>
    club.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie, 'x-real-ip': '203.0.113.250' }, payload: { currentPassword, newPassword } });

  const before = await change('erins-password', 'erins-second-password');
  t.equal(before.statusCode, 403);
  t.same(before.json(), {
    statusCode: 403,
    code: 'PASSWORD_CHANGE_NOT_ALLOWED',
    error: 'Forbidden',
    message: 'This account may not change its own password; ask a club admin',
  });

  const allow = await ops(['club:user', 'allow-password-change', 'erin']);
  t.equal(allow.code, 0, allow.err);
  t.equal(allow.out, 'club user erin may now change its own password\n');
  const after = await change('erins-password', 'erins-second-password');
  t.equal(after.statusCode, 200);
  t.same(after.json(), { ok: true });
  t.equal((await login('erin', 'erins-second-password')).statusCode, 200);

  const off = await ops(['club:user', 'allow-password-change', 'erin', '--off']);
  t.equal(off.code, 0, off.err);
  t.equal(off.out, 'club user erin may no longer change its own password\n');
  t.equal((await change('erins-second-password', 'erins-third-password')).statusCode, 403);
});

t.test('an unknown user: one line, exit 1', async (t) => {
  const runs = await Promise.all([
    ops(['club:user', 'passwd', 'nobody', '--password-stdin'], 'long-enough-password\n'),
    ops(['club:user', 'allow-password-change', 'nobody']),
    ops(['club:user', 'remove', 'nobody']),
  ]);
  for (const run of runs) {
    t.equal(run.code, 1);
    t.equal(run.err, 'error: no club user nobody\n');
    t.equal(run.out, '');
  }
});

t.test('remove takes the login, its sessions and its history; the people and settings it edited stay with the club', async (t) => {
  const name = 'quill-leaves';
  const account = await system.core.accounts.create('club', name, 'quills-password', { canChangePassword: true });
  await recordAccountCreated(system.core.commands, account, 'test');
  const first = cookieOf(await login(name, 'quills-password'));
  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    club.inject({ method, url, headers: { cookie, 'x-real-ip': '203.0.113.251' }, ...(payload ? { payload } : {}) });
  const changed = await call(first, 'POST', '/api/auth/password', { currentPassword: 'quills-password', newPassword: 'quills-new-password' });
  t.equal(changed.statusCode, 200);
  const second = cookieOf(await login(name, 'quills-new-password'));
  const personId = 'cquillsperson01';
  t.equal((await call(second, 'POST', '/api/players', { id: personId, name: 'Remy Stays' })).statusCode, 201);
  t.equal((await call(second, 'POST', '/api/levels', { name: 'Level Quill Made' })).statusCode, 201);
  await system.core.accounts.create('club', 'desk-stays', 'desks-password', { canChangePassword: false });
  const pg = system.core.db.pg;
  const actedOn = async () =>
    (await pg.query(`SELECT DISTINCT stream_name FROM es.events WHERE metadata->>'userId' = $1 ORDER BY stream_name`, [account.id])).rows.map(
      (row) => row.stream_name,
    );
  t.same(await actedOn(), ['club.settings', clubUserStream(account.id), playerStream(personId)].sort());
  const before = await whereFound(pg, name);
  for (const column of ['auth.users.login', 'es.events.data']) t.ok(before.includes(column), `before: the name is in ${column}`);
  const idBefore = await whereFound(pg, account.id);
  for (const column of ['auth.sessions.user_id', 'auth.users.id', 'es.events.metadata', 'es.events.stream_name', 'es.streams.stream_name']) {
    t.ok(idBefore.includes(column), `before: the id is in ${column}`);
  }

  const removed = await ops(['club:user', 'remove', name]);
  t.equal(removed.code, 0, removed.err);
  t.equal(removed.out, `removed club user ${name}; its sessions ended; the people and nights it edited stay\n`);

  t.same(await whereFound(pg, name), [], 'the login name is in no column of any table, events included');
  t.same(await whereFound(pg, account.id), ['es.events.metadata'], 'the id is left only as the acting user of the club\'s own events');
  t.same(await actedOn(), ['club.settings', playerStream(personId)].sort(), 'those are the settings and the person it edited');
  t.same(await system.core.store.readStream(clubUserStream(account.id)), [], 'its account history is gone');
  for (const cookie of [first, second]) t.equal((await call(cookie, 'GET', '/api/auth/me')).statusCode, 401, 'every session ended');
  t.equal((await login(name, 'quills-new-password')).statusCode, 401, 'nobody logs in with it');

  const desk = cookieOf(await login('desk-stays', 'desks-password'));
  const person = await call(desk, 'GET', `/api/players/${personId}`);
  t.equal(person.statusCode, 200);
  t.match(person.json(), { id: personId, name: 'Remy Stays' }, 'the person it added stays with the club');
  t.match((await call(desk, 'GET', '/api/settings')).json(), { levels: [{ name: 'Level Quill Made' }] }, 'and the level');
});
