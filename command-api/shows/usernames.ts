import { decideUsername } from '../../domain/shows/decide.ts';
import { usernameAggregate, usernameStream } from '../../domain/shows/user.ts';
import { DomainError } from '../../domain/shared/events.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { conflict } from '../../infra/http/errors.ts';
import type { CommandContext, CommandHandler } from '../shared/handle-command.ts';

/**
 * Takes `name` for `userId` on the name's own stream: the append expects the revision that was read
 * (`no_stream` for a name never used), so of two claimants anywhere only one appends; the other is
 * decided again on the fresh stream and refused. Null when the name was already the user's.
 */
export async function claimUsername(
  commands: CommandHandler,
  input: { readonly name: string; readonly userId: string; readonly now: string; readonly context: CommandContext },
): Promise<Position | null> {
  try {
    const result = await commands({
      stream: usernameStream(input.name),
      aggregate: usernameAggregate,
      decide: (state) => decideUsername({ type: 'claim-username', userId: input.userId, now: input.now }, state),
      context: input.context,
    });
    return result.position;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'USERNAME_TAKEN') throw conflict('USERNAME_TAKEN', 'That username is taken');
    throw error;
  }
}

/** Lets `name` go if `userId` holds it, so that a later claim can take it. */
export async function releaseUsername(
  commands: CommandHandler,
  input: { readonly name: string; readonly userId: string; readonly now: string; readonly context: CommandContext },
): Promise<Position | null> {
  const result = await commands({
    stream: usernameStream(input.name),
    aggregate: usernameAggregate,
    decide: (state) => decideUsername({ type: 'release-username', userId: input.userId, now: input.now }, state),
    context: input.context,
  });
  return result.position;
}
