import t from 'tap';
import { PROGRESS_EVERY_MS, progressLine, rebuildProgress } from './rebuild-progress.ts';

t.test('rate and time left from the events read so far', async (t) => {
  t.same(progressLine('gym', 0, 500_000, 0), { rebuild: 'gym', read: 0, total: 500_000, perSecond: 0, etaSeconds: null }, 'nothing read yet: no rate, no estimate');
  t.same(progressLine('gym', 100_000, 500_000, 4000), { rebuild: 'gym', read: 100_000, total: 500_000, perSecond: 25_000, etaSeconds: 16 });
  t.same(progressLine('gym', 500_000, 500_000, 20_000).etaSeconds, 0);
});

t.test('not on a terminal: a JSON line at the start, then at most one every 2 s, and one at the end', async (t) => {
  let clock = 1_000;
  const lines: string[] = [];
  const progress = rebuildProgress({ projection: 'forms', total: 10_000, terminal: false, write: (line) => lines.push(line), now: () => clock });
  for (let read = 1000; read <= 10_000; read += 1000) {
    clock += 500;
    progress.update(read);
  }
  progress.done();
  const parsed = lines.map((line) => JSON.parse(line) as { read: number; total: number });
  t.same(parsed.map((line) => line.read), [0, 4000, 8000, 10_000], `one line per ${PROGRESS_EVERY_MS} ms of 500 ms batches, then the end`);
  t.same(parsed[2], { rebuild: 'forms', read: 8000, total: 10_000, perSecond: 2000, etaSeconds: 1 });
});

t.test('events written during the rebuild are counted in: the total grows, never below what was read', async (t) => {
  const lines: string[] = [];
  const progress = rebuildProgress({ projection: 'gym', total: 100, terminal: false, write: (line) => lines.push(line), now: () => 0 });
  progress.update(120);
  progress.done();
  t.match(JSON.parse(lines.at(-1)!), { read: 120, total: 120 });
});
