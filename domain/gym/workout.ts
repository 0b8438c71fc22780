import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';
import { textSchema } from '../shared/text.ts';
import { SET_BOUNDS } from './bounds.ts';
import { SET_KINDS, type SetKind } from './set-kind.ts';

/**
 * One workout per stream, named by an id derived from (user, plan day, date): creating it with
 * `no_stream` makes the triple unique, and every tick of its sets is decided on its folded state,
 * so (exercise, set number) is unique inside it.
 *
 * Sets are keyed by their own id, never by (exercise, set number): a merge moves and renumbers
 * sets with a `sets-moved` event on each affected workout's stream, so the aggregate and the read
 * tables change together and a later tick of (B, n) finds the moved set.
 */
export const WORKOUT_STREAM_PREFIX = 'gym.workout-';
export const workoutStream = (workoutId: string): string => `${WORKOUT_STREAM_PREFIX}${workoutId}`;

export const setNumberSchema = z.number().int().min(1).max(SET_BOUNDS.setNumber);
export const repsSchema = z.number().int().min(0).max(SET_BOUNDS.reps);
export const notesSchema = textSchema.max(SET_BOUNDS.notes);
/** rate of perceived exertion, on the usual 1–10 scale in half steps */
export const rpeSchema = z.number().min(1).max(10).multipleOf(0.5);
export const enteredUnitSchema = z.enum(['kg', 'lb']);
export const setKindSchema = z.enum(SET_KINDS);
export const setNoteSchema = textSchema.max(SET_BOUNDS.setNote);
export const workoutTitleSchema = textSchema.max(SET_BOUNDS.title);
export type EnteredUnit = z.infer<typeof enteredUnitSchema>;

const workoutStarted = z.object({ userId: z.string(), planDayId: z.string().nullable(), date: z.string(), startedAt: z.string() });
const workoutFinished = z.object({ at: z.string() });
const empty = z.object({});
const notesChanged = z.object({ notes: z.string() });
const renamed = z.object({ title: z.string() });
const setTickedV1 = z.object({ setId: z.string(), exerciseId: z.string(), setNumber: z.number().int(), kg: z.number(), reps: z.number().int() });
/**
 * Version 2 keeps the unit the weight was typed in (kg stays the one stored value) and an optional
 * RPE. A version 1 tick reads as version 2 with both null: nobody recorded them, and guessing the
 * unit from today's setting would rewrite what the lifter saw then.
 */
const setTickedV2 = setTickedV1.extend({ unit: enteredUnitSchema.nullable(), rpe: z.number().nullable() });
/**
 * Version 3 keeps when the lifter ticked, by the phone's clock (`madeAt`, an ISO instant in UTC,
 * already clamped to the server's clock), so a tick queued offline cannot overwrite a set another
 * device changed after it. Older ticks read as version 3 with null: nobody recorded it, and such a
 * set is overwritten by whichever tick arrives next, as it always was.
 */
const setTicked = setTickedV2.extend({
  madeAt: z.string().nullable(),
  // absent on every tick before set kinds and notes (issue 33): an ordinary set with no note
  kind: setKindSchema.exclude(['normal']).optional(),
  note: z.string().optional(),
});
/** the kind and note are absent when a correction leaves them as they were */
const setCorrected = z.object({
  setId: z.string(),
  kg: z.number(),
  reps: z.number().int(),
  kind: setKindSchema.optional(),
  note: z.string().optional(),
});
/** `madeAt`: when a deletion by place was made (issue 32); an older tick of that place is then refused */
const setRemoved = z.object({ setId: z.string(), madeAt: z.string().nullable().optional() });
/**
 * A deletion by place met no set there: it is recorded all the same, so a tick made before it that
 * arrives later (a second phone's queue) does not bring the set back.
 */
const setPlaceCleared = z.object({ exerciseId: z.string(), setNumber: z.number().int(), madeAt: z.string() });
/** a deletion or merge of the exercise found no set of it here; the revision it takes turns away ticks decided before */
const exerciseCleared = z.object({ exerciseId: z.string() });
const setsMoved = z.object({
  fromExerciseId: z.string(),
  toExerciseId: z.string(),
  moves: z.array(z.object({ setId: z.string(), setNumber: z.number().int() })),
});

export type WorkoutEvent =
  | DomainEvent<'workout-started', z.infer<typeof workoutStarted>>
  | DomainEvent<'workout-finished', z.infer<typeof workoutFinished>>
  | DomainEvent<'workout-reopened', z.infer<typeof empty>>
  | DomainEvent<'workout-notes-changed', z.infer<typeof notesChanged>>
  | DomainEvent<'workout-renamed', z.infer<typeof renamed>>
  | DomainEvent<'workout-deleted', z.infer<typeof empty>>
  | DomainEvent<'set-ticked', z.infer<typeof setTicked>>
  | DomainEvent<'set-corrected', z.infer<typeof setCorrected>>
  | DomainEvent<'set-removed', z.infer<typeof setRemoved>>
  | DomainEvent<'sets-moved', z.infer<typeof setsMoved>>
  | DomainEvent<'exercise-cleared', z.infer<typeof exerciseCleared>>
  | DomainEvent<'set-place-cleared', z.infer<typeof setPlaceCleared>>;

export type LoggedSet = {
  readonly id: string;
  readonly exerciseId: string;
  readonly setNumber: number;
  readonly kg: number;
  readonly reps: number;
  readonly unit: EnteredUnit | null;
  readonly rpe: number | null;
  readonly kind: SetKind;
  /** the lifter's note on this set; '' for none */
  readonly note: string;
  /** when the tick that last wrote this set was made, by the lifter's clock; null when it did not say */
  readonly madeAt: string | null;
};

type SetValueKey = 'setNumber' | 'kg' | 'reps' | 'unit' | 'rpe' | 'kind' | 'note';

/** What a lifter enters for a set, as a tick carries it, out of a set that holds more. */
export const setValuesOf = <S extends Pick<LoggedSet, SetValueKey>>({ setNumber, kg, reps, unit, rpe, kind, note }: S): Pick<S, SetValueKey> =>
  ({ setNumber, kg, reps, unit, rpe, kind, note }) as Pick<S, SetValueKey>;

export type Workout = {
  readonly status: 'open' | 'deleted';
  readonly userId: string;
  readonly planDayId: string | null;
  readonly date: string;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  /** what the lifter called it ('' for none: the plan day's name or the date stands in) */
  readonly title: string;
  readonly notes: string;
  readonly sets: Readonly<Record<string, LoggedSet>>;
  /** per place (`exerciseId:setNumber`), when the latest deletion by place there was made */
  readonly cleared: Readonly<Record<string, string>>;
};

export type WorkoutState = { readonly status: 'none' } | Workout;

export const initialWorkoutState: WorkoutState = { status: 'none' };

export function evolveWorkout(state: WorkoutState, event: WorkoutEvent): WorkoutState {
  if (event.type === 'workout-started') return { status: 'open', ...event.data, finishedAt: null, title: '', notes: '', sets: {}, cleared: {} };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'workout-finished':
      return { ...state, finishedAt: event.data.at };
    case 'workout-reopened':
      return { ...state, finishedAt: null };
    case 'workout-notes-changed':
      return { ...state, notes: event.data.notes };
    case 'workout-renamed':
      return { ...state, title: event.data.title };
    case 'workout-deleted':
      return { ...state, status: 'deleted', sets: {} };
    case 'set-ticked': {
      const { setId, kind, note, ...set } = event.data;
      return { ...state, sets: { ...state.sets, [setId]: { id: setId, ...set, kind: kind ?? 'normal', note: note ?? '' } } };
    }
    case 'set-corrected': {
      const set = state.sets[event.data.setId];
      if (!set) return state;
      const { kg, reps, kind = set.kind, note = set.note } = event.data;
      return { ...state, sets: { ...state.sets, [set.id]: { ...set, kg, reps, kind, note } } };
    }
    case 'set-removed': {
      const removed = state.sets[event.data.setId];
      const sets = { ...state.sets };
      delete sets[event.data.setId];
      const madeAt = event.data.madeAt ?? null;
      return { ...state, sets, cleared: removed && madeAt ? clearedAt(state.cleared ?? {}, placeOf(removed), madeAt) : state.cleared };
    }
    case 'set-place-cleared':
      return { ...state, cleared: clearedAt(state.cleared ?? {}, placeOf(event.data), event.data.madeAt) };
    case 'exercise-cleared':
      return state;
    case 'sets-moved': {
      const sets = { ...state.sets };
      for (const move of event.data.moves) {
        const set = sets[move.setId];
        if (set) sets[set.id] = { ...set, exerciseId: event.data.toExerciseId, setNumber: move.setNumber };
      }
      return { ...state, sets };
    }
    default:
      return assertNever(event);
  }
}

const parsers: { readonly [T in WorkoutEvent['type']]: z.ZodType<Extract<WorkoutEvent, { type: T }>['data']> } = {
  'workout-started': workoutStarted,
  'workout-finished': workoutFinished,
  'workout-reopened': empty,
  'workout-notes-changed': notesChanged,
  'workout-renamed': renamed,
  'workout-deleted': empty,
  'set-ticked': setTicked,
  'set-corrected': setCorrected,
  'set-removed': setRemoved,
  'sets-moved': setsMoved,
  'exercise-cleared': exerciseCleared,
  'set-place-cleared': setPlaceCleared,
};

const isWorkoutEventType = (type: string): type is WorkoutEvent['type'] => Object.hasOwn(parsers, type);

/** the schema version workout events are written with; versions 1 and 2 differ only in `set-ticked` */
export const WORKOUT_SCHEMA_VERSION = 3;

/** Reads a stored workout event of any version as the current one. */
export function parseWorkoutEvent(type: string, data: unknown, schemaVersion: number): WorkoutEvent {
  if (![1, 2, WORKOUT_SCHEMA_VERSION].includes(schemaVersion) || !isWorkoutEventType(type)) {
    throw new Error(`unknown gym workout event ${type} v${schemaVersion}`);
  }
  if (schemaVersion === 1 && type === 'set-ticked') return { type, data: upcastSetTickedV2(upcastSetTicked(setTickedV1.parse(data))) };
  if (schemaVersion === 2 && type === 'set-ticked') return { type, data: upcastSetTickedV2(setTickedV2.parse(data)) };
  return { type, data: parsers[type].parse(data) } as WorkoutEvent;
}

export function upcastSetTicked(v1: z.infer<typeof setTickedV1>): z.infer<typeof setTickedV2> {
  return { ...v1, unit: null, rpe: null };
}

export function upcastSetTickedV2(v2: z.infer<typeof setTickedV2>): z.infer<typeof setTicked> {
  return { ...v2, madeAt: null };
}

export const workoutAggregate: Aggregate<WorkoutState, WorkoutEvent> = {
  initialState: initialWorkoutState,
  evolve: evolveWorkout,
  parse: parseWorkoutEvent,
  schemaVersion: WORKOUT_SCHEMA_VERSION,
};

/** `a` was made after `b`; a command that does not say when it was made is made after nothing */
export function madeLater(a: string | null, b: string | null): boolean {
  if (a === null) return false;
  return b === null || Date.parse(a) > Date.parse(b);
}

export const placeOf = (set: { readonly exerciseId: string; readonly setNumber: number }): string => `${set.exerciseId}:${set.setNumber}`;

/** The later of a place's deletion times. */
function clearedAt(cleared: Readonly<Record<string, string>>, place: string, madeAt: string): Readonly<Record<string, string>> {
  const before = cleared[place];
  return before !== undefined && !madeLater(madeAt, before) ? cleared : { ...cleared, [place]: madeAt };
}
