import type { FastifyRequest } from 'fastify';
import { awaitProjections } from '../shared/read-your-writes.ts';
import { decideUser, type UserCommand } from '../../domain/gym/decide.ts';
import { userAggregate, userStream, type UserState } from '../../domain/gym/user.ts';
import { DomainError } from '../../domain/shared/events.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { unauthenticated } from '../../infra/http/auth.ts';
import type { Core } from '../shared/core.ts';

/** Decides a command on a user's stream, acting as that user. */
export async function appendUserCommand(
  core: Core,
  request: FastifyRequest,
  userId: string,
  command: UserCommand,
): Promise<{ state: UserState; position: Position | null }> {
  try {
    return await core.commands({
      stream: userStream(userId),
      aggregate: userAggregate,
      decide: (state) => decideUser(command, state),
      context: { userId, correlationId: request.id },
    });
  } catch (error) {
    // the account was erased meanwhile; its sessions are gone with it
    if (error instanceof DomainError && error.code === 'ACCOUNT_NOT_FOUND') throw unauthenticated();
    throw error;
  }
}

/** So the caller's next read sees its own write. */
export async function awaitGymProjection(core: Core, position: Position | null): Promise<void> {
  await awaitProjections(core.progress, ['gym'], position, core.config.PROJECTION_WAIT_MS);
}

export async function runUserCommand(core: Core, request: FastifyRequest, userId: string, command: UserCommand): Promise<UserState> {
  const result = await appendUserCommand(core, request, userId, command);
  await awaitGymProjection(core, result.position);
  return result.state;
}
