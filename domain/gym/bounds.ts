// How large a plan and a cardio session may be: the API's schemas enforce these, the app's forms state
// them (and the plan templates keep within them). No imports, so the client can say them without
// loading the validation library.

export const PLAN_BOUNDS = {
  /** days in a plan */
  days: 14,
  /** exercises (slots) in a day */
  slotsPerDay: 30,
  /** target sets of a slot, lowest and highest */
  sets: [1, 20],
  /** a slot's rep range, lowest and highest */
  reps: [1, 100],
} as const;

/** A logged set and the names and notes around it: the API's schemas and the CSV import both hold to these. */
export const SET_BOUNDS = {
  /** set numbers 1.. this, per exercise in a workout */
  setNumber: 50,
  reps: 500,
  kg: 1000,
  /** characters of a workout's notes */
  notes: 2000,
  /** characters of one set's note */
  setNote: 500,
  /** characters of a workout's title */
  title: 100,
  /** characters of an exercise's name */
  name: 100,
} as const;

export const CARDIO_BOUNDS = {
  minutes: [0.5, 1440],
  /** kilometres, from 0 */
  distanceKm: 1000,
  /** whole calories, from 0 */
  calories: 20000,
  /** the machine's whole level, from 0 */
  level: 100,
} as const;

/** POST /api/import: how large an export may be, so one request cannot hold the service for long. */
export const IMPORT_BOUNDS = {
  /** the request body, the CSV inside its JSON */
  bytes: 5 * 1024 * 1024,
  /** rows after the header, blank lines not counted */
  rows: 20_000,
  /** imports (dry runs included) per user in `windowMinutes` */
  requests: 30,
  windowMinutes: 10,
} as const;
