// The workouts as this phone shows them: the last copy the server confirmed, with this phone's
// commands still in the outbox drawn on top (a tick shows its numbers, a deletion hides the set).
// Plain functions over plain data: the runner (sets.ts) and the sync simulation (ops/sim) share
// them, so what the simulation proves is what the phone draws.
import type { Command, Outcome } from '../../shared/outbox-model.ts';
import { countsInTotals } from '../../../domain/gym/set-kind.ts';
import { compareNames } from '../../../domain/shared/names.ts';
import type { Workout } from '../gym-api.ts';
import { kgToShown, type Unit } from '../model.ts';
import { type QueuedSet, type RowState, setKey } from './workout-rows.ts';

export type SetLog = Workout['sets'][number];

/** What a tick sends: the set's place, its numbers and when the lifter ticked it. */
export type TickBody = QueuedSet & { readonly madeAt: string };

export type PlanDayOfWorkout = { readonly planId: string; readonly planName: string; readonly dayOrdinal: number; readonly dayTitle: string | null };

export const workoutKey = (workoutId: string): string => `workout:${workoutId}`;
export const startKey = (workoutId: string): string => `start:${workoutId}`;
export const tickPath = (workoutId: string): string => `/api/sessions/${workoutId}/sets`;
export const placePath = (workoutId: string, exerciseId: string, setNumber: number): string => `/api/sessions/${workoutId}/sets/${exerciseId}/${setNumber}`;

/** A workout started on this phone before the server has answered: drawn at once, replaced by the server's copy. */
export function startedHere(id: string, planDayId: string | null, date: string, day: PlanDayOfWorkout | null, now: Date): Workout {
  return {
    id,
    date,
    planDayId,
    planId: day?.planId ?? null,
    planName: day?.planName ?? null,
    dayOrdinal: day?.dayOrdinal ?? null,
    dayTitle: day?.dayTitle ?? null,
    title: '',
    notes: '',
    finishedAt: null,
    startedAt: now.toISOString(),
    sets: [],
    setCount: 0,
    exerciseNames: [],
    volumeKg: 0,
  };
}

const samePlace = (set: { exerciseId: string; setNumber: number }, exerciseId: string, setNumber: number): boolean =>
  set.exerciseId === exerciseId && set.setNumber === setNumber;

const totals = (workout: Workout, sets: readonly SetLog[]): Workout => ({
  ...workout,
  sets,
  setCount: sets.length,
  // as the server lists them: once each, by name
  exerciseNames: [...new Set(sets.flatMap((set) => set.exerciseName ?? []))].sort(compareNames),
  volumeKg: sets.filter(countsInTotals).reduce((sum, set) => sum + set.kg * set.reps, 0),
});

/** The copy once the server holds `set` (a tick answered, or the set another phone saved later). */
export function withSet(workout: Workout, set: SetLog): Workout {
  const others = workout.sets.filter((each) => !samePlace(each, set.exerciseId, set.setNumber));
  const sets = [...others, set].sort((a, b) => (a.exerciseId === b.exerciseId ? a.setNumber - b.setNumber : 0));
  return totals(workout, sets);
}

export function withoutSet(workout: Workout, exerciseId: string, setNumber: number): Workout {
  return totals(workout, workout.sets.filter((set) => !samePlace(set, exerciseId, setNumber)));
}

export type PendingSet = QueuedSet & { readonly state: RowState };

/** This phone's waiting commands on one workout: ticks to draw over the copy, places deleted here. */
export function pendingOf(commands: readonly Command[], workoutId: string, offline: boolean): { readonly ticks: PendingSet[]; readonly deleted: Set<string> } {
  const ticks: PendingSet[] = [];
  const deleted = new Set<string>();
  for (const command of commands) {
    if (command.method === 'POST' && command.path === tickPath(workoutId) && isTickBody(command.body)) {
      const state: RowState = command.refusal
        ? { kind: 'failed', code: command.refusal.code, message: command.refusal.message }
        : offline || command.tries > 0
          ? { kind: 'queued' }
          : { kind: 'saving' };
      ticks.push({ ...command.body, state });
    } else if (command.method === 'DELETE' && command.path.startsWith(`${tickPath(workoutId)}/`) && !command.refusal) {
      deleted.add(command.key);
    }
  }
  return { ticks, deleted };
}

/** A workout's sets as the lifter sees them: the copy, minus what was deleted here, ticks made here on top. */
export function shownSets(workout: Workout, commands: readonly Command[], offline: boolean): { readonly logged: SetLog[]; readonly pending: PendingSet[] } {
  const { ticks, deleted } = pendingOf(commands, workout.id, offline);
  const logged = workout.sets.filter((set) => !deleted.has(setKey(workout.id, set.exerciseId, set.setNumber)));
  return { logged, pending: ticks };
}

/**
 * The workout Today offers to continue: one of that date, not finished, with a set on the server
 * or ticked here. Any device's: the copies come from the server's list of the day as well as from
 * what this phone started.
 */
export function workoutToContinue(copies: readonly Workout[], commands: readonly Command[], date: string): Workout | null {
  const open = copies.filter((workout) => workout.date === date && workout.finishedAt === null);
  const withSets = open.filter((workout) => {
    const { logged, pending } = shownSets(workout, commands, false);
    return logged.length + pending.length > 0;
  });
  const newest = (list: Workout[]) => [...list].sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0] ?? null;
  return newest(withSets);
}

const weightText = (kg: number, unit: Unit): string => `${kgToShown(kg, unit)} ${unit}`;

/** Why the phone now shows another value than the lifter ticked, in the lifter's unit. */
export function lostTickNotice(mine: { readonly kg: number; readonly reps: number } | null, theirs: SetLog, exerciseName: string, unit: Unit): string {
  const yours = mine ? ` after your ${weightText(mine.kg, unit)} × ${mine.reps}` : ' after you deleted it';
  return `Set ${theirs.setNumber} of ${exerciseName} was changed on another device${yours}: it keeps ${weightText(theirs.kg, unit)} × ${theirs.reps}.`;
}

export function isTickBody(value: unknown): value is TickBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body['exerciseId'] === 'string' && typeof body['setNumber'] === 'number' && typeof body['kg'] === 'number' && typeof body['reps'] === 'number';
}

export function isSetLog(value: unknown): value is SetLog {
  return isTickBody(value) && typeof (value as Record<string, unknown>)['id'] === 'string';
}

/** What came back for a command: the body of a 2xx (none for a 204), or the refusal's status, code and body. */
export type Answer =
  | { readonly kind: 'ok'; readonly body: unknown }
  | { readonly kind: 'refused'; readonly status: number; readonly code: string; readonly message: string; readonly body: Readonly<Record<string, unknown>> };

export const isStartCommand = (command: Pick<Command, 'method' | 'path'>): boolean => command.method === 'POST' && command.path === '/api/sessions';
const workoutOfPath = (path: string): string => path.split('/')[3] ?? '';

export type AfterAnswer = {
  /** the workout's copy as it is now, under its id; null: nothing to write */
  readonly copy: Workout | null;
  /** a sentence for the lifter, when what the phone showed was not kept */
  readonly notice: string | null;
  readonly outcome: Outcome;
};

/**
 * What the server's answer to one command does to the copy of its workout. Another device's later
 * change wins over this phone's older one: the copy takes the server's set, the command is done, and
 * the lifter is told in their unit.
 */
export function afterAnswer(copy: Workout | null, command: Command, answer: Answer, unit: Unit): AfterAnswer {
  if (answer.kind === 'ok') {
    if (isStartCommand(command)) {
      const started = answer.body as Workout;
      return { copy: started, notice: null, outcome: { kind: 'accepted' } };
    }
    if (!copy) return { copy: null, notice: null, outcome: { kind: 'accepted' } };
    if (command.method === 'POST' && isSetLog(answer.body)) return { copy: withSet(copy, answer.body), notice: null, outcome: { kind: 'accepted' } };
    const [exerciseId = '', setNumber = '0'] = command.path.split('/').slice(5);
    return { copy: command.method === 'DELETE' ? withoutSet(copy, exerciseId, Number(setNumber)) : copy, notice: null, outcome: { kind: 'accepted' } };
  }
  if (answer.code === 'SET_CHANGED_LATER' && isSetLog(answer.body['current'])) {
    const theirs = answer.body['current'];
    const mine = isTickBody(command.body) ? command.body : null;
    return {
      copy: copy ? withSet(copy, theirs) : null,
      notice: lostTickNotice(mine, theirs, theirs.exerciseName ?? 'an exercise', unit),
      outcome: { kind: 'accepted' },
    };
  }
  if (answer.code === 'SET_CHANGED_LATER' && answer.body['current'] === null && isTickBody(command.body)) {
    const mine = command.body;
    const name = copy?.sets.find((set) => set.exerciseId === mine.exerciseId)?.exerciseName ?? 'an exercise';
    return {
      copy: copy ? withoutSet(copy, mine.exerciseId, mine.setNumber) : null,
      notice: `Set ${mine.setNumber} of ${name} was deleted on another device after your ${weightText(mine.kg, unit)} × ${mine.reps}.`,
      outcome: { kind: 'accepted' },
    };
  }
  return { copy, notice: null, outcome: { kind: 'refused', refusal: { status: answer.status, code: answer.code, message: answer.message } } };
}

/** The workout a command is about. */
export const workoutOfCommand = (command: Pick<Command, 'key' | 'method' | 'path'>): string =>
  isStartCommand(command) ? command.key.slice(startKey('').length) : workoutOfPath(command.path);
