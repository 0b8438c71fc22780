// The behaviour every event store adapter must show; each adapter's test file runs it.
import { randomUUID } from 'node:crypto';
import type { Test } from 'tap';
import {
  comparePositions,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
  START,
  UserErasedError,
  WrongExpectedRevisionError,
} from './port.ts';

export function newEvent(type: string, data: Record<string, unknown> = {}, userId: string | null = null): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { userId, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
  };
}

/** Reads the whole log after `from`, keeping only the streams that start with `prefix`. */
export async function readAllOf(store: EventStore, prefix: string, from: Position = START): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let after = from;
  for (;;) {
    const batch = await store.readAll({ after, limit: 500 });
    if (batch.length === 0) return out;
    for (const event of batch) if (event.stream.startsWith(prefix)) out.push(event);
    after = batch[batch.length - 1]!.position;
  }
}

/**
 * readAllOf, again until `count` events of the prefix are visible (10 s at most): a reader sees an
 * event once every transaction older than it has ended, in any database of the server, and the
 * test files beside this one hold transactions of their own.
 */
export async function readAllUntil(store: EventStore, prefix: string, from: Position, count: number): Promise<RecordedEvent[]> {
  for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const events = await readAllOf(store, prefix, from);
    if (events.length >= count || Date.now() > deadline) return events;
  }
}

export type ContractOptions = {
  /**
   * Whether a deleted stream's events leave the global log at once. EventStoreDB keeps them in
   * `$all` until a scavenge; stream reads forget them at once on every adapter.
   */
  readonly deletedEventsLeaveTheLog: boolean;
};

export function eventStoreContract(t: Test, makeStore: () => Promise<EventStore>, options: ContractOptions): void {
  let store: EventStore;
  // streams of this run only, so a shared server with older data does not disturb the checks
  const run = `c${randomUUID().slice(0, 8)}`;
  const name = (what: string): string => `${run}.${what}`;

  t.before(async () => {
    store = await makeStore();
  });
  t.teardown(async () => {
    await store.close();
  });

  t.test('no_stream creates once; a second creator is told the actual revision', async (t) => {
    const stream = name('create');
    const first = await store.append(stream, [newEvent('thing-created'), newEvent('thing-renamed')], 'no_stream');
    t.equal(first.nextRevision, 1n);
    const error = await store.append(stream, [newEvent('thing-created')], 'no_stream').catch((e: unknown) => e);
    t.ok(error instanceof WrongExpectedRevisionError);
    t.equal((error as WrongExpectedRevisionError).actual, 1n);
    t.equal((await store.readStream(stream)).length, 2);
  });

  t.test('an exact revision appends only on that revision', async (t) => {
    const stream = name('exact');
    await store.append(stream, [newEvent('a')], 'no_stream');
    const next = await store.append(stream, [newEvent('b')], 0n);
    t.equal(next.nextRevision, 1n);
    const stale = await store.append(stream, [newEvent('c')], 0n).catch((e: unknown) => e);
    t.ok(stale instanceof WrongExpectedRevisionError);
    t.equal((stale as WrongExpectedRevisionError).actual, 1n);
    const missing = await store.append(name('exact-missing'), [newEvent('c')], 0n).catch((e: unknown) => e);
    t.ok(missing instanceof WrongExpectedRevisionError);
    t.equal((missing as WrongExpectedRevisionError).actual, 'no_stream');
    t.same((await store.readStream(stream)).map((e) => e.type), ['a', 'b']);
  });

  t.test('stream_exists refuses a missing stream and appends to an existing one', async (t) => {
    const stream = name('exists');
    const missing = await store.append(stream, [newEvent('a')], 'stream_exists').catch((e: unknown) => e);
    t.ok(missing instanceof WrongExpectedRevisionError);
    t.equal((missing as WrongExpectedRevisionError).actual, 'no_stream');
    await store.append(stream, [newEvent('a')], 'any');
    const result = await store.append(stream, [newEvent('b')], 'stream_exists');
    t.equal(result.nextRevision, 1n);
  });

  t.test('any appends whatever the revision', async (t) => {
    const stream = name('any');
    t.equal((await store.append(stream, [newEvent('a')], 'any')).nextRevision, 0n);
    t.equal((await store.append(stream, [newEvent('b'), newEvent('c')], 'any')).nextRevision, 2n);
  });

  t.test('a stream reads back in order with data, metadata, revisions, times and positions', async (t) => {
    const stream = name('read');
    const events = [newEvent('a', { n: 1, nested: { list: ['x'] } }, 'user-1'), newEvent('b', { n: 2 })];
    const before = Date.now();
    const result = await store.append(stream, events, 'no_stream');
    const read = await store.readStream(stream);
    t.equal(read.length, 2);
    t.same(
      read.map((e) => [e.id, e.type, e.data, e.metadata, e.stream, e.revision]),
      events.map((e, i) => [e.id, e.type, e.data, e.metadata, stream, BigInt(i)]),
    );
    t.ok(read.every((e) => e.recordedAt instanceof Date && e.recordedAt.getTime() >= before - 5000));
    t.ok(comparePositions(read[0]!.position, read[1]!.position) < 0);
    t.same(read[1]!.position, result.position);
    t.same(await store.readStream(name('never-written')), []);
  });

  t.test('readAll pages through the log in order, strictly after the given position', async (t) => {
    const prefix = name('all-');
    const from = await store.headPosition();
    for (let i = 0; i < 5; i++) await store.append(`${prefix}${i}`, [newEvent('a', { i }), newEvent('b', { i })], 'no_stream');
    const all = await readAllUntil(store, prefix, from, 10);
    t.same(
      all.map((e) => `${e.type}${String(e.data.i)}`),
      ['a0', 'b0', 'a1', 'b1', 'a2', 'b2', 'a3', 'b3', 'a4', 'b4'],
    );
    for (let i = 1; i < all.length; i++) t.ok(comparePositions(all[i - 1]!.position, all[i]!.position) < 0);
    const rest = await readAllOf(store, prefix, all[3]!.position);
    t.same(
      rest.map((e) => e.id),
      all.slice(4).map((e) => e.id),
    );
    t.same(await store.headPosition(), all[all.length - 1]!.position);
  });

  t.test('readAll of some streams gives only theirs, in order, paging by the positions it gives', async (t) => {
    const prefix = name('filter-');
    const from = await store.headPosition();
    for (let i = 0; i < 4; i++) {
      await store.append(`${prefix}kept.${i}`, [newEvent('kept', { i })], 'no_stream');
      await store.append(`${prefix}other.${i}`, [newEvent('other', { i }), newEvent('other', { i })], 'no_stream');
      await store.append(`${prefix}also.${i}`, [newEvent('also', { i })], 'no_stream');
    }
    await readAllUntil(store, prefix, from, 16);
    const streams = [`${prefix}kept.`, `${prefix}also.`];
    const read: RecordedEvent[] = [];
    for (let after = from; ; ) {
      const batch = await store.readAll({ after, limit: 3, streams });
      if (batch.length === 0) break;
      t.ok(batch.length <= 3, 'no more than the limit');
      read.push(...batch);
      after = batch[batch.length - 1]!.position;
    }
    t.same(
      read.map((e) => `${e.type}${String(e.data.i)}`),
      ['kept0', 'also0', 'kept1', 'also1', 'kept2', 'also2', 'kept3', 'also3'],
      'the two prefixes, in log order, nothing of the third',
    );
    for (let i = 1; i < read.length; i++) t.ok(comparePositions(read[i - 1]!.position, read[i]!.position) < 0);
    t.same(await store.readAll({ after: from, limit: 10, streams: [`${prefix}none.`] }), [], 'a prefix no stream has: nothing');
    t.same(await store.readAll({ after: from, limit: 10, streams: [`${prefix}_`] }), [], 'a prefix is text, not a pattern');
    t.equal(await store.count([`${prefix}other.`]), 8, 'count of one prefix');
    t.equal(await store.count(streams), 8, 'count of two');
  });

  t.test('count says how many events the log holds', async (t) => {
    const before = await store.count();
    await store.append(name('count-'), [newEvent('a', {}), newEvent('b', {}), newEvent('c', {})], 'no_stream');
    t.equal(await store.count(), before + 3);
  });

  t.test('a subscription delivers what is stored, then live appends, and stops when closed', async (t) => {
    const prefix = name('sub-');
    const from = await store.headPosition();
    await store.append(`${prefix}1`, [newEvent('stored')], 'no_stream');
    const subscription = store.subscribeToAll(from);
    const seen: string[] = [];
    const done = (async () => {
      for await (const batch of subscription) {
        t.ok(batch.length > 0, 'batches are never empty');
        for (const event of batch) if (event.stream.startsWith(prefix)) seen.push(event.type);
        if (seen.length === 3) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await store.append(`${prefix}2`, [newEvent('live-1')], 'no_stream');
    await store.append(`${prefix}2`, [newEvent('live-2')], 0n);
    await done;
    await subscription.close();
    t.same(seen, ['stored', 'live-1', 'live-2']);
  });

  t.test("a stream's last event: its revision and id; null for a stream that is not there", async (t) => {
    const stream = name('last');
    t.equal(await store.lastEvent(stream), null, 'never written');
    const [a, b] = [newEvent('a'), newEvent('b')];
    await store.append(stream, [a, b], 'no_stream');
    t.same(await store.lastEvent(stream), { revision: 1n, id: b.id });
    await store.deleteStream(stream);
    t.equal(await store.lastEvent(stream), null, 'deleted');
    const again = newEvent('again');
    const written = await store.append(stream, [newEvent('x'), again], 'no_stream');
    t.same(await store.lastEvent(stream), { revision: written.nextRevision, id: again.id }, 'written again: another id');
  });

  t.test('a deleted stream is gone from stream reads and from the log', async (t) => {
    const prefix = name('del-');
    const from = await store.headPosition();
    await store.append(`${prefix}gone`, [newEvent('a', { secret: 'x@example.com' })], 'no_stream');
    await store.append(`${prefix}kept`, [newEvent('a')], 'no_stream');
    await store.deleteStream(`${prefix}gone`);
    await store.deleteStream(`${prefix}never-existed`);
    t.same(await store.readStream(`${prefix}gone`), []);
    if (options.deletedEventsLeaveTheLog) {
      t.same(
        (await readAllUntil(store, prefix, from, 1)).map((e) => e.stream),
        [`${prefix}kept`],
      );
    }
  });

  t.test('a delete at an expected revision: a stale one deletes nothing; the name is then written again from no_stream', async (t) => {
    const stream = name('del-expected');
    await store.append(stream, [newEvent('a'), newEvent('b')], 'no_stream');
    const stale = await store.deleteStream(stream, 0n).catch((e: unknown) => e);
    t.ok(stale instanceof WrongExpectedRevisionError, 'stale revision refused');
    t.same((stale as WrongExpectedRevisionError).actual, 1n);
    t.equal((await store.readStream(stream)).length, 2, 'nothing deleted');
    await store.deleteStream(stream, 1n);
    t.same(await store.readStream(stream), []);
    await store.append(stream, [newEvent('again')], 'no_stream');
    t.same((await store.readStream(stream)).map((e) => e.type), ['again'], 'a new stream under the old name');
  });

  t.test('truncating keeps the later events, and appends go on at the revision', async (t) => {
    const stream = name('truncate');
    await store.append(stream, [newEvent('a'), newEvent('b'), newEvent('c')], 'no_stream');
    await store.truncateStream(stream, 2n);
    const left = await store.readStream(stream);
    t.same(left.map((e) => [e.type, e.revision]), [['c', 2n]]);
    t.equal((await store.append(stream, [newEvent('d')], 2n)).nextRevision, 3n);
    t.same((await store.readStream(stream)).map((e) => e.type), ['c', 'd']);
  });

  t.test('a fenced-out acting user: every append naming them is refused whole, the others go on', async (t) => {
    const gone = name('user-gone');
    const stays = name('user-stays');
    const stream = name('fenced');
    await store.append(stream, [newEvent('before', {}, gone)], 'no_stream');
    await store.fenceOut(gone);
    await store.fenceOut(gone);
    const fresh = await store.append(name('fenced-new'), [newEvent('after', {}, gone)], 'no_stream').catch((e: unknown) => e);
    t.ok(fresh instanceof UserErasedError, 'a new stream of theirs is refused');
    t.equal((fresh as UserErasedError).stream, name('fenced-new'));
    const mixed = await store.append(stream, [newEvent('theirs', {}, stays), newEvent('after', {}, gone)], 0n).catch((e: unknown) => e);
    t.ok(mixed instanceof UserErasedError, 'one event naming them refuses the whole append');
    // sent together: a store that groups appends groups these
    const [refused, kept, system] = await Promise.allSettled([
      store.append(stream, [newEvent('after', {}, gone)], 0n),
      store.append(name('fenced-other'), [newEvent('theirs', {}, stays)], 'no_stream'),
      store.append(name('fenced-system'), [newEvent('nobody')], 'no_stream'),
    ]);
    t.ok(refused.status === 'rejected' && refused.reason instanceof UserErasedError, 'refused beside others');
    t.equal(kept.status, 'fulfilled', "another user's append goes on");
    t.equal(system.status, 'fulfilled', 'so does one that names no user');
    t.same((await store.readStream(stream)).map((e) => e.type), ['before'], 'what got in before the fence stays for the erasure to delete');
    t.same(await store.readStream(name('fenced-new')), []);
  });

  t.test('streamsOfActor: the streams holding an event the user acted in, a deleted one not', async (t) => {
    const actor = name('user-actor');
    await store.append(name('acted-b'), [newEvent('a'), newEvent('b', {}, actor)], 'no_stream');
    await store.append(name('acted-a'), [newEvent('a', {}, actor)], 'no_stream');
    await store.append(name('acted-deleted'), [newEvent('a', {}, actor)], 'no_stream');
    await store.append(name('acted-by-another'), [newEvent('a', { about: actor }, name('user-other'))], 'no_stream');
    await store.deleteStream(name('acted-deleted'));
    t.same(await store.streamsOfActor(actor), [name('acted-a'), name('acted-b')]);
    t.same(await store.streamsOfActor(name('user-never')), []);
  });

  t.test('8 concurrent writers: a live subscriber sees every event once, in log order', async (t) => {
    const prefix = name('conc-');
    const writers = 8;
    const perWriter = 40;
    const from = await store.headPosition();
    const subscription = store.subscribeToAll(from);
    const seen: RecordedEvent[] = [];
    const reading = (async () => {
      for await (const batch of subscription) {
        for (const event of batch) if (event.stream.startsWith(prefix)) seen.push(event);
        if (seen.length >= writers * perWriter) break;
      }
    })();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          await store.append(`${prefix}${w}`, [newEvent('tick', { w, i })], i === 0 ? 'no_stream' : BigInt(i - 1));
        }
      }),
    );
    await reading;
    await subscription.close();
    t.equal(seen.length, writers * perWriter);
    t.equal(new Set(seen.map((e) => e.id)).size, writers * perWriter, 'no event twice');
    let ordered = true;
    for (let i = 1; i < seen.length; i++) if (comparePositions(seen[i - 1]!.position, seen[i]!.position) >= 0) ordered = false;
    t.ok(ordered, 'positions strictly increase');
    for (let w = 0; w < writers; w++) {
      t.same(
        seen.filter((e) => e.data.w === w).map((e) => e.data.i),
        Array.from({ length: perWriter }, (_, i) => i),
        `writer ${w} in its own order`,
      );
    }
    t.same(
      (await readAllUntil(store, prefix, from, seen.length)).map((e) => e.id),
      seen.map((e) => e.id),
      'a later read of the log gives the same order',
    );
  });
}
