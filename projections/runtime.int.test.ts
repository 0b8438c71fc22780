import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { newEvent } from '../infra/eventstore/contract.ts';
import { comparePositions } from '../infra/eventstore/port.ts';
import { loadConfig } from '../infra/config.ts';
import { makeDatabase } from '../infra/testing/database.ts';
import { openCore, type Core } from '../ops/system.ts';
import { readCheckpoint, rebuildProjection, startProjector } from './runtime.ts';
import { eventLogProjection } from './testing-projection.ts';

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

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function runChild(url: string, pauseMs: number): { child: ChildProcess; batches: () => number } {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'crash-child.fixture.ts')], {
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
  const total = 3000;
  const first = runChild(url, 400);
  // the first start builds the (empty) projection; the events then arrive live
  t.ok(await waitUntil(async () => (await readCheckpoint(core.db.slonik, 'crashtest').catch(() => null)) !== null, 30_000));
  await writeEvents(core, 6, 500);
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
