import { assertNever, DomainError } from '../shared/events.ts';
import { futureDateProblem } from './bodyweight.ts';
import {
  type CardioFields,
  evolveLibrary,
  type ExerciseFields,
  type LibraryEvent,
  type LibraryState,
  type Plan,
  type PlanDay,
  sameName,
  usedBySlot,
  useOf,
} from './library.ts';

/** A plan as a client writes it: days and slots without an id are new. */
export type PlanDraft = {
  readonly name: string;
  readonly startDate: string;
  readonly days: ReadonlyArray<{
    readonly id?: string | undefined;
    readonly title?: string | null | undefined;
    readonly slots: ReadonlyArray<{
      readonly id?: string | undefined;
      readonly exerciseId: string;
      readonly targetSets: number;
      readonly repMin: number;
      readonly repMax: number;
      readonly note?: string | null | undefined;
    }>;
  }>;
};

export type LibraryCommand =
  | { readonly type: 'create-exercise'; readonly id: string; readonly name: string; readonly fields: ExerciseFields }
  | { readonly type: 'change-exercise'; readonly id: string; readonly name?: string | undefined; readonly fields: Partial<ExerciseFields> }
  /** admits the exercise into a workout that holds no set of it; refused once the exercise is gone */
  | { readonly type: 'use-exercise'; readonly id: string; readonly workoutId: string }
  /**
   * One workout of an import: creates the exercises of `create` that have no namesake (any case)
   * yet, then admits `use` into the workout, as a first tick would each.
   */
  | { readonly type: 'import-exercises'; readonly workoutId: string; readonly create: ReadonlyArray<{ readonly id: string; readonly name: string }>; readonly use: readonly string[] }
  /**
   * The caller visited the workouts of `useOf(state, id)` as it stood at `seenCount` and found no
   * set there (sets live in the workouts' streams); another use since then means looking again.
   */
  | { readonly type: 'delete-exercise'; readonly id: string; readonly seenCount: number }
  | { readonly type: 'merge-exercises'; readonly fromId: string; readonly intoId: string }
  | { readonly type: 'create-plan'; readonly id: string; readonly draft: PlanDraft; readonly newId: () => string }
  | { readonly type: 'revise-plan'; readonly id: string; readonly changes: Partial<PlanDraft>; readonly activate: boolean; readonly newId: () => string }
  | { readonly type: 'duplicate-plan'; readonly sourceId: string; readonly id: string; readonly startDate: string; readonly name: string | null; readonly newId: () => string }
  | { readonly type: 'delete-plan'; readonly id: string }
  | { readonly type: 'add-machine'; readonly id: string; readonly name: string }
  | { readonly type: 'rename-machine'; readonly id: string; readonly name: string }
  | { readonly type: 'remove-machine'; readonly id: string }
  | { readonly type: 'log-cardio'; readonly id: string; readonly fields: CardioFields }
  | { readonly type: 'change-cardio-log'; readonly id: string; readonly fields: Partial<CardioFields> }
  | { readonly type: 'remove-cardio-log'; readonly id: string }
  /** `now`: the server's clock (ISO 8601), which limits the date (bodyweight.ts) */
  | { readonly type: 'record-bodyweight'; readonly date: string; readonly kg: number; readonly now: string }
  | { readonly type: 'remove-bodyweight'; readonly date: string };

const notFound = (what: string): DomainError => new DomainError('NOT_FOUND', `${what} not found`);
const invalid = (field: string, message: string): DomainError => new DomainError('VALIDATION_FAILED', `${field}: ${message}`);

function findExercise(state: LibraryState, id: string) {
  const exercise = state.exercises[id];
  if (!exercise) throw notFound('Exercise');
  return exercise;
}

function createExercise(command: Extract<LibraryCommand, { type: 'create-exercise' }>, state: LibraryState): LibraryEvent[] {
  // the existing exercise of that name is the answer, not a conflict
  if (Object.values(state.exercises).some((exercise) => sameName(exercise.name, command.name))) return [];
  return [{ type: 'exercise-created', data: { id: command.id, name: command.name, ...command.fields } }];
}

function changeExercise(command: Extract<LibraryCommand, { type: 'change-exercise' }>, state: LibraryState): LibraryEvent[] {
  const current = findExercise(state, command.id);
  const { name } = command;
  if (name !== undefined && Object.values(state.exercises).some((other) => other.id !== current.id && sameName(other.name, name))) {
    throw new DomainError('NAME_TAKEN', 'Another exercise has that name; merge them instead');
  }
  const changed: Record<string, string | null> = {};
  if (name !== undefined && name !== current.name) changed.name = name;
  for (const key of ['code', 'machineNumber', 'libraryId'] as const) {
    const value = command.fields[key];
    if (value !== undefined && value !== current[key]) changed[key] = value;
  }
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'exercise-changed', data: { id: current.id, ...changed } }];
}

function deleteExercise(command: Extract<LibraryCommand, { type: 'delete-exercise' }>, state: LibraryState): LibraryEvent[] {
  findExercise(state, command.id);
  if (usedBySlot(state, command.id)) throw new DomainError('IN_USE', 'A plan uses this exercise; remove it from the plan first');
  if (useOf(state, command.id).count !== command.seenCount) throw new DomainError('USED_MEANWHILE', 'The exercise was used while it was being deleted');
  return [{ type: 'exercise-deleted', data: { id: command.id } }];
}

/** A field cleared by sending an empty string is as blank as one never set. */
const isBlank = (value: string | null): value is null | '' => value === null || value === '';

function mergeExercises(command: Extract<LibraryCommand, { type: 'merge-exercises' }>, state: LibraryState): LibraryEvent[] {
  const from = findExercise(state, command.fromId);
  const into = state.exercises[command.intoId];
  if (!into) throw invalid('body.intoId', 'no such exercise');
  if (from.id === into.id) throw invalid('body.intoId', 'an exercise cannot be merged into itself');
  const filled: Partial<ExerciseFields> = {};
  for (const key of ['code', 'machineNumber', 'libraryId'] as const) {
    const value = from[key];
    if (isBlank(into[key]) && !isBlank(value)) filled[key] = value;
  }
  return [{ type: 'exercise-merged', data: { fromId: from.id, intoId: into.id, filled } }];
}

/** Gives new days and slots fresh ids and keeps the ids of those the plan already has. */
function resolveDays(draft: PlanDraft, state: LibraryState, existing: Plan | null, newId: () => string): PlanDay[] {
  const dayIds = new Set(existing?.days.map((day) => day.id));
  const slotIds = new Set(existing?.days.flatMap((day) => day.slots.map((slot) => slot.id)));
  const seen = new Set<string>();
  return draft.days.map((day, d) => {
    if (day.id !== undefined && (!dayIds.has(day.id) || seen.has(day.id))) throw invalid(`body.days.${d}.id`, 'not a day of this plan');
    if (day.id) seen.add(day.id);
    return {
      id: day.id ?? newId(),
      title: day.title ?? null,
      slots: day.slots.map((slot, s) => {
        const field = `body.days.${d}.slots.${s}`;
        if (slot.id !== undefined && (!slotIds.has(slot.id) || seen.has(slot.id))) throw invalid(`${field}.id`, 'not a slot of this plan');
        if (slot.id) seen.add(slot.id);
        if (!state.exercises[slot.exerciseId]) throw invalid(`${field}.exerciseId`, 'no such exercise');
        if (slot.repMin > slot.repMax) throw invalid(`${field}.repMin`, 'must not be above repMax');
        return {
          id: slot.id ?? newId(),
          exerciseId: slot.exerciseId,
          targetSets: slot.targetSets,
          repMin: slot.repMin,
          repMax: slot.repMax,
          note: slot.note ?? null,
        };
      }),
    };
  });
}

function createPlan(command: Extract<LibraryCommand, { type: 'create-plan' }>, state: LibraryState): LibraryEvent[] {
  const days = resolveDays(command.draft, state, null, command.newId);
  return [
    { type: 'plan-created', data: { id: command.id, name: command.draft.name, startDate: command.draft.startDate, days } },
    // a new block replaces the running one: exactly one plan is active
    { type: 'plan-activated', data: { id: command.id } },
  ];
}

function revisePlan(command: Extract<LibraryCommand, { type: 'revise-plan' }>, state: LibraryState): LibraryEvent[] {
  const plan = state.plans[command.id];
  if (!plan) throw notFound('Plan');
  const events: LibraryEvent[] = [];
  const { name = plan.name, startDate = plan.startDate, days: draftDays } = command.changes;
  const days = draftDays ? resolveDays({ name, startDate, days: draftDays }, state, plan, command.newId) : plan.days;
  const revised = { id: plan.id, name, startDate, days };
  if (JSON.stringify(revised) !== JSON.stringify(plan)) events.push({ type: 'plan-revised', data: revised });
  if (command.activate && state.activePlanId !== plan.id) events.push({ type: 'plan-activated', data: { id: plan.id } });
  return events;
}

function duplicatePlan(command: Extract<LibraryCommand, { type: 'duplicate-plan' }>, state: LibraryState): LibraryEvent[] {
  const source = state.plans[command.sourceId];
  if (!source) throw notFound('Plan');
  const days = source.days.map((day) => ({ ...day, id: command.newId(), slots: day.slots.map((slot) => ({ ...slot, id: command.newId() })) }));
  return [
    { type: 'plan-duplicated', data: { id: command.id, sourceId: source.id, name: command.name ?? source.name, startDate: command.startDate, days } },
    { type: 'plan-activated', data: { id: command.id } },
  ];
}

/** The plan that takes over when the active one goes: the latest block, by start date then age. */
function successor(state: LibraryState, removedId: string): Plan | undefined {
  const rest = Object.values(state.plans).filter((plan) => plan.id !== removedId);
  return rest.reduce<Plan | undefined>((best, plan) => (!best || plan.startDate >= best.startDate ? plan : best), undefined);
}

function deletePlan(command: Extract<LibraryCommand, { type: 'delete-plan' }>, state: LibraryState): LibraryEvent[] {
  if (!state.plans[command.id]) throw notFound('Plan');
  const events: LibraryEvent[] = [{ type: 'plan-deleted', data: { id: command.id } }];
  const next = state.activePlanId === command.id ? successor(state, command.id) : undefined;
  if (next) events.push({ type: 'plan-activated', data: { id: next.id } });
  return events;
}

function machineNameTaken(state: LibraryState, name: string, except: string | null): boolean {
  return Object.values(state.machines).some((machine) => machine.id !== except && sameName(machine.name, name));
}

function decideMachine(
  command: Extract<LibraryCommand, { type: 'add-machine' | 'rename-machine' | 'remove-machine' }>,
  state: LibraryState,
): LibraryEvent[] {
  const taken = new DomainError('NAME_TAKEN', 'You have a machine of that name already');
  switch (command.type) {
    case 'add-machine':
      if (machineNameTaken(state, command.name, null)) throw taken;
      return [{ type: 'machine-added', data: { id: command.id, name: command.name } }];
    case 'rename-machine': {
      const machine = state.machines[command.id];
      if (!machine) throw notFound('Machine');
      if (machineNameTaken(state, command.name, machine.id)) throw taken;
      return machine.name === command.name ? [] : [{ type: 'machine-renamed', data: { id: machine.id, name: command.name } }];
    }
    case 'remove-machine':
      if (!state.machines[command.id]) throw notFound('Machine');
      if (Object.values(state.cardioLogs).some((log) => log.machineId === command.id)) {
        throw new DomainError('IN_USE', 'Sessions are logged on this machine; delete them first');
      }
      return [{ type: 'machine-removed', data: { id: command.id } }];
    default:
      return assertNever(command);
  }
}

function decideCardio(
  command: Extract<LibraryCommand, { type: 'log-cardio' | 'change-cardio-log' | 'remove-cardio-log' }>,
  state: LibraryState,
): LibraryEvent[] {
  switch (command.type) {
    case 'log-cardio':
      if (!state.machines[command.fields.machineId]) throw invalid('body.machineId', 'no such machine');
      return [{ type: 'cardio-logged', data: { id: command.id, ...command.fields } }];
    case 'change-cardio-log': {
      const log = state.cardioLogs[command.id];
      if (!log) throw notFound('Cardio log');
      const machineId = command.fields.machineId;
      if (machineId !== undefined && !state.machines[machineId]) throw invalid('body.machineId', 'no such machine');
      const changed = { ...log, ...Object.fromEntries(Object.entries(command.fields).filter(([, value]) => value !== undefined)) };
      return JSON.stringify(changed) === JSON.stringify(log) ? [] : [{ type: 'cardio-log-changed', data: changed }];
    }
    case 'remove-cardio-log':
      if (!state.cardioLogs[command.id]) throw notFound('Cardio log');
      return [{ type: 'cardio-log-removed', data: { id: command.id } }];
    default:
      return assertNever(command);
  }
}

export function decideLibrary(command: LibraryCommand, state: LibraryState): LibraryEvent[] {
  switch (command.type) {
    case 'create-exercise':
      return createExercise(command, state);
    case 'change-exercise':
      return changeExercise(command, state);
    case 'use-exercise':
      findExercise(state, command.id);
      // always appended: the append's expected revision is what orders it against a deletion
      return [{ type: 'exercise-used', data: { id: command.id, workoutId: command.workoutId } }];
    case 'import-exercises': {
      const events: LibraryEvent[] = [];
      let folded = state;
      const fields = { code: null, machineNumber: null, libraryId: null };
      for (const { id, name } of command.create) {
        for (const event of createExercise({ type: 'create-exercise', id, name, fields }, folded)) {
          events.push(event);
          folded = evolveLibrary(folded, event);
        }
      }
      for (const id of command.use) events.push(...decideLibrary({ type: 'use-exercise', id, workoutId: command.workoutId }, folded));
      return events;
    }
    case 'delete-exercise':
      return deleteExercise(command, state);
    case 'merge-exercises':
      return mergeExercises(command, state);
    case 'create-plan':
      return createPlan(command, state);
    case 'revise-plan':
      return revisePlan(command, state);
    case 'duplicate-plan':
      return duplicatePlan(command, state);
    case 'delete-plan':
      return deletePlan(command, state);
    case 'add-machine':
    case 'rename-machine':
    case 'remove-machine':
      return decideMachine(command, state);
    case 'log-cardio':
    case 'change-cardio-log':
    case 'remove-cardio-log':
      return decideCardio(command, state);
    case 'record-bodyweight': {
      const future = futureDateProblem(command.date, new Date(command.now));
      if (future) throw invalid('body.date', future);
      return state.bodyweights[command.date] === command.kg ? [] : [{ type: 'bodyweight-recorded', data: { date: command.date, kg: command.kg } }];
    }
    case 'remove-bodyweight':
      if (state.bodyweights[command.date] === undefined) throw notFound('Body-weight reading');
      return [{ type: 'bodyweight-removed', data: { date: command.date } }];
    default:
      return assertNever(command);
  }
}
