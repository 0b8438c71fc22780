// Issue 35, point 10: `npm start` on the embedded server, as a real process, and its postmaster
// killed with SIGKILL under a load of saves and reads. While it is down every service says the same
// thing about the database; the process that owns the server starts it again by itself, with a
// logged, bounded back-off, and nothing it acknowledged is lost.
//
// One of the postmaster's children is held stopped across the kill: an orphan attached to the old
// shared memory is PostgreSQL's own reason to refuse a new postmaster on the folder (its
// postmaster.pid interlock), so the down state lasts until the test lets the orphan go, and the
// test can look at it without racing the restart.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import t from 'tap';
import { freePort } from '../infra/postgres/free-port.ts';
import { makeFormsDir } from '../testing/forms/questionnaire.ts';
import { until } from '../testing/until.ts';
import { tvmazeStandIn } from '../infra/tvmaze/recorded-server.ts';
import { embeddedMainEnv, spawnMain } from '../testing/main-process.ts';
import { createReadAfter } from '../testing/read-after.ts';

// generous: a loaded machine may take its time; nothing here asserts a speed
const DEADLINE_MS = 90_000;
const FORMS = ['crash-0', 'crash-1'];
const ORIGIN = 'http://localhost:3004';
const SERVICES = ['gym', 'shows', 'club', 'forms'] as const;
type ServiceName = (typeof SERVICES)[number];

const tvmaze = await tvmazeStandIn(t);
const formsDir = await makeFormsDir(t, FORMS);
const dir = await mkdtemp(path.join(tmpdir(), 'ledger-pg-crash-'));
// as root the server runs as the `postgres` user, which must be able to enter the folder
await chmod(dir, 0o755);
const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
const pgPort = await freePort();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const postmasterPid = async (): Promise<number | null> => {
  const text = await readFile(pidFile, 'utf8').catch(() => null);
  const pid = text === null ? Number.NaN : Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};
/** the postmaster's children, from /proc: its background processes and backends */
async function childrenOf(parent: number): Promise<{ pid: number; title: string }[]> {
  const found: { pid: number; title: string }[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // the command name may hold spaces and parentheses: the fields after it start at the last ')'
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== parent) continue;
    const title = (await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ').trim();
    found.push({ pid: Number(name), title });
  }
  return found;
}

const { child, exited, out, err, said } = spawnMain(embeddedMainEnv({ dataDir: dir, pgPort, tvmazeUrl: tvmaze.url, formsDir }));
let orphan: number | null = null;
let stopLoad = false;
let load: Promise<void>[] = [];
t.teardown(async () => {
  stopLoad = true;
  await Promise.all(load);
  if (orphan !== null && isAlive(orphan)) process.kill(orphan, 'SIGKILL');
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
  // a failed run must not leave a server behind on the machine
  const left = await postmasterPid();
  if (left !== null && isAlive(left)) process.kill(left, 'SIGINT');
  await until('no server left', () => left === null || !isAlive(left), DEADLINE_MS);
  await rm(dir, { recursive: true, force: true });
});

type LogLine = { level: number; msg: string; [field: string]: unknown };
const logLines = (): LogLine[] =>
  out()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

const urls = await until(
  'the four services to listen',
  () => {
    if (child.exitCode !== null) throw new Error(`the process exited ${child.exitCode}: ${out().slice(-2000)} ${err()}`);
    const listening = logLines().filter((line) => line.msg === 'service listening');
    return listening.length === 4 && (Object.fromEntries(listening.map((line) => [line.service, line.url])) as Record<ServiceName, string>);
  },
  DEADLINE_MS,
);

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> };
/** status 0: the process itself did not answer */
async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init).catch(() => null);
  if (!response) return { status: 0, retryAfter: null, body: {} };
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
// a save answers before the read side has it: reads send back where the saves landed
const readAfter = createReadAfter();
type Save = Answer & { form: string; writer: number; value: string };
async function save(form: string, writer: number, i: number): Promise<Save> {
  const value = `${writer}:${i}`;
  const response = await fetch(`${urls.forms}/api/forms/${form}`, {
    method: 'POST',
    // an address per save: the forms rate limit is not what this test is about
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-real-ip': `10.${writer}.${(i >> 8) & 255}.${i & 255}` },
    body: JSON.stringify({ answers: { [`q${writer}`]: value } }),
  }).catch(() => null);
  if (!response) return { status: 0, retryAfter: null, body: {}, form, writer, value };
  const text = await response.text();
  if (response.status === 200) readAfter.remember(response);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
    form,
    writer,
    value,
  };
}

const saves: Save[] = [];
const reads: Answer[] = [];
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 25));
// four writers on two forms and a reader, for the whole test
load = [
  ...Array.from({ length: 4 }, async (_, writer) => {
    for (let i = 0; !stopLoad; i++) {
      saves.push(await save(FORMS[writer % 2]!, writer, i));
      await pause();
    }
  }),
  (async () => {
    while (!stopLoad) {
      reads.push(await call(`${urls.forms}/api/forms/${FORMS[0]}`));
      await pause();
    }
  })(),
];

/** each service's liveness and readiness, as a person reading them would see them */
async function healthOfEvery(): Promise<Record<string, { status: number; code: unknown; retryAfter: boolean }>> {
  const checks = SERVICES.flatMap((service) => [
    [`${service} /api/health`, `${urls[service]}/api/health`],
    [`${service} /api/health/ready`, `${urls[service]}/api/health/ready`],
  ]);
  const answers = await Promise.all(checks.map(([, url]) => call(url!)));
  return Object.fromEntries(
    answers.map((answer, i) => [checks[i]![0]!, { status: answer.status, code: answer.body.code ?? answer.body.status, retryAfter: /^\d+$/.test(answer.retryAfter ?? '') }]),
  );
}

/** the LISTEN statements the server's connections last ran: the app's channels and the scheduler's */
async function listeners(): Promise<string[]> {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres` });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ query: string }>(`SELECT DISTINCT query FROM pg_stat_activity WHERE query LIKE 'LISTEN %' ORDER BY query`);
    return rows.map((row) => row.query);
  } finally {
    await client.end();
  }
}

const supervision = (msg: string): LogLine[] => logLines().filter((line) => line.msg === msg);

t.test('the owner brings its killed postmaster back, and nothing acknowledged is lost', async (t) => {
  await until('20 saves before the kill', () => saves.filter((answer) => answer.status === 200).length >= 20, DEADLINE_MS);
  t.same([...new Set(saves.map((answer) => answer.status))], [200], 'before: every save answered 200');
  const listening = await until('the LISTEN connections (the app, the event store and the scheduler)', async () => {
    const found = await listeners();
    return found.length >= 2 && found;
  });

  const killed = (await postmasterPid())!;
  const children = await childrenOf(killed);
  orphan = (children.find((candidate) => candidate.title.includes('checkpointer')) ?? children[0])!.pid;
  process.kill(orphan, 'SIGSTOP');
  process.kill(killed, 'SIGKILL');
  const atKill = saves.length;
  const acknowledgedBefore = saves.slice(0, atKill).filter((answer) => answer.status === 200);

  // the supervisor's first attempt meets the orphan, which PostgreSQL refuses to start beside
  const failed = await until('a restart attempt refused while the orphan holds the shared memory', () => supervision('embedded PostgreSQL restart failed')[0], DEADLINE_MS);
  t.match(
    failed,
    { level: 40, attempt: 1, err: { message: /pre-existing shared memory block .* is still in use/ } },
    "the first attempt failed, and says why in PostgreSQL's words",
    said(),
  );
  t.equal(await postmasterPid(), killed, "PostgreSQL's lock file is left to PostgreSQL: it still names the killed postmaster");
  t.same(
    await healthOfEvery(),
    {
      'gym /api/health': { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: true },
      'gym /api/health/ready': { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: true },
      // the shows specification: its health touches no database and answers {status: ok} when it is down
      'shows /api/health': { status: 200, code: 'ok', retryAfter: false },
      'shows /api/health/ready': { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: true },
      'club /api/health': { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: true },
      'club /api/health/ready': { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: true },
      'forms /api/health': { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: true },
      'forms /api/health/ready': { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: true },
    },
    'while down, every health check that touches the database answers 503 DATABASE_UNAVAILABLE, readiness included',
  );
  await until('the load to meet the outage', () => saves.slice(atKill).filter((answer) => answer.status === 503).length >= 4, DEADLINE_MS);

  process.kill(orphan, 'SIGKILL');
  const restarted = await until(
    'a new postmaster, started by the owner',
    async () => {
      if (child.exitCode !== null) throw new Error(`the process exited ${child.exitCode}`);
      const pid = await postmasterPid();
      const back = supervision('embedded PostgreSQL is back')[0];
      return pid !== null && pid !== killed && isAlive(pid) && back && { pid, back };
    },
    DEADLINE_MS,
  ).catch((error: unknown) => {
    throw new Error(`no new postmaster: ${JSON.stringify(said())}`, { cause: error });
  });
  t.match(restarted.back, { level: 30, postmasterPid: restarted.pid, joined: false }, 'the owner started the new postmaster itself, and logged it');

  // every attempt is logged with its number and the back-off before it: 0.5 s doubling
  const scheduled = supervision('embedded PostgreSQL restart scheduled').map((line) => ({ attempt: line.attempt, backoffMs: line.backoffMs }));
  t.ok(scheduled.length >= 2, `at least the refused attempt and the one after it were scheduled (${scheduled.length})`);
  t.same(
    scheduled,
    scheduled.map((_, i) => ({ attempt: i + 1, backoffMs: Math.min(500 * 2 ** i, 30_000) })),
    'attempt n waits 500 ms × 2^(n-1), at most 30 s',
  );
  t.equal(restarted.back.attempt, scheduled.length, 'the server came back on the last attempt scheduled');
  t.match(supervision('embedded PostgreSQL went away')[0], { level: 50, postmasterPid: killed, owned: true }, 'the loss was logged as an error, naming the postmaster');

  const atRestart = saves.length;
  await until('saves succeed again by themselves', () => saves.slice(atRestart).filter((answer) => answer.status === 200).length >= 10, DEADLINE_MS);
  const healthy = await until(
    'every health check and readiness to answer 200 again',
    async () => {
      const now = await healthOfEvery();
      return Object.values(now).every((check) => check.status === 200) && now;
    },
    DEADLINE_MS,
  );
  t.same(new Set(Object.values(healthy).map((check) => check.code)), new Set(['ok']), 'after: every service is healthy and ready');
  t.same(await until('the LISTEN connections to be back', async () => {
    const now = await listeners();
    return now.length === listening.length && now;
  }, DEADLINE_MS), listening, 'the app\'s, the event store\'s and the scheduler\'s LISTEN connections are back');

  // read-your-writes after the restart: the save's position, sent back, is waited for and seen
  const fresh = await save(FORMS[1]!, 9, 0);
  t.equal(fresh.status, 200, 'a save after the restart');
  const seen = await call(`${urls.forms}/api/forms/${FORMS[1]}`, { headers: readAfter.headers() });
  t.match(seen, { status: 200, body: { answers: { q9: '9:0' } } }, 'the read waited for it and has it');
  t.ok((seen.body.version as number) >= (fresh.body.version as number), `at its version or a later one the load saved since (${String(seen.body.version)} ≥ ${String(fresh.body.version)})`);

  stopLoad = true;
  await Promise.all(load);
  const answers = [...saves, ...reads];
  t.same(answers.filter((answer) => answer.status !== 200 && answer.status !== 503), [], `every answer was 200 or 503 (${answers.length} requests)`);
  // once the server is back, a read may still find the read side catching up (NOT_READY)
  t.same(
    answers.filter((answer) => answer.status === 503 && !(/^\d+$/.test(answer.retryAfter ?? '') && /^(DATABASE_UNAVAILABLE|NOT_READY)$/.test(String(answer.body.code)))),
    [],
    'every 503 was DATABASE_UNAVAILABLE or NOT_READY, with Retry-After',
  );
  t.ok(answers.some((answer) => answer.body.code === 'DATABASE_UNAVAILABLE'), 'the load met the outage as DATABASE_UNAVAILABLE');

  // no acknowledged write lost: each form's stored count covers every save answered 200, and no
  // version acknowledged before the kill was handed out again after it
  for (const form of FORMS) {
    const stored = await call(`${urls.forms}/api/forms/${form}`, { headers: readAfter.headers() });
    const acknowledged = saves.filter((answer) => answer.form === form && answer.status === 200).map((answer) => answer.body.version as number);
    const before = acknowledgedBefore.filter((answer) => answer.form === form);
    t.equal(new Set(acknowledged).size, acknowledged.length, `${form}: every acknowledged save has a version of its own (${acknowledged.length})`);
    t.ok((stored.body.version as number) >= Math.max(...acknowledged), `${form}: the stored version ${String(stored.body.version)} is at least every acknowledged one`);
    t.ok(before.length > 0, `${form}: saves were acknowledged before the kill`);
    for (const writer of [0, 1, 2, 3].filter((candidate) => FORMS[candidate % 2] === form)) {
      const own = saves.filter((answer) => answer.writer === writer);
      const lastAcknowledged = own.findLastIndex((answer) => answer.status === 200);
      const kept = own.findIndex((answer) => answer.value === (stored.body.answers as Record<string, string>)[`q${writer}`]);
      t.ok(kept >= lastAcknowledged, `writer ${writer}: its stored answer is its last acknowledged save or a later one (${kept} ≥ ${lastAcknowledged})`);
    }
  }

  child.kill('SIGTERM');
  t.equal(await exited, 0, 'the process stops cleanly afterwards', said());
  t.notOk(existsSync(pidFile), 'and stopped the server it started again');
});
