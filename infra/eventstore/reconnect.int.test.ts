// Issue 11, part 2: a terminated LISTEN connection (the event store's, Agenda's) under load does
// not end the process; it is opened again, live delivery resumes, nothing is lost or doubled.
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import t from 'tap';
import { loadConfig } from '../config.ts';
import { migrate } from '../postgres/migrations.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { makeFormsDir } from '../../testing/forms/questionnaire.ts';
import { tvmazeStandIn } from '../tvmaze/recorded-server.ts';
import { until } from '../../testing/until.ts';
import { liveAndReplayed } from '../../testing/read-tables.ts';
import { TEST_SESSION_SECRET } from '../../testing/harness.ts';
import { projections, startSystem } from '../../ops/system.ts';
import { createReadAfter } from '../../testing/read-after.ts';
import { newEvent } from './contract.ts';
import { type RecordedEvent } from './port.ts';
import { eventStoreMigration } from './postgres-schema.ts';
import { createPostgresEventStore } from './postgres.ts';

const DEADLINE_MS = 20_000;

/** the backend that last ran `LISTEN …` matching `pattern` in this database, once there is one not in `not` */
const listenBackend = (pool: pg.Pool, pattern: string, not: readonly number[] = []): Promise<number> =>
  until(`a backend listening like ${pattern}`, async () => {
    const { rows } = await pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE $1 AND pid <> ALL($2::int[])`,
      [pattern, not],
    );
    return rows[0]?.pid;
  }, DEADLINE_MS);

async function terminate(pool: pg.Pool, pid: number): Promise<void> {
  const { rows } = await pool.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [pid]);
  if (!rows[0]?.ok) throw new Error(`backend ${pid} was not terminated`);
}

t.test('the event store: its LISTEN connection is reopened; a subscriber misses nothing and sees nothing twice', async (t) => {
  const db = await createTestDatabase(t, 20);
  await migrate(db.pool, [eventStoreMigration]);
  const lost: unknown[] = [];
  // an hour: a delivery in this test can only have come from a NOTIFY or the reconnect
  const store = createPostgresEventStore(db.pool, { idlePollMs: 3_600_000, onListenerLost: (error) => lost.push(error) });
  const delivered: RecordedEvent[] = [];
  let want = 0;
  const waiter: { reached: (() => void) | null } = { reached: null };
  const subscription = store.subscribeToAll(await store.headPosition());
  const reading = (async () => {
    for await (const batch of subscription) {
      delivered.push(...batch);
      if (delivered.length >= want) waiter.reached?.();
    }
  })();
  const deliveredCount = (count: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      want = count;
      if (delivered.length >= count) return resolve();
      const timer = setTimeout(() => reject(new Error(`${delivered.length} of ${count} events delivered`)), DEADLINE_MS);
      waiter.reached = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const first = await listenBackend(db.pool, 'LISTEN es_appended');
  // four writers, 30 appends each, while the listening backend is terminated twice
  let appended = 0;
  const writers = Array.from({ length: 4 }, async (_, writer) => {
    for (let i = 0; i < 30; i++) {
      await store.append(`load.w${writer}`, [newEvent('appended', { writer, i })], i === 0 ? 'no_stream' : BigInt(i - 1));
      appended++;
    }
  });
  while (appended < 20) await new Promise((resolve) => setTimeout(resolve, 5));
  await terminate(db.pool, first);
  const second = await listenBackend(db.pool, 'LISTEN es_appended', [first]);
  await terminate(db.pool, second);
  await Promise.all(writers);
  const third = await listenBackend(db.pool, 'LISTEN es_appended', [first, second]);
  t.ok(third > 0, 'a third LISTEN connection is open');
  t.ok(lost.length >= 1, 'the loss was reported');

  await deliveredCount(120);
  // with the idle poll an hour away, only a NOTIFY on the new connection brings this one
  await store.append('load.after', [newEvent('after')], 'no_stream');
  await deliveredCount(121);
  await subscription.close();
  await reading;
  const ids = delivered.map((event) => event.id);
  t.equal(new Set(ids).size, 121, 'no event twice');
  const all = await store.readAll({ after: { commit: -1n, prepare: -1n }, limit: 1000 });
  t.same(ids, all.map((event) => event.id), 'every event, in log order');
});

t.test('the whole system: terminating the LISTEN backends of the event store and of Agenda under load', async (t) => {
  const db = await createTestDatabase(t, 5);
  const tvmaze = await tvmazeStandIn(t);
  const logs: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    }),
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    TVMAZE_URL: tvmaze.url,
    GYM_PORT: '0',
    SHOWS_PORT: '0',
    CLUB_PORT: '0',
    FORMS_PORT: '0',
    FORMS_DIR: await makeFormsDir(t, ['reconnect-0', 'reconnect-1']),
  });
  const system = await startSystem(config, logger);
  t.teardown(() => system.stop());
  const forms = system.services.find((service) => service.name === 'forms')!;
  const readAfter = createReadAfter();
  const save = async (form: string, writer: number, i: number): Promise<number> => {
    const response = await fetch(`http://127.0.0.1:${forms.port}/api/forms/${form}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.FORMS_BASE_URL, 'x-real-ip': `10.0.0.${writer + 1}` },
      body: JSON.stringify({ answers: { [`q${writer}`]: String(i) } }),
    });
    await response.arrayBuffer();
    readAfter.remember(response);
    return response.status;
  };

  const storeListener = await listenBackend(db.pool, 'LISTEN es_appended');
  const agendaListener = await listenBackend(db.pool, 'LISTEN "agenda%');
  const statuses: number[] = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async (_, writer) => {
    for (let i = 0; !stop || i < 10; i++) statuses.push(await save(`reconnect-${writer % 2}`, writer, i));
  });
  while (statuses.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
  await terminate(db.pool, storeListener);
  await terminate(db.pool, agendaListener);
  const newStoreListener = await listenBackend(db.pool, 'LISTEN es_appended', [storeListener]);
  const newAgendaListener = await listenBackend(db.pool, 'LISTEN "agenda%', [agendaListener]);
  t.not(newStoreListener, storeListener, "the event store listens again");
  t.not(newAgendaListener, agendaListener, "Agenda listens again");
  const before = statuses.length;
  while (statuses.length < before + 20) await new Promise((resolve) => setTimeout(resolve, 5));
  stop = true;
  await Promise.all(writers);

  t.same([...new Set(statuses)], [200], `every save answered 200 (${statuses.length} saves)`);
  // a read sent the last save's position waits for the read side (answering 200, not 503 NOT_READY):
  // the projector, woken by the store's new LISTEN connection, has seen every save
  for (const form of ['reconnect-0', 'reconnect-1']) {
    const read = await fetch(`http://127.0.0.1:${forms.port}/api/forms/${form}`, { headers: readAfter.headers() });
    t.equal(read.status, 200, `${form} read after every save`);
  }
  const versions = await db.pool.query<{ name: string; version: number }>('SELECT name, version FROM forms.documents ORDER BY name');
  t.equal(
    versions.rows.reduce((sum, row) => sum + row.version, 0),
    statuses.length,
    'the two forms count every save once',
  );
  for (const projection of projections) {
    const { live, replayed } = await liveAndReplayed(system.core.db.slonik, system.core.store, projection);
    t.same(live, replayed, `${projection.name}: the read tables equal a replay of the log`);
  }
  t.same(
    logs.filter((entry) => entry.level >= 50).map((entry) => entry.msg),
    [],
    'nothing was logged as an error',
  );
});
