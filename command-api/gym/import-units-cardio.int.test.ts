// POST /api/import (issue 19): the unit a file's weights are read in (asked for, or the file's own
// columns), and cardio and timed rows imported as cardio sessions, once.
import t from 'tap';
import { fixture, LB, startImportTest, STRONG_CARDIO, type CardioLog } from '../../testing/gym/import.ts';

const { head, importer } = await startImportTest(t);

t.test('units as in the file: Strong in the unit asked for, older Strong and Hevy by their columns', async (t) => {
  const me = await importer('units@example.org');
  await me.ok('PATCH', '/api/settings', { unit: 'lb' });
  const dry = await me.imported(fixture('strong.csv'), { dryRun: true });
  t.same([dry.unit, dry.unitSource], ['lb', 'setting'], 'a current Strong file is read in the user’s unit unless told');
  const asKg = await me.imported(fixture('strong.csv'), { unit: 'kg', dryRun: true });
  t.same([asKg.unit, asKg.unitSource], ['kg', 'request']);

  const pounds = await me.imported(fixture('strong.csv'), { unit: 'lb' });
  const bench = (await me.ok('GET', `/api/sessions/${pounds.workouts[0]!.id}`)).sets[1];
  t.same([bench.kg, bench.unit], [80 * LB, 'lb'], '80 in a pound file is 80 lb');
  const switched = await me.imported(fixture('strong.csv'), { unit: 'kg' });
  t.same(switched.workouts.map((workout) => workout.status), ['changed', 'changed', 'changed'], 'read in the other unit, the weights differ');
  t.equal((await me.ok('GET', `/api/sessions/${pounds.workouts[0]!.id}`)).sets[1].kg, 80);

  const legacy = await me.imported(fixture('strong-legacy.csv'));
  t.same([legacy.format, legacy.unit, legacy.unitSource, legacy.workouts.length, legacy.setsImported], ['strong-legacy', 'lb', 'file', 3, 24]);
  t.same(legacy.skipped, []);
  t.same(legacy.cardio.map((entry) => [entry.line, entry.machine, entry.minutes, entry.distanceKm, entry.status]), [[19, 'Cycling', 20, 8.2, 'new']], 'the ride is a cardio session in its row’s km');
  const upper = await me.ok('GET', `/api/sessions/${legacy.workouts[0]!.id}`);
  t.same(upper.sets.find((set: { exerciseName: string; setNumber: number }) => set.exerciseName === 'Bench Press (Barbell)' && set.setNumber === 2), {
    ...upper.sets[1],
    kg: 185 * LB,
    reps: 5,
    unit: 'lb',
    rpe: 8,
  });

  const hevy = await me.imported(fixture('hevy-lbs.csv'));
  t.same([hevy.format, hevy.unit, hevy.unitSource], ['hevy', 'lb', 'file']);
  t.same(
    hevy.workouts.map((workout) => [workout.date, workout.name, workout.sets]),
    [['2025-08-04', 'Upper Power', 8], ['2025-08-04', 'Arms', 5], ['2025-08-06', 'Lower Power', 8]],
    'two workouts of one date with different names stay two',
  );
  const arms = await me.ok('GET', `/api/sessions/${hevy.workouts[1]!.id}`);
  t.same([arms.startedAt, arms.finishedAt], ['2025-08-04T16:10:00.000Z', '2025-08-04T16:45:00.000Z'], 'start and end time as the file has them, in Berlin');
  t.same(arms.sets.map((set: { kg: number; unit: string }) => [set.kg, set.unit]).slice(0, 1), [[65 * LB, 'lb']]);

  const kg = await me.imported(fixture('hevy.csv'));
  t.same([kg.unit, kg.setsImported, kg.skipped.length, kg.cardio.length], ['kg', 22, 0, 2]);
  const push = await me.ok('GET', `/api/sessions/${kg.workouts[0]!.id}`);
  t.same([push.title, push.notes], ['Push', 'Felt strong today\nBench Press (Barbell): Elbows tucked']);
  t.same(push.sets.filter((set: { exerciseName: string }) => set.exerciseName === 'Pull Up'), []);
  const pull = await me.ok('GET', `/api/sessions/${kg.workouts[1]!.id}`);
  t.same(
    pull.sets.filter((set: { exerciseName: string }) => set.exerciseName === 'Pull Up').map((set: { kg: number; reps: number }) => [set.kg, set.reps]),
    [[0, 10], [0, 8]],
    'a body-weight set without a weight is 0 kg',
  );
});

t.test('cardio and timed rows become cardio sessions on machines named after them; again, nothing is written', async (t) => {
  const me = await importer('cardio-import@example.org');
  // a machine of the same name in another case is the plank's
  const mine = await me.ok('POST', '/api/cardio/machines', { name: 'PLANK' });
  const logs = async () => (await me.ok('GET', '/api/cardio/logs')) as CardioLog[];

  const before = await head();
  const dry = await me.imported(fixture('strong.csv'), { dryRun: true });
  t.same([dry.cardio, dry.machinesCreated], [STRONG_CARDIO(me.user.id, 'new', 'PLANK'), ['Running (Treadmill)']]);
  t.equal(await head(), before, 'the dry run appended nothing');
  t.same([await logs(), (await me.ok('GET', '/api/cardio/machines')).length], [[], 1], 'no session logged, no machine added');

  const done = await me.imported(fixture('strong.csv'));
  t.same([done.cardio, done.machinesCreated], [dry.cardio, dry.machinesCreated], 'the import did what the dry run said');
  const machines = (await me.ok('GET', '/api/cardio/machines')) as Array<{ id: string; name: string }>;
  t.same(machines.map((machine) => machine.name), ['PLANK', 'Running (Treadmill)']);
  const treadmill = machines.find((machine) => machine.name === 'Running (Treadmill)')!;
  const listed = await logs();
  t.same(listed, [
    { id: done.cardio[1]!.id, machineId: mine.id, machineName: 'PLANK', date: '2024-03-09', minutes: 1, distanceKm: null, calories: null, level: null },
    { id: done.cardio[0]!.id, machineId: treadmill.id, machineName: 'Running (Treadmill)', date: '2024-03-07', minutes: 15, distanceKm: 2.5, calories: null, level: null },
  ]);

  const atHead = await head();
  const again = await me.imported(fixture('strong.csv'));
  t.same([again.cardio, again.machinesCreated], [STRONG_CARDIO(me.user.id, 'unchanged', 'PLANK'), []]);
  t.equal(await head(), atHead, 'imported again: nothing appended');
  t.same(await logs(), listed, 'and the sessions are as they were');
  t.same(((await me.imported(fixture('strong.csv'), { dryRun: true })).cardio).map((entry) => entry.status), ['unchanged', 'unchanged'], 'a dry run says the same');

  // a session changed here is put back to the file's values, keeping what the file does not say
  await me.ok('PATCH', `/api/cardio/logs/${done.cardio[0]!.id}`, { minutes: 12, calories: 180 });
  const redone = await me.imported(fixture('strong.csv'));
  t.same(redone.cardio.map((entry) => entry.status), ['changed', 'unchanged']);
  t.match((await logs()).find((log) => log.id === done.cardio[0]!.id), { minutes: 15, distanceKm: 2.5, calories: 180 });
  // and a deleted one is imported again
  await me.ok('DELETE', `/api/cardio/logs/${done.cardio[1]!.id}`);
  t.same((await me.imported(fixture('strong.csv'))).cardio.map((entry) => entry.status), ['unchanged', 'new']);
  t.equal((await logs()).length, 2);
});

t.test('Hevy: rows of distance_km and duration_seconds become cardio sessions, once', async (t) => {
  const me = await importer('hevy-cardio@example.org');
  const done = await me.imported(fixture('hevy.csv'));
  t.same(
    done.cardio.map((entry) => [entry.line, entry.date, entry.workout, entry.machine, entry.minutes, entry.distanceKm, entry.status]),
    [[24, '2025-07-30', 'Legs', 'Plank', 1, null, 'new'], [25, '2025-07-30', 'Legs', 'Treadmill', 15, 2, 'new']],
  );
  t.same(done.machinesCreated, ['Plank', 'Treadmill']);
  t.same(
    ((await me.ok('GET', '/api/cardio/logs')) as CardioLog[]).map((log) => [log.machineName, log.date, log.minutes, log.distanceKm]).sort(),
    [['Plank', '2025-07-30', 1, null], ['Treadmill', '2025-07-30', 15, 2]],
  );
  const atHead = await head();
  const again = await me.imported(fixture('hevy.csv'));
  t.same([again.cardio.map((entry) => entry.status), again.machinesCreated], [['unchanged', 'unchanged'], []]);
  t.equal(await head(), atHead, 'imported again: nothing appended');
});
