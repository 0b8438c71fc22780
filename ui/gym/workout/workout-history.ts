// How a workout's changes read on the history timeline: pure, so each wording is unit-tested.
import type { WorkoutChange } from '../gym-api.ts';
import { kgToShown, type SetKind, type Unit } from '../model.ts';

type Values = { readonly kg: number; readonly reps: number; readonly rpe: number | null; readonly kind?: SetKind; readonly note?: string };

/** "102.5 kg × 5, RPE 8, warm-up, “paused”" in the reader's unit (the weight is the same whichever unit it was typed in). */
export function setText(values: Values, unit: Unit): string {
  const weight = `${kgToShown(values.kg, unit).toLocaleString('en-US', { maximumFractionDigits: 3 })} ${unit} × ${values.reps}`;
  const kind = values.kind && values.kind !== 'normal' ? SET_KIND_WORDS[values.kind] : null;
  return [weight, values.rpe === null ? null : `RPE ${values.rpe}`, kind, values.note ? `“${values.note}”` : null].filter(Boolean).join(', ');
}

/** Each kind of set as a lifter reads it. */
export const SET_KIND_WORDS: Readonly<Record<SetKind, string>> = { normal: 'normal set', warmup: 'warm-up', drop: 'drop set', failure: 'to failure' };

const setName = (set: { readonly exerciseName: string | null; readonly setNumber: number }): string => `${set.exerciseName ?? 'An exercise no longer in your list'} set ${set.setNumber}`;

/** One line for one change, or null for a change that altered nothing a lifter sees. */
export function changeText(change: WorkoutChange, unit: Unit): string | null {
  switch (change.kind) {
    case 'started':
      return 'Started the workout';
    case 'finished':
      return 'Finished the workout';
    case 'reopened':
      return 'Reopened the workout';
    case 'notes':
      return change.notes === '' ? 'Cleared the notes' : `Notes: “${change.notes}”`;
    case 'renamed':
      return change.title === '' ? 'Cleared the title' : `Named the workout “${change.title}”`;
    case 'deleted':
      return 'Deleted the workout';
    case 'set-ticked':
      return change.previous === null
        ? `${setName(change.set)}: ${setText(change.set, unit)}`
        : `${setName(change.set)}: ${setText(change.previous, unit)} → ${setText(change.set, unit)}`;
    case 'set-corrected':
      return `Corrected ${setName(change.set)}: ${setText(change.previous, unit)} → ${setText(change.set, unit)}`;
    case 'set-removed':
      return `Removed ${setName(change.set)} (${setText(change.set, unit)})`;
    case 'sets-moved':
      return `Moved ${change.sets} ${change.sets === 1 ? 'set' : 'sets'} of ${change.fromExerciseName ?? 'a merged exercise'} to ${change.toExerciseName ?? 'another exercise'}`;
    case 'exercise-checked':
      return null;
  }
}
