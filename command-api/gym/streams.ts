// The gym's commands as decisions on their streams, for the service's command runner: a user's
// account, their library (plans, exercises, cardio, body weight) and each workout.
import { decideLibrary, type LibraryCommand } from '../../domain/gym/library-decide.ts';
import { type LibraryEvent, libraryAggregate, libraryStream, type LibraryState } from '../../domain/gym/library.ts';
import { decideUser, type UserCommand } from '../../domain/gym/user-decide.ts';
import { type UserEvent, userAggregate, userStream, type UserState } from '../../domain/gym/user.ts';
import { decideWorkout, holdsExercise, type WorkoutCommand } from '../../domain/gym/workout-decide.ts';
import { workoutAggregate, type WorkoutEvent, type WorkoutState, workoutStream } from '../../domain/gym/workout.ts';
import type { StreamCommand } from '../shared/command-runner.ts';
import { besideStream, sideDecision } from '../shared/handle-command.ts';

type Decide<State, Event> = (state: State) => Event[] | Promise<Event[]>;

/** On the caller's library stream, which serialises all their plan, exercise and cardio writes. */
export const libraryDecision = (userId: string, decide: Decide<LibraryState, LibraryEvent>): StreamCommand<LibraryState, LibraryEvent> => ({
  stream: libraryStream(userId),
  aggregate: libraryAggregate,
  decide,
});

export const libraryCommand = (userId: string, command: LibraryCommand): StreamCommand<LibraryState, LibraryEvent> =>
  libraryDecision(userId, (state) => decideLibrary(command, state));

/** The caller's library as the log holds it now: a decision that appends nothing reads the stream afresh. */
export const libraryAsItStands = (userId: string): StreamCommand<LibraryState, LibraryEvent> => libraryDecision(userId, () => []);

/** A decision of the caller's own on a workout (it may append to the library first, as a first tick does). */
export const workoutDecision = (workoutId: string, decide: Decide<WorkoutState, WorkoutEvent>): StreamCommand<WorkoutState, WorkoutEvent> => ({
  stream: workoutStream(workoutId),
  aggregate: workoutAggregate,
  decide,
});

export const workoutCommand = (workoutId: string, command: WorkoutCommand): StreamCommand<WorkoutState, WorkoutEvent> =>
  workoutDecision(workoutId, (state) => decideWorkout(command, state));

/** On a user's own stream, acting as that user (who may not be signed in yet: an account being created). */
export const userCommand = (userId: string, command: UserCommand): StreamCommand<UserState, UserEvent> => ({
  stream: userStream(userId),
  aggregate: userAggregate,
  decide: (state) => decideUser(command, state),
  actingAs: userId,
});

/**
 * A tick of a set of `exerciseId` on the caller's workout, their library beside it: the answer names
 * the exercise from the library as this process holds it, and the first set of an exercise in the
 * workout is admitted there first, with the library's revision, while the workout's is held: the
 * library refuses an exercise that is not the caller's, and a deletion of the exercise then either
 * sees this workout or refuses this tick (docs/design.md). A workout holding sets of it was admitted
 * already, and the exercise cannot be deleted while they exist: later sets need no library round trip.
 */
export const setTick = (
  workoutId: string,
  userId: string,
  exerciseId: string,
  decide: Decide<WorkoutState, WorkoutEvent>,
): StreamCommand<WorkoutState, WorkoutEvent, LibraryState> => ({
  stream: workoutStream(workoutId),
  aggregate: workoutAggregate,
  decide: (state) => decide(state),
  beside: besideStream(libraryStream(userId), libraryAggregate, 'held'),
  sideDecisions: (state, _library, outcome) =>
    'events' in outcome && outcome.events.length > 0 && !holdsExercise(state, [exerciseId])
      ? [sideDecision(libraryCommand(userId, { type: 'use-exercise', id: exerciseId, workoutId }))]
      : [],
});
