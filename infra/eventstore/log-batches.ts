import type { EventStore, Position, RecordedEvent } from './port.ts';

/** The log after a position, a batch at a time: the one paging loop status, verify, rebuild and the metrics share. */
export async function* logBatches(store: Pick<EventStore, 'readAll'>, from: Position, limit: number): AsyncGenerator<RecordedEvent[]> {
  for (let after = from; ; ) {
    const batch = await store.readAll({ after, limit });
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]!.position;
  }
}


/**
 * As logBatches, with the next batch already being read while the caller works on this one: a
 * rebuild's reading and writing overlap instead of taking turns.
 */
export async function* logBatchesAhead(store: Pick<EventStore, 'readAll'>, from: Position, limit: number): AsyncGenerator<RecordedEvent[]> {
  const read = async (after: Position): Promise<RecordedEvent[]> => store.readAll({ after, limit });
  let next = read(from);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    next = read(batch[batch.length - 1]!.position);
    // a read that fails while the caller is busy is reported when its turn comes, not as an unhandled rejection
    next.catch(() => undefined);
    yield batch;
  }
}
