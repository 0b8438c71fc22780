// One way a service's routes run commands: decide on a stream as the request's user, append, answer
// a domain refusal with the status the service gives its code, and wait until the caller's read
// models have the change. Each service builds its own in ops/services/ (its read models, its
// statuses), and the routes take it as a dependency.
import type { FastifyRequest } from 'fastify';
import type { Aggregate } from '../../domain/shared/aggregate.ts';
import { DomainError, type DomainEvent } from '../../domain/shared/events.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { HttpError } from '../../infra/http/errors.ts';
import type { Core } from './core.ts';
import type { CommandContext, CommandResult, Decision } from './handle-command.ts';
import { awaitProjections } from './read-your-writes.ts';

/** A decision on one stream, as the request's user or as `actingAs`. */
export type StreamCommand<State, Event extends DomainEvent, Beside = undefined> = Decision<State, Event, Beside> & {
  /** the acting user when it is not the request's (an account being created) */
  readonly actingAs?: string;
};

export type RunResult<State, Beside = undefined> = CommandResult<State, Beside> & { readonly appended: boolean };

export type CommandRunner = {
  /** Decides and appends; a refusal is an HttpError (the DomainError its cause). The read side is not waited for. */
  append<State, Event extends DomainEvent, Beside = undefined>(request: FastifyRequest, command: StreamCommand<State, Event, Beside>): Promise<CommandResult<State, Beside>>;
  /** As append, then until the caller's read models have the change (see awaitDecided). */
  run<State, Event extends DomainEvent, Beside = undefined>(request: FastifyRequest, command: StreamCommand<State, Event, Beside>): Promise<RunResult<State, Beside>>;
  /**
   * Until the read models have `position`, or the head of the log when the decision appended nothing
   * (null): the state it was decided on may come from a racing request's append that the read side
   * has not seen yet (the repeats of a get-or-create).
   */
  awaitDecided(position: Position | null): Promise<void>;
  /** A refusal as this service answers it (for a decision tried before anything is appended). */
  refusal(error: unknown): unknown;
  /** A stream's state as this process holds it: for what an answer shows, never for a decision. */
  held<State, Event extends DomainEvent>(stream: string, aggregate: Aggregate<State, Event>): Promise<State>;
};

export type CommandRunnerOptions = {
  /** the read models the caller's next read goes to */
  readonly projections: readonly string[];
  /** how long a route waits for them before it answers 503 */
  readonly waitMs: number;
  /** the HTTP status of each domain error code of the service; an unlisted code is a 400 */
  readonly errorStatus: Readonly<Record<string, number>>;
  /** what the events record of the request beyond its user and id (the gym records the device) */
  readonly device?: (request: FastifyRequest) => string | null;
  /** a refusal that is not answered by its status alone (an erased account's commands are 401) */
  readonly refusal?: (error: DomainError) => Error | null;
};

/** A domain refusal as HTTP: the status the table gives its code (400 if none), the code kept, the error its cause. */
export function refusalToHttp(error: unknown, errorStatus: Readonly<Record<string, number>>): unknown {
  if (!(error instanceof DomainError)) return error;
  return new HttpError(errorStatus[error.code] ?? 400, error.code, error.message, { cause: error });
}

export function createCommandRunner(core: Pick<Core, 'commands' | 'store' | 'reads'>, options: CommandRunnerOptions): CommandRunner {
  const contextOf = (request: FastifyRequest, actingAs: string | undefined): CommandContext => ({
    // a form's writers are anonymous: no session gives the request a user
    userId: actingAs ?? request.userId ?? null,
    correlationId: request.id,
    ...(options.device ? { device: options.device(request) } : {}),
  });
  const refusal = (error: unknown): unknown => (error instanceof DomainError ? options.refusal?.(error) : null) ?? refusalToHttp(error, options.errorStatus);
  const append = async <State, Event extends DomainEvent, Beside = undefined>(request: FastifyRequest, command: StreamCommand<State, Event, Beside>): Promise<CommandResult<State, Beside>> => {
    const { actingAs, ...decision } = command;
    try {
      return await core.commands({ ...decision, context: contextOf(request, actingAs) });
    } catch (error) {
      throw refusal(error);
    }
  };
  // the progress of where the query routes read (a replica's with READ_DATABASE_URL): the caller's next read sees the write
  const awaitDecided = async (position: Position | null): Promise<void> => {
    await awaitProjections(core.reads.progress, options.projections, position ?? (await core.store.headPosition()), options.waitMs);
  };
  return {
    append,
    awaitDecided,
    refusal,
    async run(request, command) {
      const result = await append(request, command);
      await awaitDecided(result.position);
      return { ...result, appended: result.position !== null };
    },
    held: (stream, aggregate) => core.commands.held(stream, aggregate),
  };
}
