import { sql, type DatabaseTransactionConnection } from 'slonik';
import { assertNever } from '../../domain/shared/events.ts';
import { parseUserEvent, USER_STREAM_PREFIX } from '../../domain/shows/user.ts';
import type { RecordedEvent } from '../../infra/eventstore/port.ts';
import type { Projection } from '../runtime.ts';

async function migrate(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'users'])} (
      id text PRIMARY KEY,
      email text NOT NULL,
      username text NULL UNIQUE,
      public_profile boolean NOT NULL DEFAULT false,
      email_notifications boolean NOT NULL DEFAULT true,
      push_notifications boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    )`);
  // which streams hold a user's events, so that erasing the user can delete them all
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'user_streams'])} (
      user_id text NOT NULL,
      stream text NOT NULL,
      PRIMARY KEY (user_id, stream)
    )`);
}

async function applyUserEvent(tx: DatabaseTransactionConnection, schema: string, recorded: RecordedEvent): Promise<void> {
  const users = sql.identifier([schema, 'users']);
  const id = recorded.stream.slice(USER_STREAM_PREFIX.length);
  const event = parseUserEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion);
  switch (event.type) {
    case 'account-created':
      await tx.query(sql.unsafe`
        INSERT INTO ${users} (id, email, created_at) VALUES (${id}, ${event.data.email}, ${event.data.createdAt})
        ON CONFLICT (id) DO NOTHING`);
      return;
    case 'preferences-changed': {
      const { username, publicProfile, emailNotifications, pushNotifications } = event.data;
      const sets = [
        ...(username !== undefined ? [sql.fragment`username = ${username}`] : []),
        ...(publicProfile !== undefined ? [sql.fragment`public_profile = ${publicProfile}`] : []),
        ...(emailNotifications !== undefined ? [sql.fragment`email_notifications = ${emailNotifications}`] : []),
        ...(pushNotifications !== undefined ? [sql.fragment`push_notifications = ${pushNotifications}`] : []),
      ];
      if (sets.length === 0) return;
      await tx.query(sql.unsafe`UPDATE ${users} SET ${sql.join(sets, sql.fragment`, `)} WHERE id = ${id}`);
      return;
    }
    case 'password-changed':
      return;
    default:
      assertNever(event);
  }
}

/**
 * Events apply one by one in log order: a username released by one user and taken by another in
 * the same batch must leave the first row before it enters the second (the column is UNIQUE).
 */
async function apply(tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[]): Promise<void> {
  const owned = new Map<string, [string, string]>();
  for (const recorded of events) {
    if (!recorded.stream.startsWith('shows.')) continue;
    const userId = recorded.metadata.userId;
    if (userId) owned.set(`${userId}\u0000${recorded.stream}`, [userId, recorded.stream]);
    if (recorded.stream.startsWith(USER_STREAM_PREFIX)) await applyUserEvent(tx, schema, recorded);
  }
  if (owned.size === 0) return;
  const rows = [...owned.values()];
  await tx.query(sql.unsafe`
    INSERT INTO ${sql.identifier([schema, 'user_streams'])} (user_id, stream)
    SELECT * FROM ${sql.unnest(rows, ['text', 'text'])}
    ON CONFLICT DO NOTHING`);
}

/** The shows context's read tables, all in schema `shows`. */
export const showsProjection: Projection = {
  name: 'shows',
  version: 1,
  migrate,
  apply,
};
