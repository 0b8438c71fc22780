import { type EventStore, type Position, type RecordedEvent, START } from './port.ts';

/** The log after a position, a batch at a time: the one paging loop status, verify, rebuild and the metrics share. */
export async function* logBatches(store: Pick<EventStore, 'readAll'>, from: Position, limit: number): AsyncGenerator<RecordedEvent[]> {
  for (let after = from; ; ) {
    const batch = await store.readAll({ after, limit });
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]!.position;
  }
}

/** The events in the log now: read through once, in large batches (no event store counts for free). */
export async function countEvents(store: Pick<EventStore, 'readAll'>): Promise<number> {
  let count = 0;
  for await (const batch of logBatches(store, START, 5000)) count += batch.length;
  return count;
}
