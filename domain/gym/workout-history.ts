import { assertNever } from '../shared/events.ts';
import { evolveWorkout, initialWorkoutState, type LoggedSet, type WorkoutEvent, type WorkoutState } from './workout.ts';

/** One event of a workout's stream with what the log says of it besides its payload. */
export type WorkoutLogEntry = {
  readonly revision: number;
  readonly at: string;
  readonly event: WorkoutEvent;
  readonly schemaVersion: number;
  readonly requestId: string;
  readonly device: string | null;
};

export type SetValues = Pick<LoggedSet, 'kg' | 'reps' | 'unit' | 'rpe' | 'kind' | 'note'>;

export type WorkoutChange =
  | { readonly kind: 'started'; readonly date: string; readonly planDayId: string | null }
  | { readonly kind: 'finished'; readonly finishedAt: string }
  | { readonly kind: 'reopened' }
  | { readonly kind: 'notes'; readonly notes: string; readonly previous: string }
  | { readonly kind: 'renamed'; readonly title: string; readonly previous: string }
  | { readonly kind: 'deleted' }
  /** `previous` is null for a new set; a tick of a set already there overwrites it */
  | { readonly kind: 'set-ticked'; readonly set: LoggedSet; readonly previous: SetValues | null }
  | { readonly kind: 'set-corrected'; readonly set: LoggedSet; readonly previous: SetValues }
  | { readonly kind: 'set-removed'; readonly set: LoggedSet }
  | { readonly kind: 'sets-moved'; readonly fromExerciseId: string; readonly toExerciseId: string; readonly sets: number }
  /** the exercise was deleted or merged while this workout held none of it: nothing here changed */
  | { readonly kind: 'exercise-checked'; readonly exerciseId: string };

export type WorkoutHistoryEntry = Omit<WorkoutLogEntry, 'event'> & { readonly type: WorkoutEvent['type']; readonly change: WorkoutChange };

const valuesOf = (set: LoggedSet): SetValues => ({ kg: set.kg, reps: set.reps, unit: set.unit, rpe: set.rpe, kind: set.kind, note: set.note });

/** A set the stream no longer explains (its tick was erased): what the event says, the rest unknown. */
const unknownSet = (id: string, values: Partial<LoggedSet> = {}): LoggedSet => ({
  id,
  exerciseId: '',
  setNumber: 0,
  kg: 0,
  reps: 0,
  unit: null,
  rpe: null,
  kind: 'normal',
  note: '',
  madeAt: null,
  ...values,
});

/** What one event changed, told against the state it was applied to. */
export function describeChange(before: WorkoutState, event: WorkoutEvent): WorkoutChange {
  const sets = before.status === 'none' ? {} : before.sets;
  switch (event.type) {
    case 'workout-started':
      return { kind: 'started', date: event.data.date, planDayId: event.data.planDayId };
    case 'workout-finished':
      return { kind: 'finished', finishedAt: event.data.at };
    case 'workout-reopened':
      return { kind: 'reopened' };
    case 'workout-notes-changed':
      return { kind: 'notes', notes: event.data.notes, previous: before.status === 'none' ? '' : before.notes };
    case 'workout-renamed':
      return { kind: 'renamed', title: event.data.title, previous: before.status === 'none' ? '' : (before.title ?? '') };
    case 'workout-deleted':
      return { kind: 'deleted' };
    case 'set-ticked': {
      const { setId, kind, note, ...values } = event.data;
      const previous = sets[setId];
      return { kind: 'set-ticked', set: { id: setId, ...values, kind: kind ?? 'normal', note: note ?? '' }, previous: previous ? valuesOf(previous) : null };
    }
    case 'set-corrected': {
      const { setId, kg, reps } = event.data;
      const previous = sets[setId] ?? unknownSet(setId, { kg, reps });
      const { kind = previous.kind, note = previous.note } = event.data;
      return { kind: 'set-corrected', set: { ...previous, kg, reps, kind, note }, previous: valuesOf(previous) };
    }
    case 'set-removed':
      return { kind: 'set-removed', set: sets[event.data.setId] ?? unknownSet(event.data.setId) };
    case 'sets-moved':
      return { kind: 'sets-moved', fromExerciseId: event.data.fromExerciseId, toExerciseId: event.data.toExerciseId, sets: event.data.moves.length };
    case 'exercise-cleared':
      return { kind: 'exercise-checked', exerciseId: event.data.exerciseId };
    case 'set-place-cleared':
      // a deletion that found no set: nothing a person would call a change (workoutHistory leaves it out)
      return { kind: 'exercise-checked', exerciseId: event.data.exerciseId };
    default:
      return assertNever(event);
  }
}

/** Every change to a workout in log order, each told against the state before it, and the state after the last. */
export function workoutHistory(log: readonly WorkoutLogEntry[]): { entries: WorkoutHistoryEntry[]; state: WorkoutState } {
  let state = initialWorkoutState;
  const entries: WorkoutHistoryEntry[] = [];
  for (const { event, ...entry } of log) {
    const change = describeChange(state, event);
    state = evolveWorkout(state, event);
    // the same numbers ticked again later only record the later time (a rule for two phones):
    // nothing a person would call a change
    if (change.kind === 'set-ticked' && change.previous && sameSetValues(change.previous, valuesOf(change.set))) continue;
    if (event.type === 'set-place-cleared') continue;
    entries.push({ ...entry, type: event.type, change });
  }
  return { entries, state };
}

const sameSetValues = (a: SetValues, b: SetValues): boolean =>
  a.kg === b.kg && a.reps === b.reps && a.unit === b.unit && a.rpe === b.rpe && a.kind === b.kind && a.note === b.note;

/** The workout as it stood right after the event of this revision. */
export function workoutAt(log: readonly WorkoutLogEntry[], revision: number): WorkoutState {
  return log.filter((entry) => entry.revision <= revision).reduce((state, entry) => evolveWorkout(state, entry.event), initialWorkoutState);
}
