import t from 'tap';
import { createTestDatabase } from '../../testing/database.ts';
import { until } from '../../testing/until.ts';
import { migrate } from '../postgres/migrations.ts';
import { newEvent } from './contract.ts';
import { logBatches, logBatchesAhead } from './log-batches.ts';
import { START, type EventStore, type Position } from './port.ts';
import { eventStoreMigration } from './postgres-schema.ts';
import { createPostgresEventStore } from './postgres.ts';

const db = await createTestDatabase(t, 4);
await migrate(db.pool, [eventStoreMigration]);
const store = createPostgresEventStore(db.pool);
// 23 events in 5 streams, so that neither the batches (7) nor the pages (3) divide them evenly
for (let s = 0; s < 5; s++) {
  await store.append(`paged-${s}`, Array.from({ length: s === 4 ? 3 : 5 }, (_, i) => newEvent(`e${s}.${i}`)), 'no_stream');
}
// The log shows only what committed before the oldest transaction still open anywhere in the
// cluster, and other tests' databases share it: wait until all 23 are readable.
await until('the 23 events to be readable', async () => (await store.readAll({ after: START, limit: 100 })).length === 23);
const everyId = async (): Promise<string[]> => {
  const ids: string[] = [];
  for await (const batch of logBatches(store, START, 1000)) for (const event of batch) ids.push(event.id);
  return ids;
};

/** the store, its reads counted (and the `failOn`th failed) */
const counted = (failOn: number | null = null) => {
  const reads: Array<{ after: Position; limit: number }> = [];
  const counting: Pick<EventStore, 'readAll'> = {
    readAll: async (options) => {
      reads.push(options);
      if (reads.length === failOn) throw new Error('the log cannot be read');
      return store.readAll(options);
    },
  };
  return { reads, store: counting };
};

t.test('batches of the limit, in log order, read in pages', async (t) => {
  const { reads, store: counting } = counted();
  const sizes: number[] = [];
  const ids: string[] = [];
  for await (const batch of logBatchesAhead(counting, START, 7, { page: 3 })) {
    sizes.push(batch.length);
    for (const event of batch) ids.push(event.id);
  }
  t.same(sizes, [7, 7, 7, 2]);
  t.same(ids, await everyId(), 'every event once, in the order of the log');
  t.ok(reads.every((read) => read.limit === 3), 'each read asks for a page');
  t.equal(reads.length, 9, 'eight pages and the empty read that ends the log');
});

t.test('reads stop two batches ahead of a caller that is busy', async (t) => {
  const { reads, store: counting } = counted();
  const batches = logBatchesAhead(counting, START, 4, { page: 2 });
  await batches.next();
  // the batch handed over, then two more waiting: 12 events, six pages (however slow the machine)
  await until('six reads', () => reads.length >= 6);
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.equal(reads.length, 6, 'and no more while the caller is busy');
  await batches.return(undefined);
});

t.test('a caller that stops early stops the reading', async (t) => {
  const { reads, store: counting } = counted();
  for await (const batch of logBatchesAhead(counting, START, 2, { page: 1 })) {
    t.equal(batch.length, 2);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const after = reads.length;
  t.ok(after <= 6, `at most two batches ahead were read (${after} pages)`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.equal(reads.length, after, 'no read after the caller left');
});

t.test('a read that fails is reported after the batches read before it', async (t) => {
  const { store: counting } = counted(4);
  const sizes: number[] = [];
  await t.rejects(
    (async () => {
      for await (const batch of logBatchesAhead(counting, START, 3, { page: 3 })) sizes.push(batch.length);
    })(),
    { message: 'the log cannot be read' },
  );
  t.same(sizes, [3, 3, 3], 'the three pages read before the failure were handed over');
});
