// Issue 36, point 4: the read tables served from a PostgreSQL streaming replica (READ_DATABASE_URL),
// read-your-writes kept by waiting for the replica's replay of the projections' checkpoints. The
// test starts a primary, a hot standby of it and the system on both, and talks to the forms service
// over real sockets, as a client with no session or position does.
import path from 'node:path';
import pg from 'pg';
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { startStreamingReplica } from '../infra/postgres/streaming-replica.ts';
import { startThrowawayPostgres } from '../infra/postgres/throwaway-postgres.ts';
import { startTestSystem } from '../testing/harness.ts';
import { waitUntil } from '../testing/until.ts';

const ORIGIN = 'http://localhost:3004';
const WAIT_MS = 1500;

// A commit that does not wait for its WAL flush (the throwaway default; the projectors' batches
// always) reaches a standby only when the WAL writer flushes, every wal_writer_delay (200 ms by
// default): a read after a write then waits about that long. A primary serving a replica runs with
// synchronous commits and a short wal_writer_delay (docs/operations.md, "Reading from a replica").
const primary = await startThrowawayPostgres('read-replica-', { synchronous_commit: 'on', wal_writer_delay: '10ms' });
const replica = await startStreamingReplica({ primaryUrl: primary.url, dataDir: path.join(primary.dir, 'replica') }).catch(async (error: unknown) => {
  await primary.stop();
  throw error;
});
const system = await startTestSystem(t, { DATABASE_URL: primary.url, READ_DATABASE_URL: replica.url, PROJECTION_WAIT_MS: String(WAIT_MS) });
// after the system's own teardown: its pools close first
t.teardown(async () => {
  await replica.stop();
  await primary.stop();
});
const app = system.apps.forms!;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (typeof address !== 'object' || !address) throw new Error('not listening');
const base = `http://127.0.0.1:${address.port}`;

/** the replica as its superuser, to pause and resume its replay */
const onReplica = new pg.Client({ connectionString: replica.url });
await onReplica.connect();
t.teardown(() => onReplica.end());

type Document = { version: number; answers: Record<string, unknown>; code?: string };

let lastAddress = 0;
/** each client its own address: the save allowance is per address */
const newAddress = (): string => `203.0.113.${++lastAddress}`;

async function save(name: string, answer: string, ip: string): Promise<Document> {
  const response = await fetch(`${base}/api/forms/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-real-ip': ip },
    body: JSON.stringify({ answers: { q1: answer } }),
  });
  if (response.status !== 200) throw new Error(`save answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Document;
}

async function read(name: string): Promise<{ status: number; retryAfter: string | null; body: Document }> {
  const response = await fetch(`${base}/api/forms/${name}`);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Document };
}

/** `rounds` saves each followed at once by a read; the reads that did not answer their save, and each read's time */
async function saveThenRead(name: string, rounds: number): Promise<{ stale: string[]; readMs: number[] }> {
  await system.defineForm(name);
  const ip = newAddress();
  const stale: string[] = [];
  const readMs: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const saved = await save(name, `round ${round}`, ip);
    const began = performance.now();
    const got = await read(name);
    readMs.push(performance.now() - began);
    if (got.status !== 200 || got.body.version !== saved.version || got.body.answers['q1'] !== `round ${round}`) {
      stale.push(`${name} round ${round}: saved version ${saved.version}, read ${got.status} version ${got.body.version}`);
    }
  }
  return { stale, readMs };
}

async function readiness(): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/api/health/ready`);
  return { status: response.status, body: await response.json() };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

t.test('the replica is a hot standby in recovery, and the query routes read from it', async (t) => {
  const recovering = z.object({ recovering: z.boolean() });
  t.same(await system.core.reads.pool.one(sql.type(recovering)`SELECT pg_is_in_recovery() AS recovering`), { recovering: true }, 'the read pool is on the standby');
  t.same(await system.core.db.slonik.one(sql.type(recovering)`SELECT pg_is_in_recovery() AS recovering`), { recovering: false }, 'writes go to the primary');
  await t.rejects(system.core.reads.pool.query(sql.unsafe`CREATE TABLE written_on_the_replica (id int)`), 'nothing can write to it');
  t.match(await readiness(), { status: 200, body: { status: 'ok', projections: { forms: { state: 'caught-up' } } } }, 'ready: the replica has replayed the head');
});

t.test('a save then at once a read through the replica answers the save: 200 times in a row', async (t) => {
  const { stale, readMs } = await saveThenRead('one-client', 200);
  t.same(stale, [], 'no read answered an older copy than the save just answered');
  // a read after a save waits for the projector on the primary and then for the replica's replay
  const again: number[] = [];
  for (let round = 0; round < 50; round++) {
    const began = performance.now();
    t.equal((await read('one-client')).status, 200);
    again.push(performance.now() - began);
  }
  t.comment(`read right after a save: median ${median(readMs).toFixed(1)} ms over ${readMs.length}; a read with nothing to wait for: median ${median(again).toFixed(1)} ms`);
});

t.test('8 parallel clients, each saving then reading its own form 25 times: every read has its save', async (t) => {
  const runs = await Promise.all(Array.from({ length: 8 }, (_, client) => saveThenRead(`client-${client}`, 25)));
  t.same(runs.flatMap((run) => run.stale), []);
});

t.test("with the replica's replay paused, a read after a save waits: 503 past the deadline, the save once replay resumes", async (t) => {
  const name = 'paused';
  await system.defineForm(name);
  const ip = newAddress();
  t.equal((await save(name, 'first', ip)).version, 1);
  t.equal((await read(name)).body.version, 1);

  await onReplica.query('SELECT pg_wal_replay_pause()');
  t.teardown(() => onReplica.query('SELECT pg_wal_replay_resume()').then(() => undefined));
  const saved = await save(name, 'second', ip);
  t.equal(saved.version, 2);
  // the primary has it projected: only the replica is behind
  const versionOnPrimary = async (): Promise<number> =>
    (await system.core.db.slonik.one(sql.type(z.object({ version: z.number() }))`SELECT version FROM forms.documents WHERE name = ${name}`)).version;
  t.ok(await waitUntil(async () => (await versionOnPrimary()) === 2, 10_000), 'projected on the primary');

  const began = Date.now();
  const behind = await read(name);
  t.same([behind.status, behind.body.code, behind.retryAfter], [503, 'NOT_READY', '1'], 'past PROJECTION_WAIT_MS: 503 NOT_READY, not version 1');
  t.ok(Date.now() - began >= WAIT_MS - 50, 'after waiting out PROJECTION_WAIT_MS');
  const unready = await readiness();
  t.equal(unready.status, 503, 'readiness: not ready while the replica lags, though the primary has every event projected');
  t.match(unready.body, { code: 'NOT_READY', message: /projection forms is behind the event log on the read replica/ });

  const waiting = read(name);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await onReplica.query('SELECT pg_wal_replay_resume()');
  const caughtUp = await waiting;
  t.equal(caughtUp.status, 200, 'the read waiting when replay resumed answers');
  t.match(caughtUp.body, { version: 2, answers: { q1: 'second' } }, 'with the save');
  t.match(await readiness(), { status: 200, body: { status: 'ok', projections: { forms: { state: 'caught-up' } } } }, 'ready again once the replica has replayed');
});
