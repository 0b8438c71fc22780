import t from 'tap';
import { restAfterBatch } from './runtime/projector.ts';

t.test('a live projector rests between batches only while the log is busy, never while it catches up', async (t) => {
  t.equal(restAfterBatch(1, 2000), 0, 'one event: applied at once');
  t.equal(restAfterBatch(15, 2000), 0, 'fifteen events: still a quiet log');
  t.equal(restAfterBatch(16, 2000), 200, 'sixteen: a busy log, so the next batch gathers 200 ms of it');
  t.equal(restAfterBatch(1999, 2000), 200, 'a batch just short of full');
  t.equal(restAfterBatch(2000, 2000), 0, 'a full batch: a backlog, read on at once');
});
