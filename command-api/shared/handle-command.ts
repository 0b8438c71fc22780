import { randomUUID } from 'node:crypto';
import { type Aggregate, fold, type StoredEvent } from '../../domain/shared/aggregate.ts';
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

export type CommandResult<State, Beside = undefined> = {
  readonly state: State;
  /** where the last new event landed; null when the decision produced none */
  readonly position: Position | null;
  /** the state of the stream read beside the decision's own, after it (see Decision.beside) */
  readonly beside: Beside;
};

/** Another stream a decision reads, without changing it: made by `besideStream`. */
export type BesideStream<State> = {
  readonly stream: string;
  /**
   * `as-it-stands`: the decision rests on it, so a remembered state is checked against the log's last
   * event; `held`: only the answer shows it, so the state this process holds will do (see `held`).
   */
  readonly read: 'as-it-stands' | 'held';
  readonly fold: (events: readonly StoredEvent[]) => State;
};

export const besideStream = <State, Event extends DomainEvent>(stream: string, aggregate: Aggregate<State, Event>, read: BesideStream<State>['read']): BesideStream<State> => ({
  stream,
  read,
  fold: (events) => fold(aggregate, events),
});

/** What a decision came to, for the decisions on other streams that go with it. */
export type Outcome<Event> = { readonly events: readonly Event[] } | { readonly refusal: unknown };

/** A decision on another stream, its state's type sealed in: made by `sideDecision`. */
export type SideDecision = {
  readonly stream: string;
  readonly make: (handle: <S, E extends DomainEvent>(decision: Decision<S, E>) => Promise<CommandResult<S>>) => Promise<CommandResult<unknown>>;
};

export const sideDecision = <S, E extends DomainEvent>(decision: Decision<S, E>): SideDecision => ({
  stream: decision.stream,
  make: (handle) => handle(decision),
});

/** A decision on one stream, whoever makes it. */
export type Decision<State, Event extends DomainEvent, Beside = undefined> = {
  readonly stream: string;
  readonly aggregate: Aggregate<State, Event>;
  /**
   * May be async, to append to another stream first while this one's revision is held: the append
   * here then carries the revision read before that, so a change to this stream meanwhile conflicts.
   */
  readonly decide: (state: State, beside: Beside) => Event[] | Promise<Event[]>;
  /** a stream read on each attempt before `decide`, its state `decide`'s second argument and the result's `beside` */
  readonly beside?: BesideStream<Beside> | undefined;
  /**
   * Decisions on other streams that go with this one whatever it came to (a person a saved night adds
   * to the club, the library admitting an exercise into a workout): made once this decision stands,
   * while this stream's revision is held, each appended on its own stream before this one's events.
   */
  readonly sideDecisions?: ((state: State, beside: Beside, outcome: Outcome<Event>) => readonly SideDecision[]) | undefined;
};

export type CommandInput<State, Event extends DomainEvent, Beside = undefined> = Decision<State, Event, Beside> & {
  readonly context: CommandContext;
};

export type CommandHandler = {
  <State, Event extends DomainEvent, Beside = undefined>(input: CommandInput<State, Event, Beside>): Promise<CommandResult<State, Beside>>;
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

  const read = async <State>(stream: string, foldEvents: (events: readonly StoredEvent[]) => State): Promise<Folded> => {
    const recorded = await store.readStream(stream);
    return { state: foldEvents(recorded), revision: recorded.at(-1)?.revision ?? null, lastId: recorded.at(-1)?.id ?? null };
  };
  /** whether the stream still ends where the remembered state was folded to */
  const stillCurrent = async (stream: string, entry: Folded): Promise<boolean> => {
    const last = await store.lastEvent(stream);
    return last === null ? entry.revision === null : last.revision === entry.revision && last.id === entry.lastId;
  };
  const heldState = <State>(stream: string, foldEvents: (events: readonly StoredEvent[]) => State): Promise<State> =>
    serialise(stream, async () => {
      const current = folded.get(stream) ?? (await read(stream, foldEvents));
      remember(stream, current);
      return current.state as State;
    });
  const stateAsItStands = <State>(stream: string, foldEvents: (events: readonly StoredEvent[]) => State): Promise<State> =>
    serialise(stream, async () => {
      let current = folded.get(stream);
      if (current === undefined || !(await stillCurrent(stream, current))) current = await read(stream, foldEvents);
      remember(stream, current);
      return current.state as State;
    });
  const besideState = <Beside>(beside: BesideStream<Beside> | undefined): Promise<Beside> | undefined =>
    beside && (beside.read === 'held' ? heldState(beside.stream, beside.fold) : stateAsItStands(beside.stream, beside.fold));

  const handle = <State, Event extends DomainEvent, Beside = undefined>({
    stream,
    aggregate,
    decide,
    beside: besideSource,
    sideDecisions,
    context,
  }: CommandInput<State, Event, Beside>) =>
    serialise(stream, async (): Promise<CommandResult<State, Beside>> => {
      for (let attempt = 1; ; attempt++) {
        let current = folded.get(stream);
        const remembered = current !== undefined;
        current ??= await read(stream, (events) => fold(aggregate, events));
        // one stream always holds one kind of aggregate, so its cached state is of this type
        const state = current.state as State;
        // without a stream beside, Beside is undefined
        let beside = (await besideState(besideSource)) as Beside;
        let outcome: Outcome<Event>;
        try {
          outcome = { events: await decide(state, beside) };
        } catch (refusal) {
          outcome = { refusal };
        }
        const appendsNothing = 'refusal' in outcome || outcome.events.length === 0;
        // a refusal or a no-op cannot conflict: one made from memory stands only on the log as it is
        if (appendsNothing && remembered && !(await stillCurrent(stream, current))) {
          folded.delete(stream);
          continue;
        }
        // the decisions that go with this one, on their own streams, while this one's revision is held
        let sidePosition: Position | null = null;
        for (const side of sideDecisions?.(state, beside, outcome) ?? []) {
          const made = await side.make((decision) => handle({ ...decision, context }));
          sidePosition = made.position ?? sidePosition;
          if (side.stream === besideSource?.stream) beside = made.state as Beside;
        }
        if ('refusal' in outcome) throw outcome.refusal;
        const { events } = outcome;
        if (events.length === 0) {
          remember(stream, current);
          return { state, position: sidePosition, beside };
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
          return { state: next, position: result.position, beside };
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
    heldState(stream, (events) => fold(aggregate, events));

  return Object.assign(handle, { held });
}
