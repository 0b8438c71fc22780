// Issue 12 (gym): rules that broke under parallel requests and at the edges.
import t from 'tap';
import { workoutStream } from '../../domain/gym/workout.ts';
import { loadConfig } from '../../infra/config.ts';
import { buildServices, openCore } from '../../ops/system.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../../testing/harness.ts';
import { gymClient } from '../../testing/gym/client.ts';
import { trainingUser } from '../../testing/gym/training-client.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const LB = 0.45359237;
const dateOf = (n: number): string => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
type SetRow = { exerciseId: string; exerciseName: string | null };

t.test('an exercise with logged sets cannot be deleted, even while 8 ticks on it are in flight (20 rounds)', async (t) => {
  const me = await trainingUser(app, 'restrict-race@example.org');
  let orphans = 0;
  let deleted = 0;
  for (let round = 0; round < 20; round++) {
    const exercise = await me.exercise(`Race ${round}`);
    const workout = await me.workout(dateOf(round));
    // the ticks follow the delete by 0 to 9 ms, so each side wins some rounds (not a timing assertion)
    const deleting = me.call('DELETE', `/api/exercises/${exercise}`);
    await new Promise((resolve) => setTimeout(resolve, round % 10));
    const ticks = await Promise.all(
      Array.from({ length: 8 }, (_, i) => me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: exercise, setNumber: i + 1, kg: 50, reps: 5 })),
    );
    const del = await deleting;
    t.ok([204, 409].includes(del.statusCode), `round ${round}: the delete answers 204 or 409 (${del.statusCode})`);
    t.ok(ticks.every((res) => [201, 404].includes(res.statusCode)), `round ${round}: each tick answers 201 or 404`);
    const sets: SetRow[] = (await me.ok('GET', `/api/sessions/${workout}`)).sets;
    orphans += sets.filter((set) => set.exerciseName === null).length;
    if (del.statusCode === 204) {
      deleted++;
      t.equal(sets.length, 0, `round ${round}: deleted, so no set was kept`);
      t.ok(ticks.every((res) => res.statusCode === 404), `round ${round}: deleted, so every tick was refused`);
    } else {
      t.equal(sets.length, ticks.filter((res) => res.statusCode === 201).length, `round ${round}: kept, with every accepted tick`);
    }
  }
  t.equal(orphans, 0, 'no set on a deleted exercise');
  t.comment(`deleted in ${deleted} of 20 rounds`);

  // an exercise whose sets were all removed can go again, and a later tick of it is refused
  const exercise = await me.exercise('Freed');
  const workout = await me.workout(dateOf(40));
  const set = await me.tick(workout, exercise, 1, 40, 8);
  t.equal((await me.call('DELETE', `/api/exercises/${exercise}`)).statusCode, 409);
  await me.ok('DELETE', `/api/sets/${set.id}`);
  t.equal((await me.call('DELETE', `/api/exercises/${exercise}`)).statusCode, 204);
  t.equal((await me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: exercise, setNumber: 1, kg: 40, reps: 8 })).statusCode, 404);
});

t.test('the same holds when the delete and the ticks are served by two processes (no shared lock or cache)', async (t) => {
  // a second composition root on the same database: its own command handler, mutexes, caches and append lane
  const core = await openCore(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: system.url, DATABASE_POOL_SIZE: '10', SESSION_SECRET: TEST_SESSION_SECRET }));
  const services = await buildServices(core, false);
  t.teardown(async () => {
    await Promise.all(services.map((service) => service.app.close()));
    await core.close();
  });
  const other = services.find((service) => service.name === 'gym')!.app;
  const me = await trainingUser(app, 'restrict-race-2@example.org');
  let orphans = 0;
  const outcomes = new Set<number>();
  for (let round = 0; round < 10; round++) {
    const exercise = await me.exercise(`Race ${round}`);
    const workout = await me.workout(dateOf(round));
    const deleting = gymClient(other).call('DELETE', `/api/exercises/${exercise}`, { sid: me.sid });
    await new Promise((resolve) => setTimeout(resolve, round % 10));
    await Promise.all(Array.from({ length: 8 }, (_, i) => me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: exercise, setNumber: i + 1, kg: 50, reps: 5 })));
    const del = await deleting;
    outcomes.add(del.statusCode);
    const sets: SetRow[] = (await me.ok('GET', `/api/sessions/${workout}`)).sets;
    orphans += sets.filter((set) => set.exerciseName === null).length;
    if (del.statusCode === 204) t.equal(sets.length, 0, `round ${round}: deleted, so no set was kept`);
    else t.equal(del.statusCode, 409, `round ${round}: refused`);
  }
  t.equal(orphans, 0, 'no set on a deleted exercise');
  t.comment(`delete answers: ${[...outcomes].join(', ')}`);
});

t.test('deleting a plan while 24 workouts of its day are being started leaves none linked to the deleted day', async (t) => {
  const me = await trainingUser(app, 'set-null-race@example.org');
  const squat = await me.exercise('Squat');
  const plan = await me.ok('POST', '/api/plans', { name: 'Block', startDate: '2026-01-01', days: [{ slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 5 }] }] });
  const planDayId = plan.days[0].id;
  const answers = await Promise.all([
    ...Array.from({ length: 24 }, (_, i) => me.call('POST', '/api/sessions', { planDayId, date: dateOf(100 + i) })),
    me.call('DELETE', `/api/plans/${plan.id}`),
  ]);
  t.equal(answers.at(-1)!.statusCode, 204);
  const created = answers.slice(0, 24).filter((res) => res.statusCode === 201);
  t.ok(answers.slice(0, 24).every((res) => [201, 404].includes(res.statusCode)), 'each start answers 201, or 404 once the day is gone');
  t.comment(`${created.length} of 24 workouts were started`);
  const linked = [];
  for (const res of created) {
    const workout = await me.ok('GET', `/api/sessions/${res.json().id}`);
    if (workout.planDayId !== null) linked.push(workout.id);
  }
  t.same(linked, [], 'every workout lost its link to the deleted day');
});

t.test('after a plan is deleted, POST /sessions {date} answers the workout of that date whose day was unlinked', async (t) => {
  const me = await trainingUser(app, 'key-after-set-null@example.org');
  const squat = await me.exercise('Squat');
  const plan = await me.ok('POST', '/api/plans', { name: 'Block', startDate: '2026-01-01', days: [{ slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 5 }] }] });
  const date = '2026-02-03';
  const linked = await me.workout(date, plan.days[0].id);
  await me.tick(linked, squat, 1, 100, 5);
  await me.ok('DELETE', `/api/plans/${plan.id}`);
  const again = await me.call('POST', '/api/sessions', { date });
  t.equal(again.statusCode, 200, 'the existing workout, not a new one');
  t.equal(again.json().id, linked);
  t.equal(again.json().planDayId, null);
  const parallel = await Promise.all(Array.from({ length: 5 }, () => me.call('POST', '/api/sessions', { date })));
  t.same(parallel.map((res) => [res.statusCode, res.json().id]), Array(5).fill([200, linked]));
  const onDate = (await me.ok('GET', '/api/export')).workouts.filter((w: { date: string }) => w.date === date);
  t.equal(onDate.length, 1, 'one workout on that date');
});

t.test("a merge fills B's blank fields from A: an empty string is blank", async (t) => {
  const me = await trainingUser(app, 'merge-blank@example.org');
  const a = await me.exercise('Row (machine)', { code: 'R7', machineNumber: '7', libraryId: '' });
  const b = await me.exercise('Row', { code: '', machineNumber: '', libraryId: 'row-anim' });
  const merged = await me.call('POST', `/api/exercises/${a}/merge`, { intoId: b });
  t.equal(merged.statusCode, 200);
  t.same(merged.json(), { id: b, name: 'Row', code: 'R7', machineNumber: '7', libraryId: 'row-anim' });
  t.same(await me.ok('GET', `/api/exercises/${b}`), merged.json(), 'as stored');
});

t.test('a set of 0 reps is a failed attempt: never a best set, a record or a personal best', async (t) => {
  const me = await trainingUser(app, 'zero-reps@example.org');
  const squat = await me.exercise('Squat');
  const first = await me.workout('2026-03-02');
  await me.tick(first, squat, 1, 100, 10);
  const failed = await me.workout('2026-03-04');
  await me.tick(failed, squat, 1, 200, 0);
  const stats = await me.ok('GET', '/api/stats?date=2026-03-05');
  const best = { sessionId: first, date: '2026-03-02', kg: 100, reps: 10, estimatedOneRepMaxKg: 100 * (1 + 10 / 30) };
  t.same(stats.records, [{ exerciseId: squat, exerciseName: 'Squat', best, heaviestKg: 100, sets: 2, volumeKg: 1000 }]);
  t.same(stats.recentPersonalBests, [], '200 kg × 0 beats nothing');
  const history = await me.ok('GET', `/api/exercises/${squat}/history`);
  t.same(
    history.workouts.map((w: { sessionId: string; bestSet: { kg: number } | null; estimatedOneRepMaxKg: number | null }) => [w.sessionId, w.bestSet?.kg ?? null, w.estimatedOneRepMaxKg]),
    [[failed, null, null], [first, 100, 100 * (1 + 10 / 30)]],
  );
});

t.test("the progression hint steps in the user's unit: +2.5 kg, or +5 lb", async (t) => {
  for (const [unit, entered, expected] of [['kg', 100, 102.5], ['lb', 135, 140]] as const) {
    const me = await trainingUser(app, `hint-${unit}@example.org`);
    await me.ok('PATCH', '/api/settings', { unit });
    const press = await me.exercise('Press');
    const plan = await me.ok('POST', '/api/plans', { name: 'P', startDate: '2026-01-01', days: [{ slots: [{ exerciseId: press, targetSets: 1, repMin: 5, repMax: 5 }] }] });
    const kg = unit === 'kg' ? entered : entered * LB;
    await me.tick(await me.workout('2026-04-01', plan.days[0].id), press, 1, kg, 5);
    const [hinted] = (await me.ok('GET', '/api/home?date=2026-04-02')).exercises;
    t.equal(hinted.hint.action, 'increase');
    const shown = unit === 'kg' ? hinted.hint.kg : Math.round((hinted.hint.kg / LB) * 1000) / 1000;
    t.equal(shown, expected, `${entered} ${unit} becomes ${expected} ${unit}`);
  }
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  t.match(doc, /0\.45359237/, 'the OpenAPI document states the pound');
});

t.test('the CSV export neutralises cells that a spreadsheet would run as a formula', async (t) => {
  const me = await trainingUser(app, 'csv-injection@example.org');
  const names = ['=HYPERLINK("http://x")', '+SUM(A1)', '-2+3', '@cmd', '\tTab', '\rReturn'];
  const workout = await me.workout('2026-05-01');
  for (const [i, name] of names.entries()) await me.tick(workout, await me.exercise(`${name}`, { code: i === 0 ? '=1+1' : null }), 1, 10, 1);
  const csv = (await me.call('GET', '/api/export.csv')).body;
  t.match(csv, /,"'=HYPERLINK\(""http:\/\/x""\)","'=1\+1",/);
  t.match(csv, /,"'\+SUM\(A1\)",,/);
  t.match(csv, /,"'-2\+3",,/);
  t.match(csv, /,"'@cmd",,/);
  // a name is trimmed when stored, so a leading tab or return cannot reach the file through one
  const cells = csv.split('\r\n').slice(1).flatMap((line) => line.split(','));
  t.notOk(cells.some((cell) => /^["]?[=+\-@\t\r]/.test(cell)), 'no cell starts with a formula character');
});

t.test('GET /exercises?q= (empty) is refused', async (t) => {
  const me = await trainingUser(app, 'empty-q@example.org');
  await me.exercise('Squat');
  const res = await me.call('GET', '/api/exercises?q=');
  t.equal(res.statusCode, 400);
  t.equal(res.json().code, 'VALIDATION_FAILED');
  t.match(res.json().message, /^querystring\.q: /);
  t.equal((await me.call('GET', '/api/exercises?q=%20%20')).statusCode, 400, 'blanks only too');
});

t.test('50 identical parallel ticks append one set-ticked event', async (t) => {
  const me = await trainingUser(app, 'identical-ticks@example.org');
  const squat = await me.exercise('Squat');
  const workout = await me.workout('2026-06-01');
  const answers = await Promise.all(Array.from({ length: 50 }, () => me.call('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber: 1, kg: 80, reps: 5 })));
  t.same(answers.map((res) => res.statusCode).sort(), [...Array(49).fill(200), 201].sort());
  const events = await system.core.store.readStream(workoutStream(workout));
  t.equal(events.filter((event) => event.type === 'set-ticked').length, 1);
  await me.tick(workout, squat, 1, 82.5, 5);
  const after = await system.core.store.readStream(workoutStream(workout));
  t.equal(after.filter((event) => event.type === 'set-ticked').length, 2, 'a changed tick is recorded');
});
