import type { Aggregate } from '../../domain/shared/aggregate.ts';
import { DomainError, type DomainEvent } from '../../domain/shared/events.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { HttpError } from '../../infra/http/errors.ts';
import type { CommandContext } from './handle-command.ts';
import type { Core } from './core.ts';
import { awaitProjections } from './read-your-writes.ts';

export type RunCommandDeps = Pick<Core, 'commands' | 'store' | 'progress'> & { readonly waitMs: number };

export type RunCommandInput<State, Event extends DomainEvent> = {
  readonly stream: string;
  readonly aggregate: Aggregate<State, Event>;
  readonly decide: (state: State) => Event[] | Promise<Event[]>;
  readonly context: CommandContext;
  /** the read models the caller's next read goes to */
  readonly projections: readonly string[];
  /** the HTTP status of each domain error code; an unlisted code is a 400 */
  readonly errorStatus: Readonly<Record<string, number>>;
};

/** A domain refusal as the command API answers it: the status its context gives the code, the code kept. */
export function domainErrorToHttp(error: unknown, errorStatus: Readonly<Record<string, number>>): unknown {
  if (!(error instanceof DomainError)) return error;
  return new HttpError(errorStatus[error.code] ?? 400, error.code, error.message);
}

/**
 * Read-your-writes after a decision: until the read models have `position`, or the head of the log
 * when the decision appended nothing (null), since the state it was decided on may come from a racing
 * request's append that the read side has not seen yet (the repeats of a get-or-create).
 */
export async function awaitDecided(deps: RunCommandDeps, projections: readonly string[], position: Position | null): Promise<void> {
  await awaitProjections(deps.progress, projections, position ?? (await deps.store.headPosition()), deps.waitMs);
}

/**
 * The write path of a route: decide and append, answer a refusal with its status, then wait until
 * the caller's read models have the change (see awaitDecided).
 */
export async function runCommand<State, Event extends DomainEvent>(
  deps: RunCommandDeps,
  input: RunCommandInput<State, Event>,
): Promise<{ readonly state: State; readonly position: Position | null; readonly appended: boolean }> {
  const { projections, errorStatus, ...command } = input;
  let result;
  try {
    result = await deps.commands(command);
  } catch (error) {
    throw domainErrorToHttp(error, errorStatus);
  }
  await awaitDecided(deps, projections, result.position);
  return { state: result.state, position: result.position, appended: result.position !== null };
}
