// A workout's volume is its sets' weight × reps added in the log's order (set number), so it is the
// same number however the rows lie in the table: live, after a correction moved one, after a rebuild.
// The reference check found a rebuild answering 256.23350405 where the live projection had
// answered 256.23350404999996 for the same three sets.
import t from 'tap';
import { trainingUser } from '../../testing/gym/training-client.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { gymProjection } from '../../projections/gym/index.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

t.test('GET /sessions and /sessions/:id add a workout volume in set order, before and after a rebuild', async (t) => {
  const me = await trainingUser(app, 'volume@example.org');
  const curl = await me.exercise('Curl');
  const workout = await me.workout('2026-06-01');
  const first = await me.tick(workout, curl, 1, 0.5, 1);
  await me.tick(workout, curl, 2, 0.2, 1);
  await me.tick(workout, curl, 3, 0.3, 1);
  // the correction writes set 1 again, after sets 2 and 3
  await me.ok('PATCH', `/api/sets/${first.id}`, { kg: 0.1 });
  // in floating point the order of the additions shows: (0.1 + 0.2) + 0.3 is 0.6000000000000001, (0.2 + 0.3) + 0.1 is 0.6
  const inSetOrder = 0.1 * 1 + 0.2 * 1 + 0.3 * 1;
  t.not(inSetOrder, 0.2 + 0.3 + 0.1, 'the sums in the two orders differ');

  const volumes = async () => [(await me.ok('GET', `/api/sessions/${workout}`)).volumeKg, (await me.ok('GET', '/api/sessions'))[0].volumeKg];
  t.same(await volumes(), [inSetOrder, inSetOrder], 'live');
  await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: gymProjection, log: silentLog });
  t.same(await volumes(), [inSetOrder, inSetOrder], 'after a rebuild');
});
