// A projector rests after a busy batch, and a read that waits wakes it: in its own process, in
// another, and after its lock passed to a projector in another process.
import t from 'tap';
import { newEvent } from '../infra/eventstore/contract.ts';
import { comparePositions } from '../infra/eventstore/port.ts';
import { waitUntil } from '../testing/until.ts';
import { listenToChannels } from '../infra/postgres/listen.ts';
import { readCheckpoint } from './runtime/checkpoints.ts';
import { createProjectionProgress, WANTED_CHANNEL } from './runtime/progress.ts';
import { startProjector } from './runtime/projector.ts';
import { eventLogProjection } from '../testing/projections/event-log-projection.ts';
import { openTestCore, seenCounts, silent } from '../testing/projections/projector-core.ts';

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
