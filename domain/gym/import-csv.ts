// Reading another tracker's CSV export (issue 19): the format told by the header, each row checked
// and turned into a set of a workout or a cardio session (issue 33), every refusal naming the line
// and column a spreadsheet shows.
// Pure: the command API resolves names to exercises, derives the workouts' ids and appends.
import { isStorableText, looksLikeText, NUL_MESSAGE, SURROGATE_MESSAGE } from '../shared/text.ts';
import { CARDIO_BOUNDS, IMPORT_BOUNDS, SET_BOUNDS } from './bounds.ts';
import { CsvSyntaxError, delimiterOf, type Delimiter, readCsv } from '../shared/csv.ts';
import {
  DECIMAL_COMMA_COLUMNS,
  DISTANCE_UNIT_NAMES,
  type DistanceUnit,
  type Field,
  HEVY_SET_KINDS,
  KM_PER,
  layoutOf,
  NOTE_ROW,
  REST_ROW,
  STRONG_SET_KINDS,
  UNIT_OF_DISTANCE_COLUMN,
  UNIT_OF_WEIGHT_COLUMN,
} from './import-csv-dialects.ts';
import { parseDecimal, parseDuration, parseWallTime, type Wall } from './import-csv-values.ts';
import { addNote, finishWorkouts, type Grouped } from './import-csv-workouts.ts';
import { type ImportedCardio, type ImportedFile, ImportError, type ImportOptions, type SkippedRow } from './imported-file.ts';
import { sameName } from './library.ts';
import { KG_PER_LB } from './units.ts';
import type { EnteredUnit } from './workout.ts';

const SET_NOTE_LIMIT = SET_BOUNDS.setNote;
const NAME_LIMIT = SET_BOUNDS.name;
const SETS_PER_EXERCISE = SET_BOUNDS.setNumber;
const MAX_KG = SET_BOUNDS.kg;
const MAX_REPS = SET_BOUNDS.reps;

/**
 * The whole export read and checked: every workout with its sets, every row left out with why.
 * Throws an ImportError for the first row that cannot be read; nothing of the file is used then.
 */
export function readWorkoutExport(text: string, options: ImportOptions): ImportedFile {
  if (text.trim() === '') throw new ImportError(1, null, 'the file is empty');
  if (!looksLikeText(text)) throw new ImportError(1, null, 'this is not a text file; export a CSV from Strong or Hevy and choose that');
  const delimiter = delimiterOf(text.startsWith('\uFEFF') ? text.slice(1) : text);
  let records;
  try {
    // the header, the allowed rows and one more, to tell a file that is too long
    records = readCsv(text, delimiter, IMPORT_BOUNDS.rows + 2);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new ImportError(error.line, error.line > 1 && error.field !== null ? columnAt(text, delimiter, error.field) : null, error.message);
  }
  const [header, ...rows] = records;
  if (!header) throw new ImportError(1, null, 'the file is empty');
  if (rows.length > IMPORT_BOUNDS.rows) {
    throw new ImportError(rows[IMPORT_BOUNDS.rows]!.line, null, `the file holds more than ${IMPORT_BOUNDS.rows} rows; import it in parts`);
  }
  const { layout, index } = layoutOf(header.fields, delimiter);
  if (rows.length === 0) throw new ImportError(1, null, 'the file holds a header and no rows: export it again once a workout is logged');
  const columnName = (field: Field): string => header.fields[index[field]!]!.trim();
  const weightColumn = header.fields[index.weight!]!.trim().toLowerCase();
  const weightUnitOfFile: EnteredUnit | null =
    layout.format === 'strong' ? (UNIT_OF_WEIGHT_COLUMN[weightColumn] ?? options.unit) : layout.format === 'hevy' ? (weightColumn === 'weight_lbs' ? 'lb' : 'kg') : null;
  const decimalComma = delimiter === ';' || DECIMAL_COMMA_COLUMNS.has(weightColumn);
  const distanceColumn = index.distance === undefined ? '' : header.fields[index.distance]!.trim().toLowerCase();
  const distanceUnitOfFile: DistanceUnit | null =
    layout.format === 'strong-legacy' && !(distanceColumn in UNIT_OF_DISTANCE_COLUMN)
      ? null
      : (UNIT_OF_DISTANCE_COLUMN[distanceColumn] ?? ((weightUnitOfFile ?? options.unit) === 'lb' ? 'mi' : 'km'));

  const workouts = new Map<string, Grouped>();
  const skipped: SkippedRow[] = [];
  const cardio: ImportedCardio[] = [];
  const exercises: string[] = [];
  const unitsSeen = new Set<EnteredUnit>();

  for (const row of rows) {
    const problem = (field: Field | null, message: string): ImportError => new ImportError(row.line, field === null ? null : columnName(field), message);
    if (row.fields.length < header.fields.length || row.fields.slice(header.fields.length).some((extra) => extra.trim() !== '')) {
      throw problem(null, `${row.fields.length} fields where the header has ${header.fields.length}`);
    }
    const raw = (field: Field): string => {
      const at = index[field];
      const value = at === undefined ? '' : row.fields[at]!;
      if (!isStorableText(value)) throw problem(field, value.includes('\0') ? NUL_MESSAGE : SURROGATE_MESSAGE);
      return value;
    };
    const number = (field: Field): number | null => {
      const value = parseDecimal(raw(field), decimalComma);
      if (value === 'bad') throw problem(field, /^\s*-/.test(raw(field)) ? `${raw(field).trim()} is negative` : `"${raw(field).trim()}" is not a number`);
      return value;
    };

    const start = parseWallTime(raw('date'));
    if (!start) throw problem('date', `"${raw('date').trim()}" is not a date and time such as ${layout.format === 'hevy' ? '26 Jul 2025, 07:06' : '2024-03-05 07:12:44'}`);
    const workoutName = raw('workout').trim();
    if (workoutName.length > NAME_LIMIT) throw problem('workout', `a workout name is at most ${NAME_LIMIT} characters`);
    const exercise = raw('exercise').trim();
    if (exercise === '') throw problem('exercise', 'the exercise has no name');
    if (exercise.length > NAME_LIMIT) throw problem('exercise', `an exercise name is at most ${NAME_LIMIT} characters`);

    const key = `${start.wall}\u0000${workoutName}`;
    let workout = workouts.get(key);
    if (!workout) {
      let durationS: number | null = null;
      let end: Wall | null = null;
      if (index.duration !== undefined) {
        const parsed = parseDuration(raw('duration'));
        if (parsed === 'bad') throw problem('duration', `"${raw('duration').trim()}" is not a duration such as 1h 5m`);
        durationS = parsed;
      }
      if (index.end !== undefined && raw('end').trim() !== '') {
        end = parseWallTime(raw('end'));
        if (!end) throw problem('end', `"${raw('end').trim()}" is not a date and time such as 26 Jul 2025, 08:10`);
      }
      workout = { line: row.line, name: workoutName, start, end, durationS, workoutNotes: raw('workoutNotes').trim(), notes: [], sets: [], perExercise: new Map(), cardioPerExercise: new Map() };
      workouts.set(key, workout);
    } else if (workout.workoutNotes === '') {
      workout.workoutNotes = raw('workoutNotes').trim();
    }
    const exerciseNote = raw('exerciseNotes').trim();
    if (exerciseNote) addNote(workout, `${exercise}: ${exerciseNote}`);

    // what kind of row: a rest timer, cardio or a timed hold, or a set of a lift
    const order = raw('setOrder').trim();
    if (layout.format !== 'hevy' && REST_ROW.test(order)) {
      skipped.push({ line: row.line, reason: 'a rest timer, not a set' });
      continue;
    }
    if (layout.format !== 'hevy' && NOTE_ROW.test(order)) {
      // Strong's note on an exercise: kept with the workout's notes
      const note = raw('notes').trim();
      if (note) addNote(workout, `${exercise}: ${note}`);
      continue;
    }
    const weight = number('weight');
    const reps = number('reps');
    const distance = number('distance');
    const seconds = number('seconds');
    if ((reps === null || reps === 0) && ((distance ?? 0) > 0 || (seconds ?? 0) > 0)) {
      // a weighted hold or carry is neither: a set needs reps, a cardio session holds no weight
      if (weight) {
        skipped.push({ line: row.line, reason: `${exercise}: a weight held for a time or a distance, without reps: neither a set nor a cardio session (which holds no weight)` });
        continue;
      }
      let unit: DistanceUnit | null = distanceUnitOfFile;
      if (unit === null && (distance ?? 0) > 0) {
        const named = raw('distanceUnit').trim();
        unit = DISTANCE_UNIT_NAMES[named.toLowerCase()] ?? null;
        if (unit === null) throw problem('distanceUnit', named === '' ? 'a distance needs its unit, km or mi' : `"${named}" is not km, mi or m`);
      }
      const session = cardioOf({ seconds, distance, unit: unit ?? 'km', note: raw('notes').trim(), rpe: raw('rpe').trim() });
      if (typeof session === 'string') {
        skipped.push({ line: row.line, reason: `${exercise}: ${session}` });
        continue;
      }
      const exerciseKey = exercise.toLocaleLowerCase('en');
      const order = (workout.cardioPerExercise.get(exerciseKey) ?? 0) + 1;
      workout.cardioPerExercise.set(exerciseKey, order);
      cardio.push({ line: row.line, exercise, workoutName, workoutStart: start.wall, order, date: start.date, ...session });
      continue;
    }
    if (reps === null || (reps === 0 && !weight)) {
      skipped.push({ line: row.line, reason: `${exercise}: ${reps === null ? 'no reps' : 'no weight and no reps'}` });
      continue;
    }
    if (!Number.isInteger(reps)) throw problem('reps', `"${raw('reps').trim()}" is not a whole number`);
    if (reps > MAX_REPS) throw problem('reps', `${reps} is more than ${MAX_REPS}`);

    let unit: EnteredUnit;
    if (weightUnitOfFile !== null) unit = weightUnitOfFile;
    else {
      const named = raw('weightUnit').trim().toLowerCase();
      if (named === 'kg' || named === 'kgs') unit = 'kg';
      else if (named === 'lbs' || named === 'lb') unit = 'lb';
      else if (named === '' && !weight) unit = options.unit;
      else throw problem('weightUnit', named === '' ? 'a weight needs its unit, kg or lbs' : `"${raw('weightUnit').trim()}" is not kg or lbs`);
    }
    const kg = unit === 'lb' ? (weight ?? 0) * KG_PER_LB : (weight ?? 0);
    if (kg > MAX_KG) throw problem('weight', `${weight} ${unit} is more than ${MAX_KG} kg, the most a set holds`);
    if (weight) unitsSeen.add(unit);

    let rpe: number | null = null;
    const rpeRead = number('rpe');
    if (rpeRead !== null) {
      if (rpeRead < 1 || rpeRead > 10) skipped.push({ line: row.line, reason: `${exercise}: RPE ${rpeRead} is outside 1–10; the set is imported without it` });
      else rpe = Math.round(rpeRead * 2) / 2;
    }

    const exerciseKey = exercise.toLocaleLowerCase('en');
    const setNumber = (workout.perExercise.get(exerciseKey) ?? 0) + 1;
    if (setNumber > SETS_PER_EXERCISE) {
      skipped.push({ line: row.line, reason: `${exercise}: a workout holds at most ${SETS_PER_EXERCISE} sets of one exercise` });
      continue;
    }
    const kind = layout.format === 'hevy' ? HEVY_SET_KINDS[raw('setType').trim().toLowerCase() || 'normal'] : (STRONG_SET_KINDS[order.toUpperCase()] ?? 'normal');
    if (kind === undefined) throw problem('setType', `"${raw('setType').trim()}" is not a set type (normal, warmup, dropset or failure)`);
    let note = raw('notes').trim();
    if (note.length > SET_NOTE_LIMIT) {
      note = `${note.slice(0, SET_NOTE_LIMIT - 1).replace(/[\ud800-\udbff]$/, '')}…`;
      skipped.push({ line: row.line, reason: `${exercise}: the set's note is longer than ${SET_NOTE_LIMIT} characters and was cut` });
    }
    workout.perExercise.set(exerciseKey, setNumber);
    if (!exercises.some((known) => sameName(known, exercise))) exercises.push(exercise);
    workout.sets.push({ line: row.line, exercise, setNumber, kg, reps, unit, rpe, kind, note });
  }

  const finished = finishWorkouts(workouts.values(), options.timeZone, skipped);
  const unit = layout.format === 'strong-legacy' ? (unitsSeen.size === 1 ? [...unitsSeen][0]! : unitsSeen.size === 0 ? options.unit : null) : weightUnitOfFile;
  skipped.sort((a, b) => a.line - b.line);
  const unitNamed = layout.format !== 'strong' || weightColumn in UNIT_OF_WEIGHT_COLUMN;
  return { format: layout.format, unit, unitNamed, workouts: finished, cardio, skipped, exercises };
}

const [SHORTEST_MINUTES, LONGEST_MINUTES] = CARDIO_BOUNDS.minutes;

/**
 * A cardio row's session, or why it cannot be one. Minutes keep the file's seconds exactly; a hold
 * shorter than the shortest session is logged as that and says so, as do a note and an RPE, which a
 * session has no place for.
 */
function cardioOf(row: { seconds: number | null; distance: number | null; unit: DistanceUnit; note: string; rpe: string }): Pick<ImportedCardio, 'minutes' | 'distanceKm' | 'note'> | string {
  const distanceKm = row.distance ? row.distance * KM_PER[row.unit] : null;
  if (!row.seconds) return `${row.distance} ${row.unit} with no time: a cardio session needs its minutes`;
  const minutes = row.seconds / 60;
  if (minutes > LONGEST_MINUTES) return `${row.seconds} s is more than ${LONGEST_MINUTES} minutes, the longest cardio session`;
  if (distanceKm !== null && distanceKm > CARDIO_BOUNDS.distanceKm) return `${row.distance} ${row.unit} is more than ${CARDIO_BOUNDS.distanceKm} km, the longest cardio session`;
  const notes: string[] = [];
  if (minutes < SHORTEST_MINUTES) notes.push(`${row.seconds} s, logged as ${SHORTEST_MINUTES} minutes, the shortest session`);
  if (row.note) notes.push(`its note is not kept: "${row.note.length > 80 ? `${row.note.slice(0, 79).replace(/[\ud800-\udbff]$/, '')}…` : row.note}"`);
  if (row.rpe) notes.push(`its RPE ${row.rpe} is not kept`);
  return { minutes: Math.max(minutes, SHORTEST_MINUTES), distanceKm, note: notes.join('; ') };
}

/** The header's name of a column, for a refusal found before the header was taken apart. */
function columnAt(text: string, delimiter: Delimiter, field: number): string | null {
  try {
    return readCsv(text, delimiter, 1)[0]?.fields[field]?.trim() ?? null;
  } catch {
    return null;
  }
}
