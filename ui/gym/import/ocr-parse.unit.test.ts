import t from 'tap';
import type { SetKind } from '../../../domain/gym/set-kind.ts';
import { nameOfLine, parseLine, parseSetLine, parseWorkoutText } from './ocr-parse.ts';

const LB = 0.45359237;
const set = (kg: number, reps: number, kind: SetKind = 'normal', rpe: number | null = null) => ({ kg, reps, kind, rpe });

t.test('the line shapes of other trackers', async (t) => {
  t.same(parseLine('Squat 3 x 5 @ 100 kg', 'kg'), { name: 'Squat', sets: [set(100, 5), set(100, 5), set(100, 5)] });
  t.same(parseLine('Bench Press  80kg x 8', 'kg'), { name: 'Bench Press', sets: [set(80, 8)] });
  t.same(parseLine('• Overhead Press: 2×8 at 42,5kg', 'kg'), { name: 'Overhead Press', sets: [set(42.5, 8), set(42.5, 8)] });
  t.same(parseLine('Romanian Deadlift 120 X 10 reps', 'kg'), { name: 'Romanian Deadlift', sets: [set(120, 10)] }, 'no unit: the user’s');
  t.same(parseLine('Pull-up 3 x 10', 'kg'), { name: 'Pull-up', sets: [set(0, 10), set(0, 10), set(0, 10)] }, 'no weight: the body’s own, 0 added');
  t.same(parseLine("Farmer's Walk 40 kg x 1", 'kg'), { name: "Farmer's Walk", sets: [set(40, 1)] });
});

t.test('pounds: written or the user’s unit, converted with 0.45359237 kg/lb', async (t) => {
  t.same(parseLine('Deadlift 1 x 5 @ 315 lbs', 'kg'), { name: 'Deadlift', sets: [set(315 * LB, 5)] });
  t.same(parseLine('Bench Press 135 x 5', 'lb'), { name: 'Bench Press', sets: [set(135 * LB, 5)] });
  t.same(parseLine('Bench Press 60 kg x 5', 'lb'), { name: 'Bench Press', sets: [set(60, 5)] }, 'a written kg wins over the user’s lb');
});

t.test('a line that is no set is none', async (t) => {
  for (const line of ['Monday 2 March', 'Workout A', '3 x 5 @ 100 kg', 'Squat', 'Total volume 4,820 kg', 'Squat 0 x 5 @ 100 kg', 'Squat 3 x 0 @ 100', 'Squat 99 x 5 @ 100 kg', 'Best set 100 kg × 5', 'Volume 4120 kg x 1', ''])
    t.equal(parseLine(line, 'kg'), null, JSON.stringify(line));
});

t.test('a set line of a card, as Strong and Hevy print it and as OCR reads it', async (t) => {
  const cases: [string, ReturnType<typeof set>][] = [
    ['1  100 kg × 5', set(100, 5)],
    ['1 100 kg x 5', set(100, 5)],
    ['12 100 kg X 5', set(100, 5)],
    ['100 kg × 5', set(100, 5)],
    ['100kg x 5', set(100, 5)],
    ['100 KG × 5', set(100, 5)],
    ['W  60 kg × 10', set(60, 10, 'warmup')],
    ['W 60kg x 10', set(60, 10, 'warmup')],
    ['w 60 kg x 10', set(60, 10, 'warmup')],
    ['VV 60 kg × 10', set(60, 10, 'warmup')],
    ['W60 kg x 10', set(60, 10, 'warmup')],
    ['Warm-up: 40 kg x 12', set(40, 12, 'warmup')],
    ['Warm up 40 kg x 12', set(40, 12, 'warmup')],
    ['D  80 kg × 8', set(80, 8, 'drop')],
    ['Drop set: 70 kg x 10', set(70, 10, 'drop')],
    ['F  100 kg × 3', set(100, 3, 'failure')],
    ['To failure 100 kg x 3', set(100, 3, 'failure')],
    ['Set 1: 100 kg × 5', set(100, 5)],
    ['Set 2: 102,5 kg x 5', set(102.5, 5)],
    ['3. 100 kg x 5', set(100, 5)],
    ['2) 100 kg x 5', set(100, 5)],
    ['12.5 kg × 10', set(12.5, 10)],
    ['1 12.5 kg × 10', set(12.5, 10)],
    ['l  100 kg × 5', set(100, 5)],
    ['I 100 kg x 5', set(100, 5)],
    ['| 100 kg × 5', set(100, 5)],
    ['! 100 kg x 5', set(100, 5)],
    ['1  1O0 kg × 5', set(100, 5)],
    ['1 100 kg x 1O', set(100, 10)],
    ['1 l00 kg x 5', set(100, 5)],
    ['1  100 ka × 5', set(100, 5)],
    ['1  100 kq × 5', set(100, 5)],
    ['1  100 k9 × 5', set(100, 5)],
    ['1  100 kgs x 5', set(100, 5)],
    ['135 lb x 8', set(135 * LB, 8)],
    ['135 lbs x 8', set(135 * LB, 8)],
    ['135 |b x 8', set(135 * LB, 8)],
    ['135 Ib × 8', set(135 * LB, 8)],
    ['135 1b x 8', set(135 * LB, 8)],
    ['1351b x 8', set(135 * LB, 8)],
    ['W 95|b × 10', set(95 * LB, 10, 'warmup')],
    ['2  225 lb * 3', set(225 * LB, 3)],
    ['1  100 kg × 5 @ 8', set(100, 5, 'normal', 8)],
    ['1  100 kg × 5 @8.5', set(100, 5, 'normal', 8.5)],
    ['100kg x 5 @ 9 rpe', set(100, 5, 'normal', 9)],
    ['100 kg x 5 RPE 7,5', set(100, 5, 'normal', 7.5)],
    ['1  100 kg × 5 @ 8.3', set(100, 5, 'normal', null)],
    ['1  100 kg × 5   117', set(100, 5)],
    ['1  100 kg × 5   116.7 kg', set(100, 5)],
    ['+10 kg × 8', set(10, 8)],
    ['1  +10 kg × 8', set(10, 8)],
    ['2  12 reps', set(0, 12)],
    ['12 reps', set(0, 12)],
    ['× 12', set(0, 12)],
    ['W  x 15', set(0, 15, 'warmup')],
    ['1  100 kg × 5 reps', set(100, 5)],
    ['  •  100 kg × 5', set(100, 5)],
    // as tesseract read the cards this project's browser test draws (import.browser.test.ts)
    ['WwW 135lbs x 5', set(135 * LB, 5, 'warmup')],
    ['1 100kg x5 117', set(100, 5)],
    ['3  102.5kg x 4 116', set(102.5, 4)],
    ['1 80kgx8@8 101', set(80, 8, 'normal', 8)],
    ['1 80kygx8@8 101', set(80, 8, 'normal', 8)],
    ['2 +10 kg x 8 13', set(10, 8)],
    ['D X 6', set(0, 6, 'drop')],
  ];
  for (const [line, expected] of cases) t.same(parseSetLine(line, 'kg'), [expected], line);
  t.same(parseSetLine('3 x 5 @ 100 kg', 'kg'), [set(100, 5), set(100, 5), set(100, 5)], 'sets × reps at a weight, under a name');
  t.same(parseSetLine('1  100 × 5', 'lb'), [set(100 * LB, 5)], 'no unit: the user’s');
  t.same(parseSetLine('W 60 kg x 10', 'lb'), [set(60, 10, 'warmup')], 'a written kg wins over the user’s lb');
});

t.test('a line of a card that is no set', async (t) => {
  for (const line of [
    'Bench Press (Barbell)',
    'Set  Weight & Reps',
    'SET KG REPS',
    '1',
    '100 kg',
    '1  0:45',
    '1  -20 kg × 8',
    '1  100 kg × 0',
    '1  100 kg × 501',
    '1  1100 kg × 5',
    '11100 kg x 5',
    'Total volume 3,728 kg',
    '52 min',
    '9:41',
    '5G 82%',
    'Best set 100 kg × 5 (e1RM 117)',
    '',
  ])
    t.equal(parseSetLine(line, 'kg'), null, JSON.stringify(line));
});

t.test('a line that may be an exercise’s name', async (t) => {
  const names: [string, string][] = [
    ['Bench Press (Barbell)', 'Bench Press (Barbell)'],
    ['Squat (Barbell)  ...', 'Squat (Barbell)'],
    ['Incline Bench Press (Dumbbell) ›', 'Incline Bench Press (Dumbbell)'],
    ['© Lat Pulldown (Cable)', 'Lat Pulldown (Cable)'],
    ['@ Triceps Pushdown', 'Triceps Pushdown'],
    ['T-Bar Row', 'T-Bar Row'],
    ["Farmer's Walk", "Farmer's Walk"],
    ['Weighted Dips', 'Weighted Dips'],
    ['Push day', 'Push day'],
  ];
  for (const [line, expected] of names) t.equal(nameOfLine(line), expected, line);
  for (const line of ['Set', 'SET WEIGHT & REPS', 'Sets Weight Reps', 'Volume', 'Duration 52 min', 'Best set', 'Monday 2 March', '1RM', 'Exercises', 'Workout', 'kg', 'x', '9:41', '100 kg × 5'])
    t.equal(nameOfLine(line), null, line);
});

t.test('a whole screenshot: the sets of one exercise gathered in the order met, the rest skipped', async (t) => {
  const text = ['Push day — Mon 2 Mar', 'Squat 3 x 5 @ 100 kg', 'Bench Press 80 kg x 8', 'bench press 80 kg x 7', '', 'Barbell Row 2 x 8 @ 60 kg', 'Duration 52 min'].join('\n');
  t.same(parseWorkoutText(text, 'kg'), {
    exercises: [
      { name: 'Squat', sets: [set(100, 5), set(100, 5), set(100, 5)] },
      { name: 'Bench Press', sets: [set(80, 8), set(80, 7)] },
      { name: 'Barbell Row', sets: [set(60, 8), set(60, 8)] },
    ],
    skipped: ['Push day — Mon 2 Mar', 'Duration 52 min'],
  });
  t.same(parseWorkoutText('', 'kg'), { exercises: [], skipped: [] });
});

t.test('Strong’s card as OCR reads it: names on their own lines, numbered sets, W for warm-ups, an estimate column', async (t) => {
  const text = [
    '9:41 ull 5G @',
    'Morning Workout',
    'Tuesday, 3 March 2026',
    '© 58m  4,120 kg  2 PRs',
    'Squat (Barbell)',
    'Set Weight & Reps 1RM',
    'W  60 kg × 10',
    '1  100 kg × 5   117',
    '2  100 kg × 5   117',
    '3  1O0 ka × 5 116',
    'Bench Press (Barbell) ...',
    'Set Weight & Reps 1RM',
    'VV 40kg x 12',
    'l  80 kg × 8 @ 8  101',
    'F  80 kg X 6   96',
    'Chin Up',
    '1  12 reps',
    '2  +10 kg × 8',
    'D  × 6',
  ].join('\n');
  t.same(parseWorkoutText(text, 'kg'), {
    exercises: [
      { name: 'Squat (Barbell)', sets: [set(60, 10, 'warmup'), set(100, 5), set(100, 5), set(100, 5)] },
      { name: 'Bench Press (Barbell)', sets: [set(40, 12, 'warmup'), set(80, 8, 'normal', 8), set(80, 6, 'failure')] },
      { name: 'Chin Up', sets: [set(0, 12), set(10, 8), set(0, 6, 'drop')] },
    ],
    skipped: ['9:41 ull 5G @', 'Morning Workout', 'Tuesday, 3 March 2026', '© 58m  4,120 kg  2 PRs', 'Set Weight & Reps 1RM', 'Set Weight & Reps 1RM'],
  });
});

t.test('Hevy’s card in pounds: no set numbers, glued units, |b for lb, sets of one exercise split by a page break', async (t) => {
  const text = [
    'Leg Day',
    'Volume 12,450 lb   Sets 9',
    'Deadlift (Barbell)',
    'SET  WEIGHT & REPS',
    'W  135|b x 5',
    '225 lb x 5',
    '315 Ib x 5',
    'Leg Press (Machine)',
    '270 lbs x 12',
    'D 180 lb x 15',
    'Deadlift (Barbell)',
    '315 |b x 3 @ 9 rpe',
    'Workout',
    'Profile',
  ].join('\n');
  t.same(parseWorkoutText(text, 'lb'), {
    exercises: [
      { name: 'Deadlift (Barbell)', sets: [set(135 * LB, 5, 'warmup'), set(225 * LB, 5), set(315 * LB, 5), set(315 * LB, 3, 'normal', 9)] },
      { name: 'Leg Press (Machine)', sets: [set(270 * LB, 12), set(180 * LB, 15, 'drop')] },
    ],
    skipped: ['Leg Day', 'Volume 12,450 lb   Sets 9', 'SET  WEIGHT & REPS', 'Workout', 'Profile'],
  });
});

t.test('a set line with no name above it is skipped; a one-line set ends the name above', async (t) => {
  t.same(parseWorkoutText(['1  100 kg × 5', 'Squat', '1 100 kg x 5', 'Bench Press 80 kg x 8', '2 80 kg x 8'].join('\n'), 'kg'), {
    exercises: [
      { name: 'Squat', sets: [set(100, 5)] },
      { name: 'Bench Press', sets: [set(80, 8)] },
    ],
    skipped: ['1  100 kg × 5', '2 80 kg x 8'],
  });
});
