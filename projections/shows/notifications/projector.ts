import { sql, type DatabaseTransactionConnection } from 'slonik';
import { NOTIFICATION_STREAM_PREFIX, parseNotificationEvent } from '../../../domain/shows/notification.ts';
import type { RecordedEvent } from '../../../infra/eventstore/port.ts';

export async function createNotificationLogTable(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'notification_log'])} (
      stream text PRIMARY KEY,
      id text NOT NULL,
      user_id text NOT NULL,
      episode_id integer NOT NULL,
      show_id integer NOT NULL,
      kind text NOT NULL,
      channel text NOT NULL,
      status text NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'notification_log'])} (episode_id)`);
}

type Claim = { id: string; userId: string; episodeId: number; showId: number; kind: string; channel: string };

/**
 * NotificationLog, one row per (user, episode, kind, channel). Only each stream's last state in a
 * batch is written, in two multi-row statements: the job sends tens of thousands at a time.
 */
export function createNotificationWriter(tx: DatabaseTransactionConnection, schema: string) {
  const table = sql.identifier([schema, 'notification_log']);
  const latest = new Map<string, { claim: Claim | null; status: string; at: string }>();

  return {
    add(recorded: RecordedEvent): void {
      if (!recorded.stream.startsWith(NOTIFICATION_STREAM_PREFIX)) return;
      const event = parseNotificationEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion);
      const before = latest.get(recorded.stream);
      if (event.type === 'notification-claimed') {
        const { notificationId, userId, episodeId, showId, kind, channel, at } = event.data;
        latest.set(recorded.stream, { claim: { id: notificationId, userId, episodeId, showId, kind, channel }, status: 'claimed', at });
      } else {
        latest.set(recorded.stream, { claim: before?.claim ?? null, status: event.type === 'notification-sent' ? 'sent' : 'failed', at: event.data.at });
      }
    },
    async flush(): Promise<void> {
      const claimed = [...latest].filter(([, row]) => row.claim !== null);
      const updated = [...latest].filter(([, row]) => row.claim === null);
      latest.clear();
      if (claimed.length > 0) {
        await tx.query(sql.unsafe`
          INSERT INTO ${table} (stream, id, user_id, episode_id, show_id, kind, channel, status, updated_at)
          SELECT * FROM ${sql.unnest(
            claimed.map(([stream, row]) => [stream, row.claim!.id, row.claim!.userId, row.claim!.episodeId, row.claim!.showId, row.claim!.kind, row.claim!.channel, row.status, row.at]),
            ['text', 'text', 'text', 'int4', 'int4', 'text', 'text', 'text', 'timestamptz'],
          )}
          ON CONFLICT (stream) DO UPDATE SET id = EXCLUDED.id, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`);
      }
      if (updated.length > 0) {
        await tx.query(sql.unsafe`
          UPDATE ${table} AS log SET status = changed.status, updated_at = changed.at
          FROM ${sql.unnest(updated.map(([stream, row]) => [stream, row.status, row.at]), ['text', 'text', 'timestamptz'])} AS changed (stream, status, at)
          WHERE log.stream = changed.stream`);
      }
    },
  };
}
