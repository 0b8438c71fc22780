import type { EventStore, Position, RecordedEvent } from './port.ts';

/**
 * The log after a position, a batch at a time (of `streams` only when given, as ReadAllOptions):
 * the one paging loop status, verify, rebuild and the metrics share.
 */
export async function* logBatches(store: Pick<EventStore, 'readAll'>, from: Position, limit: number, streams?: readonly string[]): AsyncGenerator<RecordedEvent[]> {
  for (let after = from; ; ) {
    const batch = await store.readAll({ after, limit, ...(streams ? { streams } : {}) });
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]!.position;
  }
}


/** how many events each read of `logBatchesAhead` asks for */
export const READ_PAGE = 2000;

/**
 * As logBatches (of `options.streams` only when given), with the log already being read while the
 * caller works on a batch: pages of `options.page` events, one after another, until two batches
 * wait. A rebuild's reading and writing then overlap instead of taking turns. Small pages spread the
 * decoding of rows over the caller's waits on the database: one read of a whole batch is decoded in
 * one piece on the same thread, and every answer the caller waits for meanwhile waits behind it (a
 * replay of half a million gym events took about 0.6 s longer so; docs/benchmarks.md, issue 17's
 * seventh pass).
 */
export async function* logBatchesAhead(
  store: Pick<EventStore, 'readAll'>,
  from: Position,
  limit: number,
  options: { readonly page?: number; readonly streams?: readonly string[] } = {},
): AsyncGenerator<RecordedEvent[]> {
  const page = options.page ?? Math.min(limit, READ_PAGE);
  const streams = options.streams ? { streams: options.streams } : {};
  const ahead: RecordedEvent[] = [];
  const reader: { done: boolean; failure: { readonly error: unknown } | null; closed: boolean } = { done: false, failure: null, closed: false };
  let read = Promise.withResolvers<void>();
  let taken = Promise.withResolvers<void>();

  const reading = async (): Promise<void> => {
    for (let after = from; !reader.closed; ) {
      while (ahead.length >= 2 * limit && !reader.closed) await taken.promise;
      if (reader.closed) return;
      const events = await store.readAll({ after, limit: page, ...streams });
      if (events.length === 0) return;
      for (const event of events) ahead.push(event);
      after = events[events.length - 1]!.position;
      read.resolve();
    }
  };
  // a read that fails while the caller is busy is reported when its turn comes, not as an unhandled rejection
  void reading()
    .catch((error: unknown) => {
      reader.failure = { error };
    })
    .finally(() => {
      reader.done = true;
      read.resolve();
    });

  try {
    for (;;) {
      while (ahead.length < limit && !reader.done) {
        await read.promise;
        read = Promise.withResolvers<void>();
      }
      // what was read before a failure is handed over first
      if (reader.failure && ahead.length < limit) throw reader.failure.error;
      if (ahead.length === 0) return;
      yield ahead.splice(0, limit);
      taken.resolve();
      taken = Promise.withResolvers<void>();
    }
  } finally {
    reader.closed = true;
    taken.resolve();
  }
}
