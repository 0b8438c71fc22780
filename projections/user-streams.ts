import { sql, type DatabaseTransactionConnection } from 'slonik';
import type { RecordedEvent } from '../infra/eventstore/port.ts';

/**
 * Which streams hold a user's data, from the acting user of every event of a context: erasing the
 * user deletes exactly those. Each context keeps its own table in its own schema.
 */
export async function createUserStreamsTable(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'user_streams'])} (
      user_id text NOT NULL,
      stream text NOT NULL,
      PRIMARY KEY (user_id, stream)
    )`);
}

export async function recordUserStreams(
  tx: DatabaseTransactionConnection,
  schema: string,
  streamPrefix: string,
  events: readonly RecordedEvent[],
): Promise<void> {
  const owned = new Map<string, [string, string]>();
  for (const event of events) {
    const userId = event.metadata.userId;
    if (userId && event.stream.startsWith(streamPrefix)) owned.set(`${userId}\u0000${event.stream}`, [userId, event.stream]);
  }
  if (owned.size === 0) return;
  await tx.query(sql.unsafe`
    INSERT INTO ${sql.identifier([schema, 'user_streams'])} (user_id, stream)
    SELECT * FROM ${sql.unnest([...owned.values()], ['text', 'text'])} ON CONFLICT DO NOTHING`);
}
