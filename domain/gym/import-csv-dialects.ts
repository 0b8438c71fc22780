import type { Delimiter } from '../shared/csv.ts';
import { type ImportFormat, ImportError } from './imported-file.ts';
import type { SetKind } from './set-kind.ts';
import type { EnteredUnit } from './workout.ts';

export type Field =
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

export type Layout = {
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
export const UNIT_OF_WEIGHT_COLUMN: Readonly<Record<string, EnteredUnit>> = { 'weight (kg)': 'kg', kg: 'kg', 'weight (lbs)': 'lb', lbs: 'lb' };

export type DistanceUnit = 'km' | 'mi' | 'm';
export const KM_PER: Readonly<Record<DistanceUnit, number>> = { km: 1, mi: 1.609344, m: 0.001 };
/**
 * A distance column that names its unit. Strong's plain "Distance" (and "Entfernung") does not: it
 * is in the unit system of the file's weights, km beside kg and miles beside lb, as the app shows it.
 */
export const UNIT_OF_DISTANCE_COLUMN: Readonly<Record<string, DistanceUnit>> = {
  'distance (meters)': 'm',
  'distance (km)': 'km',
  km: 'km',
  'distance (miles)': 'mi',
  'mi.': 'mi',
  distance_km: 'km',
  distance_miles: 'mi',
};
/** The older Strong export's Distance Unit, lower-cased. */
export const DISTANCE_UNIT_NAMES: Readonly<Record<string, DistanceUnit>> = { km: 'km', mi: 'mi', 'mi.': 'mi', miles: 'mi', m: 'm', meters: 'm', metres: 'm' };

/** Strong's rows that are no set, by their Set Order, in its languages. */
export const REST_ROW = /^(rest|ruhezeit)/i;
export const NOTE_ROW = /^(note|notiz)$/i;
/** Strong's Set Order of a set that is not an ordinary one, upper-cased, in both its spellings. */
export const STRONG_SET_KINDS: Readonly<Record<string, SetKind>> = { W: 'warmup', WARM_UP: 'warmup', D: 'drop', DROP: 'drop', DROP_SET: 'drop', F: 'failure', FAILURE: 'failure' };
/** Hevy's set_type values. */
export const HEVY_SET_KINDS: Readonly<Record<string, SetKind>> = { normal: 'normal', warmup: 'warmup', dropset: 'drop', failure: 'failure' };
/** Headers in a language that writes decimal commas, which a comma-separated file quotes. */
export const DECIMAL_COMMA_COLUMNS = new Set(['gewicht', 'wiederh.', 'entfernung', 'sekunden']);

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
export function layoutOf(header: readonly string[], delimiter: Delimiter): { layout: Layout; index: Partial<Record<Field, number>> } {
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
