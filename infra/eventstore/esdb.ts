// The EventStoreDB adapter of the event store port.

import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  CurrentRevision,
  RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  inStreams,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type Subscription,
} from './port.ts';
import { actorsOf, type ActorFence } from './fence.ts';
import { logBatches } from './log-batches.ts';

const DEFAULT_MAX_BATCH = 500;
// Large enough that a run of system events rarely costs another round trip.
const MIN_PAGE = 64;

export type EsdbEventStoreOptions = {
  /**
   * The erasure fence, kept in PostgreSQL: EventStoreDB cannot check a table inside its append, so
   * an append that names acting users holds their locks around the call (three more round trips
   * to PostgreSQL, on this adapter only).
   */
  readonly fence: ActorFence;
};

export function createEsdbEventStore(connectionString: string, { fence }: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  // Disposing the client lets live calls run on, so open subscriptions must be ended first.
  const subscriptions = new Set<Subscription>();

  const store: EventStore = {
    async append(stream, events, expected): Promise<AppendResult> {
      const actors = actorsOf(events);
      const write = () => client.appendToStream(stream, events.map(toEventData), { expectedRevision: toEsdbExpected(expected) });
      let result;
      try {
        result = await (actors.length === 0 ? write() : fence.hold(stream, actors, write));
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(stream, expected, toActual(error.actualVersion), { cause: error });
        }
        throw error;
      }
      // Reached only when the connection string sets throwOnAppendFailure=false.
      if (!result.success) throw new WrongExpectedRevisionError(stream, expected, toActual(result.nextExpectedRevision));
      if (!result.position) throw new Error(`append to ${stream}: EventStoreDB returned no log position`);
      return { nextRevision: result.nextExpectedRevision, position: toPosition(result.position) };
    },

    async readStream(stream) {
      try {
        const read = await collect(client.readStream(stream, { direction: FORWARDS, fromRevision: ESDB_START }));
        return read.flatMap(({ event }) => (event ? [toRecorded(event)] : []));
      } catch (error) {
        // A deleted stream (soft, or a tombstone from before) no longer exists as far as the port is concerned.
        if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
        throw error;
      }
    },

    async readAll({ after, limit, streams }) {
      const events: RecordedEvent[] = [];
      // One more than asked for, because the read includes the event at its starting position.
      const pageSize = Math.max(limit + 1, MIN_PAGE);
      let from: Position = after;
      while (events.length < limit) {
        const page = await collect(
          client.readAll({ direction: FORWARDS, fromPosition: toReadPosition(from), maxCount: pageSize }),
        );
        for (const { event } of page) {
          // filtered here rather than by the server: the client's read of $all takes no filter
          if (!event || comparePositions(event.position, from) <= 0 || !isUserEvent(event) || !inStreams(event.streamId, streams)) continue;
          if (events.length < limit) events.push(toRecorded(event));
        }
        const last = page.at(-1)?.event;
        if (page.length < pageSize || !last) break;
        from = last.position;
      }
      return events;
    },

    subscribeToAll(after, options = {}) {
      const subscription = subscribe(client, after, options.maxBatch ?? DEFAULT_MAX_BATCH, () => {
        subscriptions.delete(subscription);
      });
      subscriptions.add(subscription);
      return subscription;
    },

    // A soft delete, not a tombstone: the name can be claimed again (a public username is a
    // stream), and the events go at the next scavenge either way.
    async deleteStream(stream, expected = 'any') {
      try {
        // deletion knows no `stream_exists`; a missing stream is reported below instead
        const expectedRevision = expected === 'stream_exists' || expected === 'any' ? ANY : expected === 'no_stream' ? NO_STREAM : expected;
        await client.deleteStream(stream, { expectedRevision });
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(stream, expected, toActual(error.actualVersion), { cause: error });
        }
        if (!(error instanceof StreamNotFoundError || error instanceof StreamDeletedError)) throw error;
        if (expected === 'stream_exists' || typeof expected === 'bigint') {
          throw new WrongExpectedRevisionError(stream, expected, 'no_stream', { cause: error });
        }
      }
    },

    async truncateStream(stream, before) {
      // the metadata stream keeps the rest of the stream's metadata: read it and change one field
      const current = await client.getStreamMetadata(stream);
      await client.setStreamMetadata(stream, { ...current.metadata, truncateBefore: Number(before) });
    },

    async lastEvent(stream) {
      try {
        const [last] = await collect(client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }));
        return last?.event ? { revision: last.event.revision, id: last.event.id } : null;
      } catch (error) {
        if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return null;
        throw error;
      }
    },

    fenceOut: (userId) => fence.fenceOut(userId),

    async streamsOfActor(userId) {
      const named = new Set<string>();
      for await (const batch of logBatches(store, START, 5000)) {
        for (const event of batch) if (event.metadata.userId === userId) named.add(event.stream);
      }
      // $all keeps a deleted stream's events until a scavenge: only the streams still there
      const live: string[] = [];
      for (const stream of [...named].sort()) if ((await store.lastEvent(stream)) !== null) live.push(stream);
      return live;
    },

    async count(streams) {
      // EventStoreDB keeps no count of $all: read through once, in large pages
      let count = 0;
      for await (const batch of logBatches(store, START, 5000, streams)) count += batch.length;
      return count;
    },

    async headPosition() {
      let from: Position | typeof END = END;
      for (;;) {
        const page: AllStreamResolvedEvent[] = await collect(
          client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: MIN_PAGE }),
        );
        for (const { event } of page) {
          if (!event) continue;
          // Whether a backwards read includes its starting position is not documented; skip it either way.
          if (from !== END && comparePositions(event.position, from) >= 0) continue;
          if (isUserEvent(event)) return toPosition(event.position);
        }
        const last = page.at(-1)?.event;
        if (page.length < MIN_PAGE || !last) return START;
        from = last.position;
      }
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.close()));
      await client.dispose();
    },
  };
  return store;
}

function subscribe(client: EventStoreDBClient, after: Position, maxBatch: number, onClose: () => void): Subscription {
  // The readable's buffer is the batch buffer; its high-water mark pushes back on the server.
  const source = client.subscribeToAll(
    { fromPosition: toReadPosition(after), filter: excludeSystemEvents() },
    { highWaterMark: maxBatch },
  );
  let closed = false;
  let ended = false;
  let failure: Error | undefined;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  source.on('readable', wake);
  source.on('end', () => {
    ended = true;
    wake();
  });
  source.on('error', (error: Error) => {
    failure ??= error;
    wake();
  });

  const close = async () => {
    if (closed) return;
    closed = true;
    onClose();
    wake();
    await source.unsubscribe();
    source.destroy();
  };

  const next = async (): Promise<IteratorResult<RecordedEvent[]>> => {
    for (;;) {
      if (closed) return { done: true, value: undefined };
      const batch: RecordedEvent[] = [];
      while (batch.length < maxBatch) {
        const resolved: AllStreamResolvedEvent | null = source.read();
        if (resolved === null) break;
        const event = resolved.event;
        // A subscription may start at its position inclusively; the port's `after` is exclusive.
        if (event && isUserEvent(event) && comparePositions(event.position, after) > 0) batch.push(toRecorded(event));
      }
      if (batch.length > 0) return { done: false, value: batch };
      if (failure) throw failure;
      // A catch-up subscription never ends on its own; treat it as a failure rather than a quiet finish.
      if (ended) throw new Error('EventStoreDB ended the $all subscription');
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };

  return {
    [Symbol.asyncIterator]: () => ({
      next,
      return: async () => {
        await close();
        return { done: true, value: undefined };
      },
    }),
    close,
  };
}

function toEventData(event: NewEvent) {
  const { userId, correlationId, causationId, schemaVersion, device } = event.metadata;
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data,
    // The `$`-prefixed copies are the names EventStoreDB's own projections follow.
    metadata: { userId, correlationId, causationId, schemaVersion, ...(device === undefined ? {} : { device }), $correlationId: correlationId, $causationId: causationId },
  });
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return expected;
  }
}

// The client reports a missing stream as 'no_stream', or as -1 when appends do not throw.
function toActual(actual: CurrentRevision): bigint | 'no_stream' {
  return actual === NO_STREAM || actual < 0n ? 'no_stream' : actual;
}

function toReadPosition(position: Position): Position | typeof ESDB_START {
  return position.commit < 0n ? ESDB_START : position;
}

function toPosition(position: Position): Position {
  return { commit: position.commit, prepare: position.prepare };
}

function isUserEvent(event: { readonly type: string; readonly streamId: string }): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith('$');
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  const where = `event ${event.id} in ${event.streamId}`;
  if (!event.position) throw new Error(`${where} has no log position (EventStoreDB 22.6 or later is required)`);
  if (!event.isJson || !isObject(event.data)) throw new Error(`${where} is not a JSON object`);
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: toMetadata(event.metadata, event.id),
    stream: event.streamId,
    revision: event.revision,
    position: toPosition(event.position),
    recordedAt: event.created,
  };
}

// Events written by other tools may lack our metadata; such an event is its own correlation and cause.
function toMetadata(raw: unknown, eventId: string): EventMetadata {
  const metadata = isObject(raw) ? raw : {};
  return {
    userId: text(metadata.userId) ?? null,
    correlationId: text(metadata.correlationId) ?? text(metadata.$correlationId) ?? eventId,
    causationId: text(metadata.causationId) ?? text(metadata.$causationId) ?? eventId,
    schemaVersion: typeof metadata.schemaVersion === 'number' ? metadata.schemaVersion : 1,
    ...(typeof metadata.device === 'string' ? { device: metadata.device } : {}),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}
