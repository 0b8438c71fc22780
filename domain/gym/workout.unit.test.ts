import t from 'tap';
import { fold } from '../shared/aggregate.ts';
import { DomainError } from '../shared/events.ts';
import { decideWorkout, evolveWorkout, holdsExercise, initialWorkoutState, parseWorkoutEvent, type WorkoutCommand, type WorkoutEvent, workoutAggregate } from './workout.ts';

const T1 = '2026-11-24T10:00:00.000Z';
const T2 = '2026-11-24T11:00:00.000Z';
const U = 'user-1';
const started: WorkoutEvent = { type: 'workout-started', data: { userId: U, planDayId: 'day-1', date: '2026-11-24', startedAt: T1 } };
const tick = (setId: string, exerciseId: string, setNumber: number, kg: number, reps: number, unit: 'kg' | 'lb' | null = null, rpe: number | null = null): WorkoutEvent => ({
  type: 'set-ticked',
  data: { setId, exerciseId, setNumber, kg, reps, unit, rpe },
});
const tickSet = (fields: { newSetId: string; exerciseId: string; setNumber: number; kg: number; reps: number; unit?: 'kg' | 'lb'; rpe?: number }, userId = U): WorkoutCommand => ({
  type: 'tick-set',
  userId,
  unit: null,
  rpe: null,
  ...fields,
});

/** given the past events, when the command is decided, then these events */
function decide(given: readonly WorkoutEvent[], command: WorkoutCommand): WorkoutEvent[] {
  return decideWorkout(command, given.reduce(evolveWorkout, initialWorkoutState));
}

t.test('start is get-or-create: the second start decides nothing', async (t) => {
  t.same(decide([], { type: 'start-workout', userId: U, planDayId: 'day-1', date: '2026-11-24', now: T1 }), [started]);
  t.same(decide([started], { type: 'start-workout', userId: U, planDayId: 'day-1', date: '2026-11-24', now: T2 }), []);
  const deleted = [started, { type: 'workout-deleted', data: {} } as WorkoutEvent];
  t.same(decide(deleted, { type: 'start-workout', userId: U, planDayId: 'day-1', date: '2026-11-24', now: T2 }), [
    { ...started, data: { ...started.data, startedAt: T2 } },
  ], 'a deleted workout of the key starts afresh');
});

t.test('a tick of an existing (exercise, set number) overwrites that set, keeping its id', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  t.same(decide(given, tickSet({ newSetId: 's2', exerciseId: 'squat', setNumber: 1, kg: 102.5, reps: 4 })), [tick('s1', 'squat', 1, 102.5, 4)]);
  t.same(decide(given, tickSet({ newSetId: 's2', exerciseId: 'squat', setNumber: 2, kg: 100, reps: 5 })), [tick('s2', 'squat', 2, 100, 5)]);
  t.same(decide(given, tickSet({ newSetId: 's2', exerciseId: 'bench', setNumber: 1, kg: 60, reps: 8 })), [tick('s2', 'bench', 1, 60, 8)]);
});

t.test('finish keeps the first finish time; reopen clears it; notes change only when different', async (t) => {
  const finished: WorkoutEvent = { type: 'workout-finished', data: { at: T1 } };
  t.same(decide([started], { type: 'finish-workout', userId: U, now: T1 }), [finished]);
  t.same(decide([started, finished], { type: 'finish-workout', userId: U, now: T2 }), []);
  t.same(decide([started, finished], { type: 'reopen-workout', userId: U }), [{ type: 'workout-reopened', data: {} }]);
  t.same(decide([started], { type: 'reopen-workout', userId: U }), []);
  t.same(decide([started], { type: 'change-notes', userId: U, notes: '' }), []);
  t.same(decide([started], { type: 'change-notes', userId: U, notes: 'hard' }), [{ type: 'workout-notes-changed', data: { notes: 'hard' } }]);
  t.same(decide([started], { type: 'change-workout', userId: U, notes: 'hard', finished: true, now: T2 }), [
    { type: 'workout-notes-changed', data: { notes: 'hard' } },
    { type: 'workout-finished', data: { at: T2 } },
  ], 'a PATCH with both lands both');
  t.same(decide([started, finished], { type: 'change-workout', userId: U, finished: true, now: T2 }), []);
  t.throws(() => decide([started], { type: 'change-workout', userId: 'user-2', now: T2 }), { code: 'NOT_FOUND' });
});

t.test("another user's, a missing or a deleted workout is not found", async (t) => {
  const cases: Array<[WorkoutEvent[], string]> = [[[], U], [[started], 'user-2'], [[started, { type: 'workout-deleted', data: {} }], U]];
  for (const [given, userId] of cases) {
    t.throws(() => decide(given, tickSet({ newSetId: 's', exerciseId: 'e', setNumber: 1, kg: 1, reps: 1 }, userId)), { code: 'NOT_FOUND' });
  }
  t.throws(() => decide([started], { type: 'correct-set', userId: U, setId: 'nope', kg: 1 }), DomainError);
  t.throws(() => decide([started], { type: 'remove-set', userId: U, setId: 'nope' }), { code: 'NOT_FOUND' });
});

t.test('correct changes only what is sent; an unchanged correction records nothing', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  t.same(decide(given, { type: 'correct-set', userId: U, setId: 's1', reps: 6 }), [{ type: 'set-corrected', data: { setId: 's1', kg: 100, reps: 6 } }]);
  t.same(decide(given, { type: 'correct-set', userId: U, setId: 's1', kg: 100 }), []);
});

t.test("moving A's sets to B numbers them after B's, in A's order, and the fold agrees", async (t) => {
  const given = [started, tick('b1', 'B', 1, 80, 5), tick('b2', 'B', 2, 80, 5), tick('a2', 'A', 2, 62.5, 9), tick('a1', 'A', 1, 60, 10)];
  const events = decide(given, { type: 'move-sets', userId: U, fromExerciseId: 'A', toExerciseId: 'B' });
  t.same(events, [{ type: 'sets-moved', data: { fromExerciseId: 'A', toExerciseId: 'B', moves: [{ setId: 'a1', setNumber: 3 }, { setId: 'a2', setNumber: 4 }] } }]);
  const state = [...given, ...events].reduce(evolveWorkout, initialWorkoutState);
  t.same(decide([...given, ...events], tickSet({ newSetId: 'x', exerciseId: 'B', setNumber: 3, kg: 61, reps: 10 })), [tick('a1', 'B', 3, 61, 10)], 'a tick of (B, 3) overwrites the moved set');
  t.equal(state.status === 'open' ? Object.keys(state.sets).length : 0, 4);
  t.same(
    decide(given, { type: 'move-sets', userId: U, fromExerciseId: 'C', toExerciseId: 'B' }),
    [{ type: 'exercise-cleared', data: { exerciseId: 'C' } }],
    'nothing to move: the stream still moves on, so a tick of C decided before is decided again',
  );
});

t.test('stored events parse back and fold to the same state', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 225 * 0.45359237, 5, 'lb', 8.5)];
  const stored = given.map((event) => ({ type: event.type, data: JSON.parse(JSON.stringify(event.data)), metadata: { schemaVersion: 2 } }));
  t.same(fold(workoutAggregate, stored), given.reduce(evolveWorkout, initialWorkoutState));
  t.equal(workoutAggregate.schemaVersion, 2, 'new events are written as version 2');
  t.throws(() => parseWorkoutEvent('set-ticked', {}, 1));
  t.throws(() => parseWorkoutEvent('set-ticked', { setId: 's1', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5 }, 2), 'version 2 must carry unit and rpe');
  t.throws(() => parseWorkoutEvent('set-ticked', stored[1]!.data, 3), /unknown gym workout event set-ticked v3/);
  t.throws(() => parseWorkoutEvent('toString', {}, 1), /unknown gym workout event/);
});

t.test('a version 1 log reads as version 2: ticks gain a null unit and RPE, nothing else changes', async (t) => {
  const v1 = [
    { type: 'workout-started', data: started.data, metadata: { schemaVersion: 1 } },
    { type: 'set-ticked', data: { setId: 's1', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5 }, metadata: { schemaVersion: 1 } },
    { type: 'set-corrected', data: { setId: 's1', kg: 102.5, reps: 5 }, metadata: { schemaVersion: 1 } },
  ];
  t.same(parseWorkoutEvent('set-ticked', v1[1]!.data, 1), tick('s1', 'squat', 1, 100, 5, null, null));
  const state = fold(workoutAggregate, v1);
  t.same(state.status === 'open' ? state.sets['s1'] : undefined, { id: 's1', exerciseId: 'squat', setNumber: 1, kg: 102.5, reps: 5, unit: null, rpe: null });
  const mixed = [...v1, { type: 'set-ticked', data: { setId: 's2', exerciseId: 'squat', setNumber: 2, kg: 100, reps: 5, unit: 'kg', rpe: 9 }, metadata: { schemaVersion: 2 } }];
  const after = fold(workoutAggregate, mixed);
  t.same(after.status === 'open' ? after.sets['s2'] : undefined, { id: 's2', exerciseId: 'squat', setNumber: 2, kg: 100, reps: 5, unit: 'kg', rpe: 9 }, 'a log of both versions folds');
  t.same(
    decideWorkout({ type: 'tick-set', userId: U, newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 102.5, reps: 5, unit: null, rpe: null }, state),
    [],
    'a repeat of an upcast tick decides nothing',
  );
});

t.test('a tick identical to the set as stored decides nothing; a changed one overwrites', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  t.same(decide(given, tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5 })), []);
  t.same(decide(given, tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 6 })), [tick('s1', 'squat', 1, 100, 6)]);
  t.same(decide(given, tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5, rpe: 8 })), [tick('s1', 'squat', 1, 100, 5, null, 8)], 'an added RPE is a change');
  t.same(decide(given, tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5, unit: 'lb' })), [tick('s1', 'squat', 1, 100, 5, 'lb')], 'so is the unit it was typed in');
});

t.test('clearing an exercise is refused while the workout holds a set of it (or of one merged into it)', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  t.notOk(holdsExercise(initialWorkoutState, ['squat']), 'a workout never started holds nothing');
  t.throws(() => decide(given, { type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }), { code: 'IN_USE' });
  t.throws(() => decide(given, { type: 'clear-exercise', userId: U, exerciseIds: ['front-squat', 'squat'] }), { code: 'IN_USE' });
  t.same(decide(given, { type: 'clear-exercise', userId: U, exerciseIds: ['bench'] }), [{ type: 'exercise-cleared', data: { exerciseId: 'bench' } }]);
  const removed = [...given, { type: 'set-removed', data: { setId: 's1' } } as WorkoutEvent];
  t.same(decide(removed, { type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }), [{ type: 'exercise-cleared', data: { exerciseId: 'squat' } }], 'its set is gone');
  t.same(decide([...given, { type: 'workout-deleted', data: {} }], { type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }), [], 'a deleted workout takes no tick');
  t.same(decide([], { type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }), [], 'nor does one never started');
});

t.test('importing a workout: all of it on a fresh stream, then only what differs, nothing when all is equal', async (t) => {
  const START = '2024-03-05T06:12:44.000Z';
  const END = '2024-03-05T07:17:44.000Z';
  const sets = [
    { newSetId: 'n1', exerciseId: 'bench', setNumber: 1, kg: 40, reps: 10, unit: 'kg' as const, rpe: null },
    { newSetId: 'n2', exerciseId: 'bench', setNumber: 2, kg: 80, reps: 8, unit: 'kg' as const, rpe: 7.5 },
    { newSetId: 'n3', exerciseId: 'row', setNumber: 1, kg: 70, reps: 8, unit: 'kg' as const, rpe: null },
  ];
  const importing = (changes: Partial<Extract<WorkoutCommand, { type: 'import-workout' }>> = {}, userId = U): WorkoutCommand => ({
    type: 'import-workout',
    userId,
    date: '2024-03-05',
    startedAt: START,
    finishedAt: END,
    notes: 'Push Day',
    sets,
    ...changes,
  });
  const whole: WorkoutEvent[] = [
    { type: 'workout-started', data: { userId: U, planDayId: null, date: '2024-03-05', startedAt: START } },
    tick('n1', 'bench', 1, 40, 10, 'kg', null),
    tick('n2', 'bench', 2, 80, 8, 'kg', 7.5),
    tick('n3', 'row', 1, 70, 8, 'kg', null),
    { type: 'workout-notes-changed', data: { notes: 'Push Day' } },
    { type: 'workout-finished', data: { at: END } },
  ];
  t.same(decide([], importing()), whole, 'a fresh stream: started, every set, notes, finished, in one decision');
  t.same(decide(whole, importing()), [], 'the same workout again: nothing');
  t.same(decide(whole, importing({ sets: [sets[1]!] })), [], 'a file holding fewer sets removes none');

  const changed = importing({ sets: [sets[0]!, { ...sets[1]!, newSetId: 'x', reps: 9 }, sets[2]!, { newSetId: 'n4', exerciseId: 'row', setNumber: 2, kg: 70, reps: 7, unit: 'kg', rpe: null }] });
  t.same(decide(whole, changed), [tick('n2', 'bench', 2, 80, 9, 'kg', 7.5), tick('n4', 'row', 2, 70, 7, 'kg', null)], 'a different set overwrites its own, keeping its id; a new one is added');
  t.same(decide(whole, importing({ sets: sets.map((set) => ({ ...set, unit: 'lb' as const })) })).length, 3, 'the unit it was typed in is part of a set');
  t.same(decide(whole, importing({ notes: 'Push Day\nFelt strong' })), [{ type: 'workout-notes-changed', data: { notes: 'Push Day\nFelt strong' } }]);
  t.same(decide(whole, importing({ notes: '' })), [], 'a file without notes leaves the notes alone');
  const reopened = [...whole, { type: 'workout-reopened', data: {} } as WorkoutEvent];
  t.same(decide(reopened, importing()), [{ type: 'workout-finished', data: { at: END } }], 'reopened here, finished again as the file says');
  t.same(decide(whole, importing({ finishedAt: START })), [{ type: 'workout-finished', data: { at: START } }]);

  const deleted = [...whole, { type: 'workout-deleted', data: {} } as WorkoutEvent];
  t.same(decide(deleted, importing()), whole, 'a deleted workout is imported afresh');
  t.throws(() => decide(whole, importing({}, 'user-2')), { code: 'NOT_FOUND' }, "another user's workout is not found");
  const state = [...whole, ...decide(whole, changed)].reduce(evolveWorkout, initialWorkoutState);
  t.same(state.status === 'open' ? Object.keys(state.sets).sort() : [], ['n1', 'n2', 'n3', 'n4'], 'the fold agrees');
});
