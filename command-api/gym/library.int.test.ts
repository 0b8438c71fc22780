import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { trainingUser } from '../../testing/gym/training-client.ts';

// the server's clock as it is, unless a test sets it (a body-weight date's limit is the server's now)
let clock: Date | null = null;
const system = await startTestSystem(t, {}, { now: () => clock ?? new Date() });
const app = system.apps.gym!;
const conflict = (code: string, message: string) => ({ statusCode: 409, code, error: 'Conflict', message });

t.test('POST /exercises creates, or answers the existing exercise of that name whatever its case', async (t) => {
  const me = await trainingUser(app, 'exercises@example.org');
  const created = await me.call('POST', '/api/exercises', { name: 'Leg Press', code: 'LP1' });
  t.equal(created.statusCode, 201);
  t.same(created.json(), { id: created.json().id, name: 'Leg Press', code: 'LP1', machineNumber: null, libraryId: null });
  const again = await me.call('POST', '/api/exercises', { name: '  leg press ' });
  t.equal(again.statusCode, 200);
  t.same(again.json(), created.json(), 'the existing one');
  const parallel = await Promise.all(Array.from({ length: 10 }, () => me.call('POST', '/api/exercises', { name: 'Hack Squat' })));
  t.equal(new Set(parallel.map((res) => res.json().id)).size, 1, 'parallel creates make one exercise');
  await me.exercise('Chest Press', { code: 'CP' });
  t.same((await me.ok('GET', '/api/exercises')).map((e: { name: string }) => e.name), ['Chest Press', 'Hack Squat', 'Leg Press']);
  t.same((await me.ok('GET', '/api/exercises?q=PRESS')).map((e: { name: string }) => e.name), ['Chest Press', 'Leg Press'], 'by name');
  t.same((await me.ok('GET', '/api/exercises?q=lp')).map((e: { name: string }) => e.name), ['Leg Press'], 'by code');
  t.same(await me.ok('GET', '/api/exercises?q=%25'), [], 'a % is a character, not a wildcard');

  const renamed = await me.call('PATCH', `/api/exercises/${created.json().id}`, { name: 'Leg press (45°)', machineNumber: '12', libraryId: 'anim-7' });
  t.same(renamed.json(), { id: created.json().id, name: 'Leg press (45°)', code: 'LP1', machineNumber: '12', libraryId: 'anim-7' });
  const clash = await me.call('PATCH', `/api/exercises/${created.json().id}`, { name: 'hack squat' });
  t.equal(clash.statusCode, 409);
  t.same(clash.json(), conflict('NAME_TAKEN', 'Another exercise has that name; merge them instead'));
  const cleared = await me.call('PATCH', `/api/exercises/${created.json().id}`, { code: null });
  t.equal(cleared.json().code, null);
  const other = await trainingUser(app, 'exercises-2@example.org');
  t.equal((await other.call('POST', '/api/exercises', { name: 'Leg Press' })).statusCode, 201, 'names are unique per user only');
});

t.test('DELETE /exercises/:id only when nothing is logged and no plan slot uses it', async (t) => {
  const me = await trainingUser(app, 'delete-exercise@example.org');
  const logged = await me.exercise('Logged');
  const planned = await me.exercise('Planned');
  const free = await me.exercise('Free');
  const workout = await me.workout('2026-11-24');
  await me.tick(workout, logged, 1, 20, 10);
  await me.ok('POST', '/api/plans', { name: 'P', startDate: '2026-11-01', days: [{ slots: [{ exerciseId: planned, targetSets: 3, repMin: 8, repMax: 12 }] }] });
  const refusedLogged = await me.call('DELETE', `/api/exercises/${logged}`);
  t.equal(refusedLogged.statusCode, 409);
  t.same(refusedLogged.json(), conflict('IN_USE', 'Sets are logged against this exercise; merge it into another instead'));
  const refusedPlanned = await me.call('DELETE', `/api/exercises/${planned}`);
  t.equal(refusedPlanned.statusCode, 409);
  t.same(refusedPlanned.json(), conflict('IN_USE', 'A plan uses this exercise; remove it from the plan first'));
  t.equal((await me.call('DELETE', `/api/exercises/${free}`)).statusCode, 204);
  t.equal((await me.call('GET', `/api/exercises/${free}`)).statusCode, 404);
  t.equal((await me.call('DELETE', `/api/exercises/${free}`)).statusCode, 404);
  const [set] = (await me.ok('GET', `/api/sessions/${workout}`)).sets;
  await me.ok('DELETE', `/api/sets/${set.id}`);
  t.equal((await me.call('DELETE', `/api/exercises/${logged}`)).statusCode, 204, 'once its set is gone it can go');
});

t.test('merging A into B moves and renumbers sets, repoints slots, fills blank fields and removes A', async (t) => {
  const me = await trainingUser(app, 'merge@example.org');
  const a = await me.exercise('Bench (machine)', { code: 'B7', machineNumber: '7', libraryId: 'bench-anim' });
  const b = await me.exercise('Bench press', { code: 'BP' });
  const plan = await me.ok('POST', '/api/plans', {
    name: 'Block',
    startDate: '2026-11-01',
    days: [{ title: 'Push', slots: [{ exerciseId: a, targetSets: 3, repMin: 8, repMax: 10 }, { exerciseId: b, targetSets: 2, repMin: 5, repMax: 5 }] }],
  });
  const both = await me.workout('2026-11-10');
  await me.tick(both, b, 1, 80, 5);
  await me.tick(both, b, 2, 80, 5);
  await me.tick(both, a, 1, 60, 10);
  await me.tick(both, a, 2, 62.5, 9);
  const onlyA = await me.workout('2026-11-12');
  await me.tick(onlyA, a, 1, 65, 8);

  const merged = await me.call('POST', `/api/exercises/${a}/merge`, { intoId: b });
  t.equal(merged.statusCode, 200);
  t.same(merged.json(), { id: b, name: 'Bench press', code: 'BP', machineNumber: '7', libraryId: 'bench-anim' }, "B keeps its code, fills the blanks from A");
  t.equal((await me.call('GET', `/api/exercises/${a}`)).statusCode, 404, 'A is gone');
  const sets = (id: string) => me.ok('GET', `/api/sessions/${id}`).then((w) => w.sets.map((s: { exerciseId: string; setNumber: number; kg: number; reps: number }) => [s.exerciseId, s.setNumber, s.kg, s.reps]));
  t.same(await sets(both), [[b, 1, 80, 5], [b, 2, 80, 5], [b, 3, 60, 10], [b, 4, 62.5, 9]], "A's sets follow B's");
  t.same(await sets(onlyA), [[b, 1, 65, 8]], 'renumbered from 1 where B had none');
  const slots = (await me.ok('GET', `/api/plans/${plan.id}`)).days[0].slots;
  t.same(slots.map((s: { exerciseId: string; exerciseName: string }) => [s.exerciseId, s.exerciseName]), [[b, 'Bench press'], [b, 'Bench press']], 'slots repointed');
  const history = await me.ok('GET', `/api/exercises/${b}/history`);
  t.same(history.workouts.map((w: { date: string }) => w.date), ['2026-11-12', '2026-11-10'], "B's history holds A's workouts");
  // the workout aggregate agrees with the read side: a tick of (B, 3) overwrites the moved set
  const retick = await me.call('POST', `/api/sessions/${both}/sets`, { exerciseId: b, setNumber: 3, kg: 61, reps: 10 });
  t.equal(retick.statusCode, 200, 'an overwrite, not a new set');
  t.same(await sets(both), [[b, 1, 80, 5], [b, 2, 80, 5], [b, 3, 61, 10], [b, 4, 62.5, 9]]);
  t.equal((await me.call('POST', `/api/sessions/${both}/sets`, { exerciseId: a, setNumber: 5, kg: 1, reps: 1 })).statusCode, 404, 'nothing is ticked on A any more');

  const self = await me.call('POST', `/api/exercises/${b}/merge`, { intoId: b });
  t.equal(self.statusCode, 400);
  t.same(self.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: 'body.intoId: an exercise cannot be merged into itself' });
  const stranger = await trainingUser(app, 'merge-stranger@example.org');
  const theirs = await stranger.exercise('Theirs');
  t.equal((await stranger.call('POST', `/api/exercises/${theirs}/merge`, { intoId: b })).statusCode, 400, "another user's exercise is no target");
  t.equal((await stranger.call('POST', `/api/exercises/${b}/merge`, { intoId: theirs })).statusCode, 404);
});

t.test('two parallel POST /plans never leave two active plans; exactly one is active', async (t) => {
  const me = await trainingUser(app, 'plans@example.org');
  const squat = await me.exercise('Squat');
  const body = (name: string) => ({ name, startDate: '2026-11-02', days: [{ title: 'A', slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 5 }] }, { title: 'B', slots: [] }] });
  for (let round = 0; round < 5; round++) {
    const answers = await Promise.all([me.call('POST', '/api/plans', body(`x${round}`)), me.call('POST', '/api/plans', body(`y${round}`))]);
    t.same(answers.map((res) => res.statusCode), [201, 201]);
    const plans = await me.ok('GET', '/api/plans');
    t.equal(plans.filter((plan: { active: boolean }) => plan.active).length, 1, `round ${round}: one active plan`);
    t.ok(plans[0].active, 'active first');
  }
  const plans = await me.ok('GET', '/api/plans');
  t.equal(plans.length, 10);
  const plan = plans[3];
  t.same(plan.days.map((d: { ordinal: number; title: string }) => [d.ordinal, d.title]), [[1, 'A'], [2, 'B']]);

  const activated = await me.ok('PATCH', `/api/plans/${plan.id}`, { active: true });
  t.ok(activated.active);
  t.equal((await me.ok('GET', '/api/plans')).filter((p: { active: boolean }) => p.active).length, 1);

  // a workout in progress continues across an edit: days and slots keep their ids
  const workout = await me.workout('2026-11-24', plan.days[0].id);
  const edited = await me.ok('PATCH', `/api/plans/${plan.id}`, {
    name: 'Renamed',
    days: [
      { id: plan.days[0].id, title: 'A+', slots: [{ id: plan.days[0].slots[0].id, exerciseId: squat, targetSets: 5, repMin: 3, repMax: 5 }, { exerciseId: squat, targetSets: 1, repMin: 8, repMax: 8 }] },
      { title: 'C', slots: [] },
    ],
  });
  t.equal(edited.name, 'Renamed');
  t.equal(edited.days[0].id, plan.days[0].id, 'the day keeps its id');
  t.equal(edited.days[0].slots[0].id, plan.days[0].slots[0].id, 'the slot keeps its id');
  t.equal(edited.days[0].slots[0].targetSets, 5);
  t.not(edited.days[1].id, plan.days[1].id, 'a day sent without id is new');
  t.equal((await me.ok('GET', `/api/sessions/${workout}`)).planDayId, plan.days[0].id, 'the workout is still on its day');
  const foreignDay = await me.call('PATCH', `/api/plans/${plan.id}`, { days: [{ id: plans[0].days[0].id, slots: [] }] });
  t.equal(foreignDay.statusCode, 400);
  t.match(foreignDay.json(), { code: 'VALIDATION_FAILED', message: /^body\.days\.0\.id: / });

  const copy = await me.call('POST', `/api/plans/${plan.id}/duplicate`, { date: '2026-12-07' });
  t.equal(copy.statusCode, 201);
  const next = copy.json();
  t.match(next, { name: 'Renamed', startDate: '2026-12-07', active: true, sourceId: plan.id });
  t.same(next.days.map((d: { title: string }) => d.title), ['A+', 'C']);
  t.not(next.days[0].id, plan.days[0].id, 'the copy has its own days');
  t.same(next.days[0].slots.map((s: { targetSets: number }) => s.targetSets), [5, 1]);

  const tick = await me.tick(workout, squat, 1, 100, 5);
  t.equal((await me.call('DELETE', `/api/plans/${plan.id}`)).statusCode, 204);
  t.equal((await me.call('GET', `/api/plans/${plan.id}`)).statusCode, 404);
  const survived = await me.ok('GET', `/api/sessions/${workout}`);
  t.equal(survived.planDayId, null, 'the workout lost its link to the day');
  t.same(survived.sets.map((s: { id: string }) => s.id), [tick.id], 'and kept its sets');

  t.equal((await me.call('DELETE', `/api/plans/${next.id}`)).statusCode, 204, 'deleting the active plan');
  const left = await me.ok('GET', '/api/plans');
  t.equal(left.length, 9);
  t.equal(left.filter((p: { active: boolean }) => p.active).length, 1, 'another plan took over');
  const stranger = await trainingUser(app, 'plans-stranger@example.org');
  t.equal((await stranger.call('GET', `/api/plans/${left[0].id}`)).statusCode, 404);
  t.equal((await stranger.call('PATCH', `/api/plans/${left[0].id}`, { active: true })).statusCode, 404);
  t.equal((await stranger.call('DELETE', `/api/plans/${left[0].id}`)).statusCode, 404);
  t.equal((await stranger.call('POST', `/api/plans/${left[0].id}/duplicate`, { date: '2026-12-01' })).statusCode, 404);
  const badSlot = await stranger.call('POST', '/api/plans', body('mine'));
  t.equal(badSlot.statusCode, 400, "another user's exercise in a slot");
  t.match(badSlot.json(), { message: 'body.days.0.slots.0.exerciseId: no such exercise' });
});

t.test('cardio machines and logs; a machine with logs refuses deletion', async (t) => {
  const me = await trainingUser(app, 'cardio@example.org');
  const bike = await me.call('POST', '/api/cardio/machines', { name: 'Bike' });
  t.equal(bike.statusCode, 201);
  t.equal((await me.call('POST', '/api/cardio/machines', { name: 'bike' })).statusCode, 409, 'names are unique per user');
  const tread = (await me.ok('POST', '/api/cardio/machines', { name: 'Treadmill' })).id;
  const log = await me.call('POST', '/api/cardio/logs', { machineId: bike.json().id, date: '2026-11-20', minutes: 30, distanceKm: 12.5 });
  t.equal(log.statusCode, 201);
  t.same(log.json(), { id: log.json().id, machineId: bike.json().id, machineName: 'Bike', date: '2026-11-20', minutes: 30, distanceKm: 12.5, calories: null, level: null });
  await me.ok('POST', '/api/cardio/logs', { machineId: tread, date: '2026-11-22', minutes: 20, calories: 250, level: 7 });
  t.same((await me.ok('GET', '/api/cardio/logs?from=2026-11-21&to=2026-11-30')).map((l: { date: string }) => l.date), ['2026-11-22']);
  const edited = await me.ok('PATCH', `/api/cardio/logs/${log.json().id}`, { minutes: 35, distanceKm: null });
  t.match(edited, { minutes: 35, distanceKm: null });
  const refused = await me.call('DELETE', `/api/cardio/machines/${bike.json().id}`);
  t.equal(refused.statusCode, 409);
  t.same(refused.json(), conflict('IN_USE', 'Sessions are logged on this machine; delete them first'));
  t.equal((await me.call('DELETE', `/api/cardio/logs/${log.json().id}`)).statusCode, 204);
  t.equal((await me.call('DELETE', `/api/cardio/machines/${bike.json().id}`)).statusCode, 204);
  t.same((await me.ok('GET', '/api/cardio/machines')).map((m: { name: string }) => m.name), ['Treadmill']);
  t.same((await me.ok('PATCH', `/api/cardio/machines/${tread}`, { name: 'Runner' })).name, 'Runner');
  const stranger = await trainingUser(app, 'cardio-stranger@example.org');
  t.equal((await stranger.call('DELETE', `/api/cardio/machines/${tread}`)).statusCode, 404);
  t.equal((await stranger.call('PATCH', `/api/cardio/machines/${tread}`, { name: 'x' })).statusCode, 404);
  t.equal((await stranger.call('POST', '/api/cardio/logs', { machineId: tread, date: '2026-11-22', minutes: 5 })).statusCode, 400);
  const [kept] = await me.ok('GET', '/api/cardio/logs');
  t.equal((await stranger.call('PATCH', `/api/cardio/logs/${kept.id}`, { minutes: 1 })).statusCode, 404, "another user's log");
  t.equal((await stranger.call('DELETE', `/api/cardio/logs/${kept.id}`)).statusCode, 404);
  t.same(await stranger.ok('GET', '/api/cardio/logs'), []);
  t.same(await me.ok('GET', '/api/cardio/logs'), [kept], 'untouched');
});

t.test('body weight: one reading per date, the same date overwrites, delete by date', async (t) => {
  const me = await trainingUser(app, 'bodyweight@example.org');
  const lb = 180.5 * 0.45359237;
  t.same(await me.ok('PUT', '/api/bodyweight', { date: '2026-11-20', kg: 80 }), { date: '2026-11-20', kg: 80 });
  await me.ok('PUT', '/api/bodyweight', { date: '2026-11-21', kg: 81 });
  await me.ok('PUT', '/api/bodyweight', { date: '2026-11-20', kg: lb });
  t.same(await me.ok('GET', '/api/bodyweight'), [{ date: '2026-11-20', kg: lb }, { date: '2026-11-21', kg: 81 }]);
  t.same(await me.ok('GET', '/api/bodyweight?from=2026-11-21'), [{ date: '2026-11-21', kg: 81 }]);
  t.equal((await me.call('DELETE', '/api/bodyweight/2026-11-20')).statusCode, 204);
  t.equal((await me.call('DELETE', '/api/bodyweight/2026-11-20')).statusCode, 404);
  t.same(await me.ok('GET', '/api/bodyweight'), [{ date: '2026-11-21', kg: 81 }]);
});

t.test('body weight dated in the future: 400 naming body.date once the date has begun nowhere on Earth (UTC+14 is the furthest ahead)', async (t) => {
  const me = await trainingUser(app, 'bodyweight-future@example.org');
  t.teardown(() => {
    clock = null;
  });
  const future = (latest: string) => ({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: `body.date: must not be in the future (after ${latest})` });
  // 09:59 UTC on the 24th is 23:59 in Kiribati: the 25th has begun nowhere
  clock = new Date('2026-11-24T09:59:59.000Z');
  const early = await me.call('PUT', '/api/bodyweight', { date: '2026-11-25', kg: 80 });
  t.equal(early.statusCode, 400);
  t.same(early.json(), future('2026-11-24'));
  t.same(await me.ok('PUT', '/api/bodyweight', { date: '2026-11-24', kg: 80 }), { date: '2026-11-24', kg: 80 }, "the server's own date, the latest anywhere");
  // from 10:00 UTC the 25th has begun at UTC+14: a phone there is on it
  clock = new Date('2026-11-24T10:00:00.000Z');
  t.same(await me.ok('PUT', '/api/bodyweight', { date: '2026-11-25', kg: 80.5 }), { date: '2026-11-25', kg: 80.5 });
  const later = await me.call('PUT', '/api/bodyweight', { date: '2026-11-26', kg: 81 });
  t.same([later.statusCode, later.json()], [400, future('2026-11-25')]);
  const far = await me.call('PUT', '/api/bodyweight', { date: '2099-01-01', kg: 81 });
  t.same([far.statusCode, far.json()], [400, future('2026-11-25')]);
  t.same(await me.ok('GET', '/api/bodyweight'), [{ date: '2026-11-24', kg: 80 }, { date: '2026-11-25', kg: 80.5 }], 'nothing refused was recorded');
  clock = null;
  const dayAfterTomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  t.equal((await me.call('PUT', '/api/bodyweight', { date: dayAfterTomorrow, kg: 81 })).statusCode, 400, "by the server's real clock, the day after tomorrow in UTC has begun nowhere");
});
