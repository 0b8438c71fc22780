import type { FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { Aggregate } from '../../domain/shared/aggregate.ts';
import { DomainError, type DomainEvent } from '../../domain/shared/events.ts';
import type { EventStore, Position } from '../../infra/eventstore/port.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { HttpError } from '../../infra/http/errors.ts';
import type { ProjectionProgress } from '../../projections/runtime.ts';
import type { CommandHandler } from '../shared/handle-command.ts';
import { awaitProjections } from '../shared/read-your-writes.ts';

export type ClubDeps = {
  readonly pool: DatabasePool;
  readonly store: EventStore;
  readonly commands: CommandHandler;
  readonly progress: ProjectionProgress;
  readonly cookies: SessionCookies;
  readonly waitMs: number;
  readonly now: () => Date;
};

export type ClubCommandResult<State> = { readonly state: State; readonly appended: boolean };

/**
 * Decides a command on one club stream as the logged-in user, maps a refusal to its HTTP status
 * and waits until the `club` read side has it. A command that appended nothing still waits for
 * the head of the log: the same change made by a racing request may not be readable yet.
 */
export async function runClubCommand<State, Event extends DomainEvent>(
  deps: ClubDeps,
  request: FastifyRequest,
  input: { readonly stream: string; readonly aggregate: Aggregate<State, Event>; readonly decide: (state: State) => Event[] },
  errorStatus: Readonly<Record<string, number>>,
): Promise<ClubCommandResult<State>> {
  let result;
  try {
    result = await deps.commands({ ...input, context: { userId: request.userId, correlationId: request.id } });
  } catch (error) {
    if (error instanceof DomainError) throw new HttpError(errorStatus[error.code] ?? 400, error.code, error.message);
    throw error;
  }
  await awaitClub(deps, result.position ?? (await deps.store.headPosition()));
  return { state: result.state, appended: result.position !== null };
}

/** Until the `club` read side has seen everything up to the head of the log. */
export async function awaitClubHead(deps: ClubDeps): Promise<void> {
  await awaitClub(deps, await deps.store.headPosition());
}

async function awaitClub(deps: ClubDeps, position: Position): Promise<void> {
  await awaitProjections(deps.progress, ['club'], position, deps.waitMs);
}
