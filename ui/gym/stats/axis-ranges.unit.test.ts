import t from 'tap';
import { timeRange, valueRange } from './axis-ranges.ts';

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;

t.test('a lone day is shown with the three days either side; two or more days span the data', async (t) => {
  t.same(timeRange([day('2026-11-29')]), [day('2026-11-26'), day('2026-12-02')]);
  t.same(timeRange([day('2026-11-20'), day('2026-11-24'), day('2026-11-29')]), [day('2026-11-20'), day('2026-11-29')]);
  t.same(timeRange([]), null, 'no days: left to uPlot');
});

t.test('a lone value is shown with a twentieth of it either side, at least 1 and never below 0; values that differ are left to uPlot', async (t) => {
  t.same(valueRange([80]), [76, 84]);
  t.same(valueRange([null, 120, 120]), [114, 126], 'gaps are no values');
  t.same(valueRange([10]), [9, 11], 'at least 1 either side');
  t.same(valueRange([0]), [0, 1], 'never below 0');
  t.same(valueRange([80, 81]), null);
  t.same(valueRange([null]), null);
});
