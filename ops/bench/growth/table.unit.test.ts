import t from 'tap';
import { figureTable, verdict } from './table.ts';

t.test('a figure is flat within 10 % either way, and only when the issue sets it a goal', async (t) => {
  t.equal(verdict(1.1, true), 'flat');
  t.equal(verdict(1 / 1.1, true), 'flat');
  t.equal(verdict(1.11, true), 'grows');
  t.equal(verdict(0.9, true), 'falls');
  t.equal(verdict(3, false), '-');
  t.equal(verdict(Number.NaN, true), '-');
});

t.test('the table has a row per figure, a column per step and last ÷ first', async (t) => {
  const table = figureTable();
  table.record('tick p99, ms', 0, 10);
  table.record('rebuild total, s', 0, 2, { goal: false });
  table.record('tick p99, ms', 1, 12.5);
  table.record('rebuild total, s', 1, 40, { goal: false });
  t.same(table.lines([1000, 20000]), [
    '| figure | 1,000 events | 20,000 events | last ÷ first | within 1.1 |',
    '|---|---:|---:|---:|---|',
    '| tick p99, ms | 10.0 | 12.5 | 1.25 | grows |',
    '| rebuild total, s | 2.0 | 40.0 | 20.00 | - |',
  ]);
});
