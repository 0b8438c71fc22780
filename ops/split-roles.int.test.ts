// docs/operations.md's split roles for real: API, projector and scheduler as three `npm start`
// processes on one database. Every write must be read back by the next request, none answering 503.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import t from 'tap';
import webpush from 'web-push';
import { makeDatabase } from '../testing/database.ts';
import { until } from '../testing/until.ts';
import { tvmazeStandIn } from '../infra/tvmaze/recorded-server.ts';
import { spawnMain, SPAWNED_MAIN_ENV } from '../testing/main-process.ts';
import { PROJECTION_NAMES } from '../infra/config.ts';
import { projections } from './system.ts';

function start(role: string, env: Record<string, string>) {
  return { role, ...spawnMain({ ...env, ROLES: role }) };
}

/** the processes of one test share a database and data folder; reads wait up to 5 s for the projectors */
const processEnv = (url: string, dataDir: string): Record<string, string> => ({ ...SPAWNED_MAIN_ENV, DATABASE_URL: url, DATA_DIR: dataDir, PROJECTION_WAIT_MS: '5000' });

/** what this file waits for is done by other processes, all on one slow machine: a minute for each */
const PROCESSES_WITHIN_MS = 60_000;

t.test('api, projector and scheduler as three processes: 10 sequential gym writes, each read back, all 2xx', async (t) => {
  const db = await makeDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-split-'));
  const tvmaze = await tvmazeStandIn(t);
  const vapid = webpush.generateVAPIDKeys();
  const env = { ...processEnv(db.url, dataDir), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, TVMAZE_URL: tvmaze.url };
  const processes = ['projector', 'scheduler', 'api'].map((role) => start(role, env));
  t.teardown(async () => {
    for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await Promise.all(processes.map((proc) => proc.exited));
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const [projector, scheduler, api] = processes;

  const gym = await until('the gym service to listen', async () => {
    const line = api!.out().split('\n').find((l) => l.includes('"service listening"') && l.includes('"service":"gym"'));
    return line ? (JSON.parse(line) as { url: string }).url : null;
  }, PROCESSES_WITHIN_MS);
  t.notMatch(projector!.out(), /service listening/, 'the projector process serves nothing');
  // the API process came up before the projector built the read tables: ready says when they are
  await until('gym readiness', async () => (await fetch(`${gym}/api/health/ready`)).status === 200, PROCESSES_WITHIN_MS);

  let cookie = '';
  const statuses: number[] = [];
  const call = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${gym}${url}`, {
      method,
      headers: { 'x-real-ip': '203.0.113.77', ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
  };
  const write = async (method: string, url: string, body?: object) => {
    const answer = await call(method, url, body);
    statuses.push(answer.status);
    const ok = answer.status >= 200 && answer.status < 300;
    t.ok(ok, `${method} ${url}: ${answer.status}${ok ? '' : ` ${JSON.stringify(answer.json)}`}`);
    return answer;
  };

  const signup = await write('POST', '/api/auth/signup', { email: 'split@example.org', password: 'correct horse battery' });
  cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
  t.match((await call('GET', '/api/me')).json, { email: 'split@example.org' }, 'the new account is read back');
  const stored = new pg.Client({ connectionString: db.url });
  await stored.connect();
  const { rows } = await stored.query<{ password_hash: string }>("SELECT password_hash FROM auth.users WHERE login = 'split@example.org'");
  await stored.end();
  // the tests' own systems hash at the least cost (testing/harness.ts); a started service never does
  t.match(rows[0]?.password_hash, /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/, "the service hashes at OWASP's cost");

  const squat = (await write('POST', '/api/exercises', { name: 'Squat' })).json.id as string;
  t.match((await call('GET', '/api/exercises')).json, [{ id: squat, name: 'Squat' }], 'the exercise is read back');

  const workout = (await write('POST', '/api/sessions', { date: '2026-11-24' })).json.id as string;
  t.equal((await call('GET', `/api/sessions/${workout}`)).status, 200, 'the workout is read back');

  for (let set = 1; set <= 6; set++) {
    await write('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber: set, kg: 100 + set * 2.5, reps: 5 });
    const read = await call('GET', `/api/sessions/${workout}`);
    t.equal(read.json.sets.length, set, `set ${set} is read back`);
  }
  await write('PATCH', `/api/sessions/${workout}`, { finished: true, notes: 'split roles' });
  t.match((await call('GET', `/api/sessions/${workout}`)).json, { notes: 'split roles' }, 'the finish is read back');

  t.equal(statuses.length, 10);
  t.same(statuses.filter((status) => status >= 300), [], 'no write answered 503 (or anything but 2xx)');

  for (const proc of processes) proc.child.kill('SIGTERM');
  t.same(await Promise.all(processes.map((proc) => proc.exited)), [0, 0, 0], 'each process stops cleanly');
  t.match(scheduler!.out(), /"msg":"stopped"/);
});

t.test('two API processes and one projector: a session, the sign-in limit and the forms save limit hold across them', async (t) => {
  const db = await makeDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-two-apis-'));
  const env = processEnv(db.url, dataDir);
  const processes = ['projector', 'api', 'api'].map((role) => start(role, env));
  t.teardown(async () => {
    for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await Promise.all(processes.map((proc) => proc.exited));
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const urlOf = (proc: (typeof processes)[number], service: string) =>
    until(`${service} of an API process to listen`, async () => {
      const line = proc.out().split('\n').find((l) => l.includes('"service listening"') && l.includes(`"service":"${service}"`));
      return line ? (JSON.parse(line) as { url: string }).url : null;
    }, PROCESSES_WITHIN_MS);
  const [gymA, gymB] = [await urlOf(processes[1]!, 'gym'), await urlOf(processes[2]!, 'gym')];
  const [formsA, formsB] = [await urlOf(processes[1]!, 'forms'), await urlOf(processes[2]!, 'forms')];
  t.not(gymA, gymB, 'two processes, two addresses');
  await until('readiness', async () => (await fetch(`${gymA}/api/health/ready`)).status === 200 && (await fetch(`${formsB}/api/health/ready`)).status === 200, PROCESSES_WITHIN_MS);

  const send = (url: string, method: string, ip: string, body?: object, extra: Record<string, string> = {}) =>
    fetch(url, { method, headers: { 'x-real-ip': ip, ...extra, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });

  // a session made by one process is honoured by the other, and ended by the other for both
  const signup = await send(`${gymA}/api/auth/signup`, 'POST', '203.0.113.1', { email: 'two@example.org', password: 'correct horse battery' });
  t.equal(signup.status, 201, 'signed up on A');
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
  t.equal((await send(`${gymB}/api/me`, 'GET', '203.0.113.1', undefined, { cookie })).status, 200, "B knows A's session");
  t.equal((await send(`${gymA}/api/me`, 'GET', '203.0.113.1', undefined, { cookie })).status, 200, 'A holds it in memory from now on');
  t.equal((await send(`${gymB}/api/auth/logout`, 'POST', '203.0.113.1', undefined, { cookie, origin: 'http://localhost:3001' })).status, 200, 'logged out on B');
  t.equal((await send(`${gymB}/api/me`, 'GET', '203.0.113.1', undefined, { cookie })).status, 401, 'B refuses it at once');
  const loggedOut = performance.now();
  const refusedOnA = await until('A to refuse the ended session', async () =>
    (await send(`${gymA}/api/me`, 'GET', '203.0.113.1', undefined, { cookie })).status === 401 ? performance.now() - loggedOut : null,
  PROCESSES_WITHIN_MS);
  t.ok(refusedOnA < 1000, `A refuses it ${refusedOnA.toFixed(0)} ms after the logout (within a second)`);

  // an account locks after 5 wrong passwords, counted once whichever process answers
  const wrong = (url: string, email: string, ip: string) => send(`${url}/api/auth/login`, 'POST', ip, { email, password: 'not the password' });
  const onAccount: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) onAccount.push((await wrong(attempt % 2 === 0 ? gymA : gymB, 'two@example.org', `203.0.113.${10 + attempt}`)).status);
  t.same(onAccount, [401, 401, 401, 401, 401], '5 wrong passwords from 5 addresses, on both processes, each refused as wrong');
  const locked = await Promise.all([wrong(gymA, 'two@example.org', '203.0.113.20'), wrong(gymB, 'two@example.org', '203.0.113.21')]);
  t.same(locked.map((response) => response.status), [429, 429], 'the 6th is refused on both: the account is locked');
  t.match((await locked[1]!.json()) as object, { message: /failed sign-ins to this account/ });

  // an address may fail 10 sign-ins per 15 minutes, one count whichever process answers
  const fromOne: number[] = [];
  for (let attempt = 0; attempt < 10; attempt++) fromOne.push((await wrong(attempt % 2 === 0 ? gymA : gymB, `nobody${attempt}@example.org`, '203.0.113.2')).status);
  t.same(fromOne, Array(10).fill(401), '10 failed sign-ins from one address, 5 on each process');
  const limited = await Promise.all([wrong(gymA, 'nobody10@example.org', '203.0.113.2'), wrong(gymB, 'nobody11@example.org', '203.0.113.2')]);
  t.same(limited.map((response) => response.status), [429, 429], 'the 11th is over the allowance on both');
  t.match((await limited[0]!.json()) as object, { message: 'Too many attempts from this address; try again later' });

  // 600 saves per address per 10 minutes: 300 on each process use it up for both
  const save = (url: string, n: number) =>
    send(`${url}/api/forms/welcome`, 'POST', '203.0.113.3', { answers: { contact: `try ${n}` } }, { origin: 'http://localhost:3004' });
  const statuses: number[] = [];
  for (let start = 0; start < 600; start += 20) {
    statuses.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => save((start + i) % 2 === 0 ? formsA : formsB, start + i).then((r) => r.status)))));
  }
  t.same(statuses.filter((status) => status !== 200), [], '600 saves, half on each process, all pass');
  t.same([(await save(formsA, 601)).status, (await save(formsB, 602)).status], [429, 429], 'the 601st and 602nd are refused on either process');
  t.equal((await send(`${formsA}/api/forms/welcome`, 'POST', '203.0.113.4', { answers: { contact: 'someone else' } }, { origin: 'http://localhost:3004' })).status, 200, 'another address still saves');
});

t.test('two projector processes with PROJECTIONS of their own each run theirs; writes of both are read back through one API process', async (t) => {
  t.same([...PROJECTION_NAMES], projections.map((projection) => projection.name).sort(), 'PROJECTIONS knows every projection');
  const db = await makeDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-projectors-'));
  const env = processEnv(db.url, dataDir);
  const processes = [
    { role: 'projector', ...spawnMain({ ...env, ROLES: 'projector', PROJECTIONS: 'gym' }) },
    { role: 'projector', ...spawnMain({ ...env, ROLES: 'projector', PROJECTIONS: 'club, forms,shows' }) },
    start('api', env),
  ];
  t.teardown(async () => {
    for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await Promise.all(processes.map((proc) => proc.exited));
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const urlOf = (service: string) =>
    until(`${service} to listen`, async () => {
      const line = processes[2]!.out().split('\n').find((l) => l.includes('"service listening"') && l.includes(`"service":"${service}"`));
      return line ? (JSON.parse(line) as { url: string }).url : null;
    }, PROCESSES_WITHIN_MS);
  const [gym, forms] = [await urlOf('gym'), await urlOf('forms')];
  await until('readiness', async () => (await fetch(`${gym}/api/health/ready`)).status === 200 && (await fetch(`${forms}/api/health/ready`)).status === 200, PROCESSES_WITHIN_MS);

  const stored = new pg.Client({ connectionString: db.url });
  await stored.connect();
  t.teardown(() => stored.end());
  const { rows } = await stored.query<{ name: string; by: string }>(
    `SELECT substring(a.application_name from '^projector (\\w+) ') AS name, a.application_name AS by
     FROM pg_stat_activity a WHERE a.datname = current_database() AND a.application_name LIKE 'projector %' ORDER BY 1`,
  );
  const pidOf = (name: string): string | undefined => /pid (\d+)$/.exec(rows.find((row) => row.name === name)?.by ?? '')?.[1];
  t.same(rows.map((row) => row.name), ['club', 'forms', 'gym', 'shows'], 'each projection has its runner');
  t.equal(pidOf('gym'), String(processes[0]!.child.pid), 'gym: the first process');
  t.same(['club', 'forms', 'shows'].map(pidOf), Array(3).fill(String(processes[1]!.child.pid)), 'the others: the second');

  const signup = await fetch(`${gym}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-real-ip': '203.0.113.90' },
    body: JSON.stringify({ email: 'projectors@example.org', password: 'correct horse battery' }),
  });
  t.equal(signup.status, 201);
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
  const exercise = await fetch(`${gym}/api/exercises`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-real-ip': '203.0.113.90', cookie, origin: 'http://localhost:3001' },
    body: JSON.stringify({ name: 'Squat' }),
  });
  t.equal(exercise.status, 201);
  t.match(await (await fetch(`${gym}/api/exercises`, { headers: { cookie } })).json(), [{ name: 'Squat' }], 'a gym write read back: projected by the first process');
  const saved = await fetch(`${forms}/api/forms/welcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-real-ip': '203.0.113.91', origin: 'http://localhost:3004' },
    body: JSON.stringify({ answers: { contact: 'split projectors' } }),
  });
  t.equal(saved.status, 200);
  t.match(await (await fetch(`${forms}/api/forms/welcome`)).json(), { answers: { contact: 'split projectors' } }, 'a forms save read back: projected by the second');
});
