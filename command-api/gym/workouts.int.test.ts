import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { gymClient, ISO, UUID } from '../../testing/gym/client.ts';

const system = await startTestSystem(t);
const gym = gymClient(system.apps.gym!);

async function signedUp(email: string) {
  const { sid, user } = await gym.signup(email);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => gym.call(method, url, { sid, ...(payload ? { payload } : {}) });
  const exercise = async (name: string) => (await call('POST', '/api/exercises', { name })).json().id as string;
  return { sid, user, call, exercise };
}

const LB = 0.45359237;

t.test('POST /sessions is get-or-create on (user, plan day, date); 20 parallel calls return one workout', async (t) => {
  const me = await signedUp('get-or-create@example.org');
  const squat = await me.exercise('Squat');
  const plan = (await me.call('POST', '/api/plans', { name: 'Block A', startDate: '2026-11-02', days: [{ title: 'Legs', slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 8 }] }] })).json();
  const planDayId = plan.days[0].id;
  const answers = await Promise.all(Array.from({ length: 20 }, () => me.call('POST', '/api/sessions', { planDayId, date: '2026-11-24' })));
  const ids = new Set(answers.map((res) => res.json().id));
  t.equal(ids.size, 1, 'one workout');
  t.same(answers.map((res) => res.statusCode).sort(), [...Array(19).fill(200), 201].sort(), 'created once, returned 19 times');
  const workout = answers[0]!.json();
  t.match(workout, { id: UUID, startedAt: ISO });
  t.same(workout, {
    id: workout.id,
    date: '2026-11-24',
    planDayId,
    planId: plan.id,
    planName: 'Block A',
    dayOrdinal: 1,
    dayTitle: 'Legs',
    title: '',
    notes: '',
    startedAt: workout.startedAt,
    finishedAt: null,
    setCount: 0,
    exerciseNames: [],
    volumeKg: 0,
    sets: [],
  });
  const other = await me.call('POST', '/api/sessions', { planDayId, date: '2026-11-25' });
  t.equal(other.statusCode, 201);
  t.not(other.json().id, workout.id, 'another date is another workout');
  const free = await me.call('POST', '/api/sessions', { date: '2026-11-24' });
  t.equal(free.statusCode, 201);
  t.not(free.json().id, workout.id, 'a workout without a plan day is another key');
  t.equal(free.json().planDayId, null);

  const stranger = await signedUp('stranger-1@example.org');
  const foreign = await stranger.call('POST', '/api/sessions', { planDayId, date: '2026-11-24' });
  t.equal(foreign.statusCode, 404, "another user's plan day does not exist");
  t.same(foreign.json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Plan day not found' });
  const theirs = await stranger.call('POST', '/api/sessions', { date: '2026-11-24' });
  t.not(theirs.json().id, free.json().id, 'the same key of another user is another workout');
});

t.test('20 parallel ticks of one set leave one set with the last accepted values', async (t) => {
  const me = await signedUp('ticks@example.org');
  const bench = await me.exercise('Bench press');
  const workout = (await me.call('POST', '/api/sessions', { date: '2026-11-24' })).json();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => me.call('POST', `/api/sessions/${workout.id}/sets`, { exerciseId: bench, setNumber: 1, kg: 60 + i, reps: 5 + i })),
  );
  t.ok(answers.every((res) => res.statusCode === 200 || res.statusCode === 201), 'every tick accepted');
  t.equal(answers.filter((res) => res.statusCode === 201).length, 1, 'one created the set');
  t.equal(new Set(answers.map((res) => res.json().id)).size, 1, 'every answer names the same set');
  const read = (await me.call('GET', `/api/sessions/${workout.id}`)).json();
  t.equal(read.sets.length, 1, 'one set');
  // the event log orders the ticks: the last one appended is what stays
  const events = await system.core.store.readStream(`gym.workout-${workout.id}`);
  const last = events.filter((event) => event.type === 'set-ticked').at(-1)!.data as { kg: number; reps: number };
  t.same(read.sets[0], { id: read.sets[0].id, sessionId: workout.id, exerciseId: bench, exerciseName: 'Bench press', setNumber: 1, kg: last.kg, reps: last.reps, unit: null, rpe: null, kind: 'normal', note: '' });
  t.equal(events.filter((event) => event.type === 'set-ticked').length, 20, 'every tick is in the log');
});

t.test('a tick upserts on (workout, exercise, set number); correct, remove, finish, reopen, notes, delete', async (t) => {
  const me = await signedUp('workout-life@example.org');
  const row = await me.exercise('Row');
  const workout = (await me.call('POST', '/api/sessions', { date: '2026-11-20' })).json();
  const url = `/api/sessions/${workout.id}/sets`;
  const first = await me.call('POST', url, { exerciseId: row, setNumber: 1, kg: 50, reps: 10 });
  t.equal(first.statusCode, 201);
  const again = await me.call('POST', url, { exerciseId: row, setNumber: 1, kg: 52.5, reps: 8 });
  t.equal(again.statusCode, 200, 'ticked twice is not an error');
  t.same(again.json(), { id: first.json().id, sessionId: workout.id, exerciseId: row, exerciseName: 'Row', setNumber: 1, kg: 52.5, reps: 8, unit: null, rpe: null, kind: 'normal', note: '' });
  const second = (await me.call('POST', url, { exerciseId: row, setNumber: 2, kg: 50, reps: 9 })).json();

  const corrected = await me.call('PATCH', `/api/sets/${second.id}`, { reps: 10 });
  t.equal(corrected.statusCode, 200);
  t.same(corrected.json(), { ...second, reps: 10 });
  t.equal((await me.call('DELETE', `/api/sets/${second.id}`)).statusCode, 204);
  t.equal((await me.call('DELETE', `/api/sets/${second.id}`)).statusCode, 404, 'gone');

  const finished = await me.call('PATCH', `/api/sessions/${workout.id}`, { finished: true, notes: 'felt good' });
  t.equal(finished.statusCode, 200);
  t.match(finished.json(), { finishedAt: ISO, notes: 'felt good', setCount: 1, volumeKg: 52.5 * 8 });
  const firstFinish = finished.json().finishedAt;
  await new Promise((resolve) => setTimeout(resolve, 5));
  const twice = await me.call('PATCH', `/api/sessions/${workout.id}`, { finished: true });
  t.equal(twice.json().finishedAt, firstFinish, 'the first finish time is kept');
  const reopened = await me.call('PATCH', `/api/sessions/${workout.id}`, { finished: false });
  t.equal(reopened.json().finishedAt, null);

  const listed = await me.call('GET', '/api/sessions?from=2026-11-01&to=2026-11-30');
  t.same(listed.json().map((w: { id: string }) => w.id), [workout.id]);
  const empty = (await me.call('POST', '/api/sessions', { date: '2026-11-21' })).json();
  t.same((await me.call('GET', '/api/sessions')).json().map((w: { id: string }) => w.id), [workout.id], 'a workout with no set is not listed');
  t.same((await me.call('GET', '/api/sessions?from=2026-11-21')).json(), [], 'the range applies');
  t.equal((await me.call('GET', `/api/sessions/${empty.id}`)).statusCode, 200, 'but can be read');

  t.equal((await me.call('DELETE', `/api/sessions/${workout.id}`)).statusCode, 204);
  t.equal((await me.call('GET', `/api/sessions/${workout.id}`)).statusCode, 404);
  t.equal((await me.call('GET', `/api/sets/${first.json().id}`)).statusCode, 404, 'its sets went with it');
  const revived = await me.call('POST', '/api/sessions', { date: '2026-11-20' });
  t.equal(revived.statusCode, 201, 'the key can start a new workout');
  t.same(revived.json().sets, []);
});

t.test("another user's workout, set and exercise answer 404", async (t) => {
  const owner = await signedUp('owner@example.org');
  const thief = await signedUp('thief@example.org');
  const curl = await owner.exercise('Curl');
  const theirCurl = await thief.exercise('Curl');
  const workout = (await owner.call('POST', '/api/sessions', { date: '2026-11-24' })).json();
  const set = (await owner.call('POST', `/api/sessions/${workout.id}/sets`, { exerciseId: curl, setNumber: 1, kg: 10, reps: 10 })).json();
  const notFound = (message: string) => ({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message });
  const attempts = [
    [await thief.call('GET', `/api/sessions/${workout.id}`), 'Workout not found'],
    [await thief.call('PATCH', `/api/sessions/${workout.id}`, { notes: 'mine' }), 'Workout not found'],
    [await thief.call('DELETE', `/api/sessions/${workout.id}`), 'Workout not found'],
    [await thief.call('POST', `/api/sessions/${workout.id}/sets`, { exerciseId: theirCurl, setNumber: 2, kg: 1, reps: 1 }), 'Workout not found'],
    [await thief.call('PATCH', `/api/sets/${set.id}`, { kg: 1 }), 'Set not found'],
    [await thief.call('DELETE', `/api/sets/${set.id}`), 'Set not found'],
    [await thief.call('GET', `/api/exercises/${curl}`), 'Exercise not found'],
    [await thief.call('GET', `/api/exercises/${curl}/history`), 'Exercise not found'],
    [await thief.call('PATCH', `/api/exercises/${curl}`, { code: 'X' }), 'Exercise not found'],
    [await thief.call('DELETE', `/api/exercises/${curl}`), 'Exercise not found'],
  ] as const;
  for (const [res, message] of attempts) {
    t.equal(res.statusCode, 404, `${res.raw.req.method} ${res.raw.req.url}`);
    t.same(res.json(), notFound(message));
  }
  const ownWorkout = (await thief.call('POST', '/api/sessions', { date: '2026-11-24' })).json();
  const foreignExercise = await thief.call('POST', `/api/sessions/${ownWorkout.id}/sets`, { exerciseId: curl, setNumber: 1, kg: 1, reps: 1 });
  t.equal(foreignExercise.statusCode, 404, "ticking the owner's exercise into one's own workout");
  t.same(foreignExercise.json(), notFound('Exercise not found'));
  t.same((await owner.call('GET', `/api/sessions/${workout.id}`)).json().sets.length, 1, 'nothing changed');
});

t.test('every body and query is validated and the 400 names the field', async (t) => {
  const me = await signedUp('validation@example.org');
  const squat = await me.exercise('Squat');
  const workout = (await me.call('POST', '/api/sessions', { date: '2026-11-24' })).json();
  const cases: Array<[string, string, string, object | undefined, RegExp]> = [
    ['POST', '/api/sessions', 'date', { date: '2026-02-30' }, /^body\.date: /],
    ['POST', '/api/sessions', 'date', { date: '24.11.2026' }, /^body\.date: /],
    ['POST', '/api/sessions', 'planDayId', { date: '2026-11-24', planDayId: 'x' }, /^body\.planDayId: /],
    ['POST', `/api/sessions/${workout.id}/sets`, 'reps', { exerciseId: squat, setNumber: 1, kg: 50, reps: 501 }, /^body\.reps: /],
    ['POST', `/api/sessions/${workout.id}/sets`, 'reps', { exerciseId: squat, setNumber: 1, kg: 50, reps: 2.5 }, /^body\.reps: /],
    ['POST', `/api/sessions/${workout.id}/sets`, 'kg', { exerciseId: squat, setNumber: 1, kg: -1, reps: 5 }, /^body\.kg: /],
    ['POST', `/api/sessions/${workout.id}/sets`, 'kg', { exerciseId: squat, setNumber: 1, kg: 1001, reps: 5 }, /^body\.kg: /],
    ['POST', `/api/sessions/${workout.id}/sets`, 'setNumber', { exerciseId: squat, setNumber: 0, kg: 50, reps: 5 }, /^body\.setNumber: /],
    ['POST', `/api/sessions/${workout.id}/sets`, 'setNumber', { exerciseId: squat, setNumber: 51, kg: 50, reps: 5 }, /^body\.setNumber: /],
    ['POST', `/api/sessions/${workout.id}/sets`, 'exerciseId', { setNumber: 1, kg: 50, reps: 5 }, /^body\.exerciseId: /],
    ['POST', '/api/sessions/not-a-uuid/sets', 'id', { exerciseId: squat, setNumber: 1, kg: 50, reps: 5 }, /^params\.id: /],
    ['PATCH', `/api/sessions/${workout.id}`, 'notes', { notes: 'x'.repeat(2001) }, /^body\.notes: /],
    ['GET', '/api/sessions?from=2026-13-01', 'from', undefined, /^querystring\.from: /],
    ['GET', '/api/sessions?from=2026-11-02&to=2026-11-01', 'from', undefined, /^querystring\.from: /],
    ['POST', '/api/exercises', 'name', { name: '' }, /^body\.name: /],
    ['POST', '/api/exercises', 'name', { name: 'x'.repeat(101) }, /^body\.name: /],
    ['GET', `/api/exercises?q=${'x'.repeat(101)}`, 'q', undefined, /^querystring\.q: /],
    ['PUT', '/api/bodyweight', 'kg', { date: '2026-11-24', kg: 5 }, /^body\.kg: /],
    ['POST', '/api/cardio/logs', 'minutes', { machineId: squat, date: '2026-11-24', minutes: 0 }, /^body\.minutes: /],
    ['POST', '/api/plans', 'repMin', { name: 'P', startDate: '2026-11-24', days: [{ slots: [{ exerciseId: squat, targetSets: 3, repMin: 10, repMax: 8 }] }] }, /^body\.days\.0\.slots\.0\.repMin: /],
    ['POST', '/api/plans', 'targetSets', { name: 'P', startDate: '2026-11-24', days: [{ slots: [{ exerciseId: squat, targetSets: 0, repMin: 5, repMax: 8 }] }] }, /^body\.days\.0\.slots\.0\.targetSets: /],
    // the upper bounds, which the app's forms state (domain/gym/bounds.ts): one past each
    ['POST', '/api/plans', 'days', { name: 'P', startDate: '2026-11-24', days: Array.from({ length: 15 }, () => ({ slots: [] })) }, /^body\.days: /],
    ['POST', '/api/plans', 'slots', { name: 'P', startDate: '2026-11-24', days: [{ slots: Array.from({ length: 31 }, () => ({ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 8 })) }] }, /^body\.days\.0\.slots: /],
    ['POST', '/api/plans', 'targetSets', { name: 'P', startDate: '2026-11-24', days: [{ slots: [{ exerciseId: squat, targetSets: 21, repMin: 5, repMax: 8 }] }] }, /^body\.days\.0\.slots\.0\.targetSets: /],
    ['POST', '/api/plans', 'repMax', { name: 'P', startDate: '2026-11-24', days: [{ slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 101 }] }] }, /^body\.days\.0\.slots\.0\.repMax: /],
    ['POST', '/api/cardio/logs', 'minutes', { machineId: squat, date: '2026-11-24', minutes: 1441 }, /^body\.minutes: /],
    ['POST', '/api/cardio/logs', 'distanceKm', { machineId: squat, date: '2026-11-24', minutes: 30, distanceKm: 1001 }, /^body\.distanceKm: /],
    ['POST', '/api/cardio/logs', 'calories', { machineId: squat, date: '2026-11-24', minutes: 30, calories: 20001 }, /^body\.calories: /],
    ['POST', '/api/cardio/logs', 'level', { machineId: squat, date: '2026-11-24', minutes: 30, level: 101 }, /^body\.level: /],
  ];
  for (const [method, url, field, payload, message] of cases) {
    const res = await gym.call(method as 'GET', url, { sid: me.sid, ...(payload ? { payload } : {}) });
    t.equal(res.statusCode, 400, `${method} ${url} ${field}`);
    t.match(res.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
  }
});

t.test('weights come back exactly as sent, so pounds convert back to the same pounds', async (t) => {
  const me = await signedUp('pounds@example.org');
  const press = await me.exercise('Overhead press');
  const workout = (await me.call('POST', '/api/sessions', { date: '2026-11-24' })).json();
  const pounds = [225, 2.5, 47.5, 102.5, 135, 315, 0.5, 997.5];
  const kilos = [0.5, 1.25, 22.5, 102.5, 137.5, 999.5];
  const sent = [...pounds.map((lb) => lb * LB), ...kilos];
  for (const [i, kg] of sent.entries()) {
    const res = await me.call('POST', `/api/sessions/${workout.id}/sets`, { exerciseId: press, setNumber: i + 1, kg, reps: 5 });
    t.equal(res.json().kg, kg);
  }
  const read = (await me.call('GET', `/api/sessions/${workout.id}`)).json();
  const back = read.sets.map((set: { kg: number }) => set.kg);
  t.same(back, sent, 'the same numbers, bit for bit');
  t.same(back.slice(0, pounds.length).map((kg: number) => Math.round((kg / LB) * 1e9) / 1e9), pounds, 'and the same pounds');
  const history = (await me.call('GET', `/api/exercises/${press}/history`)).json();
  t.same(history.workouts[0].sets.map((set: { kg: number }) => set.kg), sent);
});

t.test('the OpenAPI document states the bounds of a tick', async (t) => {
  const doc = (await gym.call('GET', '/api/openapi.json')).json();
  const body = doc.paths['/api/sessions/{id}/sets'].post.requestBody.content['application/json'].schema;
  t.match(body.properties, {
    setNumber: { type: 'integer', minimum: 1, maximum: 50 },
    kg: { type: 'number', minimum: 0, maximum: 1000 },
    reps: { type: 'integer', minimum: 0, maximum: 500 },
  });
  t.same([...body.required].sort(), ['exerciseId', 'kg', 'reps', 'setNumber']);
  for (const path of ['/api/home', '/api/stats', '/api/export', '/api/export.csv', '/api/plans/{id}/duplicate', '/api/exercises/{id}/merge', '/api/cardio/logs', '/api/bodyweight']) {
    t.ok(doc.paths[path], `${path} is documented`);
  }
});
