import type { DatabasePool } from 'slonik';
import { type EventStore, formatPosition, inStreams, type Position, type RecordedEvent, START } from '../infra/eventstore/port.ts';
import type { Projection } from './runtime/projection.ts';
import { readProjectionStates } from './runtime/projection-states.ts';

/**
 * How far a projection is behind the log: the events of its own streams after its checkpoint, and
 * how long the oldest of them has waited. Other contexts' events after it are not lag: a checkpoint
 * left at a rebuild's last event is stepped over them only once a projector runs again.
 */
export type ProjectionLag = {
  readonly projection: string;
  /** counted up to the read's limit (within its window, for the gauges) */
  readonly events: number;
  readonly seconds: number;
};

/**
 * Every given projection's lag, as any process sees it: one query for the checkpoints, then reads
 * of the log after them, one per distinct checkpoint (and streams, when `pastOthers`).
 *
 * The gauges, read at every scrape, look at a window: the `limit` events after the checkpoint,
 * with the projection's own counted among them. Its cost stays that of one small read however far
 * behind a checkpoint is, and a stopped projection always shows its lag, since the event it stopped
 * on is the first after its checkpoint. `pastOthers` (ops status, asked by an operator) walks past
 * any number of other contexts' events to count up to `limit` of the projection's own: exact,
 * where a checkpoint left at a rebuild's last event, with no projector running, may have more than
 * a window of others' events after it; its cost grows with that distance (about 0.1 s per half a
 * million events walked, cached).
 */
export async function readProjectionLag(
  deps: { readonly pool: DatabasePool; readonly store: EventStore },
  projections: ReadonlyArray<Pick<Projection, 'name' | 'streams'>>,
  options: { readonly limit: number; readonly now: number; readonly pastOthers?: boolean },
): Promise<ProjectionLag[]> {
  const states = await readProjectionStates(deps.pool);
  const checkpointOf = (name: string): Position => states.find((state) => state.name === name)?.checkpoint?.position ?? START;
  const reads = new Map<string, Promise<RecordedEvent[]>>();
  const after = (position: Position, streams: readonly string[] | undefined): Promise<RecordedEvent[]> => {
    const key = `${formatPosition(position)} ${streams?.join(' ') ?? ''}`;
    let read = reads.get(key);
    if (!read) reads.set(key, (read = deps.store.readAll({ after: position, limit: options.limit, ...(streams ? { streams } : {}) })));
    return read;
  };
  return Promise.all(
    projections.map(async ({ name, streams }) => {
      const own = options.pastOthers
        ? await after(checkpointOf(name), streams)
        : (await after(checkpointOf(name), undefined)).filter((event) => inStreams(event.stream, streams));
      const oldest = own[0]?.recordedAt.getTime();
      return { projection: name, events: own.length, seconds: oldest === undefined ? 0 : Math.max(0, (options.now - oldest) / 1000) };
    }),
  );
}
