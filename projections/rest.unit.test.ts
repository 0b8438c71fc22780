import t from 'tap';
import { restAfterBatch } from './runtime.ts';

t.test('a live projector rests between batches only while the log is busy, never while it catches up', async (t) => {
  t.equal(restAfterBatch(1, 500, 30), 0, 'one event: applied at once');
  t.equal(restAfterBatch(15, 500, 30), 0, 'fifteen events: still a quiet log');
  t.equal(restAfterBatch(16, 500, 30), 30, 'sixteen: as long as the batch took');
  t.equal(restAfterBatch(499, 500, 12.5), 12.5, 'a batch just short of full, quickly applied');
  t.equal(restAfterBatch(300, 500, 400), 50, 'never longer than 50 ms, however slow the batch');
  t.equal(restAfterBatch(500, 500, 30), 0, 'a full batch: a backlog, read on at once');
  t.equal(restAfterBatch(100, 500, -1), 0, 'a clock that went back is no rest');
});
