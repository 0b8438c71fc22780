import { sql, type DatabaseTransactionConnection } from 'slonik';
import { assertNever } from '../../domain/shared/events.ts';
import { parseUserEvent, USER_STREAM_PREFIX } from '../../domain/shows/user.ts';
import type { RecordedEvent } from '../../infra/eventstore/port.ts';
import type { Projection } from '../runtime.ts';
import { createUserStreamsTable, recordUserStreams } from '../user-streams.ts';

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
  await createUserStreamsTable(tx, schema);
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
  for (const recorded of events) {
    if (recorded.stream.startsWith(USER_STREAM_PREFIX)) await applyUserEvent(tx, schema, recorded);
  }
  await recordUserStreams(tx, schema, 'shows.', events);
}

/** The shows context's read tables, all in schema `shows`. */
export const showsProjection: Projection = {
  name: 'shows',
  version: 1,
  migrate,
  apply,
};
