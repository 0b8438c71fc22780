// Issue 17: a set tick answers from its decided state as soon as it is in the log, with the
// position it reached; the same session's later reads wait for that position, and so does a read
// through another process that is sent the position back.
import t from 'tap';
import { loadConfig } from '../../infra/config.ts';
import { parsePosition } from '../../infra/eventstore/port.ts';
import { buildGymService } from '../../ops/services/gym.ts';
import { openCore, projections } from '../../ops/system.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../../testing/harness.ts';
import { type ProjectorHandle, startProjector } from '../../projections/runtime/projector.ts';
import { LOG_POSITION_HEADER } from '../shared/read-your-writes.ts';
import { trainingUser } from '../../testing/gym/training-client.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
// short enough that the reads made to wait below give up soon, long enough that a save made
// beside two other test files is projected within it (600 ms was not, once, in a clean-clone run)
const system = await startTestSystem(t, { PROJECTION_WAIT_MS: '1500' });
const app = system.apps.gym!;
// another API process: its own memory of sessions and positions, no projector of its own
const other = await openCore(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: system.url, SESSION_SECRET: TEST_SESSION_SECRET, PROJECTION_WAIT_MS: '1500' }),
);
const otherApp = await buildGymService(other, false);
const restartedProjectors: ProjectorHandle[] = [];
t.teardown(async () => {
  await Promise.all(restartedProjectors.map((projector) => projector.stop()));
  await otherApp.close();
  await other.close();
});

const user = await trainingUser(app, 'ryw@example.org');
const squat = await user.exercise('Squat');
const workout = await user.workout('2026-11-26');
const tick = (setNumber: number, kg: number) => user.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber, kg, reps: 5 });
const readOn = (on: typeof app, headers: Record<string, string> = {}) =>
  on.inject({ method: 'GET', url: `/api/sessions/${workout}`, cookies: { gym_sid: user.sid }, headers });
const kgOf = (response: { json(): unknown }) => (response.json() as { sets: { setNumber: number; kg: number }[] }).sets.map((set) => [set.setNumber, set.kg]);

t.test('with the read side stopped a tick still answers at once, and the next read of the session waits for it', async (t) => {
  const first = await tick(1, 100);
  t.equal(first.statusCode, 201);
  t.match(first.json(), { exerciseName: 'Squat', setNumber: 1, kg: 100, reps: 5 }, 'the answer names the exercise');
  t.same(kgOf(await readOn(app)), [[1, 100]], 'read back at once');

  await Promise.all(system.projectors.map((projector) => projector.stop()));
  const second = await tick(2, 105);
  t.equal(second.statusCode, 201, 'answered although no projector runs: the tick did not wait for one');
  const position = second.headers[LOG_POSITION_HEADER];
  t.type(position, 'string', `the answer carries ${LOG_POSITION_HEADER}`);
  t.ok(parsePosition(String(position)).commit > 0n, 'a position of the log');
  t.same(kgOf(await otherApp.inject({ method: 'GET', url: `/api/sessions/${workout}`, cookies: { gym_sid: user.sid } })), [[1, 100]],
    'another process not sent the position reads what it has: the second set is not projected');

  const behind = await readOn(app);
  t.equal(behind.statusCode, 503, 'the same session reading through this process waits for its tick, then says it is behind');
  t.match(behind.json(), { code: 'NOT_READY' });
  const sentBack = await readOn(otherApp, { [LOG_POSITION_HEADER]: String(position) });
  t.equal(sentBack.statusCode, 503, 'another process sent the position back waits for it too');
  const again = await tick(3, 110);
  t.equal(again.statusCode, 201, 'the next tick of the session is not held up by the last one: it reads no read table');
  t.match(again.json(), { exerciseName: 'Squat' }, "a later set of the exercise is named from the library state the command side holds");
  // the phone's answer to set 3 was lost; it sends the tick again, and a balancer takes it to the other process
  const retried = await otherApp.inject({ method: 'POST', url: `/api/sessions/${workout}/sets`, cookies: { gym_sid: user.sid }, payload: { exerciseId: squat, setNumber: 3, kg: 110, reps: 5 } });
  t.equal(retried.statusCode, 200, 'the repeat is answered with the set it finds in the log');
  t.type(retried.headers[LOG_POSITION_HEADER], 'string', 'with a position although it appended nothing');
  t.equal((await otherApp.inject({ method: 'GET', url: `/api/sessions/${workout}`, cookies: { gym_sid: user.sid } })).statusCode, 503, "so the session's next read through that process waits for the set it was told about");

  const restarted = projections.map((projection) =>
    startProjector({ pool: system.core.db.slonik, store: system.core.store, projection, progress: system.core.progress, log: silent }),
  );
  restartedProjectors.push(...restarted);
  // a restarted projector first checks its tables and catches up: on a busy machine longer than this
  // file's short wait, which the 503s above were made to show
  t.ok(await system.core.progress.waitFor(['gym'], parsePosition(String(again.headers[LOG_POSITION_HEADER])), 30_000), 'the projector reaches the last tick');
  const caughtUp = await readOn(otherApp, { [LOG_POSITION_HEADER]: String(again.headers[LOG_POSITION_HEADER]) });
  t.equal(caughtUp.statusCode, 200);
  t.same(kgOf(caughtUp), [[1, 100], [2, 105], [3, 110]], 'once the projector runs, the read sent the position sees every tick');
  t.same(kgOf(await readOn(app)), [[1, 100], [2, 105], [3, 110]], 'and so does the session through its own process');
});

t.test('a correction right after a tick finds the set: it waits for the tick before reading the set', async (t) => {
  const ticked = await tick(4, 120);
  const corrected = await user.call('PATCH', `/api/sets/${(ticked.json() as { id: string }).id}`, { kg: 122.5 });
  t.equal(corrected.statusCode, 200);
  t.match(corrected.json(), { setNumber: 4, kg: 122.5 });
});

t.test('a position that is not one is refused, naming the header', async (t) => {
  const refused = await readOn(app, { [LOG_POSITION_HEADER]: 'yesterday' });
  t.equal(refused.statusCode, 400);
  t.match(refused.json(), { code: 'VALIDATION_FAILED', message: new RegExp(`^${LOG_POSITION_HEADER}:`) });
});

t.test("a tick of an exercise that is not the caller's is refused by the library, with nothing written", async (t) => {
  const stranger = await trainingUser(app, 'stranger@example.org');
  const theirs = await stranger.exercise('Deadlift');
  const refused = await user.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: theirs, setNumber: 9, kg: 60, reps: 5 });
  t.equal(refused.statusCode, 404);
  t.match(refused.json(), { code: 'NOT_FOUND', message: 'Exercise not found' });
  t.notOk(kgOf(await readOn(app)).some(([setNumber]) => setNumber === 9), 'no set 9');
});
