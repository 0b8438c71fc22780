// Rebuilding a projection (tables swapped in while the live projector goes on, a new version rebuilt
// at start) and an event a projection cannot apply: it stops there for every process to see, keeps
// the old tables serving, and goes on once an operator parks the event.
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { newEvent } from '../infra/eventstore/contract.ts';
import { formatPosition } from '../infra/eventstore/port.ts';
import { waitUntil } from '../testing/until.ts';
import { parkEventFor } from '../ops/park.ts';
import { readCheckpoint } from './runtime/checkpoints.ts';
import { createProjectionProgress } from './runtime/progress.ts';
import { readProjectionStates } from './runtime/projection-states.ts';
import { startProjector } from './runtime/projector.ts';
import { rebuildProjection } from './runtime/rebuild.ts';
import { eventLogProjection, POISON } from '../testing/projections/event-log-projection.ts';
import { collectingLog, countRow, openTestCore, seenCounts, silent, writeEvents } from '../testing/projections/projector-core.ts';

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
