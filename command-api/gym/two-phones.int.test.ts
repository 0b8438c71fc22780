// Issue 32: a lifter on two phones, or on one phone with no signal. A tick carries the time it was
// made (madeAt), so a tick queued offline does not overwrite a set another device changed after it;
// a set can be deleted by its place, retried safely; a phone names a workout as the server does; and
// Today on any device lists the date's unfinished workouts with sets.
import t from 'tap';
import { comparePositions, parsePosition } from '../../infra/eventstore/port.ts';
import { projections } from '../../ops/system.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { LOG_POSITION_HEADER } from '../shared/read-your-writes.ts';
import { workoutIdOf } from '../../ui/gym/workout/workout-id.ts';
import { gymClient } from '../../testing/gym/client.ts';

/** the server's clock, fixed so the tests can say what "more than 5 minutes ahead" is */
const NOW = new Date('2026-11-24T10:00:00.000Z');
const at = (minutes: number): string => new Date(NOW.getTime() + minutes * 60_000).toISOString();

const system = await startTestSystem(t, {}, { now: () => NOW });
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const gym = gymClient(system.apps.gym!);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Phone = ReturnType<typeof phoneOf>;

function phoneOf(sid: string) {
  const call = (method: Method, url: string, payload?: object) => gym.call(method, url, { sid, ...(payload ? { payload } : {}) });
  return { call };
}

/** one account signed in on two phones, with an exercise and today's workout */
async function lifter(email: string) {
  const { sid, user } = await gym.signup(email);
  const second = await gym.login(email);
  const a = phoneOf(sid);
  const b = phoneOf(second.sid!);
  const bench = (await a.call('POST', '/api/exercises', { name: 'Bench press' })).json().id as string;
  const workout = (await a.call('POST', '/api/sessions', { date: '2026-11-24' })).json().id as string;
  return { user, a, b, bench, workout };
}

const tick = (phone: Phone, workout: string, fields: object) => phone.call('POST', `/api/sessions/${workout}/sets`, fields);
const events = async (workout: string) => system.core.store.readStream(`gym.workout-${workout}`);
/** the read side once it has everything in the log: what any device reads from now on */
async function settled<T>(read: () => Promise<T>): Promise<T> {
  if (!(await system.core.progress.waitFor(['gym'], await system.core.store.headPosition(), 10_000))) throw new Error('the gym projection is behind');
  return read();
}

t.test("phone A's tick made before phone B's arrives after it: 409 with B's set, and the set keeps B's values", async (t) => {
  const { a, b, bench, workout } = await lifter('two-phones@example.org');
  await tick(a, workout, { exerciseId: bench, setNumber: 1, kg: 50, reps: 10, unit: 'kg', madeAt: at(-30) });
  await tick(a, workout, { exerciseId: bench, setNumber: 2, kg: 50, reps: 10, unit: 'kg', madeAt: at(-28) });
  // A loses its signal and queues set 3 = 50×8 at t1; B saves 55×6 at t2, online
  const t1 = at(-10);
  const t2 = at(-5);
  const saved = await tick(b, workout, { exerciseId: bench, setNumber: 3, kg: 55, reps: 6, unit: 'kg', madeAt: t2 });
  t.equal(saved.statusCode, 201);
  const before = (await events(workout)).length;

  const late = await tick(a, workout, { exerciseId: bench, setNumber: 3, kg: 50, reps: 8, unit: 'kg', madeAt: t1 });
  t.equal(late.statusCode, 409);
  t.same(late.json(), {
    statusCode: 409,
    code: 'SET_CHANGED_LATER',
    error: 'Conflict',
    message: 'Set 3 of Bench press was changed on another device after this tick',
    current: saved.json(),
  });
  t.same(saved.json(), { id: saved.json().id, sessionId: workout, exerciseId: bench, exerciseName: 'Bench press', setNumber: 3, kg: 55, reps: 6, unit: 'kg', rpe: null, kind: 'normal', note: '' });
  t.equal((await events(workout)).length, before, 'nothing appended');

  const read = await settled(async () => (await a.call('GET', `/api/sessions/${workout}`)).json());
  t.same(
    read.sets.map((set: { setNumber: number; kg: number; reps: number }) => [set.setNumber, set.kg, set.reps]),
    [[1, 50, 10], [2, 50, 10], [3, 55, 6]],
    "the set still holds B's values",
  );
  t.equal((await a.call('GET', `/api/sets/${saved.json().id}`)).json().kg, 55);
});

t.test('the same tick sent again is answered with the set and appends nothing', async (t) => {
  const { a, bench, workout } = await lifter('retry@example.org');
  const body = { exerciseId: bench, setNumber: 1, kg: 60, reps: 5, unit: 'kg', madeAt: '2026-11-24T10:58:00+01:00' };
  const first = await tick(a, workout, body);
  t.equal(first.statusCode, 201);
  const count = (await events(workout)).length;
  const again = await tick(a, workout, body);
  t.equal(again.statusCode, 200);
  t.same(again.json(), first.json());
  t.equal((await events(workout)).length, count, 'no event for the retry');
  const stored = (await events(workout)).filter((event) => event.type === 'set-ticked').map((event) => event.data);
  t.same(stored, [{ setId: first.json().id, exerciseId: bench, setNumber: 1, kg: 60, reps: 5, unit: 'kg', rpe: null, madeAt: at(-2) }], 'madeAt is kept as an instant in UTC');
});

t.test('a tick without madeAt (an older client) still overwrites, whatever the set was ticked at', async (t) => {
  const { a, b, bench, workout } = await lifter('old-client@example.org');
  const dated = await tick(b, workout, { exerciseId: bench, setNumber: 1, kg: 55, reps: 6, madeAt: at(-1) });
  const old = await tick(a, workout, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8 });
  t.equal(old.statusCode, 200);
  t.same(old.json(), { ...dated.json(), kg: 50, reps: 8 });
  // and a dated tick onto a set whose last tick had no time overwrites it too, even an old one
  const older = await tick(b, workout, { exerciseId: bench, setNumber: 1, kg: 52.5, reps: 7, madeAt: at(-60) });
  t.equal(older.statusCode, 200);
  t.match(older.json(), { kg: 52.5, reps: 7 });
});

t.test("a madeAt more than 5 minutes ahead of the server's clock is taken as the server's now", async (t) => {
  const { a, b, bench, workout } = await lifter('fast-clock@example.org');
  // phone A's clock runs an hour fast
  await tick(a, workout, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8, madeAt: at(60) });
  const [recorded] = (await events(workout)).filter((event) => event.type === 'set-ticked');
  t.equal((recorded!.data as { madeAt: string }).madeAt, NOW.toISOString());
  // so phone B, two minutes later by a right clock, still changes the set
  const later = await tick(b, workout, { exerciseId: bench, setNumber: 1, kg: 55, reps: 6, madeAt: at(2) });
  t.equal(later.statusCode, 200);
  t.match(later.json(), { kg: 55, reps: 6 });
  // up to 5 minutes ahead is believed: a phone's clock is a little off, and its own order holds
  await tick(a, workout, { exerciseId: bench, setNumber: 2, kg: 50, reps: 8, madeAt: at(5) });
  const refused = await tick(b, workout, { exerciseId: bench, setNumber: 2, kg: 55, reps: 6, madeAt: at(4) });
  t.equal(refused.statusCode, 409);
});

t.test('a set deleted by its place: 204, 204 again, refused when a later tick changed it', async (t) => {
  const { a, b, bench, workout } = await lifter('delete-by-place@example.org');
  const url = (setNumber: number, madeAt?: string) => `/api/sessions/${workout}/sets/${bench}/${setNumber}${madeAt ? `?madeAt=${encodeURIComponent(madeAt)}` : ''}`;
  await tick(a, workout, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8, madeAt: at(-10) });
  const kept = await tick(a, workout, { exerciseId: bench, setNumber: 2, kg: 50, reps: 8, madeAt: at(-10) });

  t.equal((await a.call('DELETE', url(1, at(-5)))).statusCode, 204);
  const count = (await events(workout)).length;
  t.equal((await a.call('DELETE', url(1, at(-5)))).statusCode, 204, 'a retried deletion is no error');
  t.equal((await b.call('DELETE', url(7))).statusCode, 204, 'nor is one of a set never ticked');
  t.equal((await events(workout)).length, count, 'and neither appends anything');
  t.same(
    (await a.call('GET', `/api/sessions/${workout}`)).json().sets.map((set: { setNumber: number }) => set.setNumber),
    [2],
    'the set is gone',
  );

  // phone B changed set 2 after phone A, offline, deleted it
  const changed = await tick(b, workout, { exerciseId: bench, setNumber: 2, kg: 55, reps: 6, madeAt: at(-2) });
  const refused = await a.call('DELETE', url(2, at(-4)));
  t.equal(refused.statusCode, 409);
  t.same(refused.json(), {
    statusCode: 409,
    code: 'SET_CHANGED_LATER',
    error: 'Conflict',
    message: 'Set 2 of Bench press was changed on another device after this removal',
    current: { ...kept.json(), kg: 55, reps: 6 },
  });
  t.same(changed.json(), { ...kept.json(), kg: 55, reps: 6 });
  const read = await settled(async () => (await a.call('GET', `/api/sessions/${workout}`)).json());
  t.same(read.sets.map((set: { setNumber: number; kg: number }) => [set.setNumber, set.kg]), [[2, 55]], 'the set is kept');

  // undo of a deletion is a new tick
  t.equal((await a.call('DELETE', url(2, at(-1)))).statusCode, 204);
  t.equal((await tick(a, workout, { exerciseId: bench, setNumber: 2, kg: 55, reps: 6, madeAt: at(0) })).statusCode, 201);
  t.equal((await a.call('DELETE', url(2))).statusCode, 204, 'a deletion without madeAt removes as DELETE /sets/:id does');

  const stranger = phoneOf((await gym.signup('delete-stranger@example.org')).sid);
  t.equal((await stranger.call('DELETE', url(2))).statusCode, 404, "another user's workout is not found");
});

t.test('a deletion made after a tick that arrives later wins: the tick is refused with current null, also when the set was never there', async (t) => {
  const { a, b, bench, workout } = await lifter('deleted-later@example.org');
  await tick(a, workout, { exerciseId: bench, setNumber: 1, kg: 60, reps: 5, unit: 'kg', madeAt: at(-20) });
  t.equal((await b.call('DELETE', `/api/sessions/${workout}/sets/${bench}/1?madeAt=${encodeURIComponent(at(-5))}`)).statusCode, 204);
  // A queued a correction of set 1 at t-10, before B deleted it at t-5, and sends it now
  const late = await tick(a, workout, { exerciseId: bench, setNumber: 1, kg: 62.5, reps: 5, unit: 'kg', madeAt: at(-10) });
  t.equal(late.statusCode, 409);
  t.match(late.json(), { code: 'SET_CHANGED_LATER', message: 'Set 1 of Bench press was deleted on another device after this tick', current: null });
  // B deletes set 2, which A's queued tick (made before) has not brought yet: the deletion is kept
  const before = (await events(workout)).length;
  t.equal((await b.call('DELETE', `/api/sessions/${workout}/sets/${bench}/2?madeAt=${encodeURIComponent(at(-4))}`)).statusCode, 204);
  t.equal((await b.call('DELETE', `/api/sessions/${workout}/sets/${bench}/2?madeAt=${encodeURIComponent(at(-4))}`)).statusCode, 204, 'sent again');
  t.equal((await events(workout)).length, before + 1, 'one event keeps the deletion; the repeat appends nothing');
  t.equal((await tick(a, workout, { exerciseId: bench, setNumber: 2, kg: 60, reps: 5, unit: 'kg', madeAt: at(-8) })).statusCode, 409);
  t.equal((await tick(a, workout, { exerciseId: bench, setNumber: 2, kg: 60, reps: 5, unit: 'kg', madeAt: at(-1) })).statusCode, 201, 'a tick made after the deletion is taken');
  const read = await settled(async () => (await a.call('GET', `/api/sessions/${workout}`)).json() as { sets: { setNumber: number; kg: number }[] });
  t.same(read.sets.map((set) => [set.setNumber, set.kg]), [[2, 60]]);
  const history = (await a.call('GET', `/api/sessions/${workout}/history`)).json() as { entries: { change: { kind: string } }[] };
  t.notOk(history.entries.some((entry) => entry.change.kind === 'exercise-checked'), 'a deletion that found no set is not listed as a change');
});

t.test('bad madeAt or place is refused with 400 naming the field', async (t) => {
  const { a, bench, workout } = await lifter('bad-made-at@example.org');
  const cases: Array<[Method, string, object | undefined, string]> = [
    ['POST', `/api/sessions/${workout}/sets`, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8, madeAt: 'yesterday' }, 'body.madeAt'],
    ['POST', `/api/sessions/${workout}/sets`, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8, madeAt: '2026-11-24T10:00:00' }, 'body.madeAt'],
    ['POST', `/api/sessions/${workout}/sets`, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8, madeAt: '2026-02-30T10:00:00Z' }, 'body.madeAt'],
    ['POST', `/api/sessions/${workout}/sets`, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8, madeAt: 1764000000000 }, 'body.madeAt'],
    ['DELETE', `/api/sessions/${workout}/sets/${bench}/1?madeAt=soon`, undefined, 'querystring.madeAt'],
    ['DELETE', `/api/sessions/${workout}/sets/${bench}/0`, undefined, 'params.setNumber'],
    ['DELETE', `/api/sessions/${workout}/sets/${bench}/three`, undefined, 'params.setNumber'],
    ['DELETE', `/api/sessions/${workout}/sets/bench/1`, undefined, 'params.exerciseId'],
  ];
  for (const [method, url, body, field] of cases) {
    const res = await a.call(method, url, body);
    t.equal(res.statusCode, 400, `${method} ${url} ${JSON.stringify(body)}`);
    t.equal(res.json().code, 'VALIDATION_FAILED');
    t.match(res.json().message, new RegExp(`^${field.replace('.', '\\.')}: `));
  }
});

t.test('two ticks of one set at once, made at different times: the one made later wins whichever lands first', async (t) => {
  const { a, b, bench, workout } = await lifter('parallel@example.org');
  for (let setNumber = 1; setNumber <= 12; setNumber++) {
    const older = { exerciseId: bench, setNumber, kg: 50, reps: 8, madeAt: at(-3) };
    const newer = { exerciseId: bench, setNumber, kg: 55, reps: 6, madeAt: at(-2) };
    // half the rounds send the newer first, half the older: the arrival order is the server's to pick
    const [first, second] = setNumber % 2 === 0 ? [tick(a, workout, older), tick(b, workout, newer)] : [tick(b, workout, newer), tick(a, workout, older)];
    const answers = await Promise.all([first, second]);
    const [olderAnswer, newerAnswer] = setNumber % 2 === 0 ? answers : [answers[1]!, answers[0]!];
    t.ok([200, 201].includes(newerAnswer.statusCode), `set ${setNumber}: the newer tick is accepted`);
    t.ok([200, 201, 409].includes(olderAnswer.statusCode), `set ${setNumber}: the older tick lands first or is refused`);
    if (olderAnswer.statusCode === 409) t.match(olderAnswer.json().current, { setNumber, kg: 55, reps: 6 });
  }
  const read = await settled(async () => (await a.call('GET', `/api/sessions/${workout}`)).json());
  t.equal(read.sets.length, 12);
  t.same(
    read.sets.filter((set: { kg: number; reps: number }) => set.kg !== 55 || set.reps !== 6),
    [],
    'every set holds the values of the tick made later',
  );
});

t.test("the phone names today's workout as the server does, and starting it again is safe", async (t) => {
  const { user, a, b } = await lifter('offline-start@example.org');
  const squat = (await a.call('POST', '/api/exercises', { name: 'Squat' })).json().id;
  const plan = (await a.call('POST', '/api/plans', { name: 'Block', startDate: '2026-11-02', days: [{ title: 'Legs', slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 8 }] }] })).json();
  const planDayId = plan.days[0].id as string;
  const named = await workoutIdOf(user.id, planDayId, '2026-11-25');
  // the phone ticks into the workout it named before the server has it, once it started it
  const started = await a.call('POST', '/api/sessions', { planDayId, date: '2026-11-25' });
  t.equal(started.statusCode, 201);
  t.equal(started.json().id, named);
  const again = await b.call('POST', '/api/sessions', { planDayId, date: '2026-11-25' });
  t.equal(again.statusCode, 200);
  t.equal(again.json().id, named, 'the other phone starting it gets the same workout');
  t.equal((await a.call('POST', '/api/sessions', { date: '2026-11-25' })).json().id, await workoutIdOf(user.id, null, '2026-11-25'), 'a workout of no plan day too');
});

t.test("Today on any device lists the date's unfinished workouts with sets", async (t) => {
  const { a, b, bench, workout } = await lifter('continue@example.org');
  const squat = (await a.call('POST', '/api/exercises', { name: 'Squat' })).json().id;
  const plan = (await a.call('POST', '/api/plans', { name: 'Block', startDate: '2026-11-02', days: [{ title: 'Legs', slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 8 }] }, { title: 'Push', slots: [{ exerciseId: bench, targetSets: 3, repMin: 5, repMax: 8 }] }] })).json();
  const [legs, push] = plan.days as Array<{ id: string }>;
  const home = async (phone: Phone, date = '2026-11-24') => settled(async () => (await phone.call('GET', `/api/home?date=${date}`)).json());

  t.same((await home(b)).openWorkouts, [], 'a workout without a set is not offered');
  for (let setNumber = 1; setNumber <= 7; setNumber++) await tick(a, workout, { exerciseId: bench, setNumber, kg: 50, reps: 8, madeAt: at(-60 + setNumber) });
  const pushDay = (await a.call('POST', '/api/sessions', { planDayId: push!.id, date: '2026-11-24' })).json();
  await tick(a, pushDay.id, { exerciseId: bench, setNumber: 1, kg: 60, reps: 5 });
  const legsDay = (await a.call('POST', '/api/sessions', { planDayId: legs!.id, date: '2026-11-24' })).json();
  await tick(a, legsDay.id, { exerciseId: squat, setNumber: 1, kg: 100, reps: 5 });
  await a.call('PATCH', `/api/sessions/${legsDay.id}`, { finished: true });
  const tomorrow = (await a.call('POST', '/api/sessions', { planDayId: legs!.id, date: '2026-11-25' })).json();
  await tick(a, tomorrow.id, { exerciseId: squat, setNumber: 1, kg: 100, reps: 5 });

  const onB = await home(b);
  t.same(onB.openWorkouts, [
    { id: workout, planDayId: null, dayOrdinal: null, dayTitle: null, startedAt: NOW.toISOString(), setCount: 7 },
    { id: pushDay.id, planDayId: push!.id, dayOrdinal: 2, dayTitle: 'Push', startedAt: NOW.toISOString(), setCount: 1 },
  ].sort((x, y) => (x.id < y.id ? -1 : 1)), "phone B is offered phone A's open workouts of the date, not the finished one nor tomorrow's");
  t.same((await home(a)).openWorkouts, onB.openWorkouts, 'and so is phone A');
  t.same((await home(b, '2026-11-25')).openWorkouts.map((w: { id: string }) => w.id), [tomorrow.id], "the client's date decides");
  const stranger = phoneOf((await gym.signup('continue-stranger@example.org')).sid);
  t.same((await home(stranger)).openWorkouts, [], "another user's workouts are not offered");
});

t.test("a refused phone's next read shows the set it was told of, though the read side had not applied it yet", async (t) => {
  const { a, b, bench, workout } = await lifter('told-then-read@example.org');
  await tick(a, workout, { exerciseId: bench, setNumber: 1, kg: 50, reps: 8, madeAt: at(-30) });
  await settled(async () => undefined);
  const gymAt = projections.findIndex((projection) => projection.name === 'gym');
  // the read side falls behind B's tick, as on a loaded server
  await system.projectors[gymAt]!.stop();
  const saved = await tick(b, workout, { exerciseId: bench, setNumber: 2, kg: 55, reps: 6, madeAt: at(-5) });
  const late = await tick(a, workout, { exerciseId: bench, setNumber: 2, kg: 50, reps: 8, madeAt: at(-10) });
  t.equal(late.statusCode, 409);
  const told = late.headers[LOG_POSITION_HEADER];
  t.type(told, 'string', `the refusal carries ${LOG_POSITION_HEADER}`);
  t.ok(comparePositions(parsePosition(String(told)), parsePosition(String(saved.headers[LOG_POSITION_HEADER]))) >= 0, "at or past B's tick");
  // A reads its workout (the phone's refresh after the answer) while the read side is still behind:
  // the read waits for what the refusal told rather than answering the set as it was before B
  const read = a.call('GET', `/api/sessions/${workout}`);
  const projector = startProjector({ pool: system.core.db.slonik, store: system.core.store, projection: projections[gymAt]!, progress: system.core.progress, log: silent });
  t.teardown(() => projector.stop());
  const answer = await read;
  t.equal(answer.statusCode, 200);
  t.same(
    answer.json().sets.map((set: { setNumber: number; kg: number; reps: number }) => [set.setNumber, set.kg, set.reps]),
    [[1, 50, 8], [2, 55, 6]],
    "A's read holds B's set",
  );
  const removal = await a.call('DELETE', `/api/sessions/${workout}/sets/${bench}/2?madeAt=${encodeURIComponent(at(-8))}`);
  t.equal(removal.statusCode, 409);
  t.type(removal.headers[LOG_POSITION_HEADER], 'string', `a refused removal carries ${LOG_POSITION_HEADER} too`);
});

t.test('the OpenAPI document declares the refusal and the new route', async (t) => {
  const doc = (await gym.call('GET', '/api/openapi.json')).json();
  const tickSet = doc.paths['/api/sessions/{id}/sets'].post;
  t.ok(tickSet.responses['409'], 'tickSet declares its 409');
  t.ok(tickSet.requestBody.content['application/json'].schema.properties.madeAt, 'and its madeAt');
  const removeSetAt = doc.paths['/api/sessions/{id}/sets/{exerciseId}/{setNumber}'].delete;
  t.same(Object.keys(removeSetAt.responses).filter((code) => ['204', '400', '404', '409'].includes(code)).sort(), ['204', '400', '404', '409']);
  t.ok(removeSetAt.parameters.some((parameter: { in: string; name: string }) => parameter.in === 'query' && parameter.name === 'madeAt'));
});
