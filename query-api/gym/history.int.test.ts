import { randomUUID } from 'node:crypto';
import t from 'tap';
import { workoutStream } from '../../domain/gym/workout.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { gymClient, ISO } from '../../testing/gym/client.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const gym = gymClient(app);
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const LB = 0.45359237;

async function signedUp(email: string) {
  const { sid } = await gym.signup(email);
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, userAgent?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { cookie: `gym_sid=${sid}`, 'x-real-ip': '198.51.100.7', ...(userAgent ? { 'user-agent': userAgent } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 400 && method !== 'GET') throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  return { sid, call };
}

t.test('GET /sessions/:id/history: every change newest first, with its time, request, device and what it changed', async (t) => {
  const me = await signedUp('history-owner@example.org');
  const squat = (await me.call('POST', '/api/exercises', { name: 'Squat' })).json().id as string;
  const bench = (await me.call('POST', '/api/exercises', { name: 'Bench' })).json().id as string;
  const workout = (await me.call('POST', '/api/sessions', { date: '2026-11-24' }, IPHONE)).json().id as string;
  const first = await me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber: 1, kg: 225 * LB, reps: 5, unit: 'lb', rpe: 8 }, IPHONE);
  const benchSet = (await me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: bench, setNumber: 1, kg: 60, reps: 8 })).json().id as string;
  await me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber: 1, kg: 230 * LB, reps: 5, unit: 'lb', rpe: 9 }, IPHONE);
  await me.call('PATCH', `/api/sets/${benchSet}`, { reps: 7 });
  await me.call('PATCH', `/api/sessions/${workout}`, { notes: 'heavy', finished: true });
  await me.call('DELETE', `/api/sets/${benchSet}`);

  const res = await me.call('GET', `/api/sessions/${workout}/history`);
  t.equal(res.statusCode, 200);
  const history = res.json();
  t.equal(history.workoutId, workout);
  t.equal(history.date, '2026-11-24');
  t.equal(history.deleted, false);
  const entries = history.entries as Array<{ revision: number; at: string; type: string; schemaVersion: number; requestId: string; device: string | null; change: Record<string, unknown> }>;
  t.same(entries.map((entry) => entry.revision), [7, 6, 5, 4, 3, 2, 1, 0], 'newest first, every revision once');
  t.same(entries.map((entry) => entry.change.kind), ['set-removed', 'finished', 'notes', 'set-corrected', 'set-ticked', 'set-ticked', 'set-ticked', 'started']);
  t.ok(entries.every((entry) => ISO.test(entry.at) && entry.schemaVersion === 3), 'times, and new events are version 3');
  const [removed, finished, notes, corrected, overwritten, benchTick, squatTick, started] = entries;
  t.same(started!.change, { kind: 'started', date: '2026-11-24', planDayId: null });
  t.equal(started!.device, 'Safari on iPhone', 'the device of the request');
  t.equal(squatTick!.requestId, first.headers['x-request-id'], 'the request that made it, as the client saw it');
  t.same(squatTick!.change, {
    kind: 'set-ticked',
    set: { id: first.json().id, exerciseId: squat, exerciseName: 'Squat', setNumber: 1, kg: 225 * LB, reps: 5, unit: 'lb', rpe: 8, kind: 'normal', note: '' },
    previous: null,
  });
  t.equal(benchTick!.device, 'lightMyRequest', 'a client without a browser is named by its product');
  t.same(overwritten!.change, {
    kind: 'set-ticked',
    set: { id: first.json().id, exerciseId: squat, exerciseName: 'Squat', setNumber: 1, kg: 230 * LB, reps: 5, unit: 'lb', rpe: 9, kind: 'normal', note: '' },
    previous: { kg: 225 * LB, reps: 5, unit: 'lb', rpe: 8, kind: 'normal', note: '' },
  }, 'a second tick of the set says what it was before');
  t.same(corrected!.change, {
    kind: 'set-corrected',
    set: { id: benchSet, exerciseId: bench, exerciseName: 'Bench', setNumber: 1, kg: 60, reps: 7, unit: null, rpe: null, kind: 'normal', note: '' },
    previous: { kg: 60, reps: 8, unit: null, rpe: null, kind: 'normal', note: '' },
  });
  t.same(notes!.change, { kind: 'notes', notes: 'heavy', previous: '' });
  t.equal(notes!.requestId, finished!.requestId, 'one PATCH, one request, two changes');
  t.match(finished!.change, { kind: 'finished', finishedAt: ISO });
  t.match(removed!.change, { kind: 'set-removed', set: { id: benchSet, exerciseName: 'Bench', reps: 7 } });

  const asOf = async (revision: number) => (await me.call('GET', `/api/sessions/${workout}/history/${revision}`)).json();
  const beforeCorrection = await asOf(3);
  t.same(
    beforeCorrection.sets.map((set: { exerciseName: string; kg: number; reps: number; rpe: number | null }) => [set.exerciseName, set.kg, set.reps, set.rpe]),
    [['Bench', 60, 8, null], ['Squat', 230 * LB, 5, 9]],
    'the state right after revision 3: sets by exercise name',
  );
  t.match(beforeCorrection, { workoutId: workout, revision: 3, at: entries[4]!.at, date: '2026-11-24', finishedAt: null, notes: '', deleted: false });
  const last = await asOf(7);
  t.same(last.sets.map((set: { exerciseName: string }) => set.exerciseName), ['Squat']);
  t.equal(last.notes, 'heavy');
  t.match(last.finishedAt, ISO);
  t.same((await asOf(0)).sets, [], 'just started');

  const missing = await me.call('GET', `/api/sessions/${workout}/history/8`);
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().message, 'No such revision of this workout');
  const bad = await me.call('GET', `/api/sessions/${workout}/history/-1`);
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, /revision/, 'the message names the field');
});

t.test("another user's workout, a missing one and a stranger without a session get nothing", async (t) => {
  const owner = await signedUp('history-a@example.org');
  const other = await signedUp('history-b@example.org');
  const workout = (await owner.call('POST', '/api/sessions', { date: '2026-11-24' })).json().id as string;
  for (const url of [`/api/sessions/${workout}/history`, `/api/sessions/${workout}/history/0`, `/api/sessions/${randomUUID()}/history`]) {
    const res = await other.call('GET', url);
    t.equal(res.statusCode, 404, url);
    t.equal(res.json().message, 'Workout not found');
  }
  t.equal((await gym.call('GET', `/api/sessions/${workout}/history`)).statusCode, 401);
  t.equal((await other.call('GET', '/api/sessions/not-an-id/history')).statusCode, 400);
});

t.test('a deleted workout keeps its history; the workout read tables forget it', async (t) => {
  const me = await signedUp('history-deleted@example.org');
  const squat = (await me.call('POST', '/api/exercises', { name: 'Squat' })).json().id as string;
  const workout = (await me.call('POST', '/api/sessions', { date: '2026-11-20' })).json().id as string;
  await me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber: 1, kg: 100, reps: 5 });
  await me.call('DELETE', `/api/sessions/${workout}`);
  t.equal((await me.call('GET', `/api/sessions/${workout}`)).statusCode, 404);
  const history = (await me.call('GET', `/api/sessions/${workout}/history`)).json();
  t.equal(history.deleted, true);
  t.same(history.entries.map((entry: { change: { kind: string } }) => entry.change.kind), ['deleted', 'set-ticked', 'started']);
  t.same((await me.call('GET', `/api/sessions/${workout}/history/1`)).json().sets.map((set: { kg: number }) => set.kg), [100], 'what it held before');
});

t.test('a version 1 log reads as version 2: upcast ticks have no unit or RPE, in the history, the workout and the export', async (t) => {
  const { sid, user } = await gym.signup('history-v1@example.org');
  const squat = (await gym.call('POST', '/api/exercises', { sid, payload: { name: 'Squat' } })).json().id as string;
  const workoutId = randomUUID();
  const setId = randomUUID();
  const metadata = { userId: user.id, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
  // written as a release before set-ticked v2 wrote them: no unit, no rpe, schema version 1
  await system.core.store.append(
    workoutStream(workoutId),
    [
      { id: randomUUID(), type: 'workout-started', data: { userId: user.id, planDayId: null, date: '2025-03-01', startedAt: '2025-03-01T09:00:00.000Z' }, metadata },
      { id: randomUUID(), type: 'set-ticked', data: { setId, exerciseId: squat, setNumber: 1, kg: 100, reps: 5 }, metadata },
    ],
    'no_stream',
  );
  t.ok(await system.core.progress.waitFor(['gym'], await system.core.store.headPosition(), 5000), 'projected');
  const workout = (await gym.call('GET', `/api/sessions/${workoutId}`, { sid })).json();
  t.same(workout.sets.map((set: { id: string; kg: number; unit: string | null; rpe: number | null }) => [set.id, set.kg, set.unit, set.rpe]), [[setId, 100, null, null]]);
  const history = (await gym.call('GET', `/api/sessions/${workoutId}/history`, { sid })).json();
  t.same(history.entries.map((entry: { schemaVersion: number; device: string | null }) => [entry.schemaVersion, entry.device]), [[1, null], [1, null]], 'as written');
  t.same(history.entries[0].change.set, { id: setId, exerciseId: squat, exerciseName: 'Squat', setNumber: 1, kg: 100, reps: 5, unit: null, rpe: null, kind: 'normal', note: '' });
  const again = await gym.call('POST', `/api/sessions/${workoutId}/sets`, { sid, payload: { exerciseId: squat, setNumber: 1, kg: 100, reps: 5 } });
  t.equal(again.statusCode, 200, 'a repeat of the upcast tick is the same set');
  t.equal((await system.core.store.readStream(workoutStream(workoutId))).length, 2, 'and appends nothing');
  const rpe = await gym.call('POST', `/api/sessions/${workoutId}/sets`, { sid, payload: { exerciseId: squat, setNumber: 1, kg: 100, reps: 5, rpe: 7.5 } });
  t.same([rpe.json().id, rpe.json().rpe, rpe.json().unit], [setId, 7.5, null], 'an RPE added later keeps the set');
  const csv = (await gym.call('GET', '/api/export.csv', { sid })).body.split('\r\n');
  t.equal(csv[0], 'date,session_id,plan,day,exercise,code,set_number,weight_kg,reps,rpe,set_type,note,title');
  t.equal(csv[1], `2025-03-01,${workoutId},,,Squat,,1,100,5,7.5,normal,,`);
});

t.test('a tick with an RPE off the half-step scale or an unknown unit is refused naming the field', async (t) => {
  const me = await signedUp('history-bad@example.org');
  const squat = (await me.call('POST', '/api/exercises', { name: 'Squat' })).json().id as string;
  const workout = (await me.call('POST', '/api/sessions', { date: '2026-11-24' })).json().id as string;
  for (const [field, value] of [['rpe', 7.3], ['rpe', 11], ['rpe', 0], ['unit', 'stone']] as const) {
    const res = await gym.call('POST', `/api/sessions/${workout}/sets`, { sid: me.sid, payload: { exerciseId: squat, setNumber: 1, kg: 100, reps: 5, [field]: value } });
    t.equal(res.statusCode, 400, `${field} ${value}`);
    t.match(res.json().message, field);
  }
});
