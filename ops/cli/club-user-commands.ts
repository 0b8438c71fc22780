// `club:user …`: the club's accounts, which have no sign-up; an operator makes and removes them.
import { randomUUID } from 'node:crypto';
import { replacePassword } from '../../command-api/accounts/password.ts';
import { recordAccountCreated, recordPasswordChanged, removeClubUser } from '../../command-api/club/user.ts';
import { passwordOf, usernameSchema } from '../../domain/accounts/credentials.ts';
import { type Account, LoginTakenError } from '../../infra/accounts/accounts.ts';
import type { Core } from '../system.ts';
import { type Command, type OptionValues, UsageError } from './command.ts';
import type { CliIo } from './io.ts';

/** The new password: the first line of stdin with --password-stdin, else asked twice on the terminal. */
async function readNewPassword(io: CliIo, values: OptionValues, username: string): Promise<string> {
  let password: string;
  if (values['password-stdin']) {
    password = await io.firstLine();
  } else {
    const ask = io.askHidden;
    if (!ask) throw new UsageError('no terminal to ask for the password; pipe it in with --password-stdin');
    password = await ask('New password: ');
    if ((await ask('Repeat the password: ')) !== password) throw new UsageError('the two passwords differ');
  }
  const parsed = passwordOf(username).safeParse(password);
  if (!parsed.success) throw new UsageError(`password: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

function usernameArgument(command: string, positionals: string[]): string {
  const [name, extra] = positionals;
  if (name === undefined) throw new UsageError(`${command} needs a username`);
  if (extra !== undefined) throw new UsageError(`${command}: unexpected argument ${extra}`);
  const parsed = usernameSchema.safeParse(name);
  if (!parsed.success) throw new UsageError(`username: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

async function existingClubUser(core: Core, username: string): Promise<Account> {
  const account = await core.accounts.findByLogin('club', username);
  if (!account) throw new Error(`no club user ${username}`);
  return account;
}

export const clubUserCommands: Record<string, Command> = {
  'club:user add': {
    summary: 'create a club account (it may not change its own password until allowed)',
    usage: 'club:user add <username> [--password-stdin]    the password is asked twice, or read from the first line of stdin',
    options: { 'password-stdin': { type: 'boolean' } },
    async run(core, positionals, values, io) {
      const username = usernameArgument('club:user add', positionals);
      // before asking for a password that could not be used
      if (await core.accounts.findByLogin('club', username)) throw new Error(`club user ${username} already exists`);
      const password = await readNewPassword(io, values, username);
      let account: Account;
      try {
        account = await core.accounts.create('club', username, password, { canChangePassword: false });
      } catch (error) {
        if (error instanceof LoginTakenError) throw new Error(`club user ${username} already exists`);
        throw error;
      }
      await recordAccountCreated(core.commands, account, randomUUID());
      io.out(`created club user ${account.login} (id ${account.id})`);
    },
  },
  'club:user passwd': {
    summary: "set a club account's password and end all its sessions",
    usage: 'club:user passwd <username> [--password-stdin]    the password is asked twice, or read from the first line of stdin',
    options: { 'password-stdin': { type: 'boolean' } },
    async run(core, positionals, values, io) {
      const account = await existingClubUser(core, usernameArgument('club:user passwd', positionals));
      const password = await readNewPassword(io, values, account.login);
      // an operator sets a password when the old one is lost or leaked: no device keeps using it
      await replacePassword({ pool: core.db.slonik, accounts: core.accounts, sessions: core.sessions.club }, account.id, password);
      await recordPasswordChanged(core.commands, account.id, core.now(), { userId: null, correlationId: randomUUID() });
      io.out(`password of club user ${account.login} changed; its sessions ended`);
    },
  },
  'club:user allow-password-change': {
    summary: 'let a club account change its own password (--off takes the permission away)',
    usage: 'club:user allow-password-change <username> [--off]',
    options: { off: { type: 'boolean' } },
    async run(core, positionals, values, io) {
      const account = await existingClubUser(core, usernameArgument('club:user allow-password-change', positionals));
      const allowed = !values.off;
      await core.accounts.setCanChangePassword(account.id, allowed);
      io.out(`club user ${account.login} ${allowed ? 'may now' : 'may no longer'} change its own password`);
    },
  },
  'club:user remove': {
    summary: "remove a club account: its password, sessions and account history; the people and nights it edited stay with the club",
    usage:
      'club:user remove <username>    the people, nights and settings it edited stay; their history keeps its id only as an opaque actor id',
    async run(core, positionals, _values, io) {
      const account = await existingClubUser(core, usernameArgument('club:user remove', positionals));
      await removeClubUser({ ...core, sessions: core.sessions.club }, account.id);
      io.out(`removed club user ${account.login}; its sessions ended; the people and nights it edited stay`);
    },
  },
};
