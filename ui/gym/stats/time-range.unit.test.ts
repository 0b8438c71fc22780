import t from 'tap';
import { timeRange } from './time-range.ts';

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;

t.test('a lone day is shown with the three days either side; two or more days span the data', async (t) => {
  t.same(timeRange([day('2026-11-29')]), [day('2026-11-26'), day('2026-12-02')]);
  t.same(timeRange([day('2026-11-20'), day('2026-11-24'), day('2026-11-29')]), [day('2026-11-20'), day('2026-11-29')]);
  t.same(timeRange([]), null, 'no days: left to uPlot');
});
