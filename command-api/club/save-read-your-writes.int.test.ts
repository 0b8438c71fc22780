// A night's save answers 200 only once the read side has the version it names, also when it answers
// a late or repeated copy from the log's state without appending: a GET right after the phone's badge
// says Saved shows what was saved (the network-cut browser test once read the version before).
import t from 'tap';
import { nightStream } from '../../domain/club/night.ts';
import { projections } from '../../ops/system.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { type ProjectorHandle, startProjector } from '../../projections/runtime/projector.ts';
import { clubClient, cuid, type Night } from '../../testing/club/client.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const system = await startTestSystem(t, { PROJECTION_WAIT_MS: '1500' });
const { call, ok } = await clubClient(system);
const restarted: ProjectorHandle[] = [];
t.teardown(() => Promise.all(restarted.map((projector) => projector.stop())));


t.test('a copy of a save already taken waits for the read side like the save itself', async (t) => {
  const settings = await ok<{ venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Hall' }, 201);
  const venueId = settings.venues[0]!.id;
  await ok('POST', `/api/venues/${venueId}/slots`, { weekday: 4, start: '19:00', end: '21:30' }, 201);
  const night = await ok<Night>('POST', '/api/sessions', { venueId, date: '2026-11-26' }, 201);
  const person = { id: cuid('ada'), name: 'Ada', levelId: null };
  const { id: _id, people: _people, ...rest } = night;
  const save = { ...rest, people: [person], snapshotId: cuid('snap'), snapshotSeq: 2 };
  const older = { ...save, people: [], snapshotSeq: 1 };

  await Promise.all(system.projectors.map((projector) => projector.stop()));
  const first = await call('PUT', `/api/sessions/${night.id}`, save);
  t.equal(first.statusCode, 503, 'the save is in the log, and its answer says the read side does not have it yet');
  const events = await system.core.store.readStream(nightStream(night.id));
  t.same(events.map((event) => event.type), ['session-opened', 'snapshot-saved'], 'the save was taken');

  for (const [copy, what] of [
    [save, 'the same copy sent again'],
    [older, 'a late copy of an earlier send'],
  ] as const) {
    const answer = await call('PUT', `/api/sessions/${night.id}`, copy);
    const shown = await ok<Night>('GET', `/api/sessions/${night.id}`);
    t.equal(shown.version, 1, 'a read now still shows version 1');
    t.equal(answer.statusCode, 503, `${what} is not answered Saved before a read shows it`);
  }

  const position = await system.core.store.headPosition();
  restarted.push(...projections.map((projection) => startProjector({ pool: system.core.db.slonik, store: system.core.store, projection, progress: system.core.progress, log: silent })));
  t.ok(await system.core.progress.waitFor(['club'], position, 30_000), 'the projector catches up');
  t.same((await call('PUT', `/api/sessions/${night.id}`, save)).json(), { version: 2 }, 'with the read side caught up, the repeat is answered with the version');
  const shown = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.match(shown, { version: 2, people: [{ name: 'Ada' }] }, 'and a read shows it');
  const late = await call('PUT', `/api/sessions/${night.id}`, older);
  t.equal(late.statusCode, 409, 'the late older copy is never answered as saved');
  t.match(late.json(), { code: 'VERSION_CONFLICT', current: { version: 2, people: [{ name: 'Ada' }] } }, 'its answer carries the night as it is');
});
