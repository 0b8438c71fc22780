import t from 'tap';
import { parseLine, parseWorkoutText } from './ocr-parse.ts';

t.test('the line shapes of other trackers', async (t) => {
  t.same(parseLine('Squat 3 x 5 @ 100 kg', 'kg'), { name: 'Squat', sets: [{ kg: 100, reps: 5 }, { kg: 100, reps: 5 }, { kg: 100, reps: 5 }] });
  t.same(parseLine('Bench Press  80kg x 8', 'kg'), { name: 'Bench Press', sets: [{ kg: 80, reps: 8 }] });
  t.same(parseLine('• Overhead Press: 2×8 at 42,5kg', 'kg'), { name: 'Overhead Press', sets: [{ kg: 42.5, reps: 8 }, { kg: 42.5, reps: 8 }] });
  t.same(parseLine('Romanian Deadlift 120 X 10 reps', 'kg'), { name: 'Romanian Deadlift', sets: [{ kg: 120, reps: 10 }] }, 'no unit: the user’s');
  t.same(parseLine('Pull-up 3 x 10', 'kg'), { name: 'Pull-up', sets: [{ kg: 0, reps: 10 }, { kg: 0, reps: 10 }, { kg: 0, reps: 10 }] }, 'no weight: the body’s own, 0 added');
  t.same(parseLine("Farmer's Walk 40 kg x 1", 'kg'), { name: "Farmer's Walk", sets: [{ kg: 40, reps: 1 }] });
});

t.test('pounds: written or the user’s unit, converted with 0.45359237 kg/lb', async (t) => {
  t.same(parseLine('Deadlift 1 x 5 @ 315 lbs', 'kg'), { name: 'Deadlift', sets: [{ kg: 315 * 0.45359237, reps: 5 }] });
  t.same(parseLine('Bench Press 135 x 5', 'lb'), { name: 'Bench Press', sets: [{ kg: 135 * 0.45359237, reps: 5 }] });
  t.same(parseLine('Bench Press 60 kg x 5', 'lb'), { name: 'Bench Press', sets: [{ kg: 60, reps: 5 }] }, 'a written kg wins over the user’s lb');
});

t.test('a line that is no set is none', async (t) => {
  for (const line of ['Monday 2 March', 'Workout A', '3 x 5 @ 100 kg', 'Squat', 'Total volume 4,820 kg', 'Squat 0 x 5 @ 100 kg', 'Squat 3 x 0 @ 100', 'Squat 99 x 5 @ 100 kg', ''])
    t.equal(parseLine(line, 'kg'), null, JSON.stringify(line));
});

t.test('a whole screenshot: the sets of one exercise gathered in the order met, the rest skipped', async (t) => {
  const text = ['Push day — Mon 2 Mar', 'Squat 3 x 5 @ 100 kg', 'Bench Press 80 kg x 8', 'bench press 80 kg x 7', '', 'Barbell Row 2 x 8 @ 60 kg', 'Duration 52 min'].join('\n');
  t.same(parseWorkoutText(text, 'kg'), {
    exercises: [
      { name: 'Squat', sets: [{ kg: 100, reps: 5 }, { kg: 100, reps: 5 }, { kg: 100, reps: 5 }] },
      { name: 'Bench Press', sets: [{ kg: 80, reps: 8 }, { kg: 80, reps: 7 }] },
      { name: 'Barbell Row', sets: [{ kg: 60, reps: 8 }, { kg: 60, reps: 8 }] },
    ],
    skipped: ['Push day — Mon 2 Mar', 'Duration 52 min'],
  });
  t.same(parseWorkoutText('', 'kg'), { exercises: [], skipped: [] });
});
