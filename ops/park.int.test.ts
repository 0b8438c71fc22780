// The operator's way out, end to end: an event the gym projection cannot store stops it; readiness
// and writes say so at once; `ops park` (a separate process) lets it past; the park is audited.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { trainingUser } from '../testing/gym/training-client.ts';
import { formatPosition } from '../infra/eventstore/port.ts';
import { until } from '../testing/until.ts';
import { gymProjection } from '../projections/gym/index.ts';
import type { Logger } from '../projections/runtime/projection.ts';
import { rebuildProjection } from '../projections/runtime/rebuild.ts';
import { runSpawned } from './cli/test-runs.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../testing/harness.ts';

type Entry = { level: string; object: Record<string, unknown>; message: string };
const entries: Entry[] = [];
const add = (level: string) => (object: object, message?: string) => void entries.push({ level, object: object as Record<string, unknown>, message: message ?? '' });
const log: Logger = { info: add('info'), warn: add('warn'), error: add('error') };

// the longest read-your-writes wait: one that ran out would answer NOT_READY, not READ_SIDE_STOPPED
const system = await startTestSystem(t, { PROJECTION_WAIT_MS: '60000' }, {}, { log, retry: { firstMs: 50, maxMs: 200 }, parkedPollMs: 50 });
const gym = system.apps.gym!;
const forms = system.apps.forms!;

/** `ops …` as a separate process, as an operator parks: the projector learns of it from the database */
const ops = (args: string[]) => runSpawned(args, { DATABASE_URL: system.url, LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET });

const ready = (app: typeof gym) => app.inject({ method: 'GET', url: '/api/health/ready' });

t.test('a gym event the projection cannot store: stopped, reported, parked by the operator, audited', async (t) => {
  const me = await trainingUser(gym, 'stuck@example.org');
  const curl = await me.exercise('Curl');
  const first = await me.workout('2026-11-20');
  await me.tick(first, curl, 1, 10, 10);
  t.equal((await ready(gym)).statusCode, 200, 'ready before');

  // written to the store directly, as a bug or a hand edit would: a set without its fields
  const stream = `gym.workout-${first}`;
  const revision = BigInt((await system.core.store.readStream(stream)).length);
  const bad = await system.core.store.append(
    stream,
    [{ id: randomUUID(), type: 'set-ticked', data: { kg: 'heavy' }, metadata: { userId: me.user.id, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 } }],
    revision - 1n,
  );
  const position = formatPosition(bad.position);

  const notReady = await until('gym readiness to report the stop', async () => {
    const answer = await ready(gym);
    return answer.statusCode === 503 ? answer : null;
  });
  t.equal(notReady.headers['retry-after'], '30');
  t.match(notReady.json(), {
    statusCode: 503,
    code: 'NOT_READY',
    message: `projection gym is stopped on event ${position} (${stream}@${revision}, set-ticked): `,
  });
  t.same((await gym.inject({ method: 'GET', url: '/api/health' })).json(), { status: 'ok' }, 'liveness is unchanged');
  t.equal((await ready(forms)).statusCode, 200, 'the other services stay ready');

  const stopped = await me.call('POST', '/api/sessions', { date: '2026-11-21' });
  t.equal(stopped.statusCode, 503, 'a gym write answers at once, not after PROJECTION_WAIT_MS');
  t.equal(stopped.headers['retry-after'], '30');
  t.same(stopped.json(), {
    statusCode: 503,
    code: 'READ_SIDE_STOPPED',
    error: 'Service Unavailable',
    message: 'The gym read side is stopped on an event it cannot apply until an operator fixes or parks it; anything this request wrote is kept',
  });
  await system.defineForm('elsewhere');
  const formSave = await forms.inject({ method: 'POST', url: '/api/forms/elsewhere', headers: { origin: 'http://localhost:3004' }, payload: { answers: { q1: 'a' } } });
  t.equal(formSave.statusCode, 200, 'forms writes go on');

  await t.rejects(
    rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: gymProjection, log }),
    { name: 'ProjectionEventError', message: new RegExp(`cannot apply ${stream.replaceAll('.', '\\.')}@${revision}`) },
    'a rebuild stops on the same event, and says which',
  );

  const status = await ops(['status', '--json']);
  t.equal(status.code, 0, status.err);
  const gymStatus = status.out.trim().split('\n').map((line) => JSON.parse(line)).find((line) => line.projection === 'gym');
  t.match(gymStatus, { state: 'stopped', stoppedOn: { position, stream, revision: Number(revision), type: 'set-ticked' }, lagSeconds: Number });
  t.ok(gymStatus.lagEvents >= 1, `${gymStatus.lagEvents} events wait behind the one it is stopped on`);
  const table = await ops(['status']);
  t.match(table.out, new RegExp(`^gym +stopped .*\\n +stopped on ${stream.replaceAll('.', '\\.')}@${revision} \\(${position}, set-ticked\\)`, 'm'), 'the table says it too');

  t.equal((await ops(['park', 'gym', `${stream}@${revision}`])).code, 2, 'a park without a reason is refused');
  const parked = await ops(['park', 'gym', `${stream}@${revision}`, '--reason', 'set written without its fields by a hand edit']);
  t.equal(parked.code, 0, parked.err);
  t.match(parked.out, `parked ${stream}@${revision} (${position}, set-ticked) for projection gym`);
  const again = await ops(['park', 'gym', position, '--reason', 'twice']);
  t.equal(again.code, 1, 'the same event cannot be parked twice');
  t.match(again.err, /already parked/);

  await until('gym to be ready again', async () => (await ready(gym)).statusCode === 200);
  const next = await me.call('POST', '/api/sessions', { date: '2026-11-22' });
  t.equal(next.statusCode, 201, 'gym writes work again');
  const kept = await me.call('POST', '/api/sessions', { date: '2026-11-21' });
  t.equal(kept.statusCode, 200, 'the write that answered READ_SIDE_STOPPED was kept: its workout exists');
  t.match(await me.ok('GET', `/api/sessions/${first}`), { sets: [{ setNumber: 1, kg: 10, reps: 10 }] }, 'the parked set is not in the read side');

  const errors = entries.filter((entry) => entry.level === 'error');
  t.equal(errors.length, 1, 'logged once, however many retries');
  t.match(errors[0]!.object, { projection: 'gym', stream, revision: Number(revision), position, type: 'set-ticked' });
  t.match(
    entries.filter((entry) => /recovered/.test(entry.message)),
    [{ level: 'info', object: { projection: 'gym', stream, revision: Number(revision), position } }],
  );

  const audit = await ops(['audit', 'ops.parked-gym']);
  t.equal(audit.code, 0, audit.err);
  const [record, ...more] = audit.out.trim().split('\n').map((line) => JSON.parse(line));
  t.same(more, []);
  t.match(record, {
    stream: 'ops.parked-gym',
    type: 'event-parked',
    data: { projection: 'gym', position, stream, revision: Number(revision), eventType: 'set-ticked', reason: 'set written without its fields by a hand edit' },
  });

  const rebuilt = await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: gymProjection, log });
  t.ok(rebuilt.events > 5, 'a rebuild now skips the parked event');
  t.equal((await ready(gym)).statusCode, 200);
});
