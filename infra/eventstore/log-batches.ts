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

