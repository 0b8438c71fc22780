// Strong's export dialects (issue 33): the all-quoted `Workout #` export, read from a real file
// against a reader of its own written here, and the ones described in the issue (2016's, the
// German header) from small files written by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { readWorkoutExport } from './import-csv.ts';
import { type ImportedFile, ImportError } from './imported-file.ts';
import { KG_PER_LB } from './units.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../shared/fixtures/imports/strong');
const read = (text: string, unit: 'kg' | 'lb' = 'kg'): ImportedFile => readWorkoutExport(text, { unit, timeZone: 'UTC' });
const sets = (file: ImportedFile) => file.workouts.map((workout) => workout.sets.map((set) => `${set.exercise} ${set.setNumber}: ${set.kg}×${set.reps} ${set.unit}`));
const refusal = (text: string): string => {
  try {
    read(text);
  } catch (error) {
    if (error instanceof ImportError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

/** The reference: an all-quoted `;` file read by a pattern, fields by the header's names. */
function allQuotedRows(text: string): Record<string, string>[] {
  const records: string[][] = [[]];
  for (const match of text.matchAll(/"((?:[^"]|"")*)"(;|\r?\n|$)/g)) {
    records.at(-1)!.push(match[1]!.replaceAll('""', '"'));
    if (match[2] !== ';') records.push([]);
  }
  const [header, ...rows] = records.filter((record) => record.length > 0);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

t.test('the all-quoted `Workout #` export (strongData.csv): every set of every workout, rest timers and notes told apart', async (t) => {
  const text = readFileSync(path.join(FIXTURES, 'strongData.csv'), 'utf8');
  const rows = allQuotedRows(text);
  t.equal(rows.length, 1623, 'the reference reads every row');
  const lifts = rows.filter((row) => /^\d+$/.test(row['Set Order']!) && Number(row['Reps'] || 0) > 0);
  const expected = new Map<string, string[]>();
  for (const row of lifts) {
    const key = `${row['Date']} ${row['Workout Name']}`;
    const list = expected.get(key) ?? [];
    const n = list.filter((entry) => entry.startsWith(`${row['Exercise Name']} `)).length + 1;
    expected.set(key, [...list, `${row['Exercise Name']} ${n}: ${Number(row['Weight (kg)'] || 0)}×${Number(row['Reps'])} kg`]);
  }

  const file = read(text, 'lb');
  t.equal(file.format, 'strong');
  t.same([file.unit, file.unitNamed], ['kg', true], 'the unit is the header’s, whatever the user’s setting');
  t.same(sets(file), [...expected.values()]);
  t.same(file.workouts.map((workout) => `${workout.start.replace('T', ' ')} ${workout.name}`), [...expected.keys()]);
  const rests = rows.filter((row) => row['Set Order'] === 'Rest Timer').length;
  t.equal(rests, 748);
  t.equal(file.skipped.filter((row) => row.reason === 'a rest timer, not a set').length, rests, 'each rest timer is left out and said');
  const timed = rows.filter((row) => /^\d+$/.test(row['Set Order']!) && !(Number(row['Reps'] || 0) > 0));
  t.equal(file.skipped.length, rests, 'nothing else is left out');
  t.same(
    file.cardio.map((entry) => [entry.line, entry.exercise, entry.date, entry.minutes, entry.distanceKm]),
    timed.map((row) => [rows.indexOf(row) + 2, row['Exercise Name'], row['Date']!.slice(0, 10), Math.max(Number(row['Seconds']) / 60, 0.5), null]),
    'each timed hold (Plank, Side Plank, Hollow Body: Seconds, no reps) is a cardio session of its seconds',
  );
  t.same(new Set(file.cardio.map((entry) => entry.exercise)), new Set(['Plank', 'Side Plank', 'Hollow Body']));
  const short = file.cardio.filter((entry) => entry.note !== '');
  t.same(short.map((entry) => [entry.exercise, entry.minutes, entry.note]), [
    ['Side Plank', 0.5, '15 s, logged as 0.5 minutes, the shortest session'],
    ['Side Plank', 0.5, '15 s, logged as 0.5 minutes, the shortest session'],
  ], 'the two 15-second side planks are logged as 0.5 minutes, and say so');
  const notes = rows.filter((row) => row['Set Order'] === 'Note' && row['Notes'] !== '');
  t.equal(notes.length, 2, 'two of the seven note rows hold a note');
  for (const note of notes) {
    const workout = file.workouts.find((candidate) => candidate.name === note['Workout Name'] && candidate.start === note['Date']!.replace(' ', 'T'));
    t.match(workout?.notes, `${note['Exercise Name']}: ${note['Notes']}`, `the note on ${note['Exercise Name']} is kept`);
  }
  const first = file.workouts[0]!;
  t.same([first.startedAt, first.finishedAt], ['2025-02-24T15:10:32.000Z', '2025-02-24T15:46:48.000Z'], 'Duration (sec) 2176: 36 min 16 s');
});

t.test('`Workout #` in pounds: the unit from "Weight (lbs)"', async (t) => {
  const file = read(
    [
      '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (lbs)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"',
      '"1";"2024-01-08 18:00:00";"Full Body";"3600";"Squat (Barbell)";"W";"135.0";"5";"";"";"";"";""',
      '"1";"2024-01-08 18:00:00";"Full Body";"3600";"Squat (Barbell)";"1";"225.0";"5";"8.5";"";"";"felt fast";""',
      '"1";"2024-01-08 18:00:00";"Full Body";"3600";"Squat (Barbell)";"Rest Timer";"";"";"";"";"180.0";"";""',
      '"1";"2024-01-08 18:00:00";"Full Body";"3600";"Squat (Barbell)";"F";"225.0";"3";"";"";"";"";""',
    ].join('\n'),
  );
  t.equal(file.unit, 'lb');
  t.same(sets(file), [[`Squat (Barbell) 1: ${135 * KG_PER_LB}×5 lb`, `Squat (Barbell) 2: ${225 * KG_PER_LB}×5 lb`, `Squat (Barbell) 3: ${225 * KG_PER_LB}×3 lb`]]);
  t.same(file.workouts[0]!.sets.map((set) => set.rpe), [null, 8.5, null]);
  t.same(file.workouts[0]!.sets.map((set) => set.note), ['', 'felt fast', ''], "a set's note is on its set");
});

t.test('`Workout #` cardio: "Distance (meters)" in metres, a row of distance and seconds a session in km', async (t) => {
  const file = read(
    [
      '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"',
      '"3";"2025-03-02 09:00:00";"Run";"1900";"Running (Treadmill)";"1";"";"";"";"5000.0";"1800.0";"";""',
      '"3";"2025-03-02 09:00:00";"Run";"1900";"Plank";"1";"";"";"";"";"60.0";"";""',
    ].join('\n'),
  );
  t.same(file.cardio.map((entry) => [entry.exercise, entry.minutes, entry.distanceKm]), [['Running (Treadmill)', 30, 5], ['Plank', 1, null]]);
  t.same([file.workouts, file.skipped], [[], []], 'a workout of cardio only is no workout; nothing is left out');
});

const GERMAN = 'Datum,Workout-Name,Dauer,Name der Übung,Reihenfolge festlegen,Gewicht,Wiederh.,Entfernung,Sekunden,Notizen,Workout-Notizen,RPE';

t.test('a German export: the columns by their German names, rest rows named Ruhezeit, decimal commas', async (t) => {
  const file = read(
    [
      GERMAN,
      '2024-05-06 07:30:00,"Oberkörper",1h 2m,"Bankdrücken (Langhantel)",1,"62,5",8,0,0,"","Guter Tag",',
      '2024-05-06 07:30:00,"Oberkörper",1h 2m,"Bankdrücken (Langhantel)",Ruhezeit,0,0,0,90,"","",',
      '2024-05-06 07:30:00,"Oberkörper",1h 2m,"Bankdrücken (Langhantel)",2,65,6,0,0,"schwer","",9',
    ].join('\n'),
  );
  t.same(sets(file), [['Bankdrücken (Langhantel) 1: 62.5×8 kg', 'Bankdrücken (Langhantel) 2: 65×6 kg']]);
  t.equal(file.unitNamed, false, '"Gewicht" names no unit: the one asked for');
  t.same(file.skipped, [{ line: 3, reason: 'a rest timer, not a set' }]);
  t.same([file.workouts[0]!.name, file.workouts[0]!.finishedAt], ['Oberkörper', '2024-05-06T08:32:00.000Z']);
  t.equal(file.workouts[0]!.notes, 'Guter Tag');
  t.equal(file.workouts[0]!.sets[1]!.note, 'schwer', 'Notizen is the set\'s note');
  t.match(refusal([GERMAN, '2024-05-06 07:30:00,"Oberkörper",1h,"Kniebeuge",1,"viel",8,0,0,"","",'].join('\n')), 'csv: line 2, column Gewicht: "viel" is not a number');
  const run = [GERMAN, '2024-05-06 07:30:00,"Laufen",30m,"Laufen (Laufband)",1,0,0,"4,5",1800,"","",'].join('\n');
  t.same(read(run).cardio.map((entry) => [entry.exercise, entry.minutes, entry.distanceKm]), [['Laufen (Laufband)', 30, 4.5]], 'Entfernung in km beside kilograms');
  t.equal(read(run, 'lb').cardio[0]!.distanceKm, 4.5 * 1.609344, 'and in miles beside pounds');
});

const OF_2016 = 'Date,Workout Name,Exercise Name,Set Order,kg,Reps,km,Seconds,Notes';

t.test('the 2016 export: nine columns, the unit as the column’s name, CRLF, sets counted from 0', async (t) => {
  const kg = read([OF_2016, '2016-03-01 18:05:00,Legs,Squat,0,100,5,0,0,', '2016-03-01 18:05:00,Legs,Squat,1,105,5,0,0,deep', '2016-03-01 18:05:00,Legs,Running,2,0,0,2.5,900,', ''].join('\r\n'), 'lb');
  t.same([kg.unit, kg.unitNamed], ['kg', true], 'kg, as the column says, though the user asked for pounds');
  t.same(sets(kg), [['Squat 1: 100×5 kg', 'Squat 2: 105×5 kg']]);
  t.same([kg.skipped, kg.cardio.map((entry) => [entry.line, entry.exercise, entry.minutes, entry.distanceKm])], [[], [[4, 'Running', 15, 2.5]]], 'the run, a distance with no reps, is cardio in the "km" column’s unit');
  t.same(kg.workouts[0]!.sets.map((set) => set.note), ['', 'deep']);
  const lb = read(['Date,Workout Name,Exercise Name,Set Order,lbs,Reps,mi.,Seconds,Notes', '2016-03-01 18:05:00,Legs,Squat,0,225,5,0,0,', '2016-03-01 18:05:00,Legs,Running,1,0,0,2,1200,'].join('\r\n'), 'kg');
  t.same(sets(lb), [[`Squat 1: ${225 * KG_PER_LB}×5 lb`]]);
  t.same(lb.cardio.map((entry) => entry.distanceKm), [2 * 1.609344], '"mi." is miles');
  t.equal(refusal([OF_2016, '2016-03-01 18:05:00'].join('\r\n')), 'csv: line 2: 1 fields where the header has 9', 'a broken line is refused for what is wrong with it');
});
