// Crash and restart, measured: the projector process is SIGKILLed ten times at random moments
// while gym and forms writes keep arriving; afterwards every read table equals a fresh rebuild's.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import t from 'tap';
import { loadConfig, serviceOrigins } from '../infra/config.ts';
import { comparePositions } from '../infra/eventstore/port.ts';
import type { HttpApp } from '../infra/http/app.ts';
import { makeDatabase } from '../testing/database.ts';
import { makeFormsDir } from '../testing/forms/questionnaire.ts';
import { waitUntil } from '../testing/until.ts';
import { buildServices, openCore, projections } from '../ops/system.ts';
import { TEST_SESSION_SECRET } from '../testing/harness.ts';
import { readCheckpoint } from './runtime/checkpoints.ts';
import { rebuildProjection } from './runtime/rebuild.ts';

const KILLS = 10;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runChild(url: string): { child: ChildProcess; batches: () => number; exited: Promise<unknown> } {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../testing/projections/crash-child.fixture.ts')], {
    env: { ...process.env, DATABASE_URL: url, PROJECTIONS: projections.map((projection) => projection.name).join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let batches = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    batches += chunk.toString().split('\n').filter((line) => line.startsWith('batch')).length;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, batches: () => batches, exited };
}

/**
 * Each table of a schema as comparable rows: every column as text; an identity column (a
 * creation counter) as its rank, since a rolled-back batch spends sequence values.
 */
async function normalisedTables(db: pg.Pool, schema: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ table: string; column: string; identity: boolean }>(
    `SELECT c.relname AS table, a.attname AS column, a.attidentity <> '' AS identity
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
    [schema],
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    const expression = row.identity ? `rank() OVER (ORDER BY "${row.column}")::text` : `"${row.column}"::text`;
    tables.set(row.table, [...(tables.get(row.table) ?? []), `${expression} AS "${row.column}"`]);
  }
  return new Map([...tables].map(([table, columns]) => [table, `SELECT ${columns.join(', ')} FROM "${schema}"."${table}"`]));
}

t.test(`SIGKILLed ${KILLS} times while writes continue, the projector's tables equal a fresh rebuild: none lost, none doubled`, async (t) => {
  const database = await makeDatabase();
  const core = await openCore(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      PROJECTION_WAIT_MS: '300',
      FORMS_DIR: await makeFormsDir(t, ['crash-1', 'crash-2', 'crash-3']),
    }),
  );
  let child = runChild(database.url);
  t.teardown(async () => {
    if (child.child.exitCode === null) child.child.kill('SIGKILL');
    await child.exited;
    await core.close();
    await database.drop();
  });
  // this process is an API without projectors: the child is the only one
  t.ok(
    await waitUntil(async () => {
      const built = await Promise.all(projections.map((projection) => readCheckpoint(core.db.slonik, projection.name).catch(() => null)));
      return built.every((checkpoint) => checkpoint !== null);
    }, 60_000),
    'the first child built every projection',
  );
  const services = await buildServices(core, false);
  t.teardown(() => Promise.all(services.map((service) => service.app.close())));
  const gym = services.find((service) => service.name === 'gym')!.app;
  const forms = services.find((service) => service.name === 'forms')!.app;

  // writes: a 503 NOT_READY while the projector is down is expected (the event is kept); anything else is not
  const unexpected: string[] = [];
  let accepted = 0;
  const send = async (app: HttpApp, ip: string, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload: object | undefined, sid?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'x-real-ip': ip, origin: serviceOrigins(core.config)[app === gym ? 'gym' : 'forms'], ...(sid ? { cookie: `gym_sid=${sid}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode < 300) accepted++;
    else if (res.statusCode !== 503 || res.json().code !== 'NOT_READY') unexpected.push(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const users = await Promise.all(
    [1, 2, 3].map(async (n) => {
      const ip = `198.51.100.${n}`;
      const account = { email: `crash${n}@example.org`, password: 'correct horse battery' };
      let answer = await send(gym, ip, 'POST', '/api/auth/signup', account);
      // a 503 NOT_READY kept the account but set no session: sign in to it, for as long as the
      // projector takes to come back (a transaction of another test held open in the run's
      // cluster holds it back too: every reader of the log waits for the oldest)
      for (const deadline = Date.now() + 30_000; !answer.cookies.some((cookie) => cookie.name === 'gym_sid'); ) {
        if (Date.now() > deadline) throw new Error(`no session for ${account.email}: ${answer.statusCode} ${answer.body}`);
        answer = await send(gym, ip, 'POST', '/api/auth/login', account);
      }
      const sid = answer.cookies.find((cookie) => cookie.name === 'gym_sid')!.value;
      let exercise: string | undefined;
      while (!exercise) {
        const res = await send(gym, ip, 'POST', '/api/exercises', { name: `Lift ${n}` }, sid);
        if (res.statusCode < 300) exercise = res.json().id as string;
      }
      return { n, ip, sid, exercise };
    }),
  );

  let writing = true;
  const writers = users.map(async ({ n, ip, sid, exercise }) => {
    for (let round = 0; writing; round++) {
      // a year gone by: a body weight dated in the future is refused (issue 37), and any month of this one may be
      const date = `2025-${String(1 + (round % 12)).padStart(2, '0')}-${String(1 + n + (round % 20)).padStart(2, '0')}`;
      let workout: string | undefined;
      for (let attempt = 0; !workout && writing && attempt < 50; attempt++) {
        const res = await send(gym, ip, 'POST', '/api/sessions', { date }, sid);
        if (res.statusCode < 300) workout = res.json().id as string;
      }
      if (!workout) continue;
      const sets: string[] = [];
      for (let set = 1; set <= 3; set++) {
        const res = await send(gym, ip, 'POST', `/api/sessions/${workout}/sets`, { exerciseId: exercise, setNumber: set, kg: 20 + round + set * 2.5, reps: 5 + set }, sid);
        if (res.statusCode < 300) sets.push(res.json().id as string);
      }
      if (sets[0]) await send(gym, ip, 'PATCH', `/api/sets/${sets[0]}`, { reps: 12 }, sid);
      if (sets[1] && round % 3 === 0) await send(gym, ip, 'DELETE', `/api/sets/${sets[1]}`, undefined, sid);
      await send(gym, ip, 'PATCH', `/api/sessions/${workout}`, { finished: true, notes: `round ${round}` }, sid);
      await send(gym, ip, 'PUT', '/api/bodyweight', { date, kg: 70 + n + round / 10 }, sid);
      await send(forms, ip, 'POST', `/api/forms/crash-${n}`, { answers: { [`q${round % 7}`]: `answer ${round}` } });
    }
  });

  let killedWhileProjecting = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    const projecting = await waitUntil(() => child.batches() > 0, 15_000);
    // a random moment: inside a batch, between batches, or while catching up after the last restart
    await sleep(Math.random() * 300);
    if (projecting) killedWhileProjecting++;
    child.child.kill('SIGKILL');
    await child.exited;
    child = runChild(database.url);
  }
  // a loaded machine gets fewer writes through between kills: the comparison needs enough of them, however long that takes
  await waitUntil(() => accepted > 40, 60_000);
  writing = false;
  await Promise.all(writers);
  t.same(unexpected, [], 'every write answered 2xx, or 503 NOT_READY while the projector was down');
  const { rows: logged } = await core.db.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events');
  // the 503s were saved too: the log holds more than the accepted writes
  t.ok(accepted > 40 && logged[0]!.n > accepted, `${accepted} writes answered 2xx; ${logged[0]!.n} events in the log`);
  t.ok(killedWhileProjecting >= KILLS / 2, `${killedWhileProjecting} of ${KILLS} kills came while the child was applying batches`);

  const head = await core.store.headPosition();
  t.ok(
    await waitUntil(async () => {
      const at = await Promise.all(projections.map((projection) => readCheckpoint(core.db.slonik, projection.name)));
      return at.every((checkpoint) => checkpoint !== null && comparePositions(checkpoint.position, head) >= 0);
    }, 60_000),
    'the last child caught up with the log',
  );
  child.child.kill('SIGTERM');
  await child.exited;

  for (const projection of projections) {
    const live = await normalisedTables(core.db.pg, projection.name);
    const snapshot = `snapshot_${projection.name}`;
    await core.db.pg.query(`CREATE SCHEMA "${snapshot}"`);
    for (const [table, select] of live) await core.db.pg.query(`CREATE TABLE "${snapshot}"."${table}" AS ${select}`);
    await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log: silent });
    const rebuilt = await normalisedTables(core.db.pg, projection.name);
    t.same([...rebuilt.keys()], [...live.keys()], `${projection.name}: the same tables`);
    for (const [table, select] of rebuilt) {
      const { rows } = await core.db.pg.query<{ lost: number; doubled: number; rows: number }>(`
        SELECT (SELECT count(*) FROM (${select} EXCEPT ALL SELECT * FROM "${snapshot}"."${table}") lost)::int AS lost,
               (SELECT count(*) FROM (SELECT * FROM "${snapshot}"."${table}" EXCEPT ALL ${select}) doubled)::int AS doubled,
               (SELECT count(*) FROM "${snapshot}"."${table}")::int AS rows`);
      const { lost, doubled } = rows[0]!;
      t.same({ lost, doubled }, { lost: 0, doubled: 0 }, `${projection.name}.${table}: ${rows[0]!.rows} rows, as rebuilt`);
    }
  }
  const { rows } = await core.db.pg.query<{ sets: number; forms: number }>(
    'SELECT (SELECT count(*) FROM snapshot_gym.sets)::int AS sets, (SELECT count(*) FROM snapshot_forms.documents)::int AS forms',
  );
  t.ok(rows[0]!.sets > 20 && rows[0]!.forms === 3, `the comparison covered real rows (${rows[0]!.sets} sets, ${rows[0]!.forms} forms)`);
});
