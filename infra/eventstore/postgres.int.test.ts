import { createHash } from 'node:crypto';
import pg from 'pg';
import t from 'tap';
import { createTestDatabase } from '../../testing/database.ts';
import { until } from '../../testing/until.ts';
import { migrate } from '../postgres/migrations.ts';
import { eventStoreContract, newEvent, readAllUntil } from './contract.ts';
import { START, type RecordedEvent, UserErasedError } from './port.ts';
import { eventStoreMigration } from './postgres-schema.ts';
import { createPostgresEventStore } from './postgres.ts';

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

t.test("an event's time reads back as the timestamp's milliseconds, before 1970 and at a second's last microsecond too", async (t) => {
  const store = createPostgresEventStore(db.pool);
  // 1.001 s as a double of seconds, times 1000, falls a hair short of 1001 ms
  const times = ['1970-01-01T00:00:01.001000Z', '2026-11-29T12:00:00.999999Z', '2026-11-29T12:00:01.000001Z', '2026-03-29T01:59:59.123500Z', '1960-01-01T00:00:00.999500Z', '2038-01-19T03:14:07.000999Z'];
  const from = await store.headPosition();
  for (const [i, time] of times.entries()) {
    const appended = await store.append(`time.${i}`, [newEvent('timed')], 'no_stream');
    await db.pool.query('UPDATE es.events SET recorded_at = $1::timestamptz WHERE global_position = $2', [time, appended.position.prepare.toString()]);
  }
  const expected = times.map((time) => `${time.slice(0, 23)}Z`);
  const fromStreams = await Promise.all(times.map(async (_, i) => (await store.readStream(`time.${i}`))[0]!.recordedAt.toISOString()));
  t.same(fromStreams, expected, 'read by stream');
  t.same((await readAllUntil(store, 'time.', from, times.length)).map((event) => event.recordedAt.toISOString()), expected, 'read from the log');
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

t.test('one group of every kind of append: each keeps its own check, the accepted share one commit', async (t) => {
  const store = createPostgresEventStore(db.pool, { appendLanes: 1 });
  const p = 'group.';
  await store.append(`${p}old`, [newEvent('a'), newEvent('b')], 'no_stream');
  // the first append of a tick runs alone; everything asked while it runs goes out as one group
  const first = store.append(`${p}first`, [newEvent('first')], 'no_stream');
  const asked = {
    created: store.append(`${p}new`, [newEvent('n1'), newEvent('n2'), newEvent('n3')], 'no_stream'),
    createdAgain: store.append(`${p}old`, [newEvent('x')], 'no_stream'),
    exact: store.append(`${p}old`, [newEvent('c'), newEvent('d')], 1n),
    stale: store.append(`${p}old`, [newEvent('y')], 0n),
    missing: store.append(`${p}missing`, [newEvent('z')], 'stream_exists'),
    anyOne: store.append(`${p}any`, [newEvent('any-1'), newEvent('any-2')], 'any'),
    anyTwo: store.append(`${p}any`, [newEvent('any-3')], 'any'),
    exists: store.append(`${p}old`, [newEvent('e')], 'stream_exists'),
  };
  await first;
  const settled = Object.fromEntries(
    await Promise.all(Object.entries(asked).map(async ([name, append]) => [name, await append.then((r) => r, (e: unknown) => e)] as const)),
  );
  const refused = (name: string): unknown => (settled[name] as { actual?: unknown }).actual;
  t.equal(refused('createdAgain'), 1n, "a stream's items run in the order asked: told the revision before the exact append");
  t.equal(refused('stale'), 3n);
  t.equal(refused('missing'), 'no_stream');
  const accepted = ['created', 'exact', 'anyOne', 'anyTwo', 'exists'].map((name) => settled[name] as { nextRevision: bigint; position: { commit: bigint; prepare: bigint } });
  t.same(accepted.map((r) => r.nextRevision), [2n, 3n, 1n, 2n, 4n]);
  t.equal(new Set(accepted.map((r) => r.position.commit)).size, 1, 'one commit for the group');
  t.same((await store.readStream(`${p}old`)).map((e) => [e.type, e.revision]), [['a', 0n], ['b', 1n], ['c', 2n], ['d', 3n], ['e', 4n]]);
  t.same((await store.readStream(`${p}any`)).map((e) => [e.type, e.revision]), [['any-1', 0n], ['any-2', 1n], ['any-3', 2n]]);
  const created = await store.readStream(`${p}new`);
  t.same(created.map((e) => e.type), ['n1', 'n2', 'n3']);
  t.equal(accepted[0]!.position.prepare, created[2]!.position.prepare, "an append's position is its last event's");
  t.same(await store.readStream(`${p}missing`), []);
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

t.test('a subscriber reads each transaction once: its own NOTIFY wakes nobody again, and an append made while it handles a batch is read next', async (t) => {
  t.setTimeout(30_000);
  const noPolling = { idlePollMs: 600_000 };
  const countingPool = new pg.Pool({ connectionString: db.url, max: 4 });
  const otherPool = new pg.Pool({ connectionString: db.url, max: 4 });
  t.teardown(() => Promise.all([countingPool.end(), otherPool.end()]));
  let logReads = 0;
  const query = countingPool.query.bind(countingPool);
  countingPool.query = ((...args: Parameters<typeof query>) => {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: string }).text ?? '';
    if (text.includes('FROM es.events') && text.includes('pg_snapshot_xmin')) logReads++;
    return query(...args);
  }) as typeof query;
  const store = createPostgresEventStore(countingPool, noPolling);
  const elsewhere = createPostgresEventStore(otherPool, noPolling);
  const subscription = store.subscribeToAll(await store.headPosition());
  t.teardown(() => subscription.close());
  const seen: string[] = [];
  let readsWhenLastSeen = 0;
  const reading = (async () => {
    for await (const batch of subscription) {
      seen.push(...batch.filter((event) => event.stream.startsWith('once.')).map((event) => event.type));
      if (seen.length === 1) {
        // appended while this batch is still being handled: no subscriber is waiting to be woken
        await store.append('once.here', [newEvent('appended here meanwhile')], 'no_stream');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      readsWhenLastSeen = logReads;
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await store.append('once.first', [newEvent('first')], 'no_stream');
  await until('both events of this process read', async () => seen.length >= 2 || undefined, 10_000);
  await elsewhere.append('once.there', [newEvent('appended by another process')], 'no_stream');
  await until('the other process\'s event read', async () => seen.length >= 3 || undefined, 10_000);
  t.same(seen, ['first', 'appended here meanwhile', 'appended by another process']);
  // the NOTIFYs of this process's appends come back, and a short batch was all there was to read
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.equal(logReads - readsWhenLastSeen, 0, 'no read of the log once the last event is handled, until another is appended');
  await subscription.close();
  await reading;
});

t.test('a transaction held open elsewhere for seconds holds a live event back, and the subscriber reads it once that ends', async (t) => {
  // anywhere in the cluster (another database's rebuild, a backup): the log's readers see nothing
  // newer than the oldest open transaction, so the notified event stays unreadable meanwhile
  const store = createPostgresEventStore(db.pool, { idlePollMs: 3_600_000 });
  const subscription = store.subscribeToAll(await store.headPosition());
  t.teardown(() => subscription.close());
  const seen: RecordedEvent[] = [];
  const reading = (async () => {
    for await (const batch of subscription) {
      seen.push(...batch.filter((event) => event.stream === 'held.back'));
      if (seen.length > 0) break;
    }
  })();
  const open = await db.pool.connect();
  await open.query('BEGIN');
  await open.query('SELECT pg_current_xact_id()');
  await store.append('held.back', [newEvent('waited')], 'no_stream');
  // longer than the second of looking again after which the subscriber once took the event for
  // deleted; short, since it holds back every subscriber of the test run's cluster meanwhile
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.equal(seen.length, 0, 'unreadable while the older transaction is open');
  await open.query('COMMIT');
  open.release();
  // with no other NOTIFY and an hour between idle looks, only a subscriber still waiting for it reads it
  await until('the held-back event delivered', async () => seen.length > 0 || undefined, 10_000);
  t.same(seen.map((event) => event.type), ['waited']);
  await reading;
});

t.test('fenceOut waits for an append of the user under way, which gets in; an append asked meanwhile, and every later one, is refused', async (t) => {
  const store = createPostgresEventStore(db.pool);
  // stands for another process: one adapter's own lane would hold the later appends back itself
  const otherPool = new pg.Pool({ connectionString: db.url, max: 2 });
  otherPool.on('error', () => undefined);
  t.teardown(() => otherPool.end());
  const elsewhere = createPostgresEventStore(otherPool);
  const user = 'user-under-way';
  const waiting = async (): Promise<number> =>
    (await db.pool.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objid = hashtext($1)::oid AND NOT granted`, [user])).rowCount ?? 0;

  // the append under way has taken the user's lock and written, and has not committed
  const slow = await db.pool.connect();
  await slow.query('BEGIN');
  await slow.query(`SELECT * FROM es.append_batch($1::jsonb)`, [JSON.stringify([{ s: 'fence.under-way', e: '-1', ev: [newEvent('under-way', {}, user)] }])]);
  let fenced = false;
  const fencing = store.fenceOut(user).then(() => {
    fenced = true;
  });
  await until('the fence to wait for the append under way', async () => (await waiting()) === 1);
  const meanwhile = elsewhere.append('fence.meanwhile', [newEvent('meanwhile', {}, user)], 'no_stream').catch((e: unknown) => e);
  await until('the append asked meanwhile to queue behind the fence', async () => (await waiting()) === 2);
  t.notOk(fenced, 'no fence while the append is under way');
  await slow.query('COMMIT');
  slow.release();
  await fencing;

  t.same((await store.readStream('fence.under-way')).map((e) => e.type), ['under-way'], 'the append under way got in, before the fence');
  t.same(await store.streamsOfActor(user), ['fence.under-way'], 'and the log lists it to the erasure');
  t.ok((await meanwhile) instanceof UserErasedError, 'the append asked meanwhile is refused');
  const later = await store.append('fence.later', [newEvent('later', {}, user)], 'no_stream').catch((e: unknown) => e);
  t.ok(later instanceof UserErasedError, 'so is a later one');
  t.same(await store.readStream('fence.meanwhile'), []);
  t.same(await store.readStream('fence.later'), []);
  const marked = await db.pool.query(`SELECT 1 FROM auth.erased_users WHERE user_hash = decode($1, 'hex')`, [createHash('sha256').update(user).digest('hex')]);
  t.equal(marked.rowCount, 1, 'the erased user is marked by the SHA-256 of the id');
  const { rows: columns } = await db.pool.query(`SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'auth' AND table_name = 'erased_users' ORDER BY ordinal_position`);
  t.same(columns, [{ column_name: 'user_hash', data_type: 'bytea' }, { column_name: 'erased_at', data_type: 'timestamp with time zone' }], 'and nothing else of them');
});
