import { DomainError } from '../shared/events.ts';
import type { SetKind } from './set-kind.ts';
import type { EnteredUnit } from './workout.ts';

export type ImportFormat = 'strong' | 'strong-legacy' | 'hevy';

export type ImportedSet = {
  /** the line of the file it came from */
  readonly line: number;
  /** as the file spells it; matched to an exercise by name, any case */
  readonly exercise: string;
  /** 1, 2, 3… in file order within the workout and the exercise, whatever the set's type */
  readonly setNumber: number;
  readonly kg: number;
  readonly reps: number;
  /** the unit the file gave the weight in */
  readonly unit: EnteredUnit;
  readonly rpe: number | null;
  /** Strong's W, D and F set orders, Hevy's set_type */
  readonly kind: SetKind;
  /** the row's own note ('' for none) */
  readonly note: string;
};

export type ImportedWorkout = {
  /** the first line of the file holding one of its rows */
  readonly line: number;
  readonly name: string;
  /** YYYY-MM-DD, the calendar date of its start as the file wrote it */
  readonly date: string;
  /** the start as the file wrote it (`2024-03-05T07:12:44`, no zone): with the name, the workout's identity */
  readonly start: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly notes: string;
  readonly sets: readonly ImportedSet[];
};

/**
 * A row of distance or time without reps or weight (a run, a plank): a cardio session on the machine
 * named after the exercise. The command API logs it with the library's own commands.
 */
export type ImportedCardio = {
  /** the line of the file it came from */
  readonly line: number;
  /** as the file spells it: the name of the machine it is logged on, any case */
  readonly exercise: string;
  /** the file's workout it was in: with the exercise and `order`, the session's identity */
  readonly workoutName: string;
  readonly workoutStart: string;
  /** 1, 2, 3… the rows of this exercise (any case) in this workout, in file order */
  readonly order: number;
  /** YYYY-MM-DD, the workout's date as the file wrote it */
  readonly date: string;
  /** the row's seconds / 60, unrounded, but never under the shortest session (then `note` says so) */
  readonly minutes: number;
  /** in kilometres from the column's unit; null for none (Strong writes 0) */
  readonly distanceKm: number | null;
  /** what of the row the session does not hold as the file has it, for the person ('' for nothing) */
  readonly note: string;
};

export type SkippedRow = { readonly line: number; readonly reason: string };

export type ImportedFile = {
  readonly format: ImportFormat;
  /** the unit the weights were read in; null when an older Strong file names both */
  readonly unit: EnteredUnit | null;
  /** whether the file names its unit (Hevy, older Strong, a Strong header such as "Weight (kg)"), else `options.unit` */
  readonly unitNamed: boolean;
  readonly workouts: readonly ImportedWorkout[];
  /** cardio and timed rows, in file order */
  readonly cardio: readonly ImportedCardio[];
  readonly skipped: readonly SkippedRow[];
  /** every exercise of the file once, by name in any case, as first spelled */
  readonly exercises: readonly string[];
};

export type ImportOptions = {
  /** what a current Strong file's weights are in (the file does not say) */
  readonly unit: EnteredUnit;
  /** the IANA zone the file's times are read in */
  readonly timeZone: string;
};

/** A row that cannot be read: a 400 naming its line and, where there is one, its column. */
export class ImportError extends DomainError {
  readonly line: number;
  readonly column: string | null;
  constructor(line: number, column: string | null, message: string) {
    super('VALIDATION_FAILED', `csv: line ${line}${column === null ? '' : `, column ${column}`}: ${message}`);
    this.name = 'ImportError';
    this.line = line;
    this.column = column;
  }
}
