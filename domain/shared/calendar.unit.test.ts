import t from 'tap';
import { addDays, dateSchema, daysBetween, weekdayOf, weekStartOf } from './calendar.ts';

t.test('weekdays count from Sunday = 0, for any calendar date', async (t) => {
  t.same(['2026-11-29', '2026-11-26', '2026-11-28', '2024-02-29'].map(weekdayOf), [0, 4, 6, 4]);
});

t.test('day arithmetic crosses months, years and leap days', async (t) => {
  t.equal(addDays('2024-02-28', 1), '2024-02-29');
  t.equal(addDays('2026-12-31', 1), '2027-01-01');
  t.equal(addDays('2026-03-01', -1), '2026-02-28');
  t.equal(daysBetween('2025-01-01', '2026-01-01'), 365);
  t.equal(daysBetween('2026-11-02', '2026-11-01'), -1);
});

t.test('a week starts on the user week start', async (t) => {
  // Thursday 2026-11-26: Monday-start weeks begin on the 23rd, Sunday-start on the 22nd, Thursday-start that day
  t.same([1, 0, 4, 5].map((start) => weekStartOf('2026-11-26', start)), ['2026-11-23', '2026-11-22', '2026-11-26', '2026-11-20']);
});

t.test('dates are real calendar dates', async (t) => {
  t.ok(dateSchema.safeParse('2024-02-29').success);
  for (const bad of ['2026-02-29', '2026-13-01', '26-11-26', '2026-11-26T00:00:00Z']) t.notOk(dateSchema.safeParse(bad).success, bad);
});
