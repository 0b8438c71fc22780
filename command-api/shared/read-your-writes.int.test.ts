import t from 'tap';
import { formStream } from '../../domain/forms/form.ts';
import { startProjector } from '../../projections/runtime.ts';
import { projections } from '../../ops/system.ts';
import { startTestSystem } from '../../ops/test/harness.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

t.test('a command waits for its projections; past the deadline it answers 503 with Retry-After', async (t) => {
  const system = await startTestSystem(t, { PROJECTION_WAIT_MS: '1500' });
  const forms = system.apps.forms!;
  await system.defineForm('ryw');
  const post = (answers: Record<string, string>) =>
    forms.inject({ method: 'POST', url: '/api/forms/ryw', headers: { origin: 'http://localhost:3004' }, payload: { answers } });

  const first = await post({ q1: 'a' });
  t.equal(first.statusCode, 200);
  t.match((await forms.inject({ method: 'GET', url: '/api/forms/ryw' })).json(), { answers: { q1: 'a' }, version: 1 }, 'the next GET sees the write');

  await Promise.all(system.projectors.map((projector) => projector.stop()));
  const stalled = await post({ q2: 'b' });
  t.equal(stalled.statusCode, 503);
  t.equal(stalled.headers['retry-after'], '1');
  t.same(stalled.json(), {
    statusCode: 503,
    code: 'NOT_READY',
    error: 'Service Unavailable',
    message: 'Saved, but the read side is behind; read again shortly',
  });
  t.equal((await system.core.store.readStream(formStream('ryw'))).length, 2, 'the write itself is in the log');

  const restarted = projections.map((projection) =>
    startProjector({ pool: system.core.db.slonik, store: system.core.store, projection, progress: system.core.progress, log: silent }),
  );
  t.teardown(() => Promise.all(restarted.map((projector) => projector.stop())));
  await Promise.all(restarted.map((projector) => projector.ready));
  const third = await post({ q3: 'c' });
  t.equal(third.statusCode, 200);
  t.match(third.json(), { answers: { q1: 'a', q2: 'b', q3: 'c' }, version: 3 });
});
