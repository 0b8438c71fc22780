import t from 'tap';
import { fold } from '../shared/aggregate.ts';
import { DomainError } from '../shared/events.ts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { evolveWorkout, initialWorkoutState, parseWorkoutEvent, workoutAggregate, type WorkoutEvent } from './workout.ts';
import type { SetKind } from './set-kind.ts';
import { decideWorkout, effectiveMadeAt, holdsExercise, SetChangedLater, type WorkoutCommand } from './workout-decide.ts';

const T1 = '2026-11-24T10:00:00.000Z';
const T2 = '2026-11-24T11:00:00.000Z';
const U = 'user-1';
const started: WorkoutEvent = { type: 'workout-started', data: { userId: U, planDayId: 'day-1', date: '2026-11-24', startedAt: T1 } };
const tick = (
  setId: string,
  exerciseId: string,
  setNumber: number,
  kg: number,
  reps: number,
  unit: 'kg' | 'lb' | null = null,
  rpe: number | null = null,
  madeAt: string | null = null,
): WorkoutEvent => ({
  type: 'set-ticked',
  data: { setId, exerciseId, setNumber, kg, reps, unit, rpe, madeAt },
});
const tickSet = (
  fields: {
    newSetId: string;
    exerciseId: string;
    setNumber: number;
    kg: number;
    reps: number;
    unit?: 'kg' | 'lb';
    rpe?: number;
    kind?: SetKind;
    note?: string;
    madeAt?: string;
  },
  userId = U,
): WorkoutCommand => ({
  type: 'tick-set',
  userId,
  unit: null,
  rpe: null,
  ...fields,
});

const workout = deciderSpec({ initialState: initialWorkoutState, evolve: evolveWorkout, decide: decideWorkout });

t.test('a set keeps its kind and note: a tick that leaves them out keeps them, a warm-up is a kind like any other', async (t) => {
  const warmup = workout([started]).when(tickSet({ newSetId: 's1', exerciseId: 'squat', setNumber: 1, kg: 60, reps: 5, kind: 'warmup', note: 'easy' })).decided().events;
  t.same(warmup, [{ type: 'set-ticked', data: { ...tick('s1', 'squat', 1, 60, 5).data, kind: 'warmup', note: 'easy' } }]);
  const given = [started, ...warmup];
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 60, reps: 5 })).then(t, [], 'the same tick from a client that knows no kinds changes nothing');
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 60, reps: 6 })).then(
    t,
    [{ type: 'set-ticked', data: { ...tick('s1', 'squat', 1, 60, 6).data, kind: 'warmup', note: 'easy' } } as WorkoutEvent],
    'other reps keep the kind and the note',
  );
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 60, reps: 5, kind: 'normal', note: '' })).then(
    t,
    [tick('s1', 'squat', 1, 60, 5)],
    'made ordinary again with no note: the event holds neither, as every tick before kinds',
  );
  workout(given).when({ type: 'correct-set', userId: U, setId: 's1', kind: 'failure' }).then(t, [{ type: 'set-corrected', data: { setId: 's1', kg: 60, reps: 5, kind: 'failure' } }]);
  workout(given).when({ type: 'correct-set', userId: U, setId: 's1', note: 'easy' }).then(t, [], 'a correction to what the set has changes nothing');
  const { state } = workout(given).when({ type: 'correct-set', userId: U, setId: 's1', kg: 62.5, note: '' }).decided();
  t.match(state.status === 'open' ? state.sets['s1'] : undefined, { kg: 62.5, kind: 'warmup', note: '' }, 'a correction leaves out what it does not change');
  workout(given).when({ type: 'rename-workout', userId: U, title: 'Legs' }).then(t, [{ type: 'workout-renamed', data: { title: 'Legs' } }]);
  workout([...given, { type: 'workout-renamed', data: { title: 'Legs' } }]).when({ type: 'change-workout', userId: U, title: 'Legs', now: T1 }).then(t, [], 'the same title again: nothing');
  t.throws(() => parseWorkoutEvent('set-ticked', { ...tick('s1', 'squat', 1, 60, 5).data, kind: 'cooldown' }, 3), 'a kind the code does not know is not read as ordinary');
});

t.test('start is get-or-create: the second start decides nothing', async (t) => {
  workout([]).when({ type: 'start-workout', userId: U, planDayId: 'day-1', date: '2026-11-24', now: T1 }).then(t, [started]);
  workout([started]).when({ type: 'start-workout', userId: U, planDayId: 'day-1', date: '2026-11-24', now: T2 }).then(t, []);
  const deleted = [started, { type: 'workout-deleted', data: {} } as WorkoutEvent];
  workout(deleted).when({ type: 'start-workout', userId: U, planDayId: 'day-1', date: '2026-11-24', now: T2 }).then(t, [
    { ...started, data: { ...started.data, startedAt: T2 } },
  ], 'a deleted workout of the key starts afresh');
});

t.test('a tick of an existing (exercise, set number) overwrites that set, keeping its id', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  workout(given).when(tickSet({ newSetId: 's2', exerciseId: 'squat', setNumber: 1, kg: 102.5, reps: 4 })).then(t, [tick('s1', 'squat', 1, 102.5, 4)]);
  workout(given).when(tickSet({ newSetId: 's2', exerciseId: 'squat', setNumber: 2, kg: 100, reps: 5 })).then(t, [tick('s2', 'squat', 2, 100, 5)]);
  workout(given).when(tickSet({ newSetId: 's2', exerciseId: 'bench', setNumber: 1, kg: 60, reps: 8 })).then(t, [tick('s2', 'bench', 1, 60, 8)]);
});

t.test('finish keeps the first finish time; reopen clears it; notes change only when different', async (t) => {
  const finished: WorkoutEvent = { type: 'workout-finished', data: { at: T1 } };
  workout([started]).when({ type: 'finish-workout', userId: U, now: T1 }).then(t, [finished]);
  workout([started, finished]).when({ type: 'finish-workout', userId: U, now: T2 }).then(t, []);
  workout([started, finished]).when({ type: 'reopen-workout', userId: U }).then(t, [{ type: 'workout-reopened', data: {} }]);
  workout([started]).when({ type: 'reopen-workout', userId: U }).then(t, []);
  workout([started]).when({ type: 'change-notes', userId: U, notes: '' }).then(t, []);
  workout([started]).when({ type: 'change-notes', userId: U, notes: 'hard' }).then(t, [{ type: 'workout-notes-changed', data: { notes: 'hard' } }]);
  workout([started]).when({ type: 'change-workout', userId: U, notes: 'hard', finished: true, now: T2 }).then(t, [
    { type: 'workout-notes-changed', data: { notes: 'hard' } },
    { type: 'workout-finished', data: { at: T2 } },
  ], 'a PATCH with both lands both');
  workout([started, finished]).when({ type: 'change-workout', userId: U, finished: true, now: T2 }).then(t, []);
  workout([started]).when({ type: 'change-workout', userId: 'user-2', now: T2 }).thenThrows(t, { code: 'NOT_FOUND' });
});

t.test("another user's, a missing or a deleted workout is not found", async (t) => {
  const cases: Array<[WorkoutEvent[], string]> = [[[], U], [[started], 'user-2'], [[started, { type: 'workout-deleted', data: {} }], U]];
  for (const [given, userId] of cases) {
    workout(given).when(tickSet({ newSetId: 's', exerciseId: 'e', setNumber: 1, kg: 1, reps: 1 }, userId)).thenThrows(t, { code: 'NOT_FOUND' });
  }
  workout([started]).when({ type: 'correct-set', userId: U, setId: 'nope', kg: 1 }).thenThrows(t, DomainError);
  workout([started]).when({ type: 'remove-set', userId: U, setId: 'nope' }).thenThrows(t, { code: 'NOT_FOUND' });
});

t.test('correct changes only what is sent; an unchanged correction records nothing', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  workout(given).when({ type: 'correct-set', userId: U, setId: 's1', reps: 6 }).then(t, [{ type: 'set-corrected', data: { setId: 's1', kg: 100, reps: 6 } }]);
  workout(given).when({ type: 'correct-set', userId: U, setId: 's1', kg: 100 }).then(t, []);
});

t.test("moving A's sets to B numbers them after B's, in A's order, and the fold agrees", async (t) => {
  const given = [started, tick('b1', 'B', 1, 80, 5), tick('b2', 'B', 2, 80, 5), tick('a2', 'A', 2, 62.5, 9), tick('a1', 'A', 1, 60, 10)];
  const { events, state } = workout(given).when({ type: 'move-sets', userId: U, fromExerciseId: 'A', toExerciseId: 'B' }).decided();
  t.same(events, [{ type: 'sets-moved', data: { fromExerciseId: 'A', toExerciseId: 'B', moves: [{ setId: 'a1', setNumber: 3 }, { setId: 'a2', setNumber: 4 }] } }]);
  workout([...given, ...events]).when(tickSet({ newSetId: 'x', exerciseId: 'B', setNumber: 3, kg: 61, reps: 10 })).then(t, [tick('a1', 'B', 3, 61, 10)], 'a tick of (B, 3) overwrites the moved set');
  t.equal(state.status === 'open' ? Object.keys(state.sets).length : 0, 4);
  workout(given).when({ type: 'move-sets', userId: U, fromExerciseId: 'C', toExerciseId: 'B' }).then(
    t,
    [{ type: 'exercise-cleared', data: { exerciseId: 'C' } }],
    'nothing to move: the stream still moves on, so a tick of C decided before is decided again',
  );
});

t.test('stored events parse back and fold to the same state', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 225 * 0.45359237, 5, 'lb', 8.5, T1)];
  const stored = given.map((event) => ({ type: event.type, data: JSON.parse(JSON.stringify(event.data)), metadata: { schemaVersion: 3 } }));
  t.same(fold(workoutAggregate, stored), given.reduce(evolveWorkout, initialWorkoutState));
  t.equal(workoutAggregate.schemaVersion, 3, 'new events are written as version 3');
  t.throws(() => parseWorkoutEvent('set-ticked', {}, 1));
  t.throws(() => parseWorkoutEvent('set-ticked', { setId: 's1', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5 }, 2), 'version 2 must carry unit and rpe');
  t.throws(() => parseWorkoutEvent('set-ticked', { setId: 's1', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5, unit: 'kg', rpe: null }, 3), 'version 3 must carry madeAt');
  t.throws(() => parseWorkoutEvent('set-ticked', stored[1]!.data, 4), /unknown gym workout event set-ticked v4/);
  t.throws(() => parseWorkoutEvent('toString', {}, 1), /unknown gym workout event/);
});

t.test('a version 1 log reads as version 3: ticks gain a null unit, RPE and madeAt, nothing else changes', async (t) => {
  const v1 = [
    { type: 'workout-started', data: started.data, metadata: { schemaVersion: 1 } },
    { type: 'set-ticked', data: { setId: 's1', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5 }, metadata: { schemaVersion: 1 } },
    { type: 'set-corrected', data: { setId: 's1', kg: 102.5, reps: 5 }, metadata: { schemaVersion: 1 } },
  ];
  t.same(parseWorkoutEvent('set-ticked', v1[1]!.data, 1), tick('s1', 'squat', 1, 100, 5, null, null));
  const state = fold(workoutAggregate, v1);
  t.same(state.status === 'open' ? state.sets['s1'] : undefined, { id: 's1', exerciseId: 'squat', setNumber: 1, kg: 102.5, reps: 5, unit: null, rpe: null, madeAt: null, kind: 'normal', note: '' }, 'an old tick is an ordinary set with no note');
  const mixed = [...v1, { type: 'set-ticked', data: { setId: 's2', exerciseId: 'squat', setNumber: 2, kg: 100, reps: 5, unit: 'kg', rpe: 9 }, metadata: { schemaVersion: 2 } }];
  const after = fold(workoutAggregate, mixed);
  t.same(after.status === 'open' ? after.sets['s2'] : undefined, { id: 's2', exerciseId: 'squat', setNumber: 2, kg: 100, reps: 5, unit: 'kg', rpe: 9, madeAt: null, kind: 'normal', note: '' }, 'a log of both versions folds');
  t.same(parseWorkoutEvent('set-ticked', mixed[3]!.data, 2), tick('s2', 'squat', 2, 100, 5, 'kg', 9, null), 'a version 2 tick reads with a null madeAt');
  t.same(
    decideWorkout({ type: 'tick-set', userId: U, newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 102.5, reps: 5, unit: null, rpe: null }, state),
    [],
    'a repeat of an upcast tick decides nothing',
  );
});

t.test('a tick identical to the set as stored decides nothing; a changed one overwrites', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5 })).then(t, []);
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 6 })).then(t, [tick('s1', 'squat', 1, 100, 6)]);
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5, rpe: 8 })).then(t, [tick('s1', 'squat', 1, 100, 5, null, 8)], 'an added RPE is a change');
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'squat', setNumber: 1, kg: 100, reps: 5, unit: 'lb' })).then(t, [tick('s1', 'squat', 1, 100, 5, 'lb')], 'so is the unit it was typed in');
});

t.test('clearing an exercise is refused while the workout holds a set of it (or of one merged into it)', async (t) => {
  const given = [started, tick('s1', 'squat', 1, 100, 5)];
  t.notOk(holdsExercise(initialWorkoutState, ['squat']), 'a workout never started holds nothing');
  workout(given).when({ type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }).thenThrows(t, { code: 'IN_USE' });
  workout(given).when({ type: 'clear-exercise', userId: U, exerciseIds: ['front-squat', 'squat'] }).thenThrows(t, { code: 'IN_USE' });
  workout(given).when({ type: 'clear-exercise', userId: U, exerciseIds: ['bench'] }).then(t, [{ type: 'exercise-cleared', data: { exerciseId: 'bench' } }]);
  const removed = [...given, { type: 'set-removed', data: { setId: 's1' } } as WorkoutEvent];
  workout(removed).when({ type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }).then(t, [{ type: 'exercise-cleared', data: { exerciseId: 'squat' } }], 'its set is gone');
  workout([...given, { type: 'workout-deleted', data: {} }]).when({ type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }).then(t, [], 'a deleted workout takes no tick');
  workout([]).when({ type: 'clear-exercise', userId: U, exerciseIds: ['squat'] }).then(t, [], 'nor does one never started');
});

t.test('importing a workout: all of it on a fresh stream, then only what differs, nothing when all is equal', async (t) => {
  const START = '2024-03-05T06:12:44.000Z';
  const END = '2024-03-05T07:17:44.000Z';
  const sets = [
    { newSetId: 'n1', exerciseId: 'bench', setNumber: 1, kg: 40, reps: 10, unit: 'kg' as const, rpe: null, kind: 'warmup' as const, note: '' },
    { newSetId: 'n2', exerciseId: 'bench', setNumber: 2, kg: 80, reps: 8, unit: 'kg' as const, rpe: 7.5, kind: 'normal' as const, note: 'paused' },
    { newSetId: 'n3', exerciseId: 'row', setNumber: 1, kg: 70, reps: 8, unit: 'kg' as const, rpe: null, kind: 'normal' as const, note: '' },
  ];
  const importing = (changes: Partial<Extract<WorkoutCommand, { type: 'import-workout' }>> = {}, userId = U): WorkoutCommand => ({
    type: 'import-workout',
    userId,
    date: '2024-03-05',
    startedAt: START,
    finishedAt: END,
    title: 'Push Day',
    notes: 'Felt strong',
    sets,
    ...changes,
  });
  const whole: WorkoutEvent[] = [
    { type: 'workout-started', data: { userId: U, planDayId: null, date: '2024-03-05', startedAt: START } },
    { type: 'set-ticked', data: { ...tick('n1', 'bench', 1, 40, 10, 'kg', null).data, kind: 'warmup' } } as WorkoutEvent,
    { type: 'set-ticked', data: { ...tick('n2', 'bench', 2, 80, 8, 'kg', 7.5).data, note: 'paused' } } as WorkoutEvent,
    tick('n3', 'row', 1, 70, 8, 'kg', null),
    { type: 'workout-renamed', data: { title: 'Push Day' } },
    { type: 'workout-notes-changed', data: { notes: 'Felt strong' } },
    { type: 'workout-finished', data: { at: END } },
  ];
  workout([]).when(importing()).then(t, whole, 'a fresh stream: started, every set with its kind and note, title, notes, finished, in one decision');
  const folded = whole.reduce(evolveWorkout, initialWorkoutState);
  t.match(folded, { title: 'Push Day', notes: 'Felt strong' });
  t.same(
    Object.values(folded.status === 'open' ? folded.sets : {}).map((set) => [set.setNumber, set.exerciseId, set.kind, set.note]),
    [[1, 'bench', 'warmup', ''], [2, 'bench', 'normal', 'paused'], [1, 'row', 'normal', '']],
    'the kind and note are on the set; an ordinary set without a note stores neither',
  );
  workout(whole).when(importing({ sets: [{ ...sets[0]!, kind: 'normal' }] })).then(t, [tick('n1', 'bench', 1, 40, 10, 'kg', null)], 'a kind changed in the file changes the set');
  workout(whole).when(importing({ title: 'Chest' })).then(t, [{ type: 'workout-renamed', data: { title: 'Chest' } }], 'a title changed in the file renames the workout');
  workout(whole).when(importing()).then(t, [], 'the same workout again: nothing');
  workout(whole).when(importing({ sets: [sets[1]!] })).then(t, [], 'a file holding fewer sets removes none');

  const changed = importing({
    sets: [sets[0]!, { ...sets[1]!, newSetId: 'x', reps: 9 }, sets[2]!, { newSetId: 'n4', exerciseId: 'row', setNumber: 2, kg: 70, reps: 7, unit: 'kg', rpe: null, kind: 'normal', note: '' }],
  });
  workout(whole).when(changed).then(
    t,
    [{ type: 'set-ticked', data: { ...tick('n2', 'bench', 2, 80, 9, 'kg', 7.5).data, note: 'paused' } } as WorkoutEvent, tick('n4', 'row', 2, 70, 7, 'kg', null)],
    'a different set overwrites its own, keeping its id; a new one is added',
  );
  t.same(workout(whole).when(importing({ sets: sets.map((set) => ({ ...set, unit: 'lb' as const })) })).decided().events.length, 3, 'the unit it was typed in is part of a set');
  workout(whole).when(importing({ notes: 'Felt strong\nSlept badly' })).then(t, [{ type: 'workout-notes-changed', data: { notes: 'Felt strong\nSlept badly' } }]);
  workout(whole).when(importing({ title: '' })).then(t, [], 'a file without a name leaves the title alone');
  workout(whole).when(importing({ notes: '' })).then(t, [], 'a file without notes leaves the notes alone');
  const reopened = [...whole, { type: 'workout-reopened', data: {} } as WorkoutEvent];
  workout(reopened).when(importing()).then(t, [{ type: 'workout-finished', data: { at: END } }], 'reopened here, finished again as the file says');
  workout(whole).when(importing({ finishedAt: START })).then(t, [{ type: 'workout-finished', data: { at: START } }]);
  // the same file read 8 h 22 min west: the start as first imported, the duration as the file says
  const shifted = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();
  workout(whole).when(importing({ startedAt: shifted(START, 502), finishedAt: shifted(END, 502) })).then(t, [], 'imported again in another zone: nothing moves');
  workout(whole).when(importing({ startedAt: shifted(START, 502), finishedAt: shifted(START, 502 + 30) })).then(
    t,
    [{ type: 'workout-finished', data: { at: shifted(START, 30) } }],
    'a new duration in another zone: finished that long after the start already imported',
  );

  const deleted = [...whole, { type: 'workout-deleted', data: {} } as WorkoutEvent];
  workout(deleted).when(importing()).then(t, whole, 'a deleted workout is imported afresh');
  workout(whole).when(importing({}, 'user-2')).thenThrows(t, { code: 'NOT_FOUND' }, "another user's workout is not found");
  const { state } = workout(whole).when(changed).decided();
  t.same(state.status === 'open' ? Object.keys(state.sets).sort() : [], ['n1', 'n2', 'n3', 'n4'], 'the fold agrees');
});

const T0 = '2026-11-24T09:00:00.000Z';
const T3 = '2026-11-24T12:00:00.000Z';

t.test('a tick made before the tick that last wrote its set is refused with the set as it stands', async (t) => {
  const given = [started, tick('s1', 'bench', 3, 55, 6, 'kg', null, T2)];
  const older = tickSet({ newSetId: 'x', exerciseId: 'bench', setNumber: 3, kg: 50, reps: 8, unit: 'kg', madeAt: T1 });
  workout(given).when(older).thenThrows(t, { code: 'SET_CHANGED_LATER', current: { id: 's1', kg: 55, reps: 6, madeAt: T2 } });
  workout(given).when(older).thenThrows(t, SetChangedLater);
  workout(given).when({ ...older, kg: 55, reps: 6 } as WorkoutCommand).then(t, [], 'an older tick of the same values loses nothing: not refused, nothing appended');
  workout(given).when({ ...older, madeAt: T3 } as WorkoutCommand).then(t, [tick('s1', 'bench', 3, 50, 8, 'kg', null, T3)], 'a later tick overwrites');
  workout(given).when({ ...older, madeAt: T2 } as WorkoutCommand).then(t, [tick('s1', 'bench', 3, 50, 8, 'kg', null, T2)], 'made at the same instant: the later arrival wins');
});

t.test('a tick that does not say when it was made, or onto a set whose tick did not, overwrites as before', async (t) => {
  const dated = [started, tick('s1', 'bench', 3, 55, 6, 'kg', null, T2)];
  workout(dated).when(tickSet({ newSetId: 'x', exerciseId: 'bench', setNumber: 3, kg: 50, reps: 8, unit: 'kg' })).then(t, [tick('s1', 'bench', 3, 50, 8, 'kg')]);
  workout(dated).when(tickSet({ newSetId: 'x', exerciseId: 'bench', setNumber: 3, kg: 55, reps: 6, unit: 'kg' })).then(t, [], 'an undated repeat decides nothing');
  const undated = [started, tick('s1', 'bench', 3, 55, 6, 'kg')];
  workout(undated).when(tickSet({ newSetId: 'x', exerciseId: 'bench', setNumber: 3, kg: 50, reps: 8, unit: 'kg', madeAt: T1 })).then(t, [tick('s1', 'bench', 3, 50, 8, 'kg', null, T1)]);
});

t.test('the same tick again decides nothing; the same values ticked later record the later time', async (t) => {
  const given = [started, tick('s1', 'bench', 3, 55, 6, 'kg', null, T2)];
  workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'bench', setNumber: 3, kg: 55, reps: 6, unit: 'kg', madeAt: T2 })).then(t, []);
  const later = workout(given).when(tickSet({ newSetId: 'x', exerciseId: 'bench', setNumber: 3, kg: 55, reps: 6, unit: 'kg', madeAt: T3 })).decided().events;
  t.same(later, [tick('s1', 'bench', 3, 55, 6, 'kg', null, T3)]);
  // without it, a tick made between T2 and T3 would overwrite what the T3 device confirmed
  workout([...given, ...later]).when(tickSet({ newSetId: 'x', exerciseId: 'bench', setNumber: 3, kg: 50, reps: 8, unit: 'kg', madeAt: '2026-11-24T11:30:00.000Z' })).thenThrows(t, {
    code: 'SET_CHANGED_LATER',
  });
});

t.test('whatever order ticks of one set arrive in, the set ends with the values of the one made last', async (t) => {
  const ticks = [
    { kg: 50, reps: 8, madeAt: T1 },
    { kg: 55, reps: 6, madeAt: T3 },
    { kg: 52.5, reps: 7, madeAt: T2 },
    { kg: 55, reps: 6, madeAt: T0 },
  ];
  const orders = [[0, 1, 2, 3], [3, 2, 1, 0], [1, 0, 3, 2], [2, 3, 0, 1], [0, 2, 1, 3]];
  for (const order of orders) {
    let state = evolveWorkout(initialWorkoutState, started);
    for (const index of order) {
      const { kg, reps, madeAt } = ticks[index]!;
      try {
        for (const event of decideWorkout(tickSet({ newSetId: `n${index}`, exerciseId: 'bench', setNumber: 3, kg, reps, unit: 'kg', madeAt }), state)) state = evolveWorkout(state, event);
      } catch (error) {
        if (!(error instanceof SetChangedLater)) throw error;
      }
    }
    const set = state.status === 'open' ? Object.values(state.sets)[0] : undefined;
    t.match(set, { kg: 55, reps: 6, madeAt: T3 }, `order ${order.join(',')}`);
  }
});

t.test('a deletion by place: gone already is done, refused when the set was ticked after it', async (t) => {
  const given = [started, tick('s1', 'bench', 3, 55, 6, 'kg', null, T2)];
  const removeAt = (madeAt: string | null, setNumber = 3): WorkoutCommand => ({ type: 'remove-set-at', userId: U, exerciseId: 'bench', setNumber, madeAt });
  workout(given).when(removeAt(T3)).then(t, [{ type: 'set-removed', data: { setId: 's1', madeAt: T3 } }]);
  workout(given).when(removeAt(T2)).then(t, [{ type: 'set-removed', data: { setId: 's1', madeAt: T2 } }], 'made at the same instant as the tick');
  workout(given).when(removeAt(null)).then(t, [{ type: 'set-removed', data: { setId: 's1' } }], 'an undated deletion removes');
  workout(given).when(removeAt(T3, 4)).then(t, [{ type: 'set-place-cleared', data: { exerciseId: 'bench', setNumber: 4, madeAt: T3 } }], 'a set that is not there: the deletion is kept');
  workout(given).when(removeAt(null, 4)).then(t, [], 'an undated deletion of a set that is not there decides nothing');
  workout([...given, { type: 'set-removed', data: { setId: 's1', madeAt: T3 } }]).when(removeAt(T3)).then(t, [], 'a repeated deletion decides nothing');
  workout(given).when(removeAt(T1)).thenThrows(t, { code: 'SET_CHANGED_LATER', current: { id: 's1', kg: 55, reps: 6 } });
  workout([]).when(removeAt(T3)).thenThrows(t, { code: 'NOT_FOUND' });
  workout(given).when({ type: 'remove-set-at', userId: 'user-2', exerciseId: 'bench', setNumber: 3, madeAt: T3 }).thenThrows(t, { code: 'NOT_FOUND' });
});

t.test('a tick made before a deletion of its place that came first is refused: the deletion was the later change', async (t) => {
  const removed = [started, tick('s1', 'bench', 3, 55, 6, 'kg', null, T1), { type: 'set-removed', data: { setId: 's1', madeAt: T2 } } satisfies WorkoutEvent];
  workout(removed).when(tickSet({ newSetId: 'n', exerciseId: 'bench', setNumber: 3, kg: 50, reps: 8, madeAt: T1 })).thenThrows(t, { code: 'SET_CHANGED_LATER', current: null });
  t.match(workout(removed).when(tickSet({ newSetId: 'n', exerciseId: 'bench', setNumber: 3, kg: 50, reps: 8, madeAt: T3 })).decided().events, [{ type: 'set-ticked' }], 'a tick made after the deletion brings the set back');
  const clearedFirst = [started, { type: 'set-place-cleared', data: { exerciseId: 'bench', setNumber: 3, madeAt: T2 } } satisfies WorkoutEvent];
  workout(clearedFirst).when(tickSet({ newSetId: 'n', exerciseId: 'bench', setNumber: 3, kg: 50, reps: 8, madeAt: T1 })).thenThrows(t, { code: 'SET_CHANGED_LATER', current: null });
  t.match(workout(clearedFirst).when(tickSet({ newSetId: 'n', exerciseId: 'bench', setNumber: 4, kg: 50, reps: 8, madeAt: T1 })).decided().events, [{ type: 'set-ticked' }], 'another place is not touched');
});

t.test('whatever order the ticks and deletions of one place arrive in, it ends as the change made last left it', async (t) => {
  type Change = { readonly kg: number; readonly reps: number; readonly madeAt: string } | { readonly deleted: true; readonly madeAt: string };
  const changes: Change[] = [{ kg: 50, reps: 8, madeAt: T0 }, { deleted: true, madeAt: T1 }, { kg: 52.5, reps: 7, madeAt: T2 }, { deleted: true, madeAt: T3 }];
  const permutations = (items: number[]): number[][] => (items.length <= 1 ? [items] : items.flatMap((item) => permutations(items.filter((other) => other !== item)).map((rest) => [item, ...rest])));
  for (const order of permutations([0, 1, 2, 3])) {
    for (const last of [3, 2]) {
      let state = evolveWorkout(initialWorkoutState, started);
      for (const index of order.filter((each) => each <= last)) {
        const change = changes[index]!;
        const command: WorkoutCommand =
          'deleted' in change
            ? { type: 'remove-set-at', userId: U, exerciseId: 'bench', setNumber: 3, madeAt: change.madeAt }
            : tickSet({ newSetId: `n${index}`, exerciseId: 'bench', setNumber: 3, kg: change.kg, reps: change.reps, unit: 'kg', madeAt: change.madeAt });
        try {
          for (const event of decideWorkout(command, state)) state = evolveWorkout(state, event);
        } catch (error) {
          if (!(error instanceof SetChangedLater)) throw error;
        }
      }
      const set = state.status === 'open' ? Object.values(state.sets)[0] : undefined;
      if (last === 3) t.equal(set, undefined, `order ${order.join(',')}: the last change, a deletion, holds`);
      else t.match(set, { kg: 52.5, reps: 7, madeAt: T2 }, `order ${order.join(',')} without the last deletion: the latest tick holds`);
    }
  }
});

t.test('a correction or a move keeps the time of the tick that wrote the set', async (t) => {
  const given = [started, tick('s1', 'A', 1, 55, 6, 'kg', null, T2)];
  const corrected = [...given, ...workout(given).when({ type: 'correct-set', userId: U, setId: 's1', reps: 5 }).decided().events];
  const { state } = workout(corrected).when({ type: 'move-sets', userId: U, fromExerciseId: 'A', toExerciseId: 'B' }).decided();
  t.same(state.status === 'open' ? state.sets['s1'] : undefined, { id: 's1', exerciseId: 'B', setNumber: 1, kg: 55, reps: 5, unit: 'kg', rpe: null, madeAt: T2, kind: 'normal', note: '' });
});

t.test('madeAt is read as an instant in UTC, and a time more than 5 minutes past the server clock is the server clock', async (t) => {
  const now = new Date('2026-11-24T10:00:00.000Z');
  t.equal(effectiveMadeAt('2026-11-24T11:59:00+02:00', now), '2026-11-24T09:59:00.000Z');
  t.equal(effectiveMadeAt('2026-11-24T10:05:00.000Z', now), '2026-11-24T10:05:00.000Z', 'exactly 5 minutes ahead is kept');
  t.equal(effectiveMadeAt('2026-11-24T10:05:00.001Z', now), now.toISOString());
  t.equal(effectiveMadeAt('2027-01-01T00:00:00Z', now), now.toISOString());
  t.equal(effectiveMadeAt('2020-01-01T00:00:00Z', now), '2020-01-01T00:00:00.000Z', 'a clock behind is trusted: it only makes its own ticks lose');
});
