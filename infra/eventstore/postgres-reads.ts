import pg from 'pg';
import { isConnectionError } from '../postgres/connection-errors.ts';
import { type EventStore, formatPosition, type Position, type ReadAllOptions, type RecordedEvent, type Subscription } from './port.ts';
import type { AppendedTransactions } from './postgres-listener.ts';

type EventRow = {
  tx: string;
  global_position: string;
  stream_name: string;
  stream_revision: string;
  event_id: string;
  event_type: string;
  data: Record<string, unknown>;
  user_id: string | null;
  correlation_id: string;
  causation_id: string;
  schema_version: number;
  device: string | null;
  recorded_s: number;
};

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: {
      userId: row.user_id,
      correlationId: row.correlation_id,
      causationId: row.causation_id,
      schemaVersion: row.schema_version,
      ...(row.device === null ? {} : { device: row.device }),
    },
    stream: row.stream_name,
    revision: BigInt(row.stream_revision),
    position: { commit: BigInt(row.tx), prepare: BigInt(row.global_position) },
    // whole microseconds first (a double of seconds can fall a hair short of one), then the milliseconds Date keeps
    recordedAt: new Date(Math.floor(Math.round(row.recorded_s * 1e6) / 1000)),
  };
}

// The text copy of the transaction id gets its own name: ORDER BY would otherwise sort by it.
// The metadata's fields come one by one, each typed as the port has it (a user that is not a string
// is none, a version that is not a number is 1), rather than the whole as JSON text to parse: a
// rebuild reads half a million of them. The time comes as seconds since the epoch, a double: the
// driver's parse of a timestamp's text was a tenth of a rebuild's reading.
const EVENT_COLUMNS = `transaction_id::text AS tx, global_position, stream_name, stream_revision, event_id::text,
  event_type, data,
  CASE WHEN jsonb_typeof(metadata->'userId') = 'string' THEN metadata->>'userId' END AS user_id,
  coalesce(metadata->>'correlationId', '') AS correlation_id,
  coalesce(metadata->>'causationId', '') AS causation_id,
  CASE WHEN jsonb_typeof(metadata->'schemaVersion') = 'number' THEN (metadata->>'schemaVersion')::float8 ELSE 1 END AS schema_version,
  CASE WHEN jsonb_typeof(metadata->'device') = 'string' THEN metadata->>'device' END AS device,
  date_part('epoch', recorded_at) AS recorded_s`;

/**
 * The log's reads in global order: from the start or after a position, of every stream or of some
 * (a prefix match in the server, so that the others' bodies are neither detoasted, nor turned into
 * text, nor sent and parsed here). Each is a named statement, parsed and planned once per
 * connection: every projector's every batch reads so. Parameters: the position (when after one),
 * the prefixes (when of some), the limit.
 */
const READ_ALL = (() => {
  const statement = (after: boolean, of: boolean) => {
    const conditions = ['transaction_id < pg_snapshot_xmin(pg_current_snapshot())'];
    if (after) conditions.push('(transaction_id, global_position) > ($1::text::xid8, $2::bigint)');
    const first = after ? 3 : 1;
    if (of) conditions.push(`stream_name ^@ ANY($${first}::text[])`);
    return {
      name: `es.read_all_${after ? 'after' : 'from_start'}${of ? '_of' : ''}`,
      text: `SELECT ${EVENT_COLUMNS} FROM es.events WHERE ${conditions.join(' AND ')}
             ORDER BY transaction_id, global_position LIMIT $${of ? first + 1 : first}`,
    };
  };
  return {
    fromStart: { all: statement(false, false), of: statement(false, true) },
    after: { all: statement(true, false), of: statement(true, true) },
  } as const;
})();

/** The log read back: one stream, the whole log in order, and the whole log as it grows. */
export function createPostgresReads(
  pool: pg.Pool,
  appended: AppendedTransactions,
  idlePollMs: number,
): Pick<EventStore, 'readStream' | 'readAll' | 'subscribeToAll'> {
  async function readAll({ after, limit, streams }: ReadAllOptions): Promise<RecordedEvent[]> {
    const fromStart = after.commit < 0n;
    const values: unknown[] = fromStart ? [] : [after.commit.toString(), after.prepare.toString()];
    if (streams) values.push(streams);
    values.push(limit);
    const { rows } = await pool.query<EventRow>({ ...READ_ALL[fromStart ? 'fromStart' : 'after'][streams ? 'of' : 'all'], values });
    return rows.map(toRecorded);
  }

  // Subscribers woken by one transaction mostly stand at one position (every projector caught up):
  // one query serves them all. One that joins a read begun before its transaction committed finds
  // it newer than the batch, and reads again.
  const readsUnderWay = new Map<string, Promise<RecordedEvent[]>>();
  function sharedReadAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const key = `${formatPosition(options.after)}/${options.limit}/${options.streams?.join('|') ?? ''}`;
    let read = readsUnderWay.get(key);
    if (!read) {
      read = readAll(options).finally(() => readsUnderWay.delete(key));
      readsUnderWay.set(key, read);
    }
    return read;
  }

  /** Whether no transaction older than `tx` is still open, so that its events are readable. */
  async function readableFrom(tx: bigint): Promise<boolean> {
    try {
      const { rows } = await pool.query<{ readable: boolean }>('SELECT pg_snapshot_xmin(pg_current_snapshot()) > $1::text::xid8 AS readable', [tx.toString()]);
      return rows[0]?.readable === true;
    } catch (error) {
      if (isConnectionError(error)) return false;
      throw error;
    }
  }

  function subscribeToAll(from: Position, subscribeOptions: { readonly maxBatch?: number } = {}): Subscription {
    const maxBatch = subscribeOptions.maxBatch ?? 500;
    let position = from;
    let stopped = false;
    let wake: (() => void) | null = null;
    const onTx = (): void => {
      wake?.();
    };
    const wait = (ms: number): Promise<void> =>
      new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    async function* batches(): AsyncGenerator<RecordedEvent[]> {
      await appended.subscribe(onTx);
      try {
        let backoff = 1;
        let givenUpOnTx = 0n;
        let outages = 0;
        while (!stopped) {
          let batch: RecordedEvent[];
          try {
            batch = await sharedReadAll({ after: position, limit: maxBatch });
            outages = 0;
          } catch (error) {
            if (!isConnectionError(error)) throw error;
            // the database is away: keep the position and look again, less often the longer it lasts
            await wait(Math.min(100 * 2 ** outages, 5000));
            outages++;
            continue;
          }
          if (stopped) return;
          if (batch.length > 0) {
            position = batch[batch.length - 1]!.position;
            backoff = 1;
            yield batch;
            // a short batch was all there was to read: look again once a later transaction is heard of
            if (batch.length < maxBatch && appended.newest() <= position.commit && !stopped) await wait(idlePollMs);
            continue;
          }
          if (appended.newest() > position.commit && appended.newest() > givenUpOnTx) {
            // committed, but an older transaction is still open somewhere in the cluster (another
            // database's rebuild, a backup): look again, at most every second, for as long as it is
            if (backoff < 1000 || !(await readableFrom(appended.newest()))) {
              await wait(backoff);
              backoff = Math.min(backoff * 2, 1000);
              continue;
            }
            // readable, and still nothing: its events were deleted before we got to them
            givenUpOnTx = appended.newest();
          }
          backoff = 1;
          // the timeout only covers a NOTIFY lost with a dropped connection
          await wait(idlePollMs);
        }
      } finally {
        await appended.unsubscribe(onTx);
      }
    }

    const iterator = batches();
    return {
      [Symbol.asyncIterator]: () => iterator,
      async close() {
        stopped = true;
        wake?.();
      },
    };
  }

  return {
    async readStream(stream) {
      // every command whose stream is not in memory reads it: parsed and planned once per connection
      const { rows } = await pool.query<EventRow>({
        name: 'es.read_stream',
        text: `SELECT ${EVENT_COLUMNS} FROM es.events WHERE stream_name = $1 ORDER BY stream_revision`,
        values: [stream],
      });
      return rows.map(toRecorded);
    },

    readAll,
    subscribeToAll,
  };
}
