import { randomUUID } from 'node:crypto';
import { type Aggregate, fold } from '../../domain/shared/aggregate.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { type EventStore, type NewEvent, type Position, WrongExpectedRevisionError } from '../../infra/eventstore/port.ts';
import { createKeyedMutex } from './keyed-mutex.ts';

export type CommandContext = {
  readonly userId: string | null;
  /** the request id */
  readonly correlationId: string;
};

export type CommandResult<State> = {
  readonly state: State;
  /** where the last new event landed; null when the decision produced none */
  readonly position: Position | null;
};

export type CommandHandler = <State, Event extends DomainEvent>(input: {
  readonly stream: string;
  readonly aggregate: Aggregate<State, Event>;
  readonly decide: (state: State) => Event[];
  readonly context: CommandContext;
}) => Promise<CommandResult<State>>;

const MAX_ATTEMPTS = 20;

/**
 * The write path: load, fold, decide, append with the revision that was read. A conflict means
 * another process wrote first; the command is decided again on the fresh state, a bounded number
 * of times. Only for commands that are safe to re-decide.
 */
export function createCommandHandler(store: EventStore): CommandHandler {
  const serialise = createKeyedMutex();
  return ({ stream, aggregate, decide, context }) =>
    serialise(stream, async () => {
      for (let attempt = 1; ; attempt++) {
        const recorded = await store.readStream(stream);
        const state = fold(aggregate, recorded);
        const events = decide(state);
        if (events.length === 0) return { state, position: null };
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
          },
        }));
        const last = recorded[recorded.length - 1];
        try {
          const result = await store.append(stream, toAppend, last ? last.revision : 'no_stream');
          return { state: events.reduce(aggregate.evolve, state), position: result.position };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        }
      }
    });
}
