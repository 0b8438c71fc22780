// The rows of the workout screen: what was lifted last time, the planned, logged and queued sets
// of each exercise, and a set's state. Pure, so every rule is unit-tested in node.
import type { SetKind } from '../../../domain/gym/set-kind.ts';
import type { LoggedSet as WorkoutSet } from '../../../domain/gym/workout.ts';
import { kgToShown, type Unit } from '../model.ts';

/** A workout of an exercise's history as the last time shows it: its sets by number. */
export type PastWorkout = {
  readonly sessionId: string;
  readonly date: string;
  readonly sets: ReadonlyArray<{ readonly setNumber: number; readonly kg: number; readonly reps: number; readonly kind?: SetKind }>;
};

/**
 * What was lifted the last time of an exercise, set by set: the newest workout of its history
 * (newest first, as the API answers) other than this one and not after this one's date.
 */
export function lastTimeOf(history: readonly PastWorkout[], workoutId: string, date: string): PastWorkout | null {
  return history.find((past) => past.sessionId !== workoutId && past.date <= date) ?? null;
}

/** "last: 100 × 5" in the reader's unit; a warm-up says so. */
export function lastSetText(set: { readonly kg: number; readonly reps: number; readonly kind?: SetKind }, unit: Unit): string {
  return `last: ${set.kind === 'warmup' ? 'W ' : ''}${kgToShown(set.kg, unit)} × ${set.reps}`;
}

/** A plan slot's target as the workout screen says it: "3 sets of 5–8 reps". */
export function slotTarget(slot: { readonly targetSets: number; readonly repMin: number; readonly repMax: number }): string {
  const reps = slot.repMin === slot.repMax ? `${slot.repMin}` : `${slot.repMin}–${slot.repMax}`;
  return `${slot.targetSets} ${slot.targetSets === 1 ? 'set' : 'sets'} of ${reps} ${slot.repMax === 1 ? 'rep' : 'reps'}`;
}

/** The identity of a set as the server upserts it: a retry of the same key is the same set. */
export const setKey = (workoutId: string, exerciseId: string, setNumber: number): string => `set:${workoutId}:${exerciseId}:${setNumber}`;

export type RowState =
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved' }
  | { readonly kind: 'queued' }
  /** the API's code and message, said in the lifter's words and unit where the row is drawn */
  | { readonly kind: 'failed'; readonly code: string; readonly message: string };

/** A set the server holds, as much of it as the rows show. */
export type LoggedSet = Pick<WorkoutSet, 'id' | 'exerciseId' | 'setNumber' | 'kg' | 'reps' | 'rpe' | 'kind' | 'note'>;
/** a tick as this phone sends it; a tick that leaves the kind or note out keeps the set's, one that leaves the RPE out clears it */
export type QueuedSet = {
  readonly exerciseId: string;
  readonly setNumber: number;
  readonly kg: number;
  readonly reps: number;
  readonly unit?: 'kg' | 'lb';
  readonly rpe?: number | null;
  readonly kind?: SetKind;
  readonly note?: string;
};
export type PlannedExercise = { readonly exerciseId: string; readonly name: string; readonly targetSets: number; readonly reps: number | null; readonly kg: number | null };

export type Row = {
  readonly setNumber: number;
  /** what the row holds: the set logged or queued, else the suggestion */
  readonly kg: number | null;
  readonly reps: number | null;
  readonly rpe: number | null;
  readonly kind: SetKind;
  readonly note: string;
  /** the server's set id, once it is known */
  readonly setId: string | null;
  /** logged: saved on the server; queued: waiting in this browser; planned: not ticked */
  readonly source: 'logged' | 'queued' | 'planned';
};
export type ExerciseRows = { readonly exerciseId: string; readonly name: string; readonly rows: readonly Row[] };

/**
 * The rows of a workout: each planned exercise with its target number of sets, then any other
 * exercise with a set; a queued set (not yet on the server) shows over the server's copy, because
 * it is the newer. An unticked row suggests the last weight of the exercise here, else the plan's.
 */
export function workoutRows(planned: readonly PlannedExercise[], logged: readonly LoggedSet[], queued: readonly QueuedSet[], names: ReadonlyMap<string, string>): ExerciseRows[] {
  const order = [...planned.map((each) => each.exerciseId)];
  for (const set of [...logged, ...queued]) if (!order.includes(set.exerciseId)) order.push(set.exerciseId);
  return order.map((exerciseId) => {
    const plan = planned.find((each) => each.exerciseId === exerciseId);
    const byNumber = new Map<number, Row>();
    for (const set of logged) {
      if (set.exerciseId !== exerciseId) continue;
      const { setNumber, kg, reps, rpe, kind, note } = set;
      byNumber.set(setNumber, { setNumber, kg, reps, rpe, kind, note, setId: set.id, source: 'logged' });
    }
    for (const set of queued) {
      if (set.exerciseId !== exerciseId) continue;
      const before = byNumber.get(set.setNumber);
      const kind = set.kind ?? before?.kind ?? 'normal';
      const note = set.note ?? before?.note ?? '';
      const rpe = set.rpe ?? null;
      byNumber.set(set.setNumber, { setNumber: set.setNumber, kg: set.kg, reps: set.reps, rpe, kind, note, setId: before?.setId ?? null, source: 'queued' });
    }
    const count = Math.max(plan?.targetSets ?? 1, ...byNumber.keys());
    const rows: Row[] = [];
    let last: { kg: number | null; reps: number | null } = { kg: plan?.kg ?? null, reps: plan?.reps ?? null };
    for (let setNumber = 1; setNumber <= count; setNumber++) {
      const row = byNumber.get(setNumber) ?? { setNumber, kg: last.kg, reps: last.reps, rpe: null, kind: 'normal' as const, note: '', setId: null, source: 'planned' as const };
      // a warm-up's numbers are no suggestion for the working sets after it
      if (row.source !== 'planned' && row.kind !== 'warmup') last = { kg: row.kg, reps: row.reps };
      rows.push(row);
    }
    return { exerciseId, name: plan?.name ?? names.get(exerciseId) ?? 'Exercise', rows };
  });
}
