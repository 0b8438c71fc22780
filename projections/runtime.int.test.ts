import { hostname } from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { newEvent } from '../infra/eventstore/contract.ts';
import pg from 'pg';
import { comparePositions, formatPosition } from '../infra/eventstore/port.ts';
import { loadConfig } from '../infra/config.ts';
import { makeDatabase } from '../testing/database.ts';
import { waitUntil } from '../testing/until.ts';
import { parkEventFor } from '../ops/park.ts';
import { openCore, type Core } from '../ops/system.ts';
import { listenToChannels } from '../infra/postgres/listen.ts';
import { readCheckpoint } from './runtime/checkpoints.ts';
import { createProjectionProgress, WANTED_CHANNEL } from './runtime/progress.ts';
import { readProjectionStates } from './runtime/projection-states.ts';
import type { Logger } from './runtime/projection.ts';
import { LIVE_BATCH, startProjector } from './runtime/projector.ts';
import { rebuildProjection } from './runtime/rebuild.ts';
import { eventLogProjection, POISON } from '../testing/projections/event-log-projection.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const countRow = z.object({ total: z.number(), distinct_ids: z.number() });

async function openTestCore(): Promise<{ core: Core; url: string }> {
  const db = await makeDatabase();
  const core = await openCore(loadConfig({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' }));
  t.teardown(async () => {
    await core.close();
    await db.drop();
  });
  return { core, url: db.url };
}

type LogEntry = { level: 'info' | 'warn' | 'error'; object: Record<string, unknown>; message: string };

function collectingLog(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const add = (level: LogEntry['level']) => (object: object, message?: string) =>
    void entries.push({ level, object: object as Record<string, unknown>, message: message ?? '' });
  return { entries, info: add('info'), warn: add('warn'), error: add('error') };
}

async function writeEvents(core: Core, streams: number, perStream: number): Promise<void> {
  await Promise.all(
    Array.from({ length: streams }, async (_, s) => {
      for (let i = 0; i < perStream; i += 50) {
        const events = Array.from({ length: Math.min(50, perStream - i) }, (_, k) => newEvent('noted', { s, i: i + k }));
        await core.store.append(`crash.s${s}`, events, i === 0 ? 'no_stream' : BigInt(i - 1));
      }
    }),
  );
}

async function seenCounts(core: Core, schema: string): Promise<z.infer<typeof countRow>> {
  return core.db.slonik.one(sql.type(countRow)`
    SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_ids FROM ${sql.identifier([schema, 'seen'])}`);
}

function runChild(url: string, pauseMs: number): { child: ChildProcess; batches: () => number } {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../testing/projections/crash-child.fixture.ts')], {
    env: { ...process.env, DATABASE_URL: url, PAUSE_MS: String(pauseMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let batches = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    batches += chunk.toString().split('\n').filter((line) => line.startsWith('batch')).length;
  });
  return { child, batches: () => batches };
}

t.test('a projector killed inside a batch neither loses nor repeats an event after restart', async (t) => {
  const { core, url } = await openTestCore();
  // three full batches at the least, however fast the events are written
  const total = 3 * LIVE_BATCH;
  const first = runChild(url, 400);
  // the first start builds the (empty) projection; the events then arrive live
  t.ok(await waitUntil(async () => (await readCheckpoint(core.db.slonik, 'crashtest').catch(() => null)) !== null, 30_000));
  await writeEvents(core, 6, total / 6);
  const head = await core.store.headPosition();
  t.ok(await waitUntil(async () => first.batches() >= 3, 60_000), 'the first process got into its third batch');
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const partial = await seenCounts(core, 'crashtest');
  t.ok(partial.total > 0 && partial.total < total, `killed part way (${partial.total} of ${total})`);
  t.equal(partial.total, partial.distinct_ids, 'no event applied twice before the crash');
  const checkpoint = await readCheckpoint(core.db.slonik, 'crashtest');
  t.ok(checkpoint, 'the checkpoint of the committed batches is there');

  const second = runChild(url, 0);
  t.ok(
    await waitUntil(async () => {
      const at = await readCheckpoint(core.db.slonik, 'crashtest');
      return at !== null && comparePositions(at.position, head) >= 0;
    }, 60_000),
    'the restarted process caught up',
  );
  second.child.kill('SIGTERM');
  await new Promise((resolve) => second.child.once('exit', resolve));
  t.same(await seenCounts(core, 'crashtest'), { total, distinct_ids: total }, 'every event exactly once');
});

t.test('only one projector of a name runs; the stand-by takes over when it stops', async (t) => {
  const { core } = await openTestCore();
  await writeEvents(core, 2, 100);
  let appliedByA = 0;
  let appliedByB = 0;
  const a = startProjector({
    pool: core.db.slonik,
    store: core.store,
    projection: eventLogProjection('locktest', 0, (n) => (appliedByA += n)),
    progress: core.progress,
    log: silent,
    standbyMs: 50,
  });
  const head = await core.store.headPosition();
  t.ok(await core.progress.waitFor(['locktest'], head, 10_000), 'A caught up');
  const b = startProjector({
    pool: core.db.slonik,
    store: core.store,
    projection: eventLogProjection('locktest', 0, (n) => (appliedByB += n)),
    progress: core.progress,
    log: silent,
    standbyMs: 50,
  });
  await writeEvents(core, 1, 20).catch(() => undefined);
  await core.store.append('crash.more', [newEvent('noted')], 'no_stream');
  const head2 = await core.store.headPosition();
  t.ok(await core.progress.waitFor(['locktest'], head2, 10_000), 'caught up with B standing by');
  t.equal(appliedByB, 0, 'the stand-by applied nothing while A held the lock');
  await a.stop();
  await core.store.append('crash.after', [newEvent('noted')], 'no_stream');
  const head3 = await core.store.headPosition();
  t.ok(await core.progress.waitFor(['locktest'], head3, 10_000), 'B took over');
  t.ok(appliedByB >= 1, 'B applied the new event');
  await b.stop();
  t.same(await seenCounts(core, 'locktest'), { total: appliedByA + appliedByB, distinct_ids: appliedByA + appliedByB });
});

t.test('a rebuild swaps fresh tables in while the live projector keeps going', async (t) => {
  const { core } = await openTestCore();
  await writeEvents(core, 3, 200);
  const projection = eventLogProjection('rebuildtest');
  const live = startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silent });
  t.teardown(() => live.stop());
  t.ok(await core.progress.waitFor(['rebuildtest'], await core.store.headPosition(), 10_000));

  // writes keep arriving during the rebuild; readers keep reading
  let writing = true;
  let reads = 0;
  let readFailures = 0;
  const writer = (async () => {
    for (let i = 0; writing; i++) await core.store.append(`crash.during-${i}`, [newEvent('noted')], 'no_stream');
  })();
  const reader = (async () => {
    while (writing) {
      await seenCounts(core, 'rebuildtest').then(
        () => reads++,
        () => readFailures++,
      );
    }
  })();
  const report = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log: silent, batchSize: 100 });
  writing = false;
  await Promise.all([writer, reader]);
  t.ok(report.events >= 600, `replayed the whole log (${report.events} events)`);
  t.ok(reads > 0, `read during the rebuild (${reads} reads)`);
  t.equal(readFailures, 0, 'no read failed during the swap');

  const head = await core.store.headPosition();
  t.ok(await core.progress.waitFor(['rebuildtest'], head, 10_000), 'live projector continued after the swap');
  const logLength = (await core.db.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]!.n;
  t.same(await seenCounts(core, 'rebuildtest'), { total: logLength, distinct_ids: logLength }, 'the swapped tables hold every event once');
});

t.test('a projection whose version changed is rebuilt at start', async (t) => {
  const { core } = await openTestCore();
  await writeEvents(core, 1, 30);
  const v1 = startProjector({ pool: core.db.slonik, store: core.store, projection: eventLogProjection('versiontest'), progress: core.progress, log: silent });
  t.ok(await core.progress.waitFor(['versiontest'], await core.store.headPosition(), 10_000));
  await v1.stop();
  // an old table from version 1 that version 2 no longer has must be gone after the rebuild
  await core.db.slonik.query(sql.unsafe`CREATE TABLE versiontest.leftover (x int)`);
  const v2 = { ...eventLogProjection('versiontest'), version: 2 };
  const started = startProjector({ pool: core.db.slonik, store: core.store, projection: v2, progress: core.progress, log: silent });
  t.teardown(() => started.stop());
  t.ok(await waitUntil(async () => (await readCheckpoint(core.db.slonik, 'versiontest'))?.version === 2, 10_000), 'rebuilt as version 2');
  t.same(await seenCounts(core, 'versiontest'), { total: 30, distinct_ids: 30 });
  const leftover = await core.db.slonik.maybeOne(sql.type(z.object({ r: z.string().nullable() }))`SELECT to_regclass('versiontest.leftover')::text AS r`);
  t.equal(leftover?.r, null, 'tables of the old version are gone');
});

t.test('an event a projection cannot apply stops it on that event, for every process to see, until an operator parks it', async (t) => {
  const { core } = await openTestCore();
  const log = collectingLog();
  const projection = eventLogProjection('stoptest');
  const projector = startProjector({
    pool: core.db.slonik,
    store: core.store,
    projection,
    progress: core.progress,
    log,
    retry: { firstMs: 20, maxMs: 100 },
    parkedPollMs: 20,
  });
  t.teardown(() => projector.stop());
  await projector.ready;
  await writeEvents(core, 1, 30);
  const before = await core.store.headPosition();
  const poisoned = await core.store.append('crash.poisoned', [newEvent(POISON)], 'no_stream');
  await core.store.append('crash.after-poison', [newEvent('noted'), newEvent('noted')], 'no_stream');
  const head = await core.store.headPosition();

  // what an API process without projectors knows: only the tables
  const elsewhere = createProjectionProgress(core.db.slonik);
  // a wait of ten minutes: answered at all within the test's time, it was answered at once
  const outcome = await elsewhere.wait(['stoptest'], head, 600_000);
  t.match(outcome, {
    reached: false,
    stopped: { projection: 'stoptest', event: { stream: 'crash.poisoned', revision: 0n, type: POISON, position: poisoned.position } },
  });
  t.same(await elsewhere.wait(['stoptest'], before, 600_000), { reached: true }, 'a position before the bad event is reached');
  t.same(await seenCounts(core, 'stoptest'), { total: 30, distinct_ids: 30 }, 'every event before the bad one was applied');
  const checkpoint = await readCheckpoint(core.db.slonik, 'stoptest');
  t.equal(formatPosition(checkpoint!.position), formatPosition(before), 'the checkpoint stands just before the bad event');
  const [state] = (await readProjectionStates(core.db.slonik)).filter((candidate) => candidate.name === 'stoptest');
  t.match(state?.stopped, { event: { stream: 'crash.poisoned' }, error: /cannot store poison/ });

  // meanwhile it retries every 20 to 100 ms
  await new Promise((resolve) => setTimeout(resolve, 500));
  const errors = log.entries.filter((entry) => entry.level === 'error');
  t.equal(errors.length, 1, 'the failure is logged once, not at every retry');
  t.match(errors[0], {
    object: { projection: 'stoptest', stream: 'crash.poisoned', revision: 0, position: formatPosition(poisoned.position), type: POISON },
    message: /stopped on an event/,
  });
  await t.rejects(
    rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log }),
    { name: 'ProjectionEventError', message: /cannot apply crash\.poisoned@0/ },
    'a rebuild names the event too',
  );
  t.same(await seenCounts(core, 'stoptest'), { total: 30, distinct_ids: 30 }, 'and leaves the live tables as they were');

  const parked = await parkEventFor(core, 'stoptest', formatPosition(poisoned.position), 'written by hand in a test');
  t.match(parked, { projection: 'stoptest', stream: 'crash.poisoned', revision: 0, eventType: POISON, reason: 'written by hand in a test' });
  // the projector looks for park records between its retries
  t.ok(await waitUntil(async () => (await elsewhere.wait(['stoptest'], head, 1000)).reached, 30_000), 'the projector got past the parked event');
  const crashEvents = await core.db.slonik.one(sql.type(countRow)`
    SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_ids FROM stoptest.seen WHERE stream LIKE 'crash.%'`);
  t.same(crashEvents, { total: 32, distinct_ids: 32 }, 'only the parked event was skipped');
  t.equal((await readProjectionStates(core.db.slonik)).find((candidate) => candidate.name === 'stoptest')?.stopped, null);
  t.equal(log.entries.filter((entry) => entry.level === 'error').length, 1);
  t.match(log.entries.filter((entry) => /recovered/.test(entry.message)), [{ level: 'info', object: { projection: 'stoptest', stream: 'crash.poisoned', revision: 0 } }]);

  await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log });
  // A rebuild replays what readers may see yet: an append that a transaction still open elsewhere on
  // the server hides (the park record, with other test files running) comes next, through the live
  // projector.
  const latest = await core.store.headPosition();
  t.ok(await waitUntil(async () => (await elsewhere.wait(['stoptest'], latest, 1000)).reached, 30_000), 'the projection reaches the head of the log');
  const parkRecords = (await core.store.readStream('ops.parked-stoptest')).length;
  t.same(await seenCounts(core, 'stoptest'), { total: 32 + parkRecords, distinct_ids: 32 + parkRecords }, 'a rebuild skips the parked event too');
});

t.test('a database that drops every connection blames no event: the projector reconnects and loses nothing', async (t) => {
  const { core, url } = await openTestCore();
  // the projector's own process: its pools are the ones cut
  const named = new URL(url);
  named.searchParams.set('application_name', 'projector-under-test');
  const other = await openCore(loadConfig({ DATABASE_URL: named.toString(), DATABASE_POOL_SIZE: '4', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' }));
  t.teardown(() => other.close());
  const log = collectingLog();
  let batches = 0;
  const projector = startProjector({
    pool: other.db.slonik,
    store: other.store,
    projection: eventLogProjection('outagetest', 200, () => batches++),
    progress: other.progress,
    log,
    retry: { firstMs: 50, maxMs: 200 },
  });
  t.teardown(() => projector.stop());
  await projector.ready;
  await writeEvents(core, 4, 150);
  t.ok(await waitUntil(async () => batches >= 1, 30_000), 'a batch is open');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  t.teardown(() => admin.end());
  // every connection of the projector's pool, the advisory lock's and the open batch's among them
  // (the event store's LISTEN connection is left alone: keeping that one alive is its own concern)
  const victims = await admin.query<{ pid: number; lock: boolean }>(`
    SELECT a.pid, EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory') AS lock
    FROM pg_stat_activity a
    WHERE a.datname = current_database() AND a.application_name IN ('projector-under-test', 'projector outagetest on ' || $1 || ' pid ' || $2)
      AND a.query NOT ILIKE 'LISTEN%'`, [hostname(), String(process.pid)]);
  t.ok(victims.rows.length >= 2 && victims.rows.some((row) => row.lock), `${victims.rows.length} connections, the lock's among them`);
  await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [victims.rows.map((row) => row.pid)]);

  const head = await core.store.headPosition().catch(() => core.store.headPosition());
  t.ok(
    await waitUntil(async () => {
      const { rows } = await admin.query<{ c: string; p: string }>(
        `SELECT commit_position::text AS c, prepare_position::text AS p FROM projection_state.checkpoints WHERE name = 'outagetest'`,
      );
      return rows[0] !== undefined && comparePositions({ commit: BigInt(rows[0].c), prepare: BigInt(rows[0].p) }, head) >= 0;
    }, 60_000),
    'the projector came back and caught up',
  );
  const { rows } = await admin.query<{ total: number; distinct_ids: number }>(
    'SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_ids FROM outagetest.seen',
  );
  t.same(rows[0], { total: 600, distinct_ids: 600 }, 'every event exactly once');
  const failures = await admin.query(`SELECT * FROM projection_state.failures`);
  t.equal(failures.rowCount, 0, 'no event was blamed');
  t.notOk(log.entries.some((entry) => /stopped on an event/.test(entry.message)));
  t.ok(log.entries.some((entry) => entry.level === 'warn' && /lost the database/.test(entry.message)), 'the outage was logged, as a warning');
  t.notOk(log.entries.some((entry) => entry.level === 'error'), 'an outage is no error');
  t.ok(log.entries.some((entry) => /recovered/.test(entry.message)), 'and the recovery');
});

t.test('a new version whose rebuild fails on an event keeps the old tables serving and reports the stop until it is parked', async (t) => {
  const { core } = await openTestCore();
  const tolerant = eventLogProjection('bumptest');
  // version 1 ignored the payload that version 2 cannot store
  const v1 = { ...tolerant, apply: (tx: Parameters<typeof tolerant.apply>[0], schema: string, events: Parameters<typeof tolerant.apply>[2]) =>
    tolerant.apply(tx, schema, events.filter((event) => event.type !== POISON)) };
  await writeEvents(core, 1, 10);
  const poisoned = await core.store.append('crash.poisoned', [newEvent(POISON)], 'no_stream');
  const first = startProjector({ pool: core.db.slonik, store: core.store, projection: v1, progress: core.progress, log: silent });
  t.ok(await core.progress.waitFor(['bumptest'], await core.store.headPosition(), 10_000));
  await first.stop();

  const log = collectingLog();
  const v2 = { ...eventLogProjection('bumptest'), version: 2 };
  const second = startProjector({ pool: core.db.slonik, store: core.store, projection: v2, progress: core.progress, log, retry: { firstMs: 20, maxMs: 100 }, parkedPollMs: 20 });
  t.teardown(() => second.stop());
  const elsewhere = createProjectionProgress(core.db.slonik);
  await core.store.append('crash.later', [newEvent('noted')], 'no_stream');
  const outcome = await elsewhere.wait(['bumptest'], await core.store.headPosition(), 600_000);
  t.match(outcome, { reached: false, stopped: { event: { stream: 'crash.poisoned', position: poisoned.position } } }, 'the stop is seen though the old checkpoint is past the event');
  t.same(await seenCounts(core, 'bumptest'), { total: 10, distinct_ids: 10 }, 'version 1 tables still serve');
  t.equal((await readCheckpoint(core.db.slonik, 'bumptest'))?.version, 1);

  await parkEventFor(core, 'bumptest', 'crash.poisoned@0', 'version 2 cannot store it');
  t.ok(await waitUntil(async () => (await readCheckpoint(core.db.slonik, 'bumptest'))?.version === 2, 30_000), 'rebuilt as version 2 once parked');
  t.ok(await waitUntil(async () => (await elsewhere.wait(['bumptest'], await core.store.headPosition(), 1000)).reached, 30_000));
  t.equal((await readProjectionStates(core.db.slonik)).find((state) => state.name === 'bumptest')?.stopped, null);
  t.equal(log.entries.filter((entry) => entry.level === 'error').length, 1);
});

t.test('a projector resting after a busy batch is woken by a read that waits, in its process or another', async (t) => {
  const { core } = await openTestCore();
  // a rest of ten minutes: a wait answered at all within the test's time was answered by waking it
  const projector = startProjector({ pool: core.db.slonik, store: core.store, projection: eventLogProjection('resttest'), progress: core.progress, log: silent, busyRestMs: 600_000 });
  t.teardown(() => projector.stop());
  await projector.ready;
  const busy = async (): Promise<void> => {
    // twenty events in one append reach the projector as one batch: a busy log, so it rests after it
    await core.store.append(`crash.busy-${Math.random()}`, Array.from({ length: 20 }, (_, i) => newEvent('noted', { i })), 'no_stream');
    t.ok(await core.progress.waitFor(['resttest'], await core.store.headPosition(), 30_000), 'the busy batch is applied');
  };

  await busy();
  await core.store.append('crash.after-rest-here', [newEvent('noted')], 'no_stream');
  const here = await core.store.headPosition();
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.ok(comparePositions((await readCheckpoint(core.db.slonik, 'resttest'))!.position, here) < 0, 'resting: the new event waits for the next batch');
  t.ok(await core.progress.waitFor(['resttest'], here, 600_000), 'a read in the same process wakes it');

  await busy();
  await core.store.append('crash.after-rest-elsewhere', [newEvent('noted')], 'no_stream');
  const there = await core.store.headPosition();
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.ok(comparePositions((await readCheckpoint(core.db.slonik, 'resttest'))!.position, there) < 0, 'resting again');
  // what an API process without projectors has: the tables, and a NOTIFY the projector's process hears
  const elsewhere = createProjectionProgress(core.db.slonik);
  t.ok(await elsewhere.waitFor(['resttest'], there, 600_000), 'a read in another process wakes it');

  // One NOTIFY serves the reads of that process until it sees the projection move, and a read that
  // came meanwhile is told again then. Polling every 2 s, it sees the first burst applied only
  // after the second read began, with the projector resting again.
  const slow = createProjectionProgress(core.db.slonik, { pollMs: 2000 });
  t.ok(await slow.waitFor(['resttest'], there, 30_000), 'that process knows where the projection stands');
  await core.store.append(`crash.burst-${Math.random()}`, Array.from({ length: 20 }, (_, i) => newEvent('noted', { i })), 'no_stream');
  const burst = await core.store.headPosition();
  const first = slow.waitFor(['resttest'], burst, 600_000);
  const applied = async () => comparePositions((await readCheckpoint(core.db.slonik, 'resttest'))!.position, burst) >= 0;
  t.ok(await waitUntil(applied, 30_000), 'the first read wakes it, and it rests again after the burst');
  await core.store.append('crash.after-burst', [newEvent('noted')], 'no_stream');
  const second = slow.waitFor(['resttest'], await core.store.headPosition(), 600_000);
  t.ok(await first, 'the first read is answered');
  t.ok(await second, 'the second read, begun before that process saw the burst applied, wakes it too');
  t.same(await seenCounts(core, 'resttest'), { total: 63, distinct_ids: 63 });

  // the first burst may meet a NOTIFY heard while the projector was busy, and not rest; the second rests
  await busy();
  await busy();
  // resting for ten minutes: a stop (or a rest's timer left behind) that waited it out would not end within the test's time
  await projector.stop();
  t.pass('a stop cuts the rest short');
});

t.test("a read in the process whose projector let go of its lock wakes the one that took over in another", async (t) => {
  const { core, url } = await openTestCore();
  // the other process: a progress of its own, hearing NOTIFYs as a process running projectors does
  const elsewhere = createProjectionProgress(core.db.slonik);
  const hearing = listenToChannels(url, { [WANTED_CHANNEL]: { onMessage: elsewhere.heard, onListening: () => undefined, onLost: () => undefined } });
  t.teardown(() => hearing.close());
  const projection = eventLogProjection('awaytest');
  const here = startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silent, busyRestMs: 600_000 });
  await here.ready;
  await core.store.append('crash.away-first', [newEvent('noted')], 'no_stream');
  t.ok(await core.progress.waitFor(['awaytest'], await core.store.headPosition(), 30_000), "this process's projector applies the log");

  const there = startProjector({ pool: core.db.slonik, store: core.store, projection, progress: elsewhere, log: silent, standbyMs: 20, busyRestMs: 600_000 });
  t.teardown(() => there.stop());
  await here.stop();
  // the projector that took over applies busy batches, and rests for ten minutes after them. A
  // batch may meet a wake-up heard before it (a NOTIFY, the wait of the read just made) and not
  // rest: bursts follow until one event after a burst is seen left waiting
  let appended = 1;
  let last = await core.store.headPosition();
  let rests = false;
  for (let burst = 1; burst <= 6 && !rests; burst++) {
    await core.store.append(`crash.away-busy-${burst}`, Array.from({ length: 20 }, (_, i) => newEvent('noted', { i })), 'no_stream');
    if (!(await elsewhere.waitFor(['awaytest'], await core.store.headPosition(), 30_000))) t.fail('the other process applies a busy batch');
    await core.store.append(`crash.away-last-${burst}`, [newEvent('noted')], 'no_stream');
    appended += 21;
    last = await core.store.headPosition();
    await new Promise((resolve) => setTimeout(resolve, 500));
    rests = comparePositions((await readCheckpoint(core.db.slonik, 'awaytest'))!.position, last) < 0;
  }
  t.ok(rests, 'after a busy batch, it rests');
  t.ok(await core.progress.waitFor(['awaytest'], last, 600_000), 'a read here, whose projector is gone, wakes it');
  t.same(await seenCounts(core, 'awaytest'), { total: appended, distinct_ids: appended });
});
