import t from 'tap';
import { addDays, dateSchema, daysBetween, instantSchema, weekdayOf, weekStartOf } from './calendar.ts';

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

t.test('dates and instants lie between 1900-01-01 and 2999-12-31, years PostgreSQL and toISOString both write plainly', async (t) => {
  for (const good of ['1900-01-01', '2999-12-31', '2000-02-29']) t.ok(dateSchema.safeParse(good).success, good);
  for (const bad of ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31', '10000-01-01', '+010000-01-01']) {
    const messages = dateSchema.safeParse(bad).error?.issues.map((issue) => issue.message);
    t.same(messages, bad.length === 10 ? ['between 1900-01-01 and 2999-12-31'] : ['Invalid ISO date', 'between 1900-01-01 and 2999-12-31'], bad);
  }
  t.ok(instantSchema.safeParse('1900-01-01T00:00:00+14:00').success);
  t.ok(instantSchema.safeParse('2999-12-31T23:59:59.999Z').success);
  for (const bad of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '3000-01-01T00:00:00Z']) t.notOk(instantSchema.safeParse(bad).success, bad);
  // the read side counts 12 weeks back from a date: the first date still leaves a four-digit year
  t.equal(addDays('1900-01-01', -84), '1899-10-09');
  t.equal(addDays('2999-12-31', 7), '3000-01-07');
});
