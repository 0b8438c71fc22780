import type { DatabasePool } from 'slonik';
import { type EventStore, formatPosition, type Position, type RecordedEvent, START } from '../infra/eventstore/port.ts';
import { readProjectionStates } from './runtime/projection-states.ts';

/** How far a projection is behind the log: events after its checkpoint, and how long the oldest of them has waited. */
export type ProjectionLag = {
  readonly projection: string;
  /** counted up to the read's limit */
  readonly events: number;
  readonly seconds: number;
};

/**
 * Every named projection's lag, as any process sees it: one query for the checkpoints, then one
 * read of at most `limit` events per distinct checkpoint. Projections that are caught up share the
 * head as their checkpoint, so a healthy system costs one more query, which finds nothing.
 */
export async function readProjectionLag(
  deps: { readonly pool: DatabasePool; readonly store: EventStore },
  names: readonly string[],
  options: { readonly limit: number; readonly now: number },
): Promise<ProjectionLag[]> {
  const states = await readProjectionStates(deps.pool);
  const checkpointOf = (name: string): Position => states.find((state) => state.name === name)?.checkpoint?.position ?? START;
  const after = new Map<string, Promise<RecordedEvent[]>>();
  const behind = (position: Position): Promise<RecordedEvent[]> => {
    const key = formatPosition(position);
    let read = after.get(key);
    if (!read) after.set(key, (read = deps.store.readAll({ after: position, limit: options.limit })));
    return read;
  };
  return Promise.all(
    names.map(async (name) => {
      const events = await behind(checkpointOf(name));
      const oldest = events[0]?.recordedAt.getTime();
      return { projection: name, events: events.length, seconds: oldest === undefined ? 0 : Math.max(0, (options.now - oldest) / 1000) };
    }),
  );
}
