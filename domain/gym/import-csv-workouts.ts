import type { ImportedSet, ImportedWorkout, SkippedRow } from './imported-file.ts';
import { type Wall, zonedInstant } from './import-csv-values.ts';
import { SET_BOUNDS } from './bounds.ts';

export const NOTES_LIMIT = SET_BOUNDS.notes;

export type Grouped = {
  line: number;
  name: string;
  start: Wall;
  end: Wall | null;
  durationS: number | null;
  workoutNotes: string;
  notes: string[];
  sets: ImportedSet[];
  perExercise: Map<string, number>;
  /** cardio rows so far per exercise, lower-cased: a session's place in its identity */
  cardioPerExercise: Map<string, number>;
};

export function addNote(workout: Grouped, note: string): void {
  if (!workout.notes.includes(note)) workout.notes.push(note);
}

/** The grouped rows as workouts, their times read in `timeZone`; a cut of their notes is told in `skipped`. */
export function finishWorkouts(workouts: Iterable<Grouped>, timeZone: string, skipped: SkippedRow[]): ImportedWorkout[] {
  const finished: ImportedWorkout[] = [];
  for (const workout of workouts) {
    // a workout of rows that were all left out holds nothing to import
    if (workout.sets.length === 0) continue;
    const endMs = workout.end ? Math.max(workout.end.ms, workout.start.ms) : workout.start.ms + (workout.durationS ?? 0) * 1000;
    let notes = [workout.workoutNotes, ...workout.notes].filter(Boolean).join('\n');
    if (notes.length > NOTES_LIMIT) {
      notes = `${notes.slice(0, NOTES_LIMIT - 1).replace(/[\ud800-\udbff]$/, '')}…`;
      skipped.push({ line: workout.line, reason: `the notes of ${workout.name || 'this workout'} are longer than ${NOTES_LIMIT} characters and were cut` });
    }
    finished.push({
      line: workout.line,
      name: workout.name,
      date: workout.start.date,
      start: workout.start.wall,
      startedAt: zonedInstant(workout.start.ms, timeZone),
      finishedAt: zonedInstant(endMs, timeZone),
      notes,
      sets: workout.sets,
    });
  }
  return finished;
}
