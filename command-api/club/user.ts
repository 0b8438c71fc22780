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
