import t from 'tap';
import { PLAN_BOUNDS } from '../../domain/gym/bounds.ts';
import { ACCENTS, accentColour, clock, codeDigits, dayText, daysBefore, KG_PER_LB, kgToShown, lastSetText, lastTimeOf, localDate, parseNumber, planFromTemplate, readingDateProblem, shownToKg, slotTarget, TEMPLATES, templateExercises, typedKg, workoutRows, workoutTitle } from './model.ts';

t.test('a pound is 0.45359237 kg exactly, and 135 lb comes back as 135 lb', async (t) => {
  t.equal(KG_PER_LB, 0.45359237);
  const kg = shownToKg(135, 'lb');
  t.equal(kg, 135 * 0.45359237, 'stored unrounded');
  t.equal(kgToShown(kg, 'lb'), 135);
  for (const lb of [2.5, 45, 137.5, 225, 315.25, 999.999]) t.equal(kgToShown(shownToKg(lb, 'lb'), 'lb'), lb, `${lb} lb`);
  t.equal(shownToKg(100, 'kg'), 100);
  t.equal(kgToShown(61.2349699, 'kg'), 61.235, 'kilograms shown to a thousandth');
});

t.test('issue 35: a weight left as shown is sent as stored; only a changed number is converted', async (t) => {
  t.equal(kgToShown(100, 'lb'), 220.462, '100 kg shows as 220.462 lb');
  t.not(shownToKg(220.462, 'lb'), 100, 'and 220.462 lb converted back is not 100 kg');
  t.equal(typedKg(220.462, 100, 'lb'), 100, 'a set of 100 kg ticked again unchanged in pounds stays 100 kg');
  t.equal(typedKg(61.235, 61.2349699, 'kg'), 61.2349699, 'kilograms shown to a thousandth are sent unrounded');
  t.equal(typedKg(225, 100, 'lb'), 225 * KG_PER_LB, 'a changed number is converted');
  t.equal(typedKg(220.46, 100, 'lb'), 220.46 * KG_PER_LB, 'by however little');
  t.equal(typedKg(135, null, 'lb'), 135 * KG_PER_LB, 'a field that showed nothing is converted');
  t.equal(typedKg(100, 100, 'kg'), 100);
});

t.test('a typed weight: a decimal point or comma; anything else is none', async (t) => {
  t.equal(parseNumber('62.5'), 62.5);
  t.equal(parseNumber(' 62,5 '), 62.5);
  t.equal(parseNumber('135'), 135);
  for (const bad of ['', ' ', 'abc', '-5', '1e3', '5.', '1.2.3']) t.equal(parseNumber(bad), null, JSON.stringify(bad));
});

t.test('a recovery code keeps only its digits, leading zeros too', async (t) => {
  t.equal(codeDigits('123 456'), '123456');
  t.equal(codeDigits(' 012-345\n'), '012345');
});

t.test("today is the client's calendar date, not UTC's", async (t) => {
  t.equal(localDate(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
  t.equal(localDate(new Date(2026, 11, 31, 0, 1)), '2026-12-31');
});

t.test('days before a date count calendar days, across months, leap days and clock changes', async (t) => {
  t.equal(daysBefore('2026-11-26', 83), '2026-09-04', 'twelve weeks back, today included');
  t.equal(daysBefore('2028-03-01', 1), '2028-02-29');
  t.equal(daysBefore('2026-03-30', 2), '2026-03-28', 'across the spring clock change');
  t.equal(daysBefore('2026-01-03', 7), '2025-12-27');
  t.equal(daysBefore('2026-11-26', -5), '2026-12-01', 'a negative count goes forward');
});

t.test('a workout is called by its plan and day, else "Workout"', async (t) => {
  t.equal(workoutTitle({ planName: '5×5', dayOrdinal: 1, dayTitle: 'A' }), '5×5: Day 1 A');
  t.equal(workoutTitle({ planName: 'Upper/Lower', dayOrdinal: 3, dayTitle: null }), 'Upper/Lower: Day 3');
  t.equal(workoutTitle({ planName: null, dayOrdinal: null, dayTitle: null }), 'Workout');
});

t.test('the rest timer reads minutes and seconds', async (t) => {
  t.equal(clock(90), '1:30');
  t.equal(clock(0.2), '0:01', 'a part of a second still waits');
  t.equal(clock(-3), '0:00');
});

t.test('accent names map to colours; an unknown name is none', async (t) => {
  t.equal(accentColour('green'), '#0b6e4f');
  t.equal(accentColour('chartreuse'), null);
  for (const hex of Object.values(ACCENTS)) t.match(hex, /^#[0-9a-f]{6}$/);
});

t.test('every template stays within the plan bounds and becomes a plan with its exercise ids', async (t) => {
  for (const template of TEMPLATES) {
    t.ok(template.days.length >= 1 && template.days.length <= PLAN_BOUNDS.days, `${template.id}: 1 to ${PLAN_BOUNDS.days} days`);
    for (const day of template.days) {
      t.ok(day.slots.length <= PLAN_BOUNDS.slotsPerDay);
      const [fewest, most] = PLAN_BOUNDS.sets;
      const [low, high] = PLAN_BOUNDS.reps;
      for (const each of day.slots) t.ok(each.sets >= fewest && each.sets <= most && each.repMin >= low && each.repMin <= each.repMax && each.repMax <= high, `${template.id} ${each.exercise}`);
    }
  }
  const fiveByFive = TEMPLATES.find((template) => template.id === '5x5')!;
  const names = templateExercises(fiveByFive);
  t.same(names, ['Squat', 'Bench Press', 'Barbell Row', 'Overhead Press', 'Deadlift'], 'each exercise once');
  const ids = new Map(names.map((name, index) => [name, `id-${index}`]));
  const plan = planFromTemplate(fiveByFive, ids, '2026-03-02');
  t.same(plan.days[1], {
    title: 'B',
    slots: [
      { exerciseId: 'id-0', targetSets: 5, repMin: 5, repMax: 5 },
      { exerciseId: 'id-3', targetSets: 5, repMin: 5, repMax: 5 },
      { exerciseId: 'id-4', targetSets: 1, repMin: 5, repMax: 5 },
    ],
  });
  t.equal(plan.startDate, '2026-03-02');
  t.throws(() => planFromTemplate(fiveByFive, new Map(), '2026-03-02'), /Squat/);
});

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

t.test("a body-weight reading is of the phone's today or a day before: a later date is refused in words", async (t) => {
  t.equal(readingDateProblem('2026-11-28', '2026-11-28'), null);
  t.equal(readingDateProblem('2019-02-28', '2026-11-28'), null);
  t.equal(readingDateProblem('2026-11-29', '2026-11-28'), `A reading cannot be dated in the future: today is ${dayText('2026-11-28')}.`);
  t.equal(readingDateProblem('2027-01-01', '2026-12-31'), `A reading cannot be dated in the future: today is ${dayText('2026-12-31')}.`);
  t.equal(readingDateProblem('', '2026-11-28'), 'Pick the date of the reading.', 'an emptied date field');
});
