// A projection's lag is the events of its own streams after its checkpoint: the gauges count them in
// a window of the log after it, ops status walks past any number of other contexts' events.
import t from 'tap';
import { newEvent } from '../infra/eventstore/contract.ts';
import { START } from '../infra/eventstore/port.ts';
import { openTestCore } from '../testing/projections/projector-core.ts';
import { until } from '../testing/until.ts';
import { readProjectionLag } from './lag.ts';
import { writeCheckpoint } from './runtime/checkpoints.ts';

/** a minute on from now: the lag's seconds are the time since the oldest unapplied event */
const LATER_MS = 60_000;

t.test("a window counts the projection's own events among the next ones; walking past the others finds those beyond it", async (t) => {
  const { core } = await openTestCore();
  // its checkpoint at its own last event, as a rebuild leaves it
  const last = await core.store.append('mine.a', [newEvent('noted')], 'no_stream');
  await core.db.slonik.transaction((tx) => writeCheckpoint(tx, 'mine', { version: 1, position: last.position }));
  for (let i = 0; i < 6; i++) await core.store.append(`theirs.${i}`, [newEvent('noted')], 'no_stream');
  const projections = [{ name: 'mine', streams: ['mine.'] }, { name: 'everything' }];
  const read = (options: { limit: number; pastOthers?: boolean }) =>
    readProjectionLag({ pool: core.db.slonik, store: core.store }, projections, { now: Date.now() + LATER_MS, ...options });
  await until('the log to be readable', async () => (await core.store.readAll({ after: START, limit: 10 })).length === 7);

  t.match(await read({ limit: 5 }), [{ projection: 'mine', events: 0, seconds: 0 }, { projection: 'everything', events: 5 }], "others' events are not its lag");
  t.match(await read({ limit: 5, pastOthers: true }), [{ projection: 'mine', events: 0, seconds: 0 }, { projection: 'everything', events: 5 }]);

  await core.store.append('mine.b', [newEvent('noted')], 'no_stream');
  await until('the log to be readable', async () => (await core.store.readAll({ after: START, limit: 10 })).length === 8);
  t.match(await read({ limit: 5 }), [{ projection: 'mine', events: 0 }], 'past a window of five others, the gauge does not see it');
  t.match(await read({ limit: 10 }), [{ projection: 'mine', events: 1 }], 'within the window it does');
  const walked = await read({ limit: 5, pastOthers: true });
  t.match(walked, [{ projection: 'mine', events: 1 }, { projection: 'everything', events: 5 }], 'walking past the others finds it');
  t.ok(walked[0]!.seconds >= 59 && walked[0]!.seconds < 120, `and how long it has waited: ${walked[0]!.seconds} s a minute on`);
});
