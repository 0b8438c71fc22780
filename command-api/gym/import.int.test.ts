// POST /api/import (issue 19): Strong and Hevy exports through the API, the log watched throughout:
// a dry run writes nothing, the import writes each workout once, a second import writes nothing,
// an import cut short is completed by running it again, and every bad file is a 4xx, never a 500.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { IMPORT_BOUNDS } from '../../domain/gym/bounds.ts';
import { importedCardioIdOf, importedWorkoutIdOf } from './workout-ids.ts';
import { ISO } from '../../testing/gym/client.ts';
import { trainingUser } from '../../testing/gym/training-client.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const fixture = (name: string): string => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');
const LB = 0.45359237;
const head = async () => JSON.stringify(await system.core.store.headPosition(), (_, value) => (typeof value === 'bigint' ? String(value) : value));
const error = (statusCode: number, code: string, message: string) => ({ statusCode, code, error: statusCode === 400 ? 'Bad Request' : statusCode === 413 ? 'Payload Too Large' : 'Unauthorized', message });

type Answer = {
  format: string;
  unit: string | null;
  unitSource: string;
  dryRun: boolean;
  workouts: Array<{ id: string; date: string; start: string; name: string; sets: number; status: string }>;
  exercisesCreated: string[];
  exercisesMatched: string[];
  cardio: Array<{ id: string; line: number; date: string; workout: string; exercise: string; machine: string; minutes: number; distanceKm: number | null; status: string; note: string }>;
  machinesCreated: string[];
  skipped: Array<{ line: number; reason: string }>;
  setsImported: number;
};
type CardioLog = { id: string; machineId: string; machineName: string | null; date: string; minutes: number; distanceKm: number | null; calories: number | null; level: number | null };

async function importer(email: string) {
  const me = await trainingUser(app, email);
  const send = (csv: string, extra: object = {}) => me.call('POST', '/api/import', { csv, timeZone: 'Europe/Berlin', ...extra });
  const imported = async (csv: string, extra: object = {}): Promise<Answer> => {
    const res = await send(csv, extra);
    if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return { ...me, send, imported };
}

const STRONG_WORKOUTS = (userId: string, status: string) => [
  { id: importedWorkoutIdOf(userId, 'Push Day', '2024-03-05T07:12:44'), date: '2024-03-05', start: '2024-03-05T07:12:44', name: 'Push Day', sets: 11, status },
  { id: importedWorkoutIdOf(userId, 'Pull Day', '2024-03-07T18:40:02'), date: '2024-03-07', start: '2024-03-07T18:40:02', name: 'Pull Day', sets: 10, status },
  { id: importedWorkoutIdOf(userId, 'Leg Day', '2024-03-09T09:05:30'), date: '2024-03-09', start: '2024-03-09T09:05:30', name: 'Leg Day', sets: 8, status },
];
const STRONG_SKIPPED = [{ line: 7, reason: 'a rest timer, not a set' }];
/** the treadmill row and the plank row of strong.csv, each a cardio session */
const STRONG_CARDIO = (userId: string, status: string, plankMachine = 'Plank') => [
  {
    id: importedCardioIdOf(userId, 'Pull Day', '2024-03-07T18:40:02', 'Running (Treadmill)', 1),
    line: 24,
    date: '2024-03-07',
    workout: 'Pull Day',
    exercise: 'Running (Treadmill)',
    machine: 'Running (Treadmill)',
    minutes: 15,
    distanceKm: 2.5,
    status,
    note: '',
  },
  { id: importedCardioIdOf(userId, 'Leg Day', '2024-03-09T09:05:30', 'Plank', 1), line: 33, date: '2024-03-09', workout: 'Leg Day', exercise: 'Plank', machine: plankMachine, minutes: 1, distanceKm: null, status, note: '' },
];
const STRONG_CREATED = ['Bench Press (Barbell)', 'Overhead Press (Barbell)', 'Triceps Pushdown (Cable - Straight Bar)', 'Deadlift (Barbell)', 'Pull Up', 'Bent Over Row (Barbell)', 'Leg Press'];

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

t.test('a row that cannot be read is a 400 naming its line and column; nothing is written', async (t) => {
  const me = await importer('bad-rows@example.org');
  const strong = fixture('strong.csv').split('\n');
  const withLine = (line: number, text: string) => strong.map((each, index) => (index === line - 1 ? text : each)).join('\n');
  const cases: Array<[string, string]> = [
    [withLine(7, '2024-03-05 07:12:44,"Push Day",1h 5m,"Overhead Press (Barbell)",1,45.0,five,0,0,"","",'), 'csv: line 7, column Reps: "five" is not a number'],
    [withLine(9, '2024-03-05 07:12:44,"Push Day",1h 5m,"Overhead Press (Barbell)",1,45.0,5.5,0,0,"","",'), 'csv: line 9, column Reps: "5.5" is not a whole number'],
    [withLine(3, '2024-13-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",1,80.0,8,0,0,"","",7'), 'csv: line 3, column Date: "2024-13-05 07:12:44" is not a date and time such as 2024-03-05 07:12:44'],
    [withLine(4, '2024-03-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",2,-80,8,0,0,"","",7'), 'csv: line 4, column Weight: -80 is negative'],
    [withLine(5, '2024-03-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",2,1200,8,0,0,"","",7'), 'csv: line 5, column Weight: 1200 kg is more than 1000 kg, the most a set holds'],
    [withLine(6, '2024-03-05 07:12:44,"Push Day",1h 5m,"",2,80,8,0,0,"","",7'), 'csv: line 6, column Exercise Name: the exercise has no name'],
    [withLine(8, '2024-03-05 07:12:44,"Push Day",1h 5m,"Overhead Press (Barbell)",1,45.0,8,0,0,""'), 'csv: line 8: 10 fields where the header has 12'],
    [withLine(2, '2024-03-05 07:12:44,"Push Day",an hour,"Bench Press (Barbell)",1,80.0,8,0,0,"","",7'), 'csv: line 2, column Duration: "an hour" is not a duration such as 1h 5m'],
  ];
  const before = await head();
  for (const [csv, message] of cases) {
    const res = await me.send(csv);
    t.equal(res.statusCode, 400, message);
    t.same(res.json(), error(400, 'VALIDATION_FAILED', message));
  }
  t.equal(await head(), before, 'a file with a bad row writes nothing, not even its good workouts');
});

t.test('no file makes a 500: empty, header only, an unknown header, an open quote, garbage, too many rows, too large, a stranger', async (t) => {
  const me = await importer('never-500@example.org');
  const STRONG_HEADER = fixture('strong.csv').split('\n')[0]!;
  const answers = await Promise.all([
    me.send(''),
    me.send('   \n\n'),
    me.send('name,weight,reps\nSquat,100,5\n'),
    me.send(`${STRONG_HEADER}\n2024-03-05 07:12:44,"Push Day,1h 5m,"Bench",1,80,8,0,0,"","",\n`),
    me.send('\u0000\u0001\u0002\uFFFD\uFFFD'),
    me.send('Date,Workout Name,Exercise Name,Weight\n2024-03-05 07:12:44,Push,Bench,80\n'),
    me.call('POST', '/api/import', { unit: 'kg' }),
    me.call('POST', '/api/import', { csv: 'x', timeZone: 'Mars/Olympus' }),
  ]);
  t.same(
    answers.map((res) => [res.statusCode, res.json().message]),
    [
      [400, 'csv: line 1: the file is empty'],
      [400, 'csv: line 1: the file is empty'],
      [400, 'csv: line 1: this is not a Strong or Hevy export: it begins "name,weight,reps", where Strong\'s begins "Date,Workout Name" (or "Workout #") and Hevy\'s "title,start_time"'],
      [400, 'csv: line 2, column Workout Name: text follows the closing quote of a field (a quote inside a field is written twice: "")'],
      [400, 'csv: line 1: this is not a text file; export a CSV from Strong or Hevy and choose that'],
      [400, `csv: line 1: a Strong export has the column "Reps"; this header has none. Expected "${STRONG_HEADER}"`],
      [400, 'body.csv: Invalid input: expected string, received undefined'],
      [400, 'body.timeZone: not a time zone such as Europe/Berlin'],
    ],
  );
  const open = await me.send(`${STRONG_HEADER}\n2024-03-05 07:12:44,"Push Day",1h 5m,"Bench,1,80,8,0,0,"","",\n`);
  t.same(open.json(), error(400, 'VALIDATION_FAILED', 'csv: line 2, column Exercise Name: a quoted field opened on line 2 is never closed'), 'a quote left open swallows the rest of the file');
  const stray = await me.send(`${STRONG_HEADER}\n2024-03-05 07:12:44,"Push Day",1h 5m,"Bench"x,1,80,8,0,0,"","",\n`);
  t.same(stray.json(), error(400, 'VALIDATION_FAILED', 'csv: line 2, column Exercise Name: text follows the closing quote of a field (a quote inside a field is written twice: "")'));

  const headerOnly = await me.send(`${STRONG_HEADER}\n`);
  t.same(headerOnly.json(), error(400, 'VALIDATION_FAILED', 'csv: line 1: the file holds a header and no rows: export it again once a workout is logged'), 'a header alone is refused, not imported as nothing');

  const row = '2024-03-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",1,80.0,8,0,0,"","",';
  const tooMany = await me.send(`${STRONG_HEADER}\n${`${row}\n`.repeat(IMPORT_BOUNDS.rows + 1)}`);
  t.same(tooMany.json(), error(400, 'VALIDATION_FAILED', `csv: line ${IMPORT_BOUNDS.rows + 2}: the file holds more than ${IMPORT_BOUNDS.rows} rows; import it in parts`));

  const tooLarge = await me.send(`${STRONG_HEADER}\n${'x'.repeat(IMPORT_BOUNDS.bytes)}`);
  t.equal(tooLarge.statusCode, 413);
  t.same(tooLarge.json(), error(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'body: larger than 5 MiB, the most this route takes'));

  const stranger = await app.inject({ method: 'POST', url: '/api/import', payload: { csv: fixture('strong.csv') } });
  t.same([stranger.statusCode, stranger.json().code], [401, 'UNAUTHENTICATED']);
  const large = await app.inject({ method: 'POST', url: '/api/import', payload: { csv: 'x'.repeat(IMPORT_BOUNDS.bytes) } });
  t.same([large.statusCode, large.json().code], [401, 'UNAUTHENTICATED'], 'a stranger’s body is not read, whatever its size');
});

t.test(`at most ${IMPORT_BOUNDS.requests} imports per user in ${IMPORT_BOUNDS.windowMinutes} minutes, dry runs counted`, async (t) => {
  const me = await importer('limit@example.org');
  const file = 'title,start_time,exercise_title,weight_kg,reps\nDay,"1 Jan 2023, 07:00",Squat,60,5\n';
  for (let index = 0; index < IMPORT_BOUNDS.requests; index++) await me.imported(file, { dryRun: true });
  const refused = await me.send(file, { dryRun: true });
  t.equal(refused.statusCode, 429);
  t.same(refused.json(), { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests', message: `At most ${IMPORT_BOUNDS.requests} imports in ${IMPORT_BOUNDS.windowMinutes} minutes; try again later` });
  t.match(refused.headers['retry-after'], /^\d+$/);
  const other = await importer('limit-other@example.org');
  t.equal((await other.send(file, { dryRun: true })).statusCode, 200, 'another user has an allowance of their own');
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
