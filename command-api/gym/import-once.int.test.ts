// POST /api/import (issue 19) writes each workout once: a dry run writes nothing, the import writes
// what it said, the same file again (in another time zone too) writes nothing, and an import cut
// short is completed by running it again; the log is watched throughout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { ISO } from '../../testing/gym/client.ts';
import { fixture, startImportTest, STRONG_CARDIO, STRONG_CREATED, STRONG_SKIPPED, STRONG_WORKOUTS, type CardioLog } from '../../testing/gym/import.ts';

const { system, head, importer } = await startImportTest(t);

t.test('a Strong export: the dry run writes nothing, the import writes it, the same file again writes nothing', async (t) => {
  const me = await importer('strong-import@example.org');
  // an exact name in another case is the same exercise; a longer name is another one
  const bench = await me.exercise('bench press');
  const squat = await me.exercise('squat (barbell)');

  const before = await head();
  const dry = await me.imported(fixture('strong.csv'), { dryRun: true });
  t.same(dry, {
    format: 'strong',
    unit: 'kg',
    unitSource: 'setting',
    dryRun: true,
    workouts: STRONG_WORKOUTS(me.user.id, 'new'),
    exercisesCreated: STRONG_CREATED,
    exercisesMatched: ['squat (barbell)'],
    cardio: STRONG_CARDIO(me.user.id, 'new'),
    machinesCreated: ['Running (Treadmill)', 'Plank'],
    skipped: STRONG_SKIPPED,
    setsImported: 29,
  });
  t.equal(await head(), before, 'the dry run appended nothing to the log');
  t.same(await me.ok('GET', '/api/sessions'), [], 'and nothing is listed');

  const done = await me.imported(fixture('strong.csv'));
  t.same(done, { ...dry, dryRun: false }, 'the import did what the dry run said');
  const listed = (await me.ok('GET', '/api/sessions?from=2024-03-01&to=2024-03-31')) as Array<{ id: string; date: string; setCount: number; planDayId: null; finishedAt: string; startedAt: string; notes: string; volumeKg: number }>;
  t.same(
    listed.map((workout) => [workout.date, workout.setCount, workout.planDayId, workout.startedAt, workout.finishedAt]),
    [
      ['2024-03-09', 8, null, '2024-03-09T08:05:30.000Z', '2024-03-09T09:17:30.000Z'],
      ['2024-03-07', 10, null, '2024-03-07T17:40:02.000Z', '2024-03-07T18:38:02.000Z'],
      ['2024-03-05', 11, null, '2024-03-05T06:12:44.000Z', '2024-03-05T07:17:44.000Z'],
    ],
    'three finished workouts, started at the file’s times in the given zone and finished a Duration later',
  );
  const push = await me.ok('GET', `/api/sessions/${done.workouts[0]!.id}`);
  t.same([push.title, push.notes], ['Push Day', ''], "the workout's name is its title");
  const sets = (push.sets as Array<{ exerciseName: string; setNumber: number; kg: number; reps: number; unit: string; rpe: number | null; kind: string; note: string }>).map(
    (set) => `${set.exerciseName} ${set.setNumber}: ${set.kg}×${set.reps} ${set.unit} ${set.rpe ?? '-'}${set.kind === 'normal' ? '' : ` ${set.kind}`}${set.note ? ` "${set.note}"` : ''}`,
  );
  t.same(sets, [
    'Bench Press (Barbell) 1: 40×10 kg - warmup',
    'Bench Press (Barbell) 2: 80×8 kg 7',
    'Bench Press (Barbell) 3: 80×8 kg 7.5',
    'Bench Press (Barbell) 4: 80×7 kg 8.5 "Paused, "tight" arch"',
    'Bench Press (Barbell) 5: 60×10 kg - drop',
    'Overhead Press (Barbell) 1: 45×8 kg -',
    'Overhead Press (Barbell) 2: 45×8 kg -',
    'Overhead Press (Barbell) 3: 45×6 kg 9',
    'Triceps Pushdown (Cable - Straight Bar) 1: 25×12 kg -',
    'Triceps Pushdown (Cable - Straight Bar) 2: 25×12 kg -',
    'Triceps Pushdown (Cable - Straight Bar) 3: 27.5×10 kg -',
  ], 'warm-up and drop sets keep their kind, a set its note, numbered in file order');
  t.equal(push.volumeKg, 80 * 8 + 80 * 8 + 80 * 7 + 60 * 10 + 45 * 8 * 2 + 45 * 6 + 25 * 12 * 2 + 27.5 * 10, 'the warm-up counts in no volume');
  const legs = await me.ok('GET', `/api/sessions/${done.workouts[2]!.id}`);
  t.ok(
    (legs.sets as Array<{ exerciseId: string }>).filter((set) => set.exerciseId === squat).length === 6,
    'the squats went to the exercise named the same in another case',
  );
  const exercises = (await me.ok('GET', '/api/exercises')) as Array<{ id: string; name: string }>;
  t.same(exercises.map((exercise) => exercise.name).sort(), [...STRONG_CREATED, 'bench press', 'squat (barbell)'].sort());
  t.ok(exercises.some((exercise) => exercise.id === bench), '“bench press” is kept apart from “Bench Press (Barbell)”');

  const streams = await Promise.all(done.workouts.map((workout) => system.core.store.readStream(`gym.workout-${workout.id}`)));
  t.same(
    streams.map((events) => events.map((event) => event.type).filter((type, index, all) => all.indexOf(type) === index)),
    [
      ['workout-started', 'set-ticked', 'workout-renamed', 'workout-finished'],
      ['workout-started', 'set-ticked', 'workout-renamed', 'workout-finished'],
      ['workout-started', 'set-ticked', 'workout-renamed', 'workout-notes-changed', 'workout-finished'],
    ],
  );
  t.same(new Set(streams.map((events) => new Set(events.map((event) => event.metadata.causationId)).size)), new Set([1]), 'each workout is one command');

  const atHead = await head();
  const again = await me.imported(fixture('strong.csv'));
  t.same(again, {
    ...done,
    workouts: STRONG_WORKOUTS(me.user.id, 'unchanged'),
    exercisesCreated: [],
    exercisesMatched: [...STRONG_CREATED.slice(0, 6), 'squat (barbell)', 'Leg Press'],
    cardio: STRONG_CARDIO(me.user.id, 'unchanged'),
    machinesCreated: [],
    setsImported: 0,
  });
  t.equal(await head(), atHead, 'the second import appended nothing');
  t.same(await me.ok('GET', '/api/sessions?from=2024-03-01&to=2024-03-31'), listed, 'and the workouts are as they were');
});

t.test('an import cut short is completed by running it again; a deleted imported workout comes back', async (t) => {
  const me = await importer('halfway@example.org');
  const lines = fixture('strong.csv').split('\n');
  const firstTwo = lines.filter((line) => !line.includes('Leg Day')).join('\n');
  const part = await me.imported(firstTwo);
  t.same(part.workouts.map((workout) => [workout.name, workout.status]), [['Push Day', 'new'], ['Pull Day', 'new']]);
  const whole = await me.imported(fixture('strong.csv'));
  t.same(whole.workouts.map((workout) => [workout.name, workout.status]), [['Push Day', 'unchanged'], ['Pull Day', 'unchanged'], ['Leg Day', 'new']]);
  t.same(whole.exercisesCreated, ['Squat (Barbell)', 'Leg Press'], 'only the exercises the rest needed');
  t.equal(whole.setsImported, 8);

  await me.ok('DELETE', `/api/sessions/${whole.workouts[1]!.id}`);
  const restored = await me.imported(fixture('strong.csv'));
  t.same(restored.workouts.map((workout) => [workout.name, workout.status]), [['Push Day', 'unchanged'], ['Pull Day', 'new'], ['Leg Day', 'unchanged']], 'the file is imported again where the workout was deleted');
  t.equal((await me.ok('GET', `/api/sessions/${whole.workouts[1]!.id}`)).setCount, 10);

  // a set corrected here is put back as the file has it; a set added here stays
  const push = await me.ok('GET', `/api/sessions/${whole.workouts[0]!.id}`);
  await me.ok('PATCH', `/api/sets/${push.sets[1].id}`, { reps: 3 });
  await me.tick(push.id, push.sets[0].exerciseId, 6, 50, 12);
  const redone = await me.imported(fixture('strong.csv'));
  t.same(redone.workouts.map((workout) => workout.status), ['changed', 'unchanged', 'unchanged']);
  t.equal(redone.setsImported, 1);
  const after = await me.ok('GET', `/api/sessions/${push.id}`);
  t.same([after.sets[1].reps, after.sets.length], [8, 12]);
});

// how fast a long history imports is a benchmark's question; here, that many workouts import whole
// and a second import of them appends nothing
t.test('an import of many workouts: every one written, and imported again nothing appended', async (t) => {
  const me = await importer('large-import@example.org');
  const rows = ['title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe'];
  for (let day = 0; day < 40; day++) {
    const date = new Date(Date.UTC(2023, 0, 1 + day));
    const start = `${date.getUTCDate()} ${date.toLocaleString('en', { month: 'short', timeZone: 'UTC' })} ${date.getUTCFullYear()}, 07:00`;
    for (const exercise of ['Squat', 'Bench Press', 'Row', 'Curl', 'Calf Raise']) {
      for (let set = 0; set < 5; set++) rows.push(`"Day","${start}","","","${exercise}",,"",${set},"normal",${60 + set},5,,,`);
    }
  }
  const answer = await me.imported(rows.join('\n'));
  t.same([answer.workouts.length, answer.setsImported, answer.exercisesCreated.length], [40, 1000, 5]);
  t.equal((await me.imported(rows.join('\n'), { dryRun: true })).setsImported, 0);
  const atHead = await head();
  t.equal((await me.imported(rows.join('\n'))).setsImported, 0);
  t.equal(await head(), atHead, 'imported again: nothing appended');
  t.match((await me.ok('GET', '/api/sessions?from=2023-01-01&to=2023-12-31'))[0], { date: '2023-02-09', setCount: 25, startedAt: ISO });
});

t.test("Strong's all-quoted `Workout #` export from a real phone: imported in the header's unit, and again nothing appended", async (t) => {
  const me = await importer('workout-number@example.org');
  const csv = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/imports/strong/strongData.csv'), 'utf8');
  const answer = await me.imported(csv, { unit: 'lb' });
  t.same([answer.format, answer.unit, answer.unitSource, answer.workouts.length, answer.setsImported], ['strong', 'kg', 'file', 47, 820]);
  t.equal(answer.skipped.filter((row) => row.reason === 'a rest timer, not a set').length, 748);
  t.same([answer.cardio.length, answer.machinesCreated, answer.skipped.length], [48, ['Plank', 'Side Plank', 'Hollow Body'], 748], 'the timed holds are cardio sessions; only rest timers are left out');
  t.same(answer.cardio.filter((entry) => entry.note !== '').map((entry) => [entry.machine, entry.minutes, entry.note]), [
    ['Side Plank', 0.5, '15 s, logged as 0.5 minutes, the shortest session'],
    ['Side Plank', 0.5, '15 s, logged as 0.5 minutes, the shortest session'],
  ]);
  t.equal(((await me.ok('GET', '/api/cardio/logs')) as CardioLog[]).length, 48);
  const atHead = await head();
  const again = await me.imported(csv, { unit: 'lb' });
  t.ok(answer.workouts.every((workout) => workout.status === 'new'));
  t.same([again.setsImported, again.workouts.every((workout) => workout.status === 'unchanged')], [0, true], 'every workout unchanged');
  t.same([again.cardio.every((entry) => entry.status === 'unchanged'), again.machinesCreated], [true, []], 'every session unchanged');
  t.equal(await head(), atHead, 'imported again: nothing appended');
  const [first] = (await me.ok('GET', '/api/sessions?from=2025-02-24&to=2025-02-24')) as Array<{ date: string; setCount: number }>;
  t.match(first, { date: '2025-02-24', setCount: answer.workouts.find((workout) => workout.date === '2025-02-24')!.sets });
});

t.test('imported again in another time zone: every workout unchanged, none finishing before it starts', async (t) => {
  const me = await importer('another-zone@example.org');
  const csv = fixture('strong.csv');
  await me.imported(csv);
  const atHead = await head();
  const again = await me.imported(csv, { timeZone: 'America/Los_Angeles' });
  t.same([again.setsImported, again.workouts.map((workout) => workout.status)], [0, ['unchanged', 'unchanged', 'unchanged']]);
  t.equal(await head(), atHead, 'nothing appended');
  const listed = (await me.ok('GET', '/api/sessions?from=2024-03-01&to=2024-03-31')) as Array<{ startedAt: string; finishedAt: string }>;
  t.ok(listed.length === 3 && listed.every((workout) => workout.finishedAt >= workout.startedAt), 'each finishes after it starts');
});
