// `ops park`: skip one event for one projection, with the reason kept in the log.
import { randomUUID } from 'node:crypto';
import { type EventParked, parkedAggregate, parkedStream, parkEvent } from '../domain/ops/parked.ts';
import { DomainError } from '../domain/shared/events.ts';
import { type EventStore, formatPosition, parsePosition, type RecordedEvent } from '../infra/eventstore/port.ts';
import type { CommandHandler } from '../command-api/shared/handle-command.ts';

/** The target names no event, or names it badly: the operator's mistake, not the system's. */
export class ParkTargetError extends Error {}

/** Finds the event an operator names by global position (`commit/prepare`) or as `stream@revision`. */
export async function findEvent(store: EventStore, target: string): Promise<RecordedEvent> {
  const at = /^(.+)@(\d+)$/.exec(target);
  if (at) {
    const [, stream, revision] = at;
    const event = (await store.readStream(stream!)).find((candidate) => candidate.revision === BigInt(revision!));
    if (!event) throw new ParkTargetError(`no event ${target}: stream ${stream} has no revision ${revision}`);
    return event;
  }
  let position;
  try {
    position = parsePosition(target);
  } catch {
    throw new ParkTargetError(`${target}: name the event as commit/prepare (its position) or as stream@revision`);
  }
  // no position lies strictly between (c, p-1) and (c, p): the first event after it is the one, if any
  const [event] = await store.readAll({ after: { commit: position.commit, prepare: position.prepare - 1n }, limit: 1 });
  if (!event || formatPosition(event.position) !== formatPosition(position)) throw new ParkTargetError(`no event at position ${target}`);
  return event;
}

/** Appends the park record for `projection` to `ops.parked-<projection>`; the projector then skips the event. */
export async function parkEventFor(
  deps: { readonly store: EventStore; readonly commands: CommandHandler; readonly now: () => Date },
  projection: string,
  target: string,
  reason: string,
): Promise<EventParked> {
  const event = await findEvent(deps.store, target);
  const record: EventParked = {
    projection,
    position: formatPosition(event.position),
    stream: event.stream,
    revision: Number(event.revision),
    eventId: event.id,
    eventType: event.type,
    reason,
    parkedAt: deps.now().toISOString(),
  };
  try {
    const result = await deps.commands({
      stream: parkedStream(projection),
      aggregate: parkedAggregate,
      decide: (state) => parkEvent(state, record),
      context: { userId: null, correlationId: randomUUID() },
    });
    return result.state.parked.at(-1) ?? record;
  } catch (error) {
    if (error instanceof DomainError) throw new ParkTargetError(error.message);
    throw error;
  }
}
