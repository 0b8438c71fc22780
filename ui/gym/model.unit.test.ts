import t from 'tap';
import { ACCENTS, accentColour, clock, codeDigits, dayText, daysBefore, KG_PER_LB, kgToShown, localDate, parseNumber, readingDateProblem, shownToKg, typedKg, workoutTitle } from './model.ts';

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

t.test("a body-weight reading is of the phone's today or a day before: a later date is refused in words", async (t) => {
  t.equal(readingDateProblem('2026-11-28', '2026-11-28'), null);
  t.equal(readingDateProblem('2019-02-28', '2026-11-28'), null);
  t.equal(readingDateProblem('2026-11-29', '2026-11-28'), `A reading cannot be dated in the future: today is ${dayText('2026-11-28')}.`);
  t.equal(readingDateProblem('2027-01-01', '2026-12-31'), `A reading cannot be dated in the future: today is ${dayText('2026-12-31')}.`);
  t.equal(readingDateProblem('', '2026-11-28'), 'Pick the date of the reading.', 'an emptied date field');
});
