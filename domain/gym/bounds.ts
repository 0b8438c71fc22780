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

export const CARDIO_BOUNDS = {
  minutes: [0.5, 1440],
  /** kilometres, from 0 */
  distanceKm: 1000,
  /** whole calories, from 0 */
  calories: 20000,
  /** the machine's whole level, from 0 */
  level: 100,
} as const;
