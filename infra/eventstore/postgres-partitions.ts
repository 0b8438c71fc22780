// The PostgreSQL log partitioned by time (docs/scaling.md, "The log in partitions"): es.events
// becomes a table partitioned by RANGE of transaction_id, the first half of every position. Each
// partition holds the transactions of one stretch of time, closed when the operator rolls to the
// next (monthly, say), so its indexes stop changing and it can be vacuumed, frozen and backed up
// once, and the newest partition's indexes, which every append writes, stay the size of a stretch.
//
// Positions stay what they were and keep rising: transaction ids rise, the partitioned table takes
// over the identity that numbers global_position from the last number given, and a reader's order
// (transaction_id, global_position) is the same over the partitions as it was over one table.
// Stream revisions stay unique without a unique index across partitions: es.streams, one row per
// stream, is where an append checks and takes its revision; each partition keeps its own unique index.
// Both operations take the log's tables exclusively for the time of a scan of one partition (the
// check of its range): appends wait meanwhile; nothing fails.
import type pg from 'pg';

export type EventPartition = {
  readonly name: string;
  /** the range of transaction ids, null for no bound */
  readonly from: string | null;
  readonly to: string | null;
};

const LOCK_TIMEOUT = '30s';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** es.events's partitions, oldest first; empty while es.events is one plain table. */
export async function listEventPartitions(db: Queryable): Promise<EventPartition[]> {
  const { rows } = await db.query<{ name: string; bound: string }>(`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'es.events'::regclass`);
  const partitions = rows.map(({ name, bound }) => {
    // FOR VALUES FROM (MINVALUE) TO ('1234')
    const match = /FROM \((.+)\) TO \((.+)\)/.exec(bound);
    if (!match) throw new Error(`es.events partition ${name} has a bound this code does not know: ${bound}`);
    const value = (text: string): string | null => (text === 'MINVALUE' || text === 'MAXVALUE' ? null : text.replace(/^'|'$/g, ''));
    return { name, from: value(match[1]!), to: value(match[2]!) };
  });
  return partitions.sort((a, b) => (a.from === null ? -1 : b.from === null ? 1 : Number(BigInt(a.from) - BigInt(b.from))));
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    // es.streams first, as every append takes them: an append half done finishes before this goes on
    await client.query('LOCK TABLE es.streams, es.events IN ACCESS EXCLUSIVE MODE');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** one past the highest transaction id in `table`, or `floor` when it holds none past it */
async function boundAfter(client: Queryable, table: string, floor: string | null): Promise<string> {
  const { rows: [row] } = await client.query<{ bound: string }>(
    `SELECT (coalesce(max(transaction_id)::text::numeric, -1) + 1)::text AS bound FROM ${table}`,
  );
  const bound = BigInt(row!.bound);
  return (floor !== null && bound < BigInt(floor) ? BigInt(floor) : bound).toString();
}

async function openPartition(client: Queryable, index: number, from: string): Promise<void> {
  await client.query(`CREATE TABLE es.events_${index} PARTITION OF es.events FOR VALUES FROM ('${from}') TO (MAXVALUE)`);
  await client.query(`CREATE UNIQUE INDEX events_${index}_stream ON es.events_${index} (stream_name, stream_revision)`);
}

/**
 * es.events, one plain table, becomes partition 0 of a partitioned es.events, and partition 1 is
 * opened for every transaction after it. Does nothing when es.events is partitioned already.
 */
export async function partitionEventLog(pool: pg.Pool): Promise<EventPartition[]> {
  await inTransaction(pool, async (client) => {
    const { rows: [kind] } = await client.query<{ relkind: string }>(`SELECT relkind FROM pg_class WHERE oid = 'es.events'::regclass`);
    if (kind!.relkind === 'p') return;
    const bound = await boundAfter(client, 'es.events', null);
    const { rows: [next] } = await client.query<{ position: string }>(`SELECT (coalesce(max(global_position), 0) + 1)::text AS position FROM es.events`);
    // the names the new table takes: constraints and indexes share one namespace per schema
    await client.query('ALTER TABLE es.events RENAME CONSTRAINT events_pkey TO events_0_pkey');
    await client.query('ALTER TABLE es.events RENAME CONSTRAINT events_stream_name_stream_revision_key TO events_0_stream');
    await client.query('ALTER TABLE es.events ALTER COLUMN global_position DROP IDENTITY');
    await client.query('ALTER TABLE es.events RENAME TO events_0');
    // the columns, their types, NOT NULLs and defaults as the table has them now, whatever
    // migrations made it; the identity goes on from the last position given
    await client.query('CREATE TABLE es.events (LIKE es.events_0 INCLUDING DEFAULTS) PARTITION BY RANGE (transaction_id)');
    await client.query('ALTER TABLE es.events ADD PRIMARY KEY (transaction_id, global_position)');
    await client.query(`ALTER TABLE es.events ALTER COLUMN global_position ADD GENERATED ALWAYS AS IDENTITY (START WITH ${BigInt(next!.position)})`);
    // the check lets the attach skip its own scan; the primary key's index is taken over as it is
    await client.query(`ALTER TABLE es.events_0 ADD CONSTRAINT events_0_range CHECK (transaction_id < '${bound}'::xid8)`);
    await client.query(`ALTER TABLE es.events ATTACH PARTITION es.events_0 FOR VALUES FROM (MINVALUE) TO ('${bound}')`);
    await openPartition(client, 1, bound);
  });
  return listEventPartitions(pool);
}

/**
 * Closes the newest partition at the last transaction it holds and opens the next for every
 * transaction after it: the operator's monthly step. Nothing to close when the newest is empty.
 */
export async function rollEventPartition(pool: pg.Pool): Promise<EventPartition[]> {
  await inTransaction(pool, async (client) => {
    const partitions = await listEventPartitions(client);
    const newest = partitions.at(-1);
    if (!newest || newest.to !== null || newest.from === null) throw new Error('es.events is not partitioned: run partitionEventLog first');
    const bound = await boundAfter(client, `es.${newest.name}`, newest.from);
    if (bound === newest.from) return;
    const index = Number(/^events_(\d+)$/.exec(newest.name)?.[1] ?? Number.NaN) + 1;
    if (!Number.isInteger(index)) throw new Error(`the newest partition of es.events is named ${newest.name}, not events_<n>`);
    await client.query(`ALTER TABLE es.events DETACH PARTITION es.${newest.name}`);
    await client.query(`ALTER TABLE es.${newest.name} ADD CONSTRAINT ${newest.name}_range CHECK (transaction_id >= '${newest.from}'::xid8 AND transaction_id < '${bound}'::xid8)`);
    await client.query(`ALTER TABLE es.events ATTACH PARTITION es.${newest.name} FOR VALUES FROM ('${newest.from}') TO ('${bound}')`);
    await openPartition(client, index, bound);
  });
  return listEventPartitions(pool);
}
