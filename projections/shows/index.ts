import { sql, type DatabaseTransactionConnection } from 'slonik';
import { assertNever } from '../../domain/shared/events.ts';
import { parseUserEvent, USER_STREAM_PREFIX } from '../../domain/shows/user.ts';
import type { RecordedEvent } from '../../infra/eventstore/port.ts';
import type { Projection } from '../runtime/projection.ts';
import { createLibraryWriter } from './library/projector.ts';
import { createNotificationLogTable, createNotificationWriter } from './notifications/projector.ts';
import { LIBRARY_STREAM_PREFIX } from '../../domain/shows/library.ts';
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
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'tracked_shows'])} (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      show_id integer NOT NULL,
      tracked_at timestamptz NOT NULL,
      on_watchlist boolean NOT NULL DEFAULT false,
      completed_at timestamptz NULL,
      rating integer NULL,
      notify boolean NOT NULL DEFAULT true,
      latest_watched_episode_id integer NULL,
      UNIQUE (user_id, show_id)
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'tracked_shows'])} (show_id)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'watched_episodes'])} (
      id text NOT NULL,
      user_id text NOT NULL,
      tracked_show_id text NOT NULL,
      show_id integer NOT NULL,
      episode_id integer NOT NULL,
      season integer NOT NULL,
      number integer NULL,
      watched_at timestamptz NOT NULL,
      PRIMARY KEY (tracked_show_id, episode_id)
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'watched_episodes'])} (user_id, watched_at DESC)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'dismissed_suggestions'])} (
      id text NOT NULL,
      user_id text NOT NULL,
      show_id integer NOT NULL,
      dismissed_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, show_id)
    )`);
  await createNotificationLogTable(tx, schema);
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
 * Events apply in log order: a username released by one user and taken by another in the same
 * batch must leave the first row before it enters the second (the column is UNIQUE). Runs of
 * tracked shows and watched episodes, the bulk of the log, are written as one statement each.
 */
async function apply(tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[]): Promise<void> {
  const library = createLibraryWriter(tx, schema);
  const notifications = createNotificationWriter(tx, schema);
  for (const recorded of events) {
    if (recorded.stream.startsWith(USER_STREAM_PREFIX)) {
      await library.flush();
      await applyUserEvent(tx, schema, recorded);
    } else if (recorded.stream.startsWith(LIBRARY_STREAM_PREFIX)) {
      await library.add(recorded);
    } else {
      notifications.add(recorded);
    }
  }
  await library.flush();
  await notifications.flush();
  await recordUserStreams(tx, schema, SHOWS_STREAM_PREFIX, events);
}

const SHOWS_STREAM_PREFIX = 'shows.';

/** The shows context's read tables, all in schema `shows`. */
export const showsProjection: Projection = {
  name: 'shows',
  streams: [SHOWS_STREAM_PREFIX],
  // 3: rating a completed show again keeps its first completion date; show-uncompleted
  version: 3,
  migrate,
  apply,
};
