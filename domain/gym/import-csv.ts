// Reading another tracker's CSV export (issue 19): the format told by the header, each row checked
// and turned into a set of a workout or a cardio session (issue 33), every refusal naming the line
// and column a spreadsheet shows.
// Pure: the command API resolves names to exercises, derives the workouts' ids and appends.
import { DomainError } from '../shared/events.ts';
import { isStorableText, looksLikeText, NUL_MESSAGE, SURROGATE_MESSAGE } from '../shared/text.ts';
import { CARDIO_BOUNDS, IMPORT_BOUNDS, SET_BOUNDS } from './bounds.ts';
import { CsvSyntaxError, delimiterOf, type Delimiter, readCsv } from '../shared/csv.ts';
import { sameName } from './library.ts';
import { KG_PER_LB } from './units.ts';
import type { EnteredUnit, SetKind } from './workout.ts';

export type ImportFormat = 'strong' | 'strong-legacy' | 'hevy';

export type ImportedSet = {
  /** the line of the file it came from */
  readonly line: number;
  /** as the file spells it; matched to an exercise by name, any case */
  readonly exercise: string;
  /** 1, 2, 3… in file order within the workout and the exercise, whatever the set's type */
  readonly setNumber: number;
  readonly kg: number;
  readonly reps: number;
  /** the unit the file gave the weight in */
  readonly unit: EnteredUnit;
  readonly rpe: number | null;
  /** Strong's W, D and F set orders, Hevy's set_type */
  readonly kind: SetKind;
  /** the row's own note ('' for none) */
  readonly note: string;
};

export type ImportedWorkout = {
  /** the first line of the file holding one of its rows */
  readonly line: number;
  readonly name: string;
  /** YYYY-MM-DD, the calendar date of its start as the file wrote it */
  readonly date: string;
  /** the start as the file wrote it (`2024-03-05T07:12:44`, no zone): with the name, the workout's identity */
  readonly start: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly notes: string;
  readonly sets: readonly ImportedSet[];
};

/**
 * A row of distance or time without reps or weight (a run, a plank): a cardio session on the machine
 * named after the exercise. The command API logs it with the library's own commands.
 */
export type ImportedCardio = {
  /** the line of the file it came from */
  readonly line: number;
  /** as the file spells it: the name of the machine it is logged on, any case */
  readonly exercise: string;
  /** the file's workout it was in: with the exercise and `order`, the session's identity */
  readonly workoutName: string;
  readonly workoutStart: string;
  /** 1, 2, 3… the rows of this exercise (any case) in this workout, in file order */
  readonly order: number;
  /** YYYY-MM-DD, the workout's date as the file wrote it */
  readonly date: string;
  /** the row's seconds / 60, unrounded, but never under the shortest session (then `note` says so) */
  readonly minutes: number;
  /** in kilometres from the column's unit; null for none (Strong writes 0) */
  readonly distanceKm: number | null;
  /** what of the row the session does not hold as the file has it, for the person ('' for nothing) */
  readonly note: string;
};

export type SkippedRow = { readonly line: number; readonly reason: string };

export type ImportedFile = {
  readonly format: ImportFormat;
  /** the unit the weights were read in; null when an older Strong file names both */
  readonly unit: EnteredUnit | null;
  /** whether the file names its unit (Hevy, older Strong, a Strong header such as "Weight (kg)"), else `options.unit` */
  readonly unitNamed: boolean;
  readonly workouts: readonly ImportedWorkout[];
  /** cardio and timed rows, in file order */
  readonly cardio: readonly ImportedCardio[];
  readonly skipped: readonly SkippedRow[];
  /** every exercise of the file once, by name in any case, as first spelled */
  readonly exercises: readonly string[];
};

export type ImportOptions = {
  /** what a current Strong file's weights are in (the file does not say) */
  readonly unit: EnteredUnit;
  /** the IANA zone the file's times are read in */
  readonly timeZone: string;
};

/** A row that cannot be read: a 400 naming its line and, where there is one, its column. */
export class ImportError extends DomainError {
  readonly line: number;
  readonly column: string | null;
  constructor(line: number, column: string | null, message: string) {
    super('VALIDATION_FAILED', `csv: line ${line}${column === null ? '' : `, column ${column}`}: ${message}`);
    this.name = 'ImportError';
    this.line = line;
    this.column = column;
  }
}

export const NOTES_LIMIT = SET_BOUNDS.notes;
const SET_NOTE_LIMIT = SET_BOUNDS.setNote;
const NAME_LIMIT = SET_BOUNDS.name;
const SETS_PER_EXERCISE = SET_BOUNDS.setNumber;
const MAX_KG = SET_BOUNDS.kg;
const MAX_REPS = SET_BOUNDS.reps;

type Field =
  | 'date'
  | 'workout'
  | 'duration'
  | 'end'
  | 'exercise'
  | 'setOrder'
  | 'setType'
  | 'weight'
  | 'weightUnit'
  | 'reps'
  | 'distance'
  | 'distanceUnit'
  | 'seconds'
  | 'notes'
  | 'exerciseNotes'
  | 'workoutNotes'
  | 'rpe';

type Layout = {
  readonly format: ImportFormat;
  readonly label: string;
  /** the header the exporter writes, for messages */
  readonly header: string;
  readonly columns: Readonly<Partial<Record<Field, readonly string[]>>>;
  readonly required: readonly Field[];
};

export const STRONG_HEADER = 'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';
export const STRONG_LEGACY_HEADER = 'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes';
export const HEVY_HEADER = 'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe';

/**
 * Strong's column names, lower-cased, in every dialect and language it exports: the current
 * export, the all-quoted `Workout #` one (units in the names), 2016's (the unit is the name: `kg`,
 * `lbs`, `km`, `mi.`), and the header in the phone's language (German).
 */
const STRONG_COLUMNS = {
  date: ['date', 'datum'],
  workout: ['workout name', 'workout-name'],
  duration: ['duration', 'workout duration', 'duration (sec)', 'dauer'],
  exercise: ['exercise name', 'name der übung'],
  setOrder: ['set order', 'reihenfolge festlegen'],
  weight: ['weight', 'weight (kg)', 'weight (lbs)', 'kg', 'lbs', 'gewicht'],
  reps: ['reps', 'wiederh.'],
  distance: ['distance', 'distance (meters)', 'distance (km)', 'distance (miles)', 'km', 'mi.', 'entfernung'],
  seconds: ['seconds', 'sekunden'],
  notes: ['notes', 'notizen'],
  workoutNotes: ['workout notes', 'workout-notizen'],
  rpe: ['rpe'],
} as const;

/** A weight column that names its unit. */
const UNIT_OF_WEIGHT_COLUMN: Readonly<Record<string, EnteredUnit>> = { 'weight (kg)': 'kg', kg: 'kg', 'weight (lbs)': 'lb', lbs: 'lb' };

type DistanceUnit = 'km' | 'mi' | 'm';
const KM_PER: Readonly<Record<DistanceUnit, number>> = { km: 1, mi: 1.609344, m: 0.001 };
/**
 * A distance column that names its unit. Strong's plain "Distance" (and "Entfernung") does not: it
 * is in the unit system of the file's weights, km beside kg and miles beside lb, as the app shows it.
 */
const UNIT_OF_DISTANCE_COLUMN: Readonly<Record<string, DistanceUnit>> = {
  'distance (meters)': 'm',
  'distance (km)': 'km',
  km: 'km',
  'distance (miles)': 'mi',
  'mi.': 'mi',
  distance_km: 'km',
  distance_miles: 'mi',
};
/** The older Strong export's Distance Unit, lower-cased. */
const DISTANCE_UNIT_NAMES: Readonly<Record<string, DistanceUnit>> = { km: 'km', mi: 'mi', 'mi.': 'mi', miles: 'mi', m: 'm', meters: 'm', metres: 'm' };

/** Strong's rows that are no set, by their Set Order, in its languages. */
const REST_ROW = /^(rest|ruhezeit)/i;
const NOTE_ROW = /^(note|notiz)$/i;
/** Strong's Set Order of a set that is not an ordinary one, upper-cased, in both its spellings. */
const STRONG_SET_KINDS: Readonly<Record<string, SetKind>> = { W: 'warmup', WARM_UP: 'warmup', D: 'drop', DROP: 'drop', DROP_SET: 'drop', F: 'failure', FAILURE: 'failure' };
/** Hevy's set_type values. */
const HEVY_SET_KINDS: Readonly<Record<string, SetKind>> = { normal: 'normal', warmup: 'warmup', dropset: 'drop', failure: 'failure' };
/** Headers in a language that writes decimal commas, which a comma-separated file quotes. */
const DECIMAL_COMMA_COLUMNS = new Set(['gewicht', 'wiederh.', 'entfernung', 'sekunden']);

const LAYOUTS: Readonly<Record<ImportFormat, Layout>> = {
  strong: { format: 'strong', label: 'Strong', header: STRONG_HEADER, columns: STRONG_COLUMNS, required: ['date', 'workout', 'exercise', 'weight', 'reps'] },
  'strong-legacy': {
    format: 'strong-legacy',
    label: 'Strong (older)',
    header: STRONG_LEGACY_HEADER,
    columns: { ...STRONG_COLUMNS, weightUnit: ['weight unit'], distanceUnit: ['distance unit'] },
    required: ['date', 'workout', 'exercise', 'weight', 'weightUnit', 'reps'],
  },
  hevy: {
    format: 'hevy',
    label: 'Hevy',
    header: HEVY_HEADER,
    columns: {
      workout: ['title'],
      date: ['start_time'],
      end: ['end_time'],
      workoutNotes: ['description'],
      exercise: ['exercise_title'],
      exerciseNotes: ['exercise_notes'],
      setType: ['set_type'],
      weight: ['weight_kg', 'weight_lbs'],
      reps: ['reps'],
      distance: ['distance_km', 'distance_miles'],
      seconds: ['duration_seconds'],
      rpe: ['rpe'],
    },
    required: ['workout', 'date', 'exercise', 'weight', 'reps'],
  },
};

/** Which export a header is, or a refusal saying which headers are read. */
function layoutOf(header: readonly string[], delimiter: Delimiter): { layout: Layout; index: Partial<Record<Field, number>> } {
  const names = header.map((name) => name.trim().toLowerCase());
  const has = (name: string) => names.includes(name);
  const strong = [...STRONG_COLUMNS.exercise, ...STRONG_COLUMNS.workout].some(has);
  const format: ImportFormat | null = has('exercise_title') || has('start_time') ? 'hevy' : strong ? (has('weight unit') ? 'strong-legacy' : 'strong') : null;
  if (format === null) {
    const begins = header.join(delimiter).slice(0, 80);
    throw new ImportError(
      1,
      null,
      // the headers themselves are long strings of names a phone cannot break well: their first columns say enough
      `this is not a Strong or Hevy export: it begins "${begins}", where Strong's begins "Date,Workout Name" (or "Workout #") and Hevy's "title,start_time"`,
    );
  }
  const layout = LAYOUTS[format];
  const index: Partial<Record<Field, number>> = {};
  for (const [field, candidates] of Object.entries(layout.columns) as Array<[Field, readonly string[]]>) {
    const found = names.findIndex((name) => candidates.includes(name));
    if (found !== -1) index[field] = found;
  }
  const missing = layout.required.filter((field) => index[field] === undefined);
  if (missing.length > 0) {
    // Strong's other names are its other dialects' and languages': the message names the current export's
    const named = (field: Field) => (layout.format === 'hevy' ? layout.columns[field]! : layout.columns[field]!.slice(0, 1));
    const wanted = missing.map((field) => named(field).map((candidate) => `"${headerSpelling(layout, candidate)}"`).join(' or '));
    throw new ImportError(1, null, `a ${layout.label} export has the column ${wanted.join(', ')}; this header has none. Expected "${layout.header}"`);
  }
  return { layout, index };
}

/** The exporter's own spelling of a column, for messages. */
function headerSpelling(layout: Layout, lower: string): string {
  const separator = layout.format === 'strong-legacy' ? ';' : ',';
  return layout.header.split(separator).find((name) => name.toLowerCase() === lower) ?? lower;
}

// ---- values ----

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ISO_WALL = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DAY_MONTH_WALL = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/;

type Wall = { readonly date: string; readonly wall: string; readonly ms: number };

/** A local date and time as exporters write it: `2024-03-05 07:12:44` (Strong), `26 Jul 2025, 07:06` (Hevy). */
export function parseWallTime(text: string): Wall | null {
  const trimmed = text.trim();
  let parts: number[] | null = null;
  const iso = ISO_WALL.exec(trimmed);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)];
  const spelled = DAY_MONTH_WALL.exec(trimmed);
  if (spelled) {
    const month = MONTHS.indexOf(spelled[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month === 0) return null;
    parts = [Number(spelled[3]), month, Number(spelled[1]), Number(spelled[4]), Number(spelled[5]), Number(spelled[6] ?? 0)];
  }
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  if (year < 1900 || year > 2999 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  const iso8601 = back.toISOString();
  return { date: iso8601.slice(0, 10), wall: iso8601.slice(0, 19), ms };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Whether `timeZone` is a zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone` is ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time (given as if it were UTC) names in `timeZone`: a time the clocks
 * skipped moves forward by the change, one they passed twice is the first of the two.
 */
export function zonedInstant(wallMs: number, timeZone: string): string {
  const first = wallMs - offsetAt(wallMs, timeZone);
  const second = wallMs - offsetAt(first, timeZone);
  // the second guess shows the wall time unless the clocks skipped it; then the first is later
  return new Date(wallMs - offsetAt(second, timeZone) === second ? second : Math.max(first, second)).toISOString();
}

/** `1h 5m`, `45m`, `30s`, `1h 2m 3s` (Strong's Duration), in seconds; null when empty. */
export function parseDuration(text: string): number | null | 'bad' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i.exec(trimmed);
  if (!match || (match[1] === undefined && match[2] === undefined && match[3] === undefined)) return 'bad';
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/** A plain decimal (`102.5`; `102,5` in a `;` file or a language that writes it so); null when empty. */
function parseDecimal(text: string, decimalComma: boolean): number | null | 'bad' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normal = decimalComma ? trimmed.replace(/^(\d+),(\d+)$/, '$1.$2') : trimmed;
  if (!/^\+?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return 'bad';
  return Number(normal);
}

// ---- rows ----

type Grouped = {
  line: number;
  name: string;
  start: Wall;
  end: Wall | null;
  durationS: number | null;
  workoutNotes: string;
  notes: string[];
  sets: ImportedSet[];
  perExercise: Map<string, number>;
  /** cardio rows so far per exercise, lower-cased: a session's place in its identity */
  cardioPerExercise: Map<string, number>;
};

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

  const finished: ImportedWorkout[] = [];
  for (const workout of workouts.values()) {
    // a workout of rows that were all left out holds nothing to import
    if (workout.sets.length === 0) continue;
    const endMs = workout.end ? Math.max(workout.end.ms, workout.start.ms) : workout.start.ms + (workout.durationS ?? 0) * 1000;
    let notes = [workout.workoutNotes, ...workout.notes].filter(Boolean).join('\n');
    if (notes.length > NOTES_LIMIT) {
      notes = `${notes.slice(0, NOTES_LIMIT - 1).replace(/[\ud800-\udbff]$/, '')}…`;
      skipped.push({ line: workout.line, reason: `the notes of ${workout.name || 'this workout'} are longer than ${NOTES_LIMIT} characters and were cut` });
    }
    finished.push({
      line: workout.line,
      name: workout.name,
      date: workout.start.date,
      start: workout.start.wall,
      startedAt: zonedInstant(workout.start.ms, options.timeZone),
      finishedAt: zonedInstant(endMs, options.timeZone),
      notes,
      sets: workout.sets,
    });
  }
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

function addNote(workout: Grouped, note: string): void {
  if (!workout.notes.includes(note)) workout.notes.push(note);
}
