// Issue 36, point 4: the PostgreSQL log partitioned by time, its smallest real part. The adapter is
// the same; es.events underneath becomes partitions of transaction id ranges, rolled while appends
// run, and every position, revision check, read and subscription keeps its meaning.
import pg from 'pg';
import t from 'tap';
import { createTestDatabase } from '../../testing/database.ts';
import { migrate } from '../postgres/migrations.ts';
import { eventStoreContract, newEvent, readAllUntil } from './contract.ts';
import { comparePositions, formatPosition, START, WrongExpectedRevisionError } from './port.ts';
import { listEventPartitions, partitionEventLog, rollEventPartition } from './postgres-partitions.ts';
import { eventStoreMigration } from './postgres-schema.ts';
import { createPostgresEventStore } from './postgres.ts';

const db = await createTestDatabase(t, 20);
await migrate(db.pool, [eventStoreMigration]);

/** which partition holds each event of the streams starting with `prefix`, by stream and revision */
async function partitionsOf(pool: pg.Pool, prefix: string): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ key: string; partition: string }>(
    `SELECT stream_name || '@' || stream_revision AS key, tableoid::regclass::text AS partition FROM es.events WHERE stream_name LIKE $1 || '%'`,
    [prefix],
  );
  return new Map(rows.map((row) => [row.key, row.partition]));
}

t.test('one table becomes partitions: positions kept, then rising; streams read whole across them; revisions checked', async (t) => {
  const store = createPostgresEventStore(db.pool);
  t.teardown(() => store.close());
  t.same(await listEventPartitions(db.pool), [], 'a plain table at first');
  await store.append('p.a', [newEvent('a0'), newEvent('a1')], 'no_stream');
  await store.append('p.b', [newEvent('b0')], 'no_stream');
  // a reader sees an event once every older transaction of the server has ended (other test files hold theirs)
  const before = await readAllUntil(store, 'p.', START, 3);
  t.equal(before.length, 3);

  const partitions = await partitionEventLog(db.pool);
  t.same(partitions.map((p) => [p.name, p.from === null, p.to === null]), [['events_0', true, false], ['events_1', false, true]]);
  t.equal(partitions[0]!.to, partitions[1]!.from, 'the new partition starts where the old one ends');
  t.same(await partitionEventLog(db.pool), partitions, 'a second call changes nothing');
  t.same(await readAllUntil(store, 'p.', START, 3), before, 'every event read back at the position it had');

  await store.append('p.a', [newEvent('a2')], 1n);
  await t.rejects(store.append('p.a', [newEvent('stale')], 1n), WrongExpectedRevisionError, "an expected revision is checked against the stream's, whichever partition holds its events");
  await t.rejects(store.append('p.b', [newEvent('again')], 'no_stream'), WrongExpectedRevisionError);
  await rollEventPartition(db.pool);
  await store.append('p.a', [newEvent('a3')], 2n);

  const stream = await store.readStream('p.a');
  t.same(stream.map((e) => [e.type, Number(e.revision)]), [['a0', 0], ['a1', 1], ['a2', 2], ['a3', 3]], 'a stream read whole, in order, from three partitions');
  const where = await partitionsOf(db.pool, 'p.a');
  t.same([where.get('p.a@0'), where.get('p.a@2'), where.get('p.a@3')], ['es.events_0', 'es.events_1', 'es.events_2']);
  const all = await readAllUntil(store, 'p.', START, 5);
  t.equal(all.length, 5);
  t.same(all.slice(0, before.length), before);
  t.ok(all.every((event, i) => i === 0 || comparePositions(all[i - 1]!.position, event.position) < 0), 'positions keep rising across the partitions');
  t.ok(all.at(-1)!.position.prepare > before.at(-1)!.position.prepare, `global positions go on from the last one (${formatPosition(all.at(-1)!.position)})`);
});

t.test('rolling while 6 writers append and a subscriber reads: nothing fails, nothing is lost or read twice', async (t) => {
  const store = createPostgresEventStore(db.pool);
  t.teardown(() => store.close());
  const from = await store.headPosition();
  const subscription = store.subscribeToAll(from);
  const prefix = 'roll.';
  let writing = true;
  const writers = Array.from({ length: 6 }, async (_, writer) => {
    let revision = -1n;
    while (writing) {
      await store.append(`${prefix}${writer}`, [newEvent(`w${writer}`), newEvent(`w${writer}`)], revision < 0n ? 'no_stream' : revision);
      revision += 2n;
    }
    return revision + 1n;
  });
  const rolled: number[] = [];
  for (let roll = 0; roll < 3; roll++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    rolled.push((await rollEventPartition(db.pool)).length);
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
  writing = false;
  const written = (await Promise.all(writers)).reduce((sum, n) => sum + Number(n), 0);
  t.same(rolled, [4, 5, 6], 'three more partitions');

  const seen: string[] = [];
  for await (const batch of subscription) {
    for (const event of batch) if (event.stream.startsWith(prefix)) seen.push(`${event.stream}@${event.revision}`);
    if (seen.length >= written) break;
  }
  await subscription.close();
  t.equal(seen.length, written, `the subscriber read all ${written} events`);
  t.equal(new Set(seen).size, written, 'each once');
  const spread = new Set((await partitionsOf(db.pool, prefix)).values());
  t.ok(spread.size >= 3, `the writers' events lie in ${spread.size} partitions`);
  for (let writer = 0; writer < 6; writer++) {
    const events = await store.readStream(`${prefix}${writer}`);
    t.same(events.map((e) => Number(e.revision)), events.map((_, i) => i), `writer ${writer}'s stream has every revision once`);
  }
});

t.test('contract, on the partitioned log', async (t) => {
  t.ok((await listEventPartitions(db.pool)).length >= 2);
  eventStoreContract(t, async () => createPostgresEventStore(db.pool), { deletedEventsLeaveTheLog: true });
});

t.test('a log read from the start walks the partitions oldest first', async (t) => {
  const store = createPostgresEventStore(db.pool);
  t.teardown(() => store.close());
  const first = (await readAllUntil(store, '', START, 3)).slice(0, 3);
  t.same(first.map((e) => e.stream), ['p.a', 'p.a', 'p.b']);
});
