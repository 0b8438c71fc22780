import pg from 'pg';
import { fenceOut } from './fence.ts';
import { type EventStore, type ExpectedRevision, START, WrongExpectedRevisionError } from './port.ts';
import { createGroupCommit } from './postgres-appends.ts';
import { listenForAppends } from './postgres-listener.ts';
import { createPostgresReads } from './postgres-reads.ts';

function meets(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}

export type PostgresEventStoreOptions = {
  /**
   * How many append transactions may run at once; appends that arrive meanwhile are grouped into
   * the next one. One lane groups the most: measured here, 8 writers reach the single-row INSERT
   * rate with 1 lane and about 0.75 of it with 2 (docs/benchmarks.md).
   */
  readonly appendLanes?: number;
  /** how long an idle subscriber waits for a notification before looking anyway (a lost NOTIFY) */
  readonly idlePollMs?: number;
  /** told once when the LISTEN connection is lost; it is reopened with backoff until it is back */
  readonly onListenerLost?: (error: unknown) => void;
};

/**
 * The PostgreSQL adapter. Concurrent appends are grouped into one `es.append_batch` call per free
 * lane (group commit), so many writers share one commit; each keeps its own expected-revision check.
 */
export function createPostgresEventStore(pool: pg.Pool, options: PostgresEventStoreOptions = {}): EventStore {
  const lanes = options.appendLanes ?? 1;
  const idlePollMs = options.idlePollMs ?? 1000;
  let closed = false;
  const appended = listenForAppends(pool, options);
  const appendGrouped = createGroupCommit(pool, lanes, appended.tell);
  const reads = createPostgresReads(pool, appended, idlePollMs);

  return {
    append(stream, events, expected) {
      if (events.length === 0) return Promise.reject(new RangeError('append needs at least one event'));
      if (closed) return Promise.reject(new Error('event store is closed'));
      return appendGrouped(stream, events, expected);
    },

    ...reads,

    async deleteStream(stream, expected = 'any') {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ revision: string }>('SELECT revision FROM es.streams WHERE stream_name = $1 FOR UPDATE', [stream]);
        const actual = rows[0] ? BigInt(rows[0].revision) : 'no_stream';
        if (!meets(expected, actual)) throw new WrongExpectedRevisionError(stream, expected, actual);
        await client.query('DELETE FROM es.events WHERE stream_name = $1', [stream]);
        await client.query('DELETE FROM es.streams WHERE stream_name = $1', [stream]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async truncateStream(stream, before) {
      // the stream row keeps its revision: appends go on from there
      await pool.query('DELETE FROM es.events WHERE stream_name = $1 AND stream_revision < $2', [stream, before.toString()]);
    },

    async lastEvent(stream) {
      const { rows } = await pool.query<{ stream_revision: string; event_id: string }>({
        name: 'es.last_event',
        text: 'SELECT stream_revision, event_id::text FROM es.events WHERE stream_name = $1 ORDER BY stream_revision DESC LIMIT 1',
        values: [stream],
      });
      const row = rows[0];
      return row ? { revision: BigInt(row.stream_revision), id: row.event_id } : null;
    },

    fenceOut: (userId) => fenceOut(pool, userId),

    async streamsOfActor(userId) {
      // no index of actors: an append stays one index lighter, an erasure reads the table through
      const { rows } = await pool.query<{ stream_name: string }>(
        `SELECT stream_name FROM es.events WHERE metadata->>'userId' = $1 GROUP BY stream_name ORDER BY stream_name COLLATE "C"`,
        [userId],
      );
      return rows.map((row) => row.stream_name);
    },

    async headPosition() {
      const { rows } = await pool.query<{ tx: string; global_position: string }>({
        // asked before every read that waits for its writes: parsed and planned once per connection
        name: 'es.head_position',
        // every committed event counts, also one a reader cannot pass yet: the head is a target
        text: `SELECT transaction_id::text AS tx, global_position FROM es.events
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      });
      const row = rows[0];
      return row ? { commit: BigInt(row.tx), prepare: BigInt(row.global_position) } : START;
    },

    async count(streams) {
      const { rows } = streams
        ? await pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events WHERE stream_name ^@ ANY($1::text[])', [streams])
        : await pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events');
      return Number(rows[0]!.n);
    },

    async close() {
      closed = true;
      appended.close();
    },
  };
}
