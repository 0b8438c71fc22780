// An operator's way past an event a projection cannot apply: the park record, kept in the log so
// an auditor sees who skipped what and why, and so a rebuild skips the same events.
import { z } from 'zod';
import { type Aggregate, fold, type StoredEvent } from '../shared/aggregate.ts';
import { DomainError, type DomainEvent } from '../shared/events.ts';

export const PARKED_STREAM_PREFIX = 'ops.parked-';
export const parkedStream = (projection: string): string => `${PARKED_STREAM_PREFIX}${projection}`;

const eventParkedSchema = z.object({
  projection: z.string().min(1),
  /** the parked event's global position, `commit/prepare` */
  position: z.string().regex(/^-?\d+\/-?\d+$/),
  stream: z.string().min(1),
  revision: z.number().int().nonnegative(),
  eventId: z.string(),
  eventType: z.string(),
  reason: z.string().min(1).max(2000),
  parkedAt: z.iso.datetime(),
});
export type EventParked = z.infer<typeof eventParkedSchema>;

export type ParkedEvent = DomainEvent<'event-parked', EventParked>;

export type ParkedState = { readonly parked: readonly EventParked[] };

function parse(type: string, data: unknown, schemaVersion: number): ParkedEvent {
  if (schemaVersion === 1 && type === 'event-parked') return { type, data: eventParkedSchema.parse(data) };
  throw new Error(`unknown park record ${type} v${schemaVersion}`);
}

export const parkedAggregate: Aggregate<ParkedState, ParkedEvent> = {
  initialState: { parked: [] },
  evolve: (state, event) => ({ parked: [...state.parked, event.data] }),
  parse,
  schemaVersion: 1,
};

/** The decision: a record, unless that event is parked already. */
export function parkEvent(state: ParkedState, record: EventParked): ParkedEvent[] {
  const reason = record.reason.trim();
  if (reason === '') throw new DomainError('REASON_REQUIRED', 'reason: say why the event is parked');
  if (state.parked.some((parked) => parked.position === record.position)) {
    throw new DomainError('ALREADY_PARKED', `event ${record.position} is already parked for projection ${record.projection}`);
  }
  return [{ type: 'event-parked', data: eventParkedSchema.parse({ ...record, reason }) }];
}

export function parsedParkRecords(events: readonly StoredEvent[]): readonly EventParked[] {
  return fold(parkedAggregate, events).parked;
}
