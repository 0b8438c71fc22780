import t from 'tap';
import { changeText, setText } from './workout-history.ts';

const LB = 0.45359237;
const set = { id: 's1', exerciseId: 'e1', exerciseName: 'Squat', setNumber: 2, kg: 100, reps: 5, unit: 'kg' as const, rpe: null, kind: 'normal' as const, note: '' };
const values = { kind: 'normal' as const, note: '' };

t.test('a set reads in the reader’s unit, with its RPE when there is one', async (t) => {
  t.equal(setText({ kg: 102.5, reps: 5, rpe: 8.5 }, 'kg'), '102.5 kg × 5, RPE 8.5');
  t.equal(setText({ kg: 225 * LB, reps: 3, rpe: null }, 'lb'), '225 lb × 3', 'pounds typed come back as typed');
  t.equal(setText({ kg: 60, reps: 5, rpe: null, kind: 'warmup', note: 'easy' }, 'kg'), '60 kg × 5, warm-up, “easy”', 'a kind other than normal and a note are said');
});

t.test('each change reads as one line; a check that changed nothing reads as none', async (t) => {
  t.equal(changeText({ kind: 'started', date: '2026-11-24', planDayId: null }, 'kg'), 'Started the workout');
  t.equal(changeText({ kind: 'set-ticked', set, previous: null }, 'kg'), 'Squat set 2: 100 kg × 5');
  t.equal(changeText({ kind: 'set-ticked', set: { ...set, kg: 105, rpe: 9 }, previous: { kg: 100, reps: 5, unit: 'kg', rpe: null, ...values } }, 'kg'), 'Squat set 2: 100 kg × 5 → 105 kg × 5, RPE 9');
  t.equal(changeText({ kind: 'set-corrected', set: { ...set, reps: 4 }, previous: { kg: 100, reps: 5, unit: null, rpe: null, ...values } }, 'kg'), 'Corrected Squat set 2: 100 kg × 5 → 100 kg × 4');
  t.equal(
    changeText({ kind: 'set-corrected', set: { ...set, kind: 'drop' }, previous: { kg: 100, reps: 5, unit: null, rpe: null, ...values } }, 'kg'),
    'Corrected Squat set 2: 100 kg × 5 → 100 kg × 5, drop set',
  );
  t.equal(changeText({ kind: 'renamed', title: 'Heavy legs', previous: '' }, 'kg'), 'Named the workout “Heavy legs”');
  t.equal(changeText({ kind: 'set-removed', set: { ...set, exerciseName: null } }, 'kg'), 'Removed An exercise no longer in your list set 2 (100 kg × 5)');
  t.equal(changeText({ kind: 'notes', notes: 'grindy', previous: '' }, 'kg'), 'Notes: “grindy”');
  t.equal(changeText({ kind: 'notes', notes: '', previous: 'grindy' }, 'kg'), 'Cleared the notes');
  t.equal(changeText({ kind: 'sets-moved', fromExerciseId: 'a', fromExerciseName: null, toExerciseId: 'b', toExerciseName: 'Row', sets: 1 }, 'kg'), 'Moved 1 set of a merged exercise to Row');
  t.equal(changeText({ kind: 'exercise-checked', exerciseId: 'a', exerciseName: 'Row' }, 'kg'), null);
});
