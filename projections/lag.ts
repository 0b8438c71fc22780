import type { DatabasePool } from 'slonik';
import { type EventStore, formatPosition, type Position, type RecordedEvent, START } from '../infra/eventstore/port.ts';
import type { Projection } from './runtime/projection.ts';
import { readProjectionStates } from './runtime/projection-states.ts';

/**
 * How far a projection is behind the log: the events of its own streams after its checkpoint, and
 * how long the oldest of them has waited. Other contexts' events after it are not lag: a checkpoint
 * left at a rebuild's last event is stepped over them only once a projector runs again.
 */
export type ProjectionLag = {
  readonly projection: string;
  /** counted up to the read's limit */
  readonly events: number;
  readonly seconds: number;
};

/**
 * Every given projection's lag, as any process sees it: one query for the checkpoints, then one
 * read of at most `limit` events per distinct checkpoint and streams. Projections that are caught
 * up share the head as their checkpoint, so a healthy system costs a query or two that find nothing.
 */
export async function readProjectionLag(
  deps: { readonly pool: DatabasePool; readonly store: EventStore },
  projections: ReadonlyArray<Pick<Projection, 'name' | 'streams'>>,
  options: { readonly limit: number; readonly now: number },
): Promise<ProjectionLag[]> {
  const states = await readProjectionStates(deps.pool);
  const checkpointOf = (name: string): Position => states.find((state) => state.name === name)?.checkpoint?.position ?? START;
  const after = new Map<string, Promise<RecordedEvent[]>>();
  const behind = (position: Position, streams: readonly string[] | undefined): Promise<RecordedEvent[]> => {
    const key = `${formatPosition(position)} ${streams?.join(' ') ?? ''}`;
    let read = after.get(key);
    if (!read) after.set(key, (read = deps.store.readAll({ after: position, limit: options.limit, ...(streams ? { streams } : {}) })));
    return read;
  };
  return Promise.all(
    projections.map(async ({ name, streams }) => {
      const events = await behind(checkpointOf(name), streams);
      const oldest = events[0]?.recordedAt.getTime();
      return { projection: name, events: events.length, seconds: oldest === undefined ? 0 : Math.max(0, (options.now - oldest) / 1000) };
    }),
  );
}
