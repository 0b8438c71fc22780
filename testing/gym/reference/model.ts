// Test support for the gym read side's reference check (reference.int.test.ts): what each command
// of a random sequence does, folded in memory with plain code. Written from spec 000, the routes'
// OpenAPI documents and docs/design.md ("Workout log"), never from the SQL or the projector. The
// server's own values (ids, start and finish times, request ids) are taken from its answers.

export type Unit = 'kg' | 'lb';
/** the international pound, exactly, as GET /home's hint documents it */
export const KG_PER_LB = 0.45359237;
export type Settings = { restTimerSec: number; weeklyGoal: number; weekStart: number; accent: string; unit: Unit; appearance: 'light' | 'dark' };
/** a new account's settings, as GET /me shows them */
export const FIRST_SETTINGS: Settings = { restTimerSec: 90, weeklyGoal: 3, weekStart: 1, accent: 'blue', unit: 'kg', appearance: 'light' };

export type Exercise = { id: string; name: string; code: string | null; machineNumber: string | null; libraryId: string | null };
export type Slot = { id: string; exerciseId: string; targetSets: number; repMin: number; repMax: number; note: string | null };
export type Day = { id: string; title: string | null; slots: Slot[] };
export type Plan = { id: string; name: string; startDate: string; sourceId: string | null; days: Day[]; created: number };
export type SetKind = 'normal' | 'warmup' | 'drop' | 'failure';
export type LoggedSet = { id: string; exerciseId: string; setNumber: number; kg: number; reps: number; unit: Unit | null; rpe: number | null; kind: SetKind; note: string };
/** issue 33: a warm-up counts in no volume, record, estimate or day trained */
export const counted = (set: { kind: SetKind }): boolean => set.kind !== 'warmup';
export type CardioLog = { id: string; machineId: string; date: string; minutes: number; distanceKm: number | null; calories: number | null; level: number | null };

/** One event of a workout's own stream, as the history route tells it. */
export type WorkoutEvent =
  | { type: 'workout-started'; planDayId: string | null; date: string; startedAt: string }
  | { type: 'workout-finished'; at: string }
  | { type: 'workout-reopened' }
  | { type: 'workout-notes-changed'; notes: string }
  | { type: 'workout-renamed'; title: string }
  | { type: 'workout-deleted' }
  | { type: 'set-ticked'; set: LoggedSet }
  | { type: 'set-corrected'; setId: string; kg: number; reps: number; kind: SetKind; note: string }
  | { type: 'set-removed'; setId: string }
  | { type: 'sets-moved'; fromExerciseId: string; toExerciseId: string; moves: Array<{ setId: string; setNumber: number }> }
  | { type: 'exercise-cleared'; exerciseId: string };
export type Logged = { event: WorkoutEvent; requestId: string; device: string | null };

export type WorkoutState =
  | { status: 'none' }
  | { status: 'open' | 'deleted'; planDayId: string | null; date: string; startedAt: string; finishedAt: string | null; title: string; notes: string; sets: LoggedSet[] };

/** A workout: its stream, and whether the day it was started on still exists (a deleted day sets the link to null). */
export type Workout = { id: string; log: Logged[]; linked: boolean };

export type Account = {
  id: string;
  email: string;
  createdAt: string;
  device: string | null;
  settings: Settings;
  exercises: Map<string, Exercise>;
  /** the workouts each exercise entered: a deletion or merge visits them (docs/design.md, issue 12) */
  uses: Map<string, string[]>;
  plans: Map<string, Plan>;
  activePlanId: string | null;
  workouts: Map<string, Workout>;
  /** the workout stream of each (plan day, date) key: POST /sessions is get-or-create on it */
  keys: Map<string, string>;
  bodyweights: Map<string, number>;
  machines: Map<string, { id: string; name: string }>;
  cardioLogs: Map<string, CardioLog>;
  /** every id this account was ever given, in order: what a command's references pick from */
  made: { exercises: string[]; plans: string[]; days: string[]; workouts: string[]; sets: string[]; machines: string[]; cardioLogs: string[] };
  plansCreated: number;
};

export function newAccount(user: { id: string; email: string; createdAt: string }, device: string | null): Account {
  return {
    ...user,
    device,
    settings: { ...FIRST_SETTINGS },
    exercises: new Map(),
    uses: new Map(),
    plans: new Map(),
    activePlanId: null,
    workouts: new Map(),
    keys: new Map(),
    bodyweights: new Map(),
    machines: new Map(),
    cardioLogs: new Map(),
    made: { exercises: [], plans: [], days: [], workouts: [], sets: [], machines: [], cardioLogs: [] },
    plansCreated: 0,
  };
}

/** The workout as its stream folds: the rules of spec 000's "States and transitions". */
export function foldWorkout(log: readonly Logged[]): WorkoutState {
  let state: WorkoutState = { status: 'none' };
  for (const { event } of log) state = evolve(state, event);
  return state;
}

function evolve(state: WorkoutState, event: WorkoutEvent): WorkoutState {
  if (event.type === 'workout-started') {
    return { status: 'open', planDayId: event.planDayId, date: event.date, startedAt: event.startedAt, finishedAt: null, title: '', notes: '', sets: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'workout-finished':
      return { ...state, finishedAt: event.at };
    case 'workout-reopened':
      return { ...state, finishedAt: null };
    case 'workout-notes-changed':
      return { ...state, notes: event.notes };
    case 'workout-renamed':
      return { ...state, title: event.title };
    case 'workout-deleted':
      return { ...state, status: 'deleted', sets: [] };
    case 'set-ticked':
      return { ...state, sets: [...state.sets.filter((set) => set.id !== event.set.id), event.set] };
    case 'set-corrected':
      return { ...state, sets: state.sets.map((set) => (set.id === event.setId ? { ...set, kg: event.kg, reps: event.reps, kind: event.kind, note: event.note } : set)) };
    case 'set-removed':
      return { ...state, sets: state.sets.filter((set) => set.id !== event.setId) };
    case 'sets-moved':
      return {
        ...state,
        sets: state.sets.map((set) => {
          const move = event.moves.find((m) => m.setId === set.id);
          return move ? { ...set, exerciseId: event.toExerciseId, setNumber: move.setNumber } : set;
        }),
      };
    case 'exercise-cleared':
      return state;
  }
}

/** A workout that exists now (started, not deleted), with its sets. */
export type LiveWorkout = {
  id: string;
  planDayId: string | null;
  date: string;
  startedAt: string;
  finishedAt: string | null;
  title: string;
  notes: string;
  sets: LoggedSet[];
  dayId: string | null;
};

export function liveWorkout(workout: Workout): LiveWorkout | null {
  const state = foldWorkout(workout.log);
  if (state.status !== 'open') return null;
  return { id: workout.id, ...state, dayId: workout.linked ? state.planDayId : null };
}

export const liveWorkouts = (account: Account): LiveWorkout[] => [...account.workouts.values()].flatMap((w) => liveWorkout(w) ?? []);

export const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

export const dayOf = (account: Account, dayId: string): { plan: Plan; day: Day; ordinal: number } | null => {
  for (const plan of account.plans.values()) {
    const index = plan.days.findIndex((day) => day.id === dayId);
    if (index >= 0) return { plan, day: plan.days[index]!, ordinal: index + 1 };
  }
  return null;
};

export const setOf = (account: Account, setId: string): { workout: LiveWorkout; set: LoggedSet } | null => {
  for (const workout of liveWorkouts(account)) {
    const set = workout.sets.find((s) => s.id === setId);
    if (set) return { workout, set };
  }
  return null;
};

/** Days a plan no longer has: the workouts started on them keep what was lifted and lose the link. */
export function unlinkDays(account: Account, dayIds: readonly string[]): void {
  for (const workout of account.workouts.values()) {
    const state = foldWorkout(workout.log);
    if (state.status !== 'none' && state.planDayId !== null && dayIds.includes(state.planDayId)) workout.linked = false;
  }
}

/** Appends to a workout's stream, creating the workout the first time. */
export function append(account: Account, workoutId: string, events: readonly WorkoutEvent[], requestId: string): void {
  let workout = account.workouts.get(workoutId);
  if (!workout) {
    workout = { id: workoutId, log: [], linked: true };
    account.workouts.set(workoutId, workout);
    account.made.workouts.push(workoutId);
  }
  for (const event of events) {
    workout.log.push({ event, requestId, device: account.device });
    // a start is on a day that exists (POST /sessions refuses any other)
    if (event.type === 'workout-started') workout.linked = true;
  }
}

export function addUse(account: Account, exerciseId: string, workoutId: string): void {
  const list = account.uses.get(exerciseId) ?? [];
  if (!list.includes(workoutId)) list.push(workoutId);
  account.uses.set(exerciseId, list);
}
