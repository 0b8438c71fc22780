import t from 'tap';
import { weekdayOf } from '../../domain/shared/calendar.ts';
import { lastSlotDates } from './club.ts';
import { bestEstimate, gymHistory, trainingDates } from './gym-history.ts';

// 2026-11-26 is a Thursday
const TODAY = '2026-11-26';

t.test('three workouts a week for twelve weeks, Monday, Wednesday and Friday, the last one the training day before today', async (t) => {
  const dates = trainingDates(TODAY);
  t.equal(dates.length, 36);
  t.equal(dates.at(-1), '2026-11-25', 'Wednesday, the day before');
  t.equal(dates[0], '2026-09-04', 'the Friday twelve weeks before the week that ends yesterday');
  t.same(new Set(dates.map(weekdayOf)), new Set([1, 3, 5]));
  t.same(dates, [...dates].sort(), 'oldest first');
  t.equal(trainingDates('2026-11-23').at(-1), '2026-11-20', 'on a Monday, the Friday before');
});

t.test('the 5×5: A and B alternate, five sets of five except the deadlift’s one', async (t) => {
  const { workouts } = gymHistory(TODAY);
  t.same(
    workouts.slice(0, 2).map((workout) => workout.lifts.map((lift) => `${lift.exercise} ${lift.sets.length}`)),
    [
      ['Squat 5', 'Bench Press 5', 'Barbell Row 5'],
      ['Squat 5', 'Overhead Press 5', 'Deadlift 1'],
    ],
  );
  t.same([...new Set(workouts.map((workout) => workout.day))], [0, 1]);
  t.ok(workouts.every((workout, index) => workout.day === index % 2));
});

t.test('the squat climbs 2.5 kg a session, stalls, deloads 10 %, and ends well above where it started', async (t) => {
  const squats = gymHistory(TODAY).workouts.map((workout) => workout.lifts.find((lift) => lift.exercise === 'Squat')!.sets);
  const weights = squats.map((sets) => sets[0]!.kg);
  t.equal(weights[0], 55);
  t.equal(weights[1], 57.5, '+2.5 kg after a full 5×5');
  const steps = weights.slice(1).map((kg, index) => kg - weights[index]!);
  t.ok(steps.every((step) => step === 2.5 || step === 0 || step < -5), `only +2.5, a repeat, or a deload: ${weights.join(' ')}`);
  const deloads = steps.filter((step) => step < 0).length;
  t.ok(deloads >= 1 && deloads <= 2, `${deloads} deloads`);
  t.ok(squats.some((sets) => sets.some((set) => set.reps < 5)), 'some sets short of five');
  t.ok(bestEstimate(squats.at(-1)!) > bestEstimate(squats[0]!) + 20, `e1RM ${bestEstimate(squats[0]!)} to ${bestEstimate(squats.at(-1)!)}`);
});

t.test('a short workout says so in its notes', async (t) => {
  const { workouts } = gymHistory(TODAY);
  for (const workout of workouts) {
    const short = workout.lifts.some((lift) => lift.sets.some((set) => set.reps < 5));
    t.equal(workout.notes !== null, short, `${workout.date}: ${workout.notes ?? 'no notes'}`);
  }
});

t.test('body weight each Monday, drifting down; cardio only on days before today', async (t) => {
  const { bodyWeights, cardio } = gymHistory(TODAY);
  t.ok(bodyWeights.every((reading) => weekdayOf(reading.date) === 1));
  t.ok(bodyWeights.length >= 11);
  t.ok(bodyWeights.at(-1)!.kg < bodyWeights[0]!.kg);
  t.ok(cardio.length >= 12);
  t.ok(cardio.every((log) => log.date < TODAY));
  t.ok(gymHistory('2026-11-24').cardio.every((log) => log.date < '2026-11-24'), "on a Tuesday, not the Wednesday's row to come");
});

t.test("the club's last two nights: the latest slots before today, oldest first", async (t) => {
  t.same(lastSlotDates(TODAY, 2), ['2026-11-19', '2026-11-24'], 'Thursday a week ago, then Tuesday');
  t.same(lastSlotDates('2026-11-25', 2), ['2026-11-19', '2026-11-24']);
});
