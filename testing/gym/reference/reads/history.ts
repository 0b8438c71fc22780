// Test support for the gym read side's reference check (reads.ts): a workout's history from the log
// (docs/design.md, "History from the log") and the workout as it stood at a revision.
import { type Account, foldWorkout, type LoggedSet, type SetKind, type Unit, type WorkoutEvent, type WorkoutState } from '../model.ts';
import { type Expected, historySet, nameOf, NOT_FOUND, ok, setsInOrder } from './views.ts';

type SetValues = { kg: number; reps: number; unit: Unit | null; rpe: number | null; kind: SetKind; note: string };
const valuesOf = (set: LoggedSet): SetValues => ({ kg: set.kg, reps: set.reps, unit: set.unit, rpe: set.rpe, kind: set.kind, note: set.note });

/** What one event changed, told against the workout as it stood before it; exercise names are today's. */
function changeOf(account: Account, before: WorkoutState, event: WorkoutEvent): unknown {
  const sets = before.status === 'none' ? [] : before.sets;
  const find = (id: string) => sets.find((set) => set.id === id)!;
  switch (event.type) {
    case 'workout-started':
      return { kind: 'started', date: event.date, planDayId: event.planDayId };
    case 'workout-finished':
      return { kind: 'finished', finishedAt: event.at };
    case 'workout-reopened':
      return { kind: 'reopened' };
    case 'workout-notes-changed':
      return { kind: 'notes', notes: event.notes, previous: before.status === 'none' ? '' : before.notes };
    case 'workout-renamed':
      return { kind: 'renamed', title: event.title, previous: before.status === 'none' ? '' : before.title };
    case 'workout-deleted':
      return { kind: 'deleted' };
    case 'set-ticked': {
      const previous = sets.find((set) => set.id === event.set.id);
      return { kind: 'set-ticked', set: historySet(account, event.set), previous: previous ? valuesOf(previous) : null };
    }
    case 'set-corrected': {
      const previous = find(event.setId);
      return { kind: 'set-corrected', set: historySet(account, { ...previous, kg: event.kg, reps: event.reps, kind: event.kind, note: event.note }), previous: valuesOf(previous) };
    }
    case 'set-removed':
      return { kind: 'set-removed', set: historySet(account, find(event.setId)) };
    case 'sets-moved':
      return {
        kind: 'sets-moved',
        fromExerciseId: event.fromExerciseId,
        fromExerciseName: nameOf(account, event.fromExerciseId),
        toExerciseId: event.toExerciseId,
        toExerciseName: nameOf(account, event.toExerciseId),
        sets: event.moves.length,
      };
    case 'exercise-cleared':
      return { kind: 'exercise-checked', exerciseId: event.exerciseId, exerciseName: nameOf(account, event.exerciseId) };
  }
}

/** The recorded time of each event is the log's; the check reads it from the answer and holds it to the entries' order. */
export const AT = '(the time the log recorded)';

/** GET /sessions/:id/history: "Every change to a workout, newest first: when, what changed, and from which request and device" */
export function workoutHistory(account: Account, id: string): Expected {
  const workout = account.workouts.get(id);
  if (!workout) return NOT_FOUND;
  const entries = workout.log.map((logged, revision) => ({
    revision,
    at: AT,
    type: logged.event.type,
    // docs/design.md: workout events are written with schema version 3 since set-ticked gained madeAt
    schemaVersion: 3,
    requestId: logged.requestId,
    device: logged.device,
    change: changeOf(account, foldWorkout(workout.log.slice(0, revision)), logged.event),
  }));
  const state = foldWorkout(workout.log);
  return ok({ workoutId: id, date: state.status === 'none' ? '' : state.date, deleted: state.status === 'deleted', entries: entries.reverse() });
}

/** GET /sessions/:id/history/:revision: "The workout as it stood right after the change of this revision" */
export function workoutVersion(account: Account, id: string, revision: number, at: string): Expected {
  const workout = account.workouts.get(id);
  if (!workout || revision >= workout.log.length) return NOT_FOUND;
  const state = foldWorkout(workout.log.slice(0, revision + 1));
  if (state.status === 'none') return NOT_FOUND;
  return ok({
    workoutId: id,
    revision,
    at,
    date: state.date,
    finishedAt: state.finishedAt,
    title: state.title,
    notes: state.notes,
    deleted: state.status === 'deleted',
    sets: setsInOrder(account, state.sets).map((set) => historySet(account, set)),
  });
}
