import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';
import { dateSchema } from '../shared/calendar.ts';
import { textSchema } from '../shared/text.ts';
import { CARDIO_BOUNDS, PLAN_BOUNDS, SET_BOUNDS } from './bounds.ts';

/**
 * A user's exercises, plans, cardio machines with their logs, and body weight: one stream per user,
 * so name uniqueness, "exactly one active plan", the plan-slot restrict and the machine restrict
 * are all decided on one folded state and serialised by the stream's expected revision.
 */
export const LIBRARY_STREAM_PREFIX = 'gym.library-';
export const libraryStream = (userId: string): string => `${LIBRARY_STREAM_PREFIX}${userId}`;

/** Calendar date as the client sends it; checked to be a real date, not only the shape. */
export { dateSchema };
/** Kilograms as a JSON number (double): the server never rounds what the client converted. */
export const kgSchema = z.number().min(0).max(SET_BOUNDS.kg);
export const exerciseNameSchema = textSchema.trim().min(1).max(SET_BOUNDS.name);
export const exerciseFieldsSchema = z.object({
  code: textSchema.trim().max(32).nullable(),
  machineNumber: textSchema.trim().max(32).nullable(),
  libraryId: textSchema.trim().max(100).nullable(),
});
export const slotSchema = z.object({
  id: z.string(),
  exerciseId: z.string(),
  targetSets: z.number().int().min(PLAN_BOUNDS.sets[0]).max(PLAN_BOUNDS.sets[1]),
  repMin: z.number().int().min(PLAN_BOUNDS.reps[0]).max(PLAN_BOUNDS.reps[1]),
  repMax: z.number().int().min(PLAN_BOUNDS.reps[0]).max(PLAN_BOUNDS.reps[1]),
  note: textSchema.max(500).nullable(),
});
export const daySchema = z.object({ id: z.string(), title: textSchema.max(100).nullable(), slots: z.array(slotSchema) });
export const planBodySchema = z.object({ name: textSchema.trim().min(1).max(100), startDate: dateSchema, days: z.array(daySchema) });
export const machineNameSchema = textSchema.trim().min(1).max(100);
export const cardioFieldsSchema = z.object({
  machineId: z.string(),
  date: dateSchema,
  minutes: z.number().min(CARDIO_BOUNDS.minutes[0]).max(CARDIO_BOUNDS.minutes[1]),
  distanceKm: z.number().min(0).max(CARDIO_BOUNDS.distanceKm).nullable(),
  calories: z.number().int().min(0).max(CARDIO_BOUNDS.calories).nullable(),
  level: z.number().int().min(0).max(CARDIO_BOUNDS.level).nullable(),
});

// Events as recorded: a payload already in a log always parses, so these stay as loose as the
// schemas that accepted it; the bounds above hold for new commands.
const recordedFields = z.object({ code: z.string().nullable(), machineNumber: z.string().nullable(), libraryId: z.string().nullable() });
const exerciseCreated = recordedFields.extend({ id: z.string(), name: z.string() });
const exerciseChanged = recordedFields.partial().extend({ id: z.string(), name: z.string().optional() });
const exerciseDeleted = z.object({ id: z.string() });
/** a tick admitted the exercise into a workout that held no set of it (see ExerciseUse) */
const exerciseUsed = z.object({ id: z.string(), workoutId: z.string() });
/** `filled` are the fields B took from A because B's were blank */
const exerciseMerged = z.object({ fromId: z.string(), intoId: z.string(), filled: recordedFields.partial() });
const recordedSlot = slotSchema.extend({ note: z.string().nullable() });
const recordedDay = daySchema.extend({ title: z.string().nullable(), slots: z.array(recordedSlot) });
const planWritten = z.object({ id: z.string(), name: z.string(), startDate: z.string(), days: z.array(recordedDay) });
const planDuplicated = planWritten.extend({ sourceId: z.string() });
const planId = z.object({ id: z.string() });
const machineAdded = z.object({ id: z.string(), name: z.string() });
const cardioLogged = cardioFieldsSchema.extend({ id: z.string(), date: z.string() });
const bodyweightRecorded = z.object({ date: z.string(), kg: z.number() });
const bodyweightRemoved = z.object({ date: z.string() });

export type ExerciseFields = z.infer<typeof exerciseFieldsSchema>;
export type Exercise = ExerciseFields & { readonly id: string; readonly name: string };
export type PlanSlot = z.infer<typeof slotSchema>;
export type PlanDay = z.infer<typeof daySchema>;
export type PlanBody = z.infer<typeof planBodySchema>;
export type Plan = PlanBody & { readonly id: string };
export type CardioFields = z.infer<typeof cardioFieldsSchema>;

export type LibraryEvent =
  | DomainEvent<'exercise-created', z.infer<typeof exerciseCreated>>
  | DomainEvent<'exercise-changed', z.infer<typeof exerciseChanged>>
  | DomainEvent<'exercise-deleted', z.infer<typeof exerciseDeleted>>
  | DomainEvent<'exercise-used', z.infer<typeof exerciseUsed>>
  | DomainEvent<'exercise-merged', z.infer<typeof exerciseMerged>>
  | DomainEvent<'plan-created', z.infer<typeof planWritten>>
  | DomainEvent<'plan-revised', z.infer<typeof planWritten>>
  | DomainEvent<'plan-duplicated', z.infer<typeof planDuplicated>>
  | DomainEvent<'plan-activated', z.infer<typeof planId>>
  | DomainEvent<'plan-deleted', z.infer<typeof planId>>
  | DomainEvent<'machine-added', z.infer<typeof machineAdded>>
  | DomainEvent<'machine-renamed', z.infer<typeof machineAdded>>
  | DomainEvent<'machine-removed', z.infer<typeof planId>>
  | DomainEvent<'cardio-logged', z.infer<typeof cardioLogged>>
  | DomainEvent<'cardio-log-changed', z.infer<typeof cardioLogged>>
  | DomainEvent<'cardio-log-removed', z.infer<typeof planId>>
  | DomainEvent<'bodyweight-recorded', z.infer<typeof bodyweightRecorded>>
  | DomainEvent<'bodyweight-removed', z.infer<typeof bodyweightRemoved>>;

/**
 * Where an exercise's sets may be, as far as the library knows: sets live in workout streams, so
 * a tick that brings an exercise into a workout holding none of it first appends `exercise-used`
 * here, with the library's revision; a deletion visits these workouts and appends with the
 * revision it read, so one of the two sees the other (docs/design.md, "Workout log").
 */
export type ExerciseUse = {
  /** `exercise-used` and merges into it so far: a deletion that saw another count must look again */
  readonly count: number;
  readonly workoutIds: readonly string[];
  /** exercises merged into this one, whose sets in a workout are moving to it */
  readonly absorbed: readonly string[];
};

export type LibraryState = {
  readonly exercises: Readonly<Record<string, Exercise>>;
  readonly uses: Readonly<Record<string, ExerciseUse>>;
  /** plans in creation order */
  readonly plans: Readonly<Record<string, Plan>>;
  readonly activePlanId: string | null;
  readonly machines: Readonly<Record<string, { readonly id: string; readonly name: string }>>;
  readonly cardioLogs: Readonly<Record<string, CardioFields & { readonly id: string }>>;
  readonly bodyweights: Readonly<Record<string, number>>;
};

export const initialLibraryState: LibraryState = { exercises: {}, uses: {}, plans: {}, activePlanId: null, machines: {}, cardioLogs: {}, bodyweights: {} };

function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

const NO_USE: ExerciseUse = { count: 0, workoutIds: [], absorbed: [] };
export const useOf = (state: LibraryState, exerciseId: string): ExerciseUse => state.uses[exerciseId] ?? NO_USE;
const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

const repointDays = (days: readonly PlanDay[], fromId: string, intoId: string): PlanDay[] =>
  days.map((day) => ({ ...day, slots: day.slots.map((slot) => (slot.exerciseId === fromId ? { ...slot, exerciseId: intoId } : slot)) }));

export function evolveLibrary(state: LibraryState, event: LibraryEvent): LibraryState {
  switch (event.type) {
    case 'exercise-created':
      return { ...state, exercises: { ...state.exercises, [event.data.id]: { ...event.data } } };
    case 'exercise-changed': {
      const current = state.exercises[event.data.id];
      if (!current) return state;
      const changed = Object.fromEntries(Object.entries(event.data).filter(([, value]) => value !== undefined));
      return { ...state, exercises: { ...state.exercises, [current.id]: { ...current, ...changed } } };
    }
    case 'exercise-deleted':
      return { ...state, exercises: without(state.exercises, event.data.id), uses: without(state.uses, event.data.id) };
    case 'exercise-used': {
      const use = useOf(state, event.data.id);
      return { ...state, uses: { ...state.uses, [event.data.id]: { ...use, count: use.count + 1, workoutIds: union(use.workoutIds, [event.data.workoutId]) } } };
    }
    case 'exercise-merged': {
      const { fromId, intoId, filled } = event.data;
      const into = state.exercises[intoId];
      if (!into) return state;
      const plans = Object.fromEntries(Object.entries(state.plans).map(([id, plan]) => [id, { ...plan, days: repointDays(plan.days, fromId, intoId) }]));
      const [from, to] = [useOf(state, fromId), useOf(state, intoId)];
      const use = { count: to.count + from.count + 1, workoutIds: union(to.workoutIds, from.workoutIds), absorbed: union(to.absorbed, [fromId, ...from.absorbed]) };
      return {
        ...state,
        plans,
        exercises: { ...without(state.exercises, fromId), [intoId]: { ...into, ...filled } },
        uses: { ...without(state.uses, fromId), [intoId]: use },
      };
    }
    case 'plan-created':
    case 'plan-duplicated': {
      const { id, name, startDate, days } = event.data;
      return { ...state, plans: { ...state.plans, [id]: { id, name, startDate, days } } };
    }
    case 'plan-revised': {
      const { id, name, startDate, days } = event.data;
      return { ...state, plans: { ...state.plans, [id]: { id, name, startDate, days } } };
    }
    case 'plan-activated':
      return { ...state, activePlanId: event.data.id };
    case 'plan-deleted':
      return {
        ...state,
        plans: without(state.plans, event.data.id),
        activePlanId: state.activePlanId === event.data.id ? null : state.activePlanId,
      };
    case 'machine-added':
    case 'machine-renamed':
      return { ...state, machines: { ...state.machines, [event.data.id]: { ...event.data } } };
    case 'machine-removed':
      return { ...state, machines: without(state.machines, event.data.id) };
    case 'cardio-logged':
    case 'cardio-log-changed':
      return { ...state, cardioLogs: { ...state.cardioLogs, [event.data.id]: { ...event.data } } };
    case 'cardio-log-removed':
      return { ...state, cardioLogs: without(state.cardioLogs, event.data.id) };
    case 'bodyweight-recorded':
      return { ...state, bodyweights: { ...state.bodyweights, [event.data.date]: event.data.kg } };
    case 'bodyweight-removed':
      return { ...state, bodyweights: without(state.bodyweights, event.data.date) };
    default:
      return assertNever(event);
  }
}

const parsers: { readonly [T in LibraryEvent['type']]: z.ZodType<Extract<LibraryEvent, { type: T }>['data']> } = {
  'exercise-created': exerciseCreated,
  'exercise-changed': exerciseChanged,
  'exercise-deleted': exerciseDeleted,
  'exercise-used': exerciseUsed,
  'exercise-merged': exerciseMerged,
  'plan-created': planWritten,
  'plan-revised': planWritten,
  'plan-duplicated': planDuplicated,
  'plan-activated': planId,
  'plan-deleted': planId,
  'machine-added': machineAdded,
  'machine-renamed': machineAdded,
  'machine-removed': planId,
  'cardio-logged': cardioLogged,
  'cardio-log-changed': cardioLogged,
  'cardio-log-removed': planId,
  'bodyweight-recorded': bodyweightRecorded,
  'bodyweight-removed': bodyweightRemoved,
};

const isLibraryEventType = (type: string): type is LibraryEvent['type'] => Object.hasOwn(parsers, type);

export function parseLibraryEvent(type: string, data: unknown, schemaVersion: number): LibraryEvent {
  if (schemaVersion !== 1 || !isLibraryEventType(type)) throw new Error(`unknown gym library event ${type} v${schemaVersion}`);
  return { type, data: parsers[type].parse(data) } as LibraryEvent;
}

export const libraryAggregate: Aggregate<LibraryState, LibraryEvent> = {
  initialState: initialLibraryState,
  evolve: evolveLibrary,
  parse: parseLibraryEvent,
  schemaVersion: 1,
};

/** Case-insensitive, as the spec's "name unique per user" means it. */
export const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

export const usedBySlot = (state: LibraryState, exerciseId: string): boolean =>
  Object.values(state.plans).some((plan) => plan.days.some((day) => day.slots.some((slot) => slot.exerciseId === exerciseId)));
