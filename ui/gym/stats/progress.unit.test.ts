import t from 'tap';
import { bodyWeightSeries, dateSeconds, exerciseProgress, weeklyVolume } from './progress.ts';

t.test('a date is the Unix seconds of its UTC midnight', async (t) => {
  t.equal(dateSeconds('1970-01-02'), 86_400);
  t.equal(dateSeconds('2026-03-02'), 1_772_409_600);
});

t.test("an exercise's e1RM and volume per workout, oldest first, in the user's unit", async (t) => {
  // 60×5 + 62.5×5: best 62.5×5, Epley 62.5 × (1 + 5/30) = 72.916…, volume 612.5
  const workouts = [
    { date: '2026-03-09', estimatedOneRepMaxKg: 70 * (1 + 3 / 30), volumeKg: 210 },
    { date: '2026-03-02', estimatedOneRepMaxKg: 62.5 * (1 + 5 / 30), volumeKg: 612.5 },
    { date: '2026-03-05', estimatedOneRepMaxKg: null, volumeKg: 0 },
  ];
  const kg = exerciseProgress(workouts, 'kg');
  t.same(kg.x, [1_772_409_600, 1_772_668_800, 1_773_014_400], '2026-03-02, 03-05 and 03-09 at UTC midnight');
  t.same(kg.lines, [
    [72.9, null, 77],
    [613, 0, 210],
  ]);
  const lb = exerciseProgress(workouts, 'lb');
  // 72.916… kg / 0.45359237 = 160.75… lb; 612.5 kg = 1350.33 lb
  t.same(lb.lines, [
    [160.8, null, 169.8],
    [1350, 0, 463],
  ]);
});

t.test('the weekly volume and the body weight, oldest first', async (t) => {
  const weeks = weeklyVolume(
    [
      { weekStart: '2026-03-09', volumeKg: 1000.4 },
      { weekStart: '2026-03-02', volumeKg: 822.5 },
    ],
    'kg',
  );
  t.same([weeks.x, weeks.lines], [['2026-03-02', '2026-03-09'].map(dateSeconds), [[823, 1000]]]);
  const body = bodyWeightSeries(
    [
      { date: '2026-03-03', kg: 81 },
      { date: '2026-03-01', kg: 80.44 },
    ],
    'lb',
  );
  // 80.44 kg = 177.33984 lb, 81 kg = 178.57443 lb: to a thousandth, as the list prints them
  t.same([body.x, body.lines], [['2026-03-01', '2026-03-03'].map(dateSeconds), [[177.34, 178.574]]]);
  t.same(weeklyVolume([], 'kg'), { x: [], lines: [[]] });
});
