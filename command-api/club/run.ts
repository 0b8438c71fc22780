import type { FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { Aggregate } from '../../domain/shared/aggregate.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { awaitDecided, type RunCommandDeps, runCommand } from '../shared/run-command.ts';

export type ClubDeps = RunCommandDeps & {
  readonly pool: DatabasePool;
  readonly cookies: SessionCookies;
  readonly now: () => Date;
};

export type ClubCommandResult<State> = { readonly state: State; readonly appended: boolean };

/** A command on one club stream as the logged-in user; the `club` read side has it on return. */
export async function runClubCommand<State, Event extends DomainEvent>(
  deps: ClubDeps,
  request: FastifyRequest,
  input: { readonly stream: string; readonly aggregate: Aggregate<State, Event>; readonly decide: (state: State) => Event[] },
  errorStatus: Readonly<Record<string, number>>,
): Promise<ClubCommandResult<State>> {
  const { state, appended } = await runCommand(deps, {
    ...input,
    context: { userId: request.userId, correlationId: request.id },
    projections: ['club'],
    errorStatus,
  });
  return { state, appended };
}

/** Until the `club` read side has seen everything up to the head of the log. */
export async function awaitClubHead(deps: ClubDeps): Promise<void> {
  await awaitDecided(deps, ['club'], null);
}
