// Issue 35, point 1: the Today screen's next day follows the active plan's day trained last.
import t from 'tap';
import { trainingUser } from '../../testing/gym/training-client.ts';
import { startTestSystem } from '../../testing/harness.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;

t.test('GET /home: after Day 1 and Day 2 the next day is Day 3, and after Day 3 it is Day 1 again', async (t) => {
  const me = await trainingUser(app, 'next-day@example.org');
  const squat = await me.exercise('Squat');
  const plan = await me.ok('POST', '/api/plans', {
    name: 'Three days',
    startDate: '2026-06-01',
    days: [1, 2, 3].map((n) => ({ title: `Day ${n}`, slots: [{ exerciseId: squat, targetSets: 1, repMin: 5, repMax: 5 }] })),
  });
  const [day1, day2, day3] = plan.days;
  await me.tick(await me.workout('2026-06-01', day1.id), squat, 1, 100, 5);
  await me.tick(await me.workout('2026-06-02', day2.id), squat, 1, 100, 5);

  const afterTwo = await me.ok('GET', '/api/home?date=2026-06-03');
  t.same([afterTwo.nextDay.id, afterTwo.nextDay.ordinal], [day3.id, 3], 'Day 2 was trained last: Day 3 is next');

  await me.tick(await me.workout('2026-06-03', day3.id), squat, 1, 100, 5);
  const afterThree = await me.ok('GET', '/api/home?date=2026-06-03');
  t.same([afterThree.nextDay.id, afterThree.nextDay.ordinal], [day1.id, 1], 'Day 3 was trained last: the plan starts over at Day 1');
});
