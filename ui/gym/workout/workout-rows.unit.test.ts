import t from 'tap';
import { KG_PER_LB } from '../model.ts';
import { lastSetText, lastTimeOf, slotTarget, workoutRows } from './workout-rows.ts';

t.test('workout rows: planned sets, logged sets, queued sets over logged ones, extra exercises', async (t) => {
  const planned = [{ exerciseId: 'sq', name: 'Squat', targetSets: 3, reps: 5, kg: 100 }];
  const plain = { kind: 'normal' as const, note: '', rpe: null };
  const logged = [
    { id: 's1', exerciseId: 'sq', setNumber: 1, kg: 100, reps: 5, ...plain },
    { id: 's2', exerciseId: 'sq', setNumber: 2, kg: 102.5, reps: 5, rpe: 9.5, kind: 'failure' as const, note: 'grindy' },
    { id: 'c1', exerciseId: 'curl', setNumber: 1, kg: 12, reps: 10, ...plain },
  ];
  const queued = [{ exerciseId: 'sq', setNumber: 2, kg: 105, reps: 4 }];
  const rows = workoutRows(planned, logged, queued, new Map([['curl', 'Curl']]));
  t.same(
    rows.map((each) => each.name),
    ['Squat', 'Curl'],
  );
  t.same(rows[0]!.rows, [
    { setNumber: 1, kg: 100, reps: 5, ...plain, setId: 's1', source: 'logged' },
    { setNumber: 2, kg: 105, reps: 4, rpe: null, kind: 'failure', note: 'grindy', setId: 's2', source: 'queued' },
    { setNumber: 3, kg: 105, reps: 4, ...plain, setId: null, source: 'planned' },
  ], 'a queued tick that says no kind or note keeps the set’s; one that says no RPE has none, as the server stores it');
  const warmedUp = workoutRows(planned, [{ id: 'w', exerciseId: 'sq', setNumber: 1, kg: 60, reps: 5, rpe: null, kind: 'warmup', note: '' }], [], new Map());
  t.same(warmedUp[0]!.rows.map((row) => [row.kg, row.kind]), [[60, 'warmup'], [100, 'normal'], [100, 'normal']], "a warm-up's weight is no suggestion: the plan's is");
  t.equal(rows[1]!.rows.length, 1, 'an unplanned exercise shows the sets it has');
  const fresh = workoutRows(planned, [], [], new Map());
  t.same(
    fresh[0]!.rows.map((row) => [row.kg, row.reps, row.source]),
    [
      [100, 5, 'planned'],
      [100, 5, 'planned'],
      [100, 5, 'planned'],
    ],
    'the plan suggests',
  );
  t.equal(workoutRows(planned, [{ id: 'x', exerciseId: 'sq', setNumber: 5, kg: 90, reps: 3, ...plain }], [], new Map())[0]!.rows.length, 5, 'a set beyond the target adds rows');
});

t.test('the last time of an exercise: the newest other workout up to this one’s date, set by set', async (t) => {
  const history = [
    { sessionId: 'later', date: '2026-03-09', sets: [{ setNumber: 1, kg: 110, reps: 5 }] },
    { sessionId: 'this', date: '2026-03-07', sets: [{ setNumber: 1, kg: 105, reps: 5 }] },
    { sessionId: 'before', date: '2026-03-05', sets: [{ setNumber: 1, kg: 60, reps: 8, kind: 'warmup' as const }, { setNumber: 2, kg: 100, reps: 5 }] },
  ];
  t.equal(lastTimeOf(history, 'this', '2026-03-07')?.sessionId, 'before', 'not this workout, nor one after its date');
  t.equal(lastTimeOf(history, 'new', '2026-03-10')?.sessionId, 'later');
  t.equal(lastTimeOf(history, 'new', '2026-03-01'), null, 'nothing before: no last time');
  t.same(lastTimeOf(history, 'this', '2026-03-07')!.sets.map((set) => lastSetText(set, 'kg')), ['last: W 60 × 8', 'last: 100 × 5']);
  t.equal(lastSetText({ kg: 100 * KG_PER_LB, reps: 5 }, 'lb'), 'last: 100 × 5', 'in the reader’s unit');
  t.same([slotTarget({ targetSets: 3, repMin: 5, repMax: 8 }), slotTarget({ targetSets: 1, repMin: 5, repMax: 5 })], ['3 sets of 5–8 reps', '1 set of 5 reps']);
});
