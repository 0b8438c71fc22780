// The README's split deployment for real: API, projector and scheduler as three `npm start`
// processes on one database. Every write must be read back by the next request, none answering 503.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import webpush from 'web-push';
import { makeDatabase } from '../infra/testing/database.ts';
import { tvmazeStandIn } from '../infra/tvmaze/testing.ts';
import { TEST_SESSION_SECRET } from './test/harness.ts';

const entry = path.join(import.meta.dirname, 'main.ts');

function start(role: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], { env: { ...process.env, ...env, ROLES: role }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { role, child, exited, out: () => stdout, err: () => stderr };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe().catch(() => null);
    if (found !== null && found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

t.test('api, projector and scheduler as three processes: 10 sequential gym writes, each read back, all 2xx', async (t) => {
  const db = await makeDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-split-'));
  const tvmaze = await tvmazeStandIn(t);
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    GYM_PORT: '0',
    SHOWS_PORT: '0',
    CLUB_PORT: '0',
    FORMS_PORT: '0',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SESSION_SECRET,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    TVMAZE_URL: tvmaze.url,
    PROJECTION_WAIT_MS: '5000',
  };
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
  });
  t.notMatch(projector!.out(), /service listening/, 'the projector process serves nothing');
  // the API process came up before the projector built the read tables: ready says when they are
  await until('gym readiness', async () => ((await fetch(`${gym}/api/health/ready`)).status === 200 ? true : null));

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
