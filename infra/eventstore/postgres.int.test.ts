import pg from 'pg';
import t from 'tap';
import { createTestDatabase } from '../testing/database.ts';
import { migrate } from '../postgres/migrations.ts';
import { eventStoreContract, newEvent, readAllUntil } from './contract.ts';
import { START, type RecordedEvent } from './port.ts';
import { createPostgresEventStore, eventStoreMigration } from './postgres.ts';

const db = await createTestDatabase(t, 20);
await migrate(db.pool, [eventStoreMigration]);
await migrate(db.pool, [eventStoreMigration]);

t.test('contract', async (t) => {
  eventStoreContract(t, async () => createPostgresEventStore(db.pool), { deletedEventsLeaveTheLog: true });
});

t.test('an event that commits after a later one is still delivered, and in commit order', async (t) => {
  const store = createPostgresEventStore(db.pool);
  const prefix = 'late.';
  const from = await store.headPosition();
  const subscription = store.subscribeToAll(from);
  const seen: RecordedEvent[] = [];
  const reading = (async () => {
    for await (const batch of subscription) {
      for (const event of batch) if (event.stream.startsWith(prefix)) seen.push(event);
      if (seen.length >= 3) break;
    }
  })();

  // A writer takes its transaction id and sequence number first, then commits last.
  const slow = await db.pool.connect();
  await slow.query('BEGIN');
  await slow.query(`SELECT * FROM es.append_batch($1::jsonb)`, [
    JSON.stringify([{ s: `${prefix}slow`, e: '-1', ev: [newEvent('slow')] }]),
  ]);
  await store.append(`${prefix}fast`, [newEvent('fast-1')], 'no_stream');
  await store.append(`${prefix}fast`, [newEvent('fast-2')], 0n);
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.same(seen, [], 'nothing passes the open transaction');
  await slow.query('COMMIT');
  slow.release();
  await store.append(`${prefix}nudge`, [newEvent('nudge')], 'no_stream');
  await reading;
  await subscription.close();
  t.same(
    seen.slice(0, 3).map((e) => e.type),
    ['slow', 'fast-1', 'fast-2'],
  );
  t.same(
    (await readAllUntil(store, prefix, from, 4)).map((e) => e.type),
    ['slow', 'fast-1', 'fast-2', 'nudge'],
  );
});

t.test('grouped appends keep each expected revision: one of two racing creators wins', async (t) => {
  const store = createPostgresEventStore(db.pool, { appendLanes: 1 });
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) => store.append('race.one', [newEvent('created', { i })], 'no_stream')),
  );
  t.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
  t.equal((await store.readStream('race.one')).length, 1);
  const all = await readAllUntil(store, 'race.', START, 1);
  t.equal(all.length, 1);
});

t.test('a live event reaches subscribers by notification, not by polling, in and across processes', async (t) => {
  // idle subscribers would look only after 10 minutes, and this test gives up after 30 s
  t.setTimeout(30_000);
  const noPolling = { idlePollMs: 600_000 };
  const writer = createPostgresEventStore(db.pool, noPolling);
  const otherPool = new pg.Pool({ connectionString: db.url, max: 4 });
  otherPool.on('error', () => undefined);
  t.teardown(() => otherPool.end());
  // a second adapter on its own pool stands for another process: it hears appends only by NOTIFY
  const elsewhere = createPostgresEventStore(otherPool, noPolling);
  const from = await writer.headPosition();
  const firstOf = async (store: typeof writer): Promise<string> => {
    const subscription = store.subscribeToAll(from);
    try {
      for await (const batch of subscription) {
        const mine = batch.find((event) => event.stream === 'wake.up');
        if (mine) return mine.type;
      }
      return 'closed';
    } finally {
      await subscription.close();
    }
  };
  const local = firstOf(writer);
  const remote = firstOf(elsewhere);
  // both subscribers are idle and waiting before the append
  await new Promise((resolve) => setTimeout(resolve, 200));
  await writer.append('wake.up', [newEvent('woken')], 'no_stream');
  t.same(await Promise.all([local, remote]), ['woken', 'woken']);
});
