import t from 'tap';
import { IMPORT_BOUNDS } from './bounds.ts';
import { readWorkoutExport } from './import-csv.ts';
import { HEVY_HEADER, STRONG_HEADER, STRONG_LEGACY_HEADER } from './import-csv-dialects.ts';
import { parseDuration, parseWallTime, zonedInstant } from './import-csv-values.ts';
import { type ImportedFile, ImportError } from './imported-file.ts';
import { KG_PER_LB } from './units.ts';

const UTC = { unit: 'kg', timeZone: 'UTC' } as const;
const read = (text: string, options: { unit?: 'kg' | 'lb'; timeZone?: string } = {}): ImportedFile => readWorkoutExport(text, { ...UTC, ...options });
/** the sets of each workout as `exercise n: kg×reps unit rpe`, then the kind and note of a set that has them */
const sets = (file: ImportedFile) =>
  file.workouts.map((workout) =>
    workout.sets.map(
      (set) => `${set.exercise} ${set.setNumber}: ${set.kg}×${set.reps} ${set.unit} ${set.rpe ?? '-'}${set.kind === 'normal' ? '' : ` ${set.kind}`}${set.note ? ` "${set.note}"` : ''}`,
    ),
  );
const refusal = (text: string, options: { unit?: 'kg' | 'lb' } = {}): string => {
  try {
    read(text, options);
  } catch (error) {
    if (error instanceof ImportError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

const strong = (...rows: string[]) => [STRONG_HEADER, ...rows].join('\n');
const strongRow = (fields: { date?: string; workout?: string; duration?: string; exercise?: string; order?: string; weight?: string; reps?: string; distance?: string; seconds?: string; notes?: string; workoutNotes?: string; rpe?: string }) =>
  [
    fields.date ?? '2024-03-05 07:12:44',
    `"${fields.workout ?? 'Push Day'}"`,
    fields.duration ?? '1h 5m',
    `"${fields.exercise ?? 'Bench Press (Barbell)'}"`,
    fields.order ?? '1',
    fields.weight ?? '80.0',
    fields.reps ?? '8',
    fields.distance ?? '0',
    fields.seconds ?? '0',
    `"${fields.notes ?? ''}"`,
    `"${fields.workoutNotes ?? ''}"`,
    fields.rpe ?? '',
  ].join(',');

t.test('Strong, current export: workouts by date and name, sets numbered in file order with their kind and note, the unit as asked', async (t) => {
  const text = strong(
    strongRow({ order: 'W', weight: '40', reps: '10', notes: 'easy' }),
    strongRow({ order: '1', rpe: '7' }),
    strongRow({ order: '2', rpe: '8.3' }),
    strongRow({ order: 'D', weight: '60', reps: '10' }),
    strongRow({ order: 'F', weight: '80', reps: '0' }),
    strongRow({ exercise: 'Pull Up', order: '1', weight: '0', reps: '10' }),
    strongRow({ workout: 'Arms', exercise: 'Curl', date: '2024-03-05 18:00:00', duration: '45m', weight: '20', reps: '12' }),
  );
  const file = read(text);
  t.same([file.format, file.unit], ['strong', 'kg']);
  t.same(
    file.workouts.map((workout) => [workout.name, workout.date, workout.start, workout.startedAt, workout.finishedAt]),
    [
      ['Push Day', '2024-03-05', '2024-03-05T07:12:44', '2024-03-05T07:12:44.000Z', '2024-03-05T08:17:44.000Z'],
      ['Arms', '2024-03-05', '2024-03-05T18:00:00', '2024-03-05T18:00:00.000Z', '2024-03-05T18:45:00.000Z'],
    ],
    'two workouts of one date with different names stay two; each finishes a Duration after it started',
  );
  t.same(sets(file), [
    [
      'Bench Press (Barbell) 1: 40×10 kg - warmup "easy"',
      'Bench Press (Barbell) 2: 80×8 kg 7',
      'Bench Press (Barbell) 3: 80×8 kg 8.5',
      'Bench Press (Barbell) 4: 60×10 kg - drop',
      'Bench Press (Barbell) 5: 80×0 kg - failure',
      'Pull Up 1: 0×10 kg -',
    ],
    ['Curl 1: 20×12 kg -'],
  ], 'warm-up (W), drop (D) and failure (F) sets keep their kind and a set its note; an RPE rounds to the nearest half; a failed attempt of 0 reps is kept');
  t.same(file.workouts.map((workout) => workout.notes), ['', ''], "the workout's name is its title, not a line of its notes; a set's note stays on the set");
  t.same(
    sets(read(strong(...['WARM_UP', 'FAILURE', 'DROP_SET', '1'].map((order) => strongRow({ order }))))),
    [['Bench Press (Barbell) 1: 80×8 kg - warmup', 'Bench Press (Barbell) 2: 80×8 kg - failure', 'Bench Press (Barbell) 3: 80×8 kg - drop', 'Bench Press (Barbell) 4: 80×8 kg -']],
    "the long spellings of Strong's set kinds",
  );
  const pounds = read(text, { unit: 'lb' });
  t.equal(pounds.unit, 'lb');
  t.same(pounds.workouts[0]!.sets[1], { line: 3, exercise: 'Bench Press (Barbell)', setNumber: 2, kg: 80 * KG_PER_LB, reps: 8, unit: 'lb', rpe: 7, kind: 'normal', note: '' }, 'pounds are converted exactly and keep their unit');
  t.same(file.exercises, ['Bench Press (Barbell)', 'Pull Up', 'Curl']);
});

/** the cardio sessions of a file as `exercise #order: minutes min, km km (workout) note` */
const sessions = (file: ImportedFile) =>
  file.cardio.map((entry) => `${entry.exercise} #${entry.order}: ${entry.minutes} min, ${entry.distanceKm ?? '-'} km (${entry.workoutName} ${entry.date})${entry.note ? ` ${entry.note}` : ''}`);

t.test('rest timers and a weighted hold are skipped and said; an RPE outside 1–10 is dropped and said', async (t) => {
  const file = read(
    strong(
      strongRow({ order: 'Rest Timer', weight: '0', reps: '0', seconds: '120' }),
      strongRow({ exercise: 'Running (Treadmill)', weight: '0', reps: '0', distance: '2.5', seconds: '900' }),
      strongRow({ exercise: 'Plank', weight: '', reps: '', seconds: '60' }),
      strongRow({ exercise: 'Weighted Plank', weight: '20', reps: '0', seconds: '60' }),
      strongRow({ weight: '80', reps: '', rpe: '' }),
      strongRow({ weight: '', reps: '0' }),
      strongRow({ rpe: '11' }),
      strongRow({ rpe: '0' }),
    ),
  );
  t.same(file.skipped, [
    { line: 2, reason: 'a rest timer, not a set' },
    { line: 5, reason: 'Weighted Plank: a weight held for a time or a distance, without reps: neither a set nor a cardio session (which holds no weight)' },
    { line: 6, reason: 'Bench Press (Barbell): no reps' },
    { line: 7, reason: 'Bench Press (Barbell): no weight and no reps' },
    { line: 8, reason: 'Bench Press (Barbell): RPE 11 is outside 1–10; the set is imported without it' },
    { line: 9, reason: 'Bench Press (Barbell): RPE 0 is outside 1–10; the set is imported without it' },
  ]);
  t.same(sets(file), [['Bench Press (Barbell) 1: 80×8 kg -', 'Bench Press (Barbell) 2: 80×8 kg -']]);
  t.same(sessions(file), ['Running (Treadmill) #1: 15 min, 2.5 km (Push Day 2024-03-05)', 'Plank #1: 1 min, - km (Push Day 2024-03-05)'], 'the run and the plank are cardio');
  t.same(file.exercises, ['Bench Press (Barbell)'], 'an exercise of skipped or cardio rows only is not created');
  t.same(read(strong(strongRow({ exercise: 'Rowing', reps: '', distance: '2', seconds: '600' }))).workouts, [], 'a workout of cardio rows only is no workout');
});

t.test('cardio and timed rows: a session each on the machine named after the exercise, its minutes and its distance in km', async (t) => {
  const file = read(
    strong(
      strongRow({ workout: 'Cardio', exercise: 'Running (Treadmill)', weight: '0', reps: '0', distance: '3.2', seconds: '1200', rpe: '7' }),
      strongRow({ workout: 'Cardio', exercise: 'Plank', weight: '0', reps: '0', seconds: '45' }),
      strongRow({ workout: 'Cardio', exercise: 'plank', weight: '0', reps: '0', seconds: '20', notes: 'shaky' }),
      strongRow({ workout: 'Cardio', exercise: 'Plank', weight: '0', reps: '0', seconds: '30' }),
      strongRow({ workout: 'Cardio', exercise: 'Cycling', weight: '0', reps: '', distance: '12', seconds: '' }),
      strongRow({ workout: 'Cardio', exercise: 'Walk', weight: '0', reps: '0', seconds: '86460' }),
      strongRow({ workout: 'Cardio', exercise: 'Ride', weight: '0', reps: '0', distance: '1000.5', seconds: '86400' }),
      strongRow({ workout: 'Other', date: '2024-03-06 08:00:00', exercise: 'Plank', weight: '0', reps: '0', seconds: '60' }),
    ),
  );
  t.same(sessions(file), [
    'Running (Treadmill) #1: 20 min, 3.2 km (Cardio 2024-03-05) its RPE 7 is not kept',
    'Plank #1: 0.75 min, - km (Cardio 2024-03-05)',
    'plank #2: 0.5 min, - km (Cardio 2024-03-05) 20 s, logged as 0.5 minutes, the shortest session; its note is not kept: "shaky"',
    'Plank #3: 0.5 min, - km (Cardio 2024-03-05)',
    'Plank #1: 1 min, - km (Other 2024-03-06)',
  ], 'minutes to the second; a hold under 0.5 minutes is logged as 0.5 and says so, as does what a session cannot hold; rows of one exercise in any case are numbered on');
  t.same(file.skipped, [
    { line: 6, reason: 'Cycling: 12 km with no time: a cardio session needs its minutes' },
    { line: 7, reason: 'Walk: 86460 s is more than 1440 minutes, the longest cardio session' },
    { line: 8, reason: 'Ride: 1000.5 km is more than 1000 km, the longest cardio session' },
  ], 'a row out of bounds is left out, naming its line');
  t.same(file.cardio[0], {
    line: 2,
    exercise: 'Running (Treadmill)',
    workoutName: 'Cardio',
    workoutStart: '2024-03-05T07:12:44',
    order: 1,
    date: '2024-03-05',
    minutes: 20,
    distanceKm: 3.2,
    note: 'its RPE 7 is not kept',
  });
  t.same(file.cardio.map((entry) => entry.line), [2, 3, 4, 5, 9]);
  t.equal(read(strong(strongRow({ exercise: 'Plank', weight: '0', reps: '0', seconds: '50' }))).cardio[0]!.minutes, 50 / 60, 'not rounded: the log holds the seconds');
  const miles = read(strong(strongRow({ exercise: 'Running (Treadmill)', weight: '0', reps: '0', distance: '3.1', seconds: '1800' })), { unit: 'lb' });
  t.equal(miles.cardio[0]!.distanceKm, 3.1 * 1.609344, "Strong's plain Distance is in miles beside pounds, converted exactly");
  t.equal(refusal(strong(strongRow({ exercise: 'Plank', weight: '0', reps: '0', seconds: '-5' }))), 'csv: line 2, column Seconds: -5 is negative');
});

t.test('Strong, older export: semicolons, a unit per row, decimal commas', async (t) => {
  const file = read(
    [
      STRONG_LEGACY_HEADER,
      '2019-06-11 18:20:05;"Upper A";"Bench Press (Barbell)";1;135;lbs;10;;;;;"";"Felt good"',
      '2019-06-11 18:20:05;"Upper A";"Bench Press (Barbell)";2;62,5;kg;5;8;;;;"";""',
      '2019-06-11 18:20:05;"Upper A";"Chin Up";1;;;8;;;;;"";""',
      '2019-06-11 18:20:05;"Upper A";"Cycling";1;;;;;8,2;km;1200;"";""',
    ].join('\r\n'),
  );
  t.same([file.format, file.unit], ['strong-legacy', null], 'a file naming both units has no one unit');
  t.same(sets(file), [[`Bench Press (Barbell) 1: ${135 * KG_PER_LB}×10 lb -`, 'Bench Press (Barbell) 2: 62.5×5 kg 8', 'Chin Up 1: 0×8 kg -']]);
  t.equal(file.workouts[0]!.finishedAt, file.workouts[0]!.startedAt, 'no duration in this layout: finished as it started');
  t.same([file.workouts[0]!.name, file.workouts[0]!.notes], ['Upper A', 'Felt good']);
  t.same([file.skipped, sessions(file)], [[], ['Cycling #1: 20 min, 8.2 km (Upper A 2019-06-11)']], 'the ride is cardio, in the Distance Unit of its row');
  const inUnit = (distance: string, unit: string) => [STRONG_LEGACY_HEADER, `2019-06-11 18:20:05;"A";"Run";1;;;;;${distance};${unit};1200;"";""`].join('\n');
  t.same(['5;mi', '5000;m', '5;km'].map((each) => read(inUnit(...(each.split(';') as [string, string]))).cardio[0]!.distanceKm), [5 * 1.609344, 5, 5]);
  t.equal(refusal(inUnit('5', 'furlong')), 'csv: line 2, column Distance Unit: "furlong" is not km, mi or m');
  t.equal(refusal(inUnit('5', '')), 'csv: line 2, column Distance Unit: a distance needs its unit, km or mi');
  t.same(read(inUnit('', '')).cardio.map((entry) => entry.distanceKm), [null], 'a time with no distance needs no unit');
  t.equal(refusal([STRONG_LEGACY_HEADER, '2019-06-11 18:20:05;"A";"Bench";1;135;stone;10;;;;;"";""'].join('\n')), 'csv: line 2, column Weight Unit: "stone" is not kg or lbs');
  t.equal(refusal([STRONG_LEGACY_HEADER, '2019-06-11 18:20:05;"A";"Bench";1;135;;10;;;;;"";""'].join('\n')), 'csv: line 2, column Weight Unit: a weight needs its unit, kg or lbs');
  t.equal(read([STRONG_LEGACY_HEADER, '2019-06-11 18:20:05;"A";"Bench";1;135;lbs;10;;;;;"";""'].join('\n')).unit, 'lb');
});

t.test('Hevy: start and end times as Hevy writes them, the unit from the header, notes of the workout and of each exercise', async (t) => {
  const row = (title: string, start: string, exercise: string, index: number, type: string, weight: string, reps: string, extra = ',,,') =>
    `"${title}","${start}","26 Jul 2025, 08:10","Felt strong","${exercise}",,"Elbows tucked",${index},"${type}",${weight},${reps}${extra}`;
  const text = [
    HEVY_HEADER,
    row('Push', '26 Jul 2025, 07:06', 'Bench Press (Barbell)', 0, 'warmup', '40', '10'),
    row('Push', '26 Jul 2025, 07:06', 'Bench Press (Barbell)', 1, 'normal', '80', '8', ',,,8'),
    row('Push', '26 Jul 2025, 07:06', 'Bench Press (Barbell)', 2, 'dropset', '60', '10'),
    row('Push', '26 Jul 2025, 07:06', 'bench press (barbell)', 3, 'failure', '60', '6'),
    row('Push', '26 Jul 2025, 07:06', 'Pull Up', 0, 'normal', '', '10'),
    row('Push', '26 Jul 2025, 07:06', 'Treadmill', 0, 'normal', '', '', ',2,900,'),
  ].join('\n');
  const file = read(text, { unit: 'lb' });
  t.same([file.format, file.unit], ['hevy', 'kg'], 'weight_kg says kilograms, whatever the request asked');
  t.same(file.workouts.map((workout) => [workout.start, workout.startedAt, workout.finishedAt, workout.notes]), [
    ['2025-07-26T07:06:00', '2025-07-26T07:06:00.000Z', '2025-07-26T08:10:00.000Z', 'Felt strong\nBench Press (Barbell): Elbows tucked\nbench press (barbell): Elbows tucked\nPull Up: Elbows tucked\nTreadmill: Elbows tucked'],
  ]);
  t.same(
    sets(file),
    [['Bench Press (Barbell) 1: 40×10 kg - warmup', 'Bench Press (Barbell) 2: 80×8 kg 8', 'Bench Press (Barbell) 3: 60×10 kg - drop', 'bench press (barbell) 4: 60×6 kg - failure', 'Pull Up 1: 0×10 kg -']],
    'one exercise in any case, numbered on; set_type is the kind',
  );
  t.equal(refusal(text.replace('"dropset"', '"superset"')), 'csv: line 4, column set_type: "superset" is not a set type (normal, warmup, dropset or failure)');
  t.same(file.exercises, ['Bench Press (Barbell)', 'Pull Up']);
  t.same([sessions(file), file.skipped], [['Treadmill #1: 15 min, 2 km (Push 2025-07-26)'], []], 'the treadmill row, distance_km and duration_seconds, is cardio');
  const lbs = read(text.replace('weight_kg', 'weight_lbs').replace('distance_km', 'distance_miles'));
  t.same([lbs.unit, lbs.workouts[0]!.sets[1]!.kg, lbs.workouts[0]!.sets[1]!.unit], ['lb', 80 * KG_PER_LB, 'lb']);
  t.equal(lbs.cardio[0]!.distanceKm, 2 * 1.609344, 'distance_miles in km');
  t.equal(refusal(text.replace('"26 Jul 2025, 08:10"', '"yesterday"')), 'csv: line 2, column end_time: "yesterday" is not a date and time such as 26 Jul 2025, 08:10');
  t.equal(refusal(text.replace('"26 Jul 2025, 07:06"', '"31 Feb 2025, 07:06"')), 'csv: line 2, column start_time: "31 Feb 2025, 07:06" is not a date and time such as 26 Jul 2025, 07:06');
});

t.test('times: the file’s wall clock read in the phone’s zone, clock changes included', async (t) => {
  t.same(parseWallTime('26 Jul 2025, 07:06'), { date: '2025-07-26', wall: '2025-07-26T07:06:00', ms: Date.UTC(2025, 6, 26, 7, 6) });
  t.same(parseWallTime(' 2024-03-05 07:12:44 '), { date: '2024-03-05', wall: '2024-03-05T07:12:44', ms: Date.UTC(2024, 2, 5, 7, 12, 44) });
  t.equal(parseWallTime('3 September 2024 18:30')?.wall, '2024-09-03T18:30:00');
  for (const bad of ['', '2024-02-30 10:00', '2024-03-05', '1899-12-31 10:00', '2024-03-05 24:00', '26 Foo 2025, 07:06']) t.equal(parseWallTime(bad), null, bad);
  t.equal(zonedInstant(Date.UTC(2024, 0, 15, 9, 0), 'Europe/Berlin'), '2024-01-15T08:00:00.000Z', 'winter: UTC+1');
  t.equal(zonedInstant(Date.UTC(2024, 6, 15, 9, 0), 'Europe/Berlin'), '2024-07-15T07:00:00.000Z', 'summer: UTC+2');
  t.equal(zonedInstant(Date.UTC(2024, 2, 10, 2, 30), 'America/New_York'), '2024-03-10T07:30:00.000Z', 'a time the clocks skipped moves on');
  t.equal(zonedInstant(Date.UTC(2024, 10, 3, 1, 30), 'America/New_York'), '2024-11-03T05:30:00.000Z', 'a time the clocks passed twice is the first');
  t.equal(zonedInstant(Date.UTC(2024, 6, 15, 9, 0), 'Asia/Kolkata'), '2024-07-15T03:30:00.000Z');
  t.equal(read(strong(strongRow({ date: '2024-07-15 09:00:00' })), { timeZone: 'Europe/Berlin' }).workouts[0]!.startedAt, '2024-07-15T07:00:00.000Z');
  t.same(['1h 5m', '45m', '30s', '1h', '2h 0m 5s', '0s', '', 'soon', '5m 1h'].map(parseDuration), [3900, 2700, 30, 3600, 7205, 0, null, 'bad', 'bad']);
});

t.test('a bad row is refused with its line and column, in the header’s own words', async (t) => {
  t.equal(refusal(strong(strongRow({}), strongRow({ reps: 'five' }))), 'csv: line 3, column Reps: "five" is not a number');
  t.equal(refusal(strong(strongRow({ reps: '8.5' }))), 'csv: line 2, column Reps: "8.5" is not a whole number');
  t.equal(refusal(strong(strongRow({ reps: '501' }))), 'csv: line 2, column Reps: 501 is more than 500');
  t.equal(refusal(strong(strongRow({ weight: '2205' })), { unit: 'lb' }), 'csv: line 2, column Weight: 2205 lb is more than 1000 kg, the most a set holds');
  t.equal(read(strong(strongRow({ weight: '2204' })), { unit: 'lb' }).workouts[0]!.sets[0]!.kg, 2204 * KG_PER_LB, 'just under 1000 kg is a set');
  t.equal(refusal(strong(strongRow({ rpe: 'hard' }))), 'csv: line 2, column RPE: "hard" is not a number');
  t.equal(refusal(strong(strongRow({ date: '05/03/2024 07:12' }))), 'csv: line 2, column Date: "05/03/2024 07:12" is not a date and time such as 2024-03-05 07:12:44');
  t.equal(refusal(strong(strongRow({ exercise: ' ' }))), 'csv: line 2, column Exercise Name: the exercise has no name');
  t.equal(refusal(strong(strongRow({ exercise: 'x'.repeat(101) }))), 'csv: line 2, column Exercise Name: an exercise name is at most 100 characters');
  t.equal(refusal(strong(strongRow({ notes: 'a\u0000b' }))), 'csv: line 2, column Notes: must not contain NUL characters');
  t.equal(refusal(strong(strongRow({}), '2024-03-05 07:12:44,"Push Day"')), 'csv: line 3: 2 fields where the header has 12');
  t.equal(refusal(strong(strongRow({}), `${strongRow({})},"extra"`)), 'csv: line 3: 13 fields where the header has 12');
  t.equal(read(strong(`${strongRow({})},,`)).workouts.length, 1, 'empty fields past the header are nothing');
  t.equal(refusal(strong(strongRow({}), '', `${strongRow({}).slice(0, 37)}"open`)), 'csv: line 4, column Exercise Name: a quoted field opened on line 4 is never closed');
  const header = STRONG_HEADER.toLowerCase().replace('exercise name', 'Exercise');
  t.equal(refusal(`${header}\n`), `csv: line 1: a Strong export has the column "Exercise Name"; this header has none. Expected "${STRONG_HEADER}"`);
  t.match(refusal('date,weight,reps\n2024-03-05,80,5'), /^csv: line 1: this is not a Strong or Hevy export: it begins "date,weight,reps", where Strong's begins "Date,Workout Name"/);
  t.equal(refusal(''), 'csv: line 1: the file is empty');
  t.equal(refusal('\uFEFF\r\n'), 'csv: line 1: the file is empty');
});

t.test('caps: rows in a file, sets of one exercise in one workout, characters of notes', async (t) => {
  const row = strongRow({});
  t.equal(refusal(strong(...Array(IMPORT_BOUNDS.rows + 1).fill(row))), `csv: line ${IMPORT_BOUNDS.rows + 2}: the file holds more than ${IMPORT_BOUNDS.rows} rows; import it in parts`);
  const many = read(strong(...Array(52).fill(row)));
  t.equal(many.workouts[0]!.sets.length, 50);
  t.same(many.skipped, [51, 52].map((index) => ({ line: index + 1, reason: 'Bench Press (Barbell): a workout holds at most 50 sets of one exercise' })));
  const long = read(strong(strongRow({ workoutNotes: 'n'.repeat(2100) })));
  t.equal(long.workouts[0]!.notes.length, 2000);
  t.ok(long.workouts[0]!.notes.endsWith('n…'));
  t.same(long.skipped, [{ line: 2, reason: 'the notes of Push Day are longer than 2000 characters and were cut' }]);
});

t.test('a file that is no CSV export is told so in a sentence: a zip or a spreadsheet is not text, a header alone has no rows', async (t) => {
  // the first bytes of a zip (a .xlsx is one) as the browser reads them as text
  const zip = new TextDecoder().decode(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00, 0x62, 0xee, 0x9d, 0x68]));
  const message = refusal(zip);
  t.equal(message, 'csv: line 1: this is not a text file; export a CSV from Strong or Hevy and choose that');
  t.notMatch(message, /[\u0000-\u001F\uFFFD]/, 'no control character in the message');
  t.equal(refusal(`${STRONG_HEADER}\r\n`), 'csv: line 1: the file holds a header and no rows: export it again once a workout is logged');
  t.equal(refusal(`${HEVY_HEADER}\n\n\n`), 'csv: line 1: the file holds a header and no rows: export it again once a workout is logged');
  t.same(sets(read(`Notes about "tabs"\tand more,Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"",2024-03-05 07:12:44,Push,Squat,1,100,5`)), [['Squat 1: 100×5 kg -']], 'a tab is text');
});
