// A projector loses and repeats no event when it is killed inside a batch, when a second one stands
// by for its lock, or when the database drops every connection.
import { hostname } from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import pg from 'pg';
import { newEvent } from '../infra/eventstore/contract.ts';
import { comparePositions } from '../infra/eventstore/port.ts';
import { loadConfig } from '../infra/config.ts';
import { waitUntil } from '../testing/until.ts';
import { openCore } from '../ops/system.ts';
import { readCheckpoint } from './runtime/checkpoints.ts';
import { LIVE_BATCH, startProjector } from './runtime/projector.ts';
import { eventLogProjection } from '../testing/projections/event-log-projection.ts';
import { collectingLog, openTestCore, seenCounts, silent, writeEvents } from '../testing/projections/projector-core.ts';


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
