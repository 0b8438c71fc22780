import type { Accounts } from '../../infra/accounts/accounts.ts';
import type { Sessions } from '../../infra/accounts/sessions.ts';
import type { EventStore } from '../../infra/eventstore/port.ts';
import { accountCreated, clubUserAggregate, clubUserStream, passwordChanged } from '../../domain/club/user.ts';
import type { CommandContext, CommandHandler } from '../shared/handle-command.ts';

export async function recordAccountCreated(
  commands: CommandHandler,
  account: { readonly id: string; readonly login: string; readonly createdAt: string },
  correlationId: string,
): Promise<void> {
  await commands({
    stream: clubUserStream(account.id),
    aggregate: clubUserAggregate,
    decide: () => accountCreated(account.login, account.createdAt),
    context: { userId: account.id, correlationId },
  });
}

export async function recordPasswordChanged(commands: CommandHandler, userId: string, at: Date, context: CommandContext): Promise<void> {
  await commands({
    stream: clubUserStream(userId),
    aggregate: clubUserAggregate,
    decide: () => passwordChanged(at.toISOString()),
    context,
  });
}

/**
 * Removes a club login: what is the login's own (spec 002 A's User: its name, password hash and
 * permission; its sessions; its account history stream, which names it) goes. The people, nights and
 * settings it edited are the club's and stay; their events keep its id as the acting user, an
 * opaque id that nothing links to a name once the credentials are gone. The login is fenced out of
 * the log first, so from then on nothing is written as it, from any process: a change in flight that
 * passed its session check before is refused (401), or has committed before the fence (and stays
 * the club's, or is the history deleted next). Credentials last: a removal cut short can be run again.
 */
export async function removeClubUser(
  deps: { readonly accounts: Accounts; readonly sessions: Sessions; readonly store: EventStore },
  userId: string,
): Promise<void> {
  await deps.store.fenceOut(userId);
  await deps.sessions.endAllOf(userId);
  await deps.store.deleteStream(clubUserStream(userId));
  await deps.accounts.remove(userId);
}
