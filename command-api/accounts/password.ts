import type { DatabasePool } from 'slonik';
import type { Accounts } from '../../infra/accounts/accounts.ts';
import type { Sessions } from '../../infra/accounts/sessions.ts';

/**
 * Stores a new password and ends every session of the user but `keepToken` (the caller's), in one
 * transaction: no moment exists where the new password is set and a stolen session still works.
 */
export async function replacePassword(
  deps: { readonly pool: DatabasePool; readonly accounts: Accounts; readonly sessions: Sessions },
  userId: string,
  newPassword: string,
  keepToken?: string | null,
): Promise<void> {
  await deps.pool.transaction(async (tx) => {
    await deps.accounts.setPassword(userId, newPassword, tx);
    await deps.sessions.endAllOf(userId, keepToken ?? undefined, tx);
  });
}
