import { assertNever, DomainError } from '../shared/events.ts';
import type { ImportedSet } from './imported-file.ts';
import type { SetKind } from './set-kind.ts';
import { type LoggedSet, madeLater, placeOf, type Workout, type WorkoutEvent, type WorkoutState } from './workout.ts';

export type WorkoutCommand =
  | { readonly type: 'start-workout'; readonly userId: string; readonly planDayId: string | null; readonly date: string; readonly now: string }
  | { readonly type: 'finish-workout'; readonly userId: string; readonly now: string }
  | { readonly type: 'reopen-workout'; readonly userId: string }
  | { readonly type: 'change-notes'; readonly userId: string; readonly notes: string }
  | { readonly type: 'rename-workout'; readonly userId: string; readonly title: string }
  /** PATCH /sessions/:id: title, notes and finish or reopen, decided together so they land together */
  | {
      readonly type: 'change-workout';
      readonly userId: string;
      readonly title?: string | undefined;
      readonly notes?: string | undefined;
      readonly finished?: boolean | undefined;
      readonly now: string;
    }
  | { readonly type: 'delete-workout'; readonly userId: string }
  | (Pick<LoggedSet, 'exerciseId' | 'setNumber' | 'kg' | 'reps' | 'unit' | 'rpe'> & {
      readonly type: 'tick-set';
      readonly userId: string;
      /** used only when (exercise, set number) is new in this workout */
      readonly newSetId: string;
      /** absent: as the set has it (normal for a new set); a client that knows no kinds changes none */
      readonly kind?: SetKind | undefined;
      /** absent: as the set has it ('' for a new set) */
      readonly note?: string | undefined;
      /** when the lifter ticked, as effectiveMadeAt gives it; absent or null from a client that does not say */
      readonly madeAt?: string | null | undefined;
    })
  | {
      readonly type: 'correct-set';
      readonly userId: string;
      readonly setId: string;
      readonly kg?: number | undefined;
      readonly reps?: number | undefined;
      readonly kind?: SetKind | undefined;
      readonly note?: string | undefined;
    }
  | { readonly type: 'remove-set'; readonly userId: string; readonly setId: string }
  /** a deletion by (exercise, set number), as a phone queues it offline: one already gone is done */
  | { readonly type: 'remove-set-at'; readonly userId: string; readonly exerciseId: string; readonly setNumber: number; readonly madeAt: string | null }
  | { readonly type: 'move-sets'; readonly userId: string; readonly fromExerciseId: string; readonly toExerciseId: string }
  /** a deletion of the first exercise checks this workout: refused while it holds a set of any of them */
  | { readonly type: 'clear-exercise'; readonly userId: string; readonly exerciseIds: readonly [string, ...string[]] }
  | ImportWorkout;

/**
 * A whole workout of another tracker's export (POST /api/import): on a stream with no workout
 * (or a deleted one) it decides all of it; on the workout already there, only what differs from the
 * file, so importing the same file again decides nothing. Sets logged here that the file lacks stay.
 */
export type ImportWorkout = {
  readonly type: 'import-workout';
  readonly userId: string;
  readonly date: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  /** the file's name of the workout; set when not empty and different */
  readonly title: string;
  /** set when not empty and different */
  readonly notes: string;
  /** the file's sets, each with the exercise its name resolved to */
  readonly sets: ReadonlyArray<
    Omit<ImportedSet, 'line' | 'exercise'> & {
      /** used only when (exercise, set number) is new in this workout */
      readonly newSetId: string;
      readonly exerciseId: string;
    }
  >;
};

type Live = Workout & { readonly status: 'open' };

/** Another user's workout is answered as if it did not exist. */
function live(state: WorkoutState, userId: string): Live {
  if (state.status !== 'open' || state.userId !== userId) throw new DomainError('NOT_FOUND', 'Workout not found');
  return state as Live;
}

export function findSet(state: WorkoutState, exerciseId: string, setNumber: number): LoggedSet | undefined {
  if (state.status !== 'open') return undefined;
  for (const set of Object.values(state.sets)) if (set.exerciseId === exerciseId && set.setNumber === setNumber) return set;
  return undefined;
}

/**
 * A workout that holds a set of the exercise may take more of it without asking the library: the
 * exercise cannot be deleted while that set is here, and a merge moving it away changes this
 * stream first. Otherwise the tick must be admitted by the library (`use-exercise`).
 */
export function holdsExercise(state: WorkoutState, exerciseIds: readonly string[]): boolean {
  return state.status === 'open' && Object.values(state.sets).some((set) => exerciseIds.includes(set.exerciseId));
}

/** A's sets follow B's in the same workout, in A's order: B's numbers never move. */
export function renumberMoves(state: Live, fromExerciseId: string, toExerciseId: string): Array<{ setId: string; setNumber: number }> {
  const sets = Object.values(state.sets);
  const highest = Math.max(0, ...sets.filter((set) => set.exerciseId === toExerciseId).map((set) => set.setNumber));
  return sets
    .filter((set) => set.exerciseId === fromExerciseId)
    .sort((a, b) => a.setNumber - b.setNumber)
    .map((set, index) => ({ setId: set.id, setNumber: highest + index + 1 }));
}

export function decideWorkout(command: WorkoutCommand, state: WorkoutState): WorkoutEvent[] {
  switch (command.type) {
    case 'start-workout':
      // get-or-create: the workout of this key exists already, so it is the answer
      if (state.status === 'open') return [];
      return [{ type: 'workout-started', data: { userId: command.userId, planDayId: command.planDayId, date: command.date, startedAt: command.now } }];
    case 'finish-workout':
      // the first finish time is kept
      return live(state, command.userId).finishedAt === null ? [{ type: 'workout-finished', data: { at: command.now } }] : [];
    case 'reopen-workout':
      return live(state, command.userId).finishedAt === null ? [] : [{ type: 'workout-reopened', data: {} }];
    case 'change-notes':
      return live(state, command.userId).notes === command.notes ? [] : [{ type: 'workout-notes-changed', data: { notes: command.notes } }];
    case 'rename-workout':
      return (live(state, command.userId).title ?? '') === command.title ? [] : [{ type: 'workout-renamed', data: { title: command.title } }];
    case 'change-workout': {
      const { userId, title, notes, finished, now } = command;
      live(state, userId);
      return [
        ...(title === undefined ? [] : decideWorkout({ type: 'rename-workout', userId, title }, state)),
        ...(notes === undefined ? [] : decideWorkout({ type: 'change-notes', userId, notes }, state)),
        ...(finished === true ? decideWorkout({ type: 'finish-workout', userId, now }, state) : []),
        ...(finished === false ? decideWorkout({ type: 'reopen-workout', userId }, state) : []),
      ];
    }
    case 'delete-workout':
      live(state, command.userId);
      return [{ type: 'workout-deleted', data: {} }];
    case 'tick-set': {
      const workout = live(state, command.userId);
      const existing = findSet(workout, command.exerciseId, command.setNumber);
      const { exerciseId, setNumber, kg, reps, unit, rpe } = command;
      const kind = command.kind ?? existing?.kind ?? 'normal';
      const note = command.note ?? existing?.note ?? '';
      const values = { kg, reps, unit, rpe, kind, note };
      const madeAt = command.madeAt ?? null;
      const clearedLater = workout.cleared?.[placeOf(command)];
      if (!existing && madeAt !== null && clearedLater && madeLater(clearedLater, madeAt)) throw new SetChangedLater(null, command);
      if (existing) {
        // an older tick agreeing with the newer one has nothing to lose: only a real overwrite is refused
        if (changedAfter(existing, madeAt)) {
          if (sameValues(existing, values)) return [];
          throw new SetChangedLater(existing, command);
        }
        // a retry of the client's queue repeats the tick: the set as stored is the answer, nothing is
        // appended; the same values ticked later are recorded, so an older tick cannot slip under them
        if (sameValues(existing, values) && !madeLater(madeAt, existing.madeAt)) return [];
      }
      return [{ type: 'set-ticked', data: { setId: existing?.id ?? command.newSetId, exerciseId, setNumber, kg, reps, unit, rpe, madeAt, ...kindAndNote(kind, note) } }];
    }
    case 'correct-set': {
      const set = live(state, command.userId).sets[command.setId];
      if (!set) throw new DomainError('NOT_FOUND', 'Set not found');
      const { kg = set.kg, reps = set.reps, kind = set.kind, note = set.note } = command;
      if (kg === set.kg && reps === set.reps && kind === set.kind && note === set.note) return [];
      return [
        {
          type: 'set-corrected',
          data: { setId: set.id, kg, reps, ...(kind === set.kind ? {} : { kind }), ...(note === set.note ? {} : { note }) },
        },
      ];
    }
    case 'remove-set':
      if (!live(state, command.userId).sets[command.setId]) throw new DomainError('NOT_FOUND', 'Set not found');
      return [{ type: 'set-removed', data: { setId: command.setId } }];
    case 'remove-set-at': {
      const workout = live(state, command.userId);
      const set = findSet(workout, command.exerciseId, command.setNumber);
      const { exerciseId, setNumber, madeAt } = command;
      if (!set) {
        // nothing to remove; a later-made deletion is kept, against older ticks still on their way
        const before = workout.cleared?.[placeOf(command)] ?? null;
        return madeAt !== null && madeLater(madeAt, before) ? [{ type: 'set-place-cleared', data: { exerciseId, setNumber, madeAt } }] : [];
      }
      if (changedAfter(set, madeAt)) throw new SetChangedLater(set, command);
      return [{ type: 'set-removed', data: { setId: set.id, ...(madeAt === null ? {} : { madeAt }) } }];
    }
    case 'move-sets': {
      // a deleted or foreign workout holds nothing to move
      if (state.status !== 'open' || state.userId !== command.userId) return [];
      const moves = renumberMoves(state as Live, command.fromExerciseId, command.toExerciseId);
      if (moves.length === 0) return [{ type: 'exercise-cleared', data: { exerciseId: command.fromExerciseId } }];
      return [{ type: 'sets-moved', data: { fromExerciseId: command.fromExerciseId, toExerciseId: command.toExerciseId, moves } }];
    }
    case 'import-workout':
      return importWorkout(command, state);
    case 'clear-exercise':
      if (state.status !== 'open' || state.userId !== command.userId) return [];
      if (holdsExercise(state, command.exerciseIds)) throw new DomainError('IN_USE', 'Sets are logged against this exercise; merge it into another instead');
      return [{ type: 'exercise-cleared', data: { exerciseId: command.exerciseIds[0] } }];
    default:
      return assertNever(command);
  }
}

/**
 * A phone whose clock runs ahead would otherwise make its ticks win over every later one for as
 * long as it is ahead: a time more than this past the server's clock is taken as the server's now.
 */
export const MADE_AT_MAX_AHEAD_MS = 5 * 60_000;

/** The instant a command says it was made, in UTC, no later than MADE_AT_MAX_AHEAD_MS past `now`. */
export function effectiveMadeAt(madeAt: string, now: Date): string {
  const made = Date.parse(madeAt);
  if (Number.isNaN(made)) throw new DomainError('VALIDATION_FAILED', 'madeAt: not an ISO 8601 instant');
  return made > now.getTime() + MADE_AT_MAX_AHEAD_MS ? now.toISOString() : new Date(made).toISOString();
}

/** The set was last written by a tick made after this command; either time unknown, it was not. */
function changedAfter(set: LoggedSet, madeAt: string | null): boolean {
  return madeAt !== null && madeLater(set.madeAt, madeAt);
}

/** An older command met a set another device changed since: the set as it stands is the answer. */
export class SetChangedLater extends DomainError {
  /** the set as it stands; null: a later-made deletion took it */
  readonly current: LoggedSet | null;
  readonly place: { readonly exerciseId: string; readonly setNumber: number };
  constructor(current: LoggedSet | null, place: { readonly exerciseId: string; readonly setNumber: number }) {
    super('SET_CHANGED_LATER', `Set ${place.setNumber} was ${current ? 'changed' : 'deleted'} on another device after this change`);
    this.name = 'SetChangedLater';
    this.current = current;
    this.place = { exerciseId: place.exerciseId, setNumber: place.setNumber };
  }
}

/** A tick of these values onto this set changes nothing: the retry of a queue, or a file imported again. */
function sameValues(set: LoggedSet, values: Pick<LoggedSet, 'kg' | 'reps' | 'unit' | 'rpe' | 'kind' | 'note'>): boolean {
  return (
    set.kg === values.kg &&
    set.reps === values.reps &&
    set.unit === values.unit &&
    set.rpe === values.rpe &&
    set.kind === values.kind &&
    set.note === values.note
  );
}

/** A tick's kind and note as the event holds them: left out when ordinary and empty, as every tick before them was. */
function kindAndNote(kind: SetKind, note: string): { kind?: Exclude<SetKind, 'normal'>; note?: string } {
  return { ...(kind === 'normal' ? {} : { kind }), ...(note === '' ? {} : { note }) };
}

function importWorkout(command: ImportWorkout, state: WorkoutState): WorkoutEvent[] {
  const { userId, date, startedAt, finishedAt, title, notes } = command;
  const fresh = state.status !== 'open';
  const events: WorkoutEvent[] = fresh ? [{ type: 'workout-started', data: { userId, planDayId: null, date, startedAt } }] : [];
  const workout = fresh ? null : live(state, userId);
  for (const { newSetId, kind, note, ...set } of command.sets) {
    const existing = workout ? findSet(workout, set.exerciseId, set.setNumber) : undefined;
    if (existing && sameValues(existing, { ...set, kind, note })) continue;
    events.push({ type: 'set-ticked', data: { setId: existing?.id ?? newSetId, ...set, madeAt: null, ...kindAndNote(kind, note) } });
  }
  if (title !== '' && title !== (workout?.title ?? '')) events.push({ type: 'workout-renamed', data: { title } });
  if (notes !== '' && notes !== (workout?.notes ?? '')) events.push({ type: 'workout-notes-changed', data: { notes } });
  // imported again (read in another time zone, say): the start stays as first imported, and the
  // finish is the file's duration after it, so that the workout never ends before it begins
  const finish = workout ? new Date(Date.parse(workout.startedAt) + Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt))).toISOString() : finishedAt;
  if (finish !== (workout?.finishedAt ?? null)) events.push({ type: 'workout-finished', data: { at: finish } });
  return events;
}
