// A rebuild of a projection that keys its events (Projection.replayKey) writes on several
// connections at once: each key's events still in log order, an event without a key after all
// before it and before all after it, and an event that cannot be applied named as in one lane.
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { newEvent } from '../infra/eventstore/contract.ts';
import { type RecordedEvent, START } from '../infra/eventstore/port.ts';
import type { Core } from '../ops/system.ts';
import type { Projection } from './runtime/projection.ts';
import { rebuildProjection } from './runtime/rebuild.ts';
import { openTestCore, silent } from '../testing/projections/projector-core.ts';
import { until } from '../testing/until.ts';

const POISON = 'poison';

const keyOf = (event: RecordedEvent): string | null => {
  const key = (event.data as { key?: unknown }).key;
  return typeof key === 'string' ? key : null;
};

/** one row per event: its batch (numbered in the order batches write their rows), its place in the batch, and the batch's connection and times */
function applyOrderProjection(name: string): Projection {
  return {
    name,
    version: 1,
    streams: ['lanes.'],
    replayKey: keyOf,
    async migrate(tx, schema) {
      await tx.query(sql.unsafe`CREATE SEQUENCE ${sql.identifier([schema, 'batches'])}`);
      await tx.query(sql.unsafe`
        CREATE TABLE ${sql.identifier([schema, 'applied'])} (
          event_id uuid NOT NULL, batch bigint NOT NULL, place int NOT NULL, backend int NOT NULL, began timestamptz NOT NULL, ended timestamptz NOT NULL)`);
    },
    async apply(tx, schema, events) {
      if (events.some((event) => event.type === POISON)) throw new Error(`cannot store ${POISON}`);
      const began = await tx.oneFirst(sql.type(z.object({ began: z.string() }))`SELECT clock_timestamp()::text AS began`);
      // long enough for the other lane's batch to begin meanwhile
      await tx.query(sql.unsafe`SELECT pg_sleep(0.02)`);
      await tx.query(sql.unsafe`
        INSERT INTO ${sql.identifier([schema, 'applied'])} (event_id, batch, place, backend, began, ended)
        SELECT e.id, b.n, e.place, pg_backend_pid(), ${began}::timestamptz, clock_timestamp()
        FROM ${sql.unnest(events.map((event, place) => [event.id, place]), ['uuid', 'int4'])} AS e(id, place),
          (SELECT nextval(${`${schema}.batches`}::regclass) AS n) b`);
    },
  };
}

const appliedRow = z.object({ event_id: z.string(), batch: z.bigint(), place: z.number(), backend: z.number(), began: z.string(), ended: z.string() });

type Written = { id: string; key: string | null; at: number };

/**
 * Until the log's reads reach all `count` events of the test's streams: a reader passes no
 * transaction while an older one is open anywhere on the server (another test file's), and a
 * rebuild that started before would end without the newest.
 */
async function readable(core: Core, count: number): Promise<void> {
  await until(`the ${count} events to be readable`, async () => (await core.store.readAll({ after: START, limit: count + 1, streams: ['lanes.'] })).length === count);
}

/** `count` events over keys a, b, c and none, shuffled; what was written, in log order */
async function writeKeyedEvents(core: Core, count: number): Promise<Written[]> {
  const written: Written[] = [];
  const revisions = new Map<string, bigint>();
  for (let at = 0; at < count; at++) {
    // every fifteenth event has no key; the others by a fixed shuffle
    const key = at % 15 === 7 ? null : (['a', 'b', 'c'] as const)[(at * 7 + (at >> 3)) % 3]!;
    const stream = key ? `lanes.${key}` : `lanes.none-${at}`;
    const event = newEvent('noted', { key, at });
    const revision = revisions.get(stream);
    await core.store.append(stream, [event], revision === undefined ? 'no_stream' : revision);
    revisions.set(stream, (revision ?? -1n) + 1n);
    written.push({ id: event.id, key, at });
  }
  await readable(core, count);
  return written;
}

t.test('a keyed rebuild applies each key in log order on two connections at once, a keyless event between all before and after it', async (t) => {
  const { core } = await openTestCore();
  const written = await writeKeyedEvents(core, 400);
  const projection = applyOrderProjection('lanetest');
  const report = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log: silent, batchSize: 40, lanes: 2 });
  t.equal(report.events, 400);

  const rows = await core.db.slonik.any(sql.type(appliedRow)`SELECT event_id::text, batch, place, backend, began::text, ended::text FROM lanetest.applied`);
  t.equal(rows.length, 400, 'every event applied once');
  const order = new Map(rows.map((row) => [row.event_id, row]));
  const before = (x: Written, y: Written) => {
    const a = order.get(x.id)!;
    const b = order.get(y.id)!;
    return a.batch < b.batch || (a.batch === b.batch && a.place < b.place);
  };
  for (const key of ['a', 'b', 'c']) {
    const ofKey = written.filter((event) => event.key === key);
    t.ok(ofKey.length > 50 && ofKey.every((event, i) => i === 0 || before(ofKey[i - 1]!, event)), `key ${key}: its ${ofKey.length} events applied in log order`);
  }
  const keyless = written.filter((event) => event.key === null);
  t.ok(
    keyless.length > 20 && keyless.every((lone) => written.every((other) => other === lone || (other.at < lone.at ? before(other, lone) : before(lone, other)))),
    `each of ${keyless.length} keyless events applied after every event before it and before every event after it`,
  );

  const batches = [...new Map(rows.map((row) => [row.batch, row])).values()];
  const overlapping = batches.some((x) => batches.some((y) => x.backend !== y.backend && x.began < y.ended && y.began < x.ended));
  t.ok(overlapping, 'batches ran at once on two connections');
});

t.test('an event that cannot be applied in one lane fails the rebuild, named, and the live tables stay', async (t) => {
  const { core } = await openTestCore();
  await writeKeyedEvents(core, 120);
  const projection = applyOrderProjection('lanefail');
  await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log: silent, batchSize: 40, lanes: 2 });
  const poisoned = await core.store.append('lanes.b', [newEvent(POISON, { key: 'b' })], 'any');
  await core.store.append('lanes.a', [newEvent('noted', { key: 'a' })], 'any');
  await readable(core, 122);

  await t.rejects(
    rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log: silent, batchSize: 40, lanes: 2 }),
    { name: 'ProjectionEventError', message: new RegExp(`cannot apply lanes\\.b@${poisoned.nextRevision}`) },
  );
  t.equal((await core.db.slonik.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM lanefail.applied`)), 120, 'the live tables are those of the rebuild before');
});
