import type { DatabasePool } from 'slonik';
import { isGuessablePassword, PASSWORD_FROM_LOGIN } from '../../domain/accounts/credentials.ts';
import type { Accounts } from '../../infra/accounts/accounts.ts';
import type { Sessions } from '../../infra/accounts/sessions.ts';
import { badRequest } from '../../infra/http/errors.ts';

/**
 * Stores a new password and ends every session of the user but `keepToken` (the caller's), in one
 * transaction: no moment exists where the new password is set and a stolen session still works.
 * The body's schema has refused a guessable password already; the login, which the body of a
 * change does not carry, is weighed here.
 */
export async function replacePassword(
  deps: { readonly pool: DatabasePool; readonly accounts: Accounts; readonly sessions: Sessions },
  userId: string,
  newPassword: string,
  keepToken?: string | null,
): Promise<void> {
  const account = await deps.accounts.find(userId);
  if (account && isGuessablePassword(newPassword, account.login)) throw badRequest('body.newPassword', PASSWORD_FROM_LOGIN);
  await deps.pool.transaction(async (tx) => {
    await deps.accounts.setPassword(userId, newPassword, tx);
    await deps.sessions.endAllOf(userId, keepToken ?? undefined, tx);
  });
}
