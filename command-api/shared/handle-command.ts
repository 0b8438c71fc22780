import { randomUUID } from 'node:crypto';
import { type Aggregate, fold } from '../../domain/shared/aggregate.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { type EventStore, type NewEvent, type Position, UserErasedError, WrongExpectedRevisionError } from '../../infra/eventstore/port.ts';
import { unauthenticated } from '../../infra/http/auth.ts';
import { createKeyedMutex } from './keyed-mutex.ts';

export type CommandContext = {
  readonly userId: string | null;
  /** the request id */
  readonly correlationId: string;
  /** recorded where the owner browses a stream's history */
  readonly device?: string | null | undefined;
};

export type CommandResult<State> = {
  readonly state: State;
  /** where the last new event landed; null when the decision produced none */
  readonly position: Position | null;
};

export type CommandInput<State, Event extends DomainEvent> = {
  readonly stream: string;
  readonly aggregate: Aggregate<State, Event>;
  /**
   * May be async, to append to another stream first while this one's revision is held: the append
   * here then carries the revision read before that, so a change to this stream meanwhile conflicts.
   */
  readonly decide: (state: State) => Event[] | Promise<Event[]>;
  readonly context: CommandContext;
};

export type CommandHandler = {
  <State, Event extends DomainEvent>(input: CommandInput<State, Event>): Promise<CommandResult<State>>;
  /**
   * The state this process holds of a stream (read and folded once if it holds none). For what an
   * answer shows and no decision rests on: a write made by another process since shows once this
   * one next decides on the stream.
   */
  held<State, Event extends DomainEvent>(stream: string, aggregate: Aggregate<State, Event>): Promise<State>;
};

/**
 * Told of every append this handler makes and every expected-revision conflict it meets (for the
 * process's metrics): `retried` when the command is decided again, `gave_up` when the conflict is
 * the caller's answer.
 */
export type CommandObserver = {
  appended(stream: string, events: number): void;
  conflicted(stream: string, outcome: 'retried' | 'gave_up'): void;
};

const MAX_ATTEMPTS = 20;
const CACHED_STREAMS = 5000;

type Folded = { readonly state: unknown; readonly revision: bigint | null; readonly lastId: string | null };

/**
 * The write path: load, fold, decide, append with the revision that was read. A conflict means
 * another process wrote first; the command is decided again on the fresh state, a bounded number
 * of times. Only for commands that are safe to re-decide.
 *
 * Folded states of recently used streams stay in memory, so a long stream (a form saved on every
 * keystroke) is not re-read per command. The expected revision keeps that safe: if anyone else
 * wrote or deleted the stream, the append conflicts and the stream is read afresh. A decision that
 * appends nothing or refuses cannot conflict, so one made on a remembered state stands only once the
 * stream's last event is still the one remembered (one small read, not the stream); otherwise it is
 * made again on a fresh read: a username another process released, or an erasure deleted, is not
 * refused from memory.
 */
export function createCommandHandler(store: EventStore, observer?: CommandObserver): CommandHandler {
  const serialise = createKeyedMutex();
  // a Map iterates in insertion order: re-inserting on use makes the first key the least recent
  const folded = new Map<string, Folded>();
  const remember = (stream: string, entry: Folded): void => {
    folded.delete(stream);
    folded.set(stream, entry);
    if (folded.size > CACHED_STREAMS) folded.delete(folded.keys().next().value!);
  };

  const read = async <State, Event extends DomainEvent>(stream: string, aggregate: Aggregate<State, Event>): Promise<Folded> => {
    const recorded = await store.readStream(stream);
    return { state: fold(aggregate, recorded), revision: recorded.at(-1)?.revision ?? null, lastId: recorded.at(-1)?.id ?? null };
  };
  /** whether the stream still ends where the remembered state was folded to */
  const stillCurrent = async (stream: string, entry: Folded): Promise<boolean> => {
    const last = await store.lastEvent(stream);
    return last === null ? entry.revision === null : last.revision === entry.revision && last.id === entry.lastId;
  };

  const handle = <State, Event extends DomainEvent>({
    stream,
    aggregate,
    decide,
    context,
  }: CommandInput<State, Event>) =>
    serialise(stream, async (): Promise<CommandResult<State>> => {
      for (let attempt = 1; ; attempt++) {
        let current = folded.get(stream);
        const remembered = current !== undefined;
        current ??= await read(stream, aggregate);
        // one stream always holds one kind of aggregate, so its cached state is of this type
        const state = current.state as State;
        let events: Event[];
        try {
          events = await decide(state);
        } catch (error) {
          if (!remembered || (await stillCurrent(stream, current))) throw error;
          folded.delete(stream);
          continue;
        }
        if (events.length === 0 && remembered && !(await stillCurrent(stream, current))) {
          folded.delete(stream);
          continue;
        }
        if (events.length === 0) {
          remember(stream, current);
          return { state, position: null };
        }
        const commandId = randomUUID();
        const toAppend: NewEvent[] = events.map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data as Record<string, unknown>,
          metadata: {
            userId: context.userId,
            correlationId: context.correlationId,
            causationId: commandId,
            schemaVersion: aggregate.schemaVersion,
            ...(context.device ? { device: context.device } : {}),
          },
        }));
        try {
          const result = await store.append(stream, toAppend, current.revision ?? 'no_stream');
          observer?.appended(stream, toAppend.length);
          const next = events.reduce((folding, event) => aggregate.evolve(folding, event), state);
          remember(stream, { state: next, revision: result.nextRevision, lastId: toAppend.at(-1)!.id });
          return { state: next, position: result.position };
        } catch (error) {
          folded.delete(stream);
          // the acting user is being erased: a request that passed its session check before the
          // sessions ended is answered as the sessions are now
          if (error instanceof UserErasedError) throw Object.assign(unauthenticated(), { cause: error });
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          observer?.conflicted(stream, attempt >= MAX_ATTEMPTS ? 'gave_up' : 'retried');
          if (attempt >= MAX_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        }
      }
    });

  const held = <State, Event extends DomainEvent>(stream: string, aggregate: Aggregate<State, Event>): Promise<State> =>
    serialise(stream, async () => {
      const current = folded.get(stream) ?? (await read(stream, aggregate));
      remember(stream, current);
      return current.state as State;
    });

  return Object.assign(handle, { held });
}
