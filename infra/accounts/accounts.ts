import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import type { SecretHashing } from './passwords.ts';
import { cuid } from '../ids.ts';
import { accountKey } from './sign-in-throttle.ts';

export type ServiceName = 'gym' | 'shows' | 'club';

export type Account = {
  readonly id: string;
  readonly service: ServiceName;
  readonly login: string;
  readonly canChangePassword: boolean;
  readonly createdAt: string;
};

export class LoginTakenError extends Error {
  constructor() {
    super('that login is taken');
    this.name = 'LoginTakenError';
  }
}

const accountRow = z.object({
  id: z.string(),
  service: z.enum(['gym', 'shows', 'club']),
  login: z.string(),
  password_hash: z.string(),
  can_change_password: z.boolean(),
  created_at: z.string(),
});

function toAccount(row: z.infer<typeof accountRow>): Account {
  return { id: row.id, service: row.service, login: row.login, canChangePassword: row.can_change_password, createdAt: row.created_at };
}

export type Accounts = {
  /** creates the credentials; LoginTakenError when the service already has that login */
  create(service: ServiceName, login: string, password: string, options: { canChangePassword: boolean }): Promise<Account>;
  /** the account when the password matches; unknown logins cost the same hash check */
  verify(service: ServiceName, login: string, password: string): Promise<Account | null>;
  find(id: string): Promise<Account | null>;
  findByLogin(service: ServiceName, login: string): Promise<Account | null>;
  checkPassword(id: string, password: string): Promise<boolean>;
  /** replaces the hash; inside `tx` when given, so callers can end sessions in the same transaction */
  setPassword(id: string, password: string, tx?: DatabaseTransactionConnection): Promise<void>;
  setCanChangePassword(id: string, allowed: boolean): Promise<void>;
  /** credentials, sessions and recovery codes of the account (they cascade), and its count of failed sign-ins */
  remove(id: string, tx?: DatabaseTransactionConnection): Promise<void>;
};

export function createAccounts(deps: { readonly pool: DatabasePool; readonly now: () => Date; readonly hashing: SecretHashing }): Accounts {
  const { pool, hashing } = deps;
  const byLogin = (service: ServiceName, login: string) =>
    pool.maybeOne(sql.type(accountRow)`
      SELECT id, service, login, password_hash, can_change_password, created_at FROM auth.users
      WHERE service = ${service} AND login = ${login}`);
  const byId = (id: string) =>
    pool.maybeOne(sql.type(accountRow)`
      SELECT id, service, login, password_hash, can_change_password, created_at FROM auth.users WHERE id = ${id}`);
  return {
    async create(service, login, password, options) {
      const hash = await hashing.hash(password);
      const id = cuid();
      const row = await pool.maybeOne(sql.type(accountRow)`
        INSERT INTO auth.users (id, service, login, password_hash, can_change_password, created_at)
        VALUES (${id}, ${service}, ${login}, ${hash}, ${options.canChangePassword}, ${deps.now().toISOString()})
        ON CONFLICT (service, login) DO NOTHING
        RETURNING id, service, login, password_hash, can_change_password, created_at`);
      if (!row) throw new LoginTakenError();
      return toAccount(row);
    },
    async verify(service, login, password) {
      const row = await byLogin(service, login);
      if (!row) {
        await hashing.verify(await hashing.dummy(), password);
        return null;
      }
      return (await hashing.verify(row.password_hash, password)) ? toAccount(row) : null;
    },
    async find(id) {
      const row = await byId(id);
      return row ? toAccount(row) : null;
    },
    async findByLogin(service, login) {
      const row = await byLogin(service, login);
      return row ? toAccount(row) : null;
    },
    async checkPassword(id, password) {
      const row = await byId(id);
      if (!row) {
        await hashing.verify(await hashing.dummy(), password);
        return false;
      }
      return hashing.verify(row.password_hash, password);
    },
    async setPassword(id, password, tx) {
      const hash = await hashing.hash(password);
      await (tx ?? pool).query(sql.unsafe`UPDATE auth.users SET password_hash = ${hash} WHERE id = ${id}`);
    },
    async setCanChangePassword(id, allowed) {
      await pool.query(sql.unsafe`UPDATE auth.users SET can_change_password = ${allowed} WHERE id = ${id}`);
    },
    async remove(id, tx) {
      const connection = tx ?? pool;
      const removed = await connection.maybeOne(sql.type(z.object({ service: z.string(), login: z.string() }))`
        DELETE FROM auth.users WHERE id = ${id} RETURNING service, login`);
      // the count is keyed by the login (an email): it must not outlive the account
      if (removed) await connection.query(sql.unsafe`DELETE FROM auth.sign_in_failures WHERE key = ${accountKey(removed.service, removed.login)}`);
    },
  };
}
