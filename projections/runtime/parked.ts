import { parkedStream, parsedParkRecords } from '../../domain/ops/parked.ts';
import { type EventStore, formatPosition, type RecordedEvent } from '../../infra/eventstore/port.ts';

/** The events an operator parked for this projection (`ops park`), by position. */
export async function readParked(store: EventStore, projection: string): Promise<ReadonlySet<string>> {
  const records = parsedParkRecords(await store.readStream(parkedStream(projection)));
  return new Set(records.map((record) => record.position));
}

export const withoutParked = (events: readonly RecordedEvent[], parked: ReadonlySet<string>): readonly RecordedEvent[] =>
  parked.size === 0 ? events : events.filter((event) => !parked.has(formatPosition(event.position)));
