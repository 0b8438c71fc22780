// The workouts as this phone shows them: the last copy the server confirmed, with this phone's
// commands still in the outbox drawn on top (a tick shows its numbers, a deletion hides the set).
// Plain functions over plain data: the runner (sets.ts) and the sync simulation (ops/sim) share
// them, so what the simulation proves is what the phone draws.
import type { Command } from '../shared/outbox-model.ts';
import type { Workout } from './gym-api.ts';
import { kgToShown, type QueuedSet, type RowState, setKey, type Unit } from './model.ts';

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
    notes: '',
    finishedAt: null,
    startedAt: now.toISOString(),
    sets: [],
    setCount: 0,
    volumeKg: 0,
  };
}

const samePlace = (set: { exerciseId: string; setNumber: number }, exerciseId: string, setNumber: number): boolean =>
  set.exerciseId === exerciseId && set.setNumber === setNumber;

const totals = (workout: Workout, sets: readonly SetLog[]): Workout => ({
  ...workout,
  sets,
  setCount: sets.length,
  volumeKg: sets.reduce((sum, set) => sum + set.kg * set.reps, 0),
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
      const state: RowState = command.refusal ? { kind: 'failed', message: command.refusal.message } : offline || command.tries > 0 ? { kind: 'queued' } : { kind: 'saving' };
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
