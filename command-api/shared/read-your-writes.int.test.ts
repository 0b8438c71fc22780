import t from 'tap';
import { startProjector } from '../../projections/runtime/projector.ts';
import { projections } from '../../ops/system.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { trainingUser } from '../../testing/gym/training-client.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

// A command whose answer is a read table only the projector builds (a new exercise, as the library
// lists it) waits for its projection; the set tick and the forms save answer before (their own tests).
t.test('a command waits for its projections; past the deadline it answers 503 with Retry-After', async (t) => {
  const system = await startTestSystem(t, { PROJECTION_WAIT_MS: '1500' });
  const user = await trainingUser(system.apps.gym!, 'waits@example.org');
  const names = async () => ((await user.ok('GET', '/api/exercises')) as { name: string }[]).map((exercise) => exercise.name).sort();

  t.equal((await user.call('POST', '/api/exercises', { name: 'Squat' })).statusCode, 201);
  t.same(await names(), ['Squat'], 'the next read sees the write');

  await Promise.all(system.projectors.map((projector) => projector.stop()));
  const stalled = await user.call('POST', '/api/exercises', { name: 'Bench' });
  t.equal(stalled.statusCode, 503);
  t.equal(stalled.headers['retry-after'], '1');
  t.same(stalled.json(), {
    statusCode: 503,
    code: 'NOT_READY',
    error: 'Service Unavailable',
    message: 'Saved, but the read side is behind; read again shortly',
  });

  const restarted = projections.map((projection) =>
    startProjector({ pool: system.core.db.slonik, store: system.core.store, projection, progress: system.core.progress, log: silent }),
  );
  t.teardown(() => Promise.all(restarted.map((projector) => projector.stop())));
  await Promise.all(restarted.map((projector) => projector.ready));
  t.equal((await user.call('POST', '/api/exercises', { name: 'Deadlift' })).statusCode, 201);
  t.same(await names(), ['Bench', 'Deadlift', 'Squat'], 'the write that answered 503 was kept');
});
