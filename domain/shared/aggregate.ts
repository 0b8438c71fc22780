import type { DomainEvent } from './events.ts';

/** How one kind of aggregate is folded from its stream. */
export type Aggregate<State, Event extends DomainEvent> = {
  readonly initialState: State;
  readonly evolve: (state: State, event: Event) => State;
  /** reads a stored payload of any schema version as the current one (upcasting) */
  readonly parse: (type: string, data: unknown, schemaVersion: number) => Event;
  /** the schema version new events are written with */
  readonly schemaVersion: number;
};

export type StoredEvent = {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: { readonly schemaVersion: number };
};

export function fold<State, Event extends DomainEvent>(aggregate: Aggregate<State, Event>, events: readonly StoredEvent[]): State {
  let state = aggregate.initialState;
  for (const event of events) state = aggregate.evolve(state, aggregate.parse(event.type, event.data, event.metadata.schemaVersion));
  return state;
}
