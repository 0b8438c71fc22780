// Test support: a projection's live read tables beside a replay of the whole log into a scratch schema.
import { randomBytes } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { type EventStore, START } from '../infra/eventstore/port.ts';
import type { Projection } from '../projections/runtime/projection.ts';

/** every row of every table of `schema`, as sorted JSON lines per table */
async function dump(pool: DatabasePool, schema: string): Promise<Record<string, string[]>> {
  const tables = await pool.anyFirst(
    sql.type(z.object({ table_name: z.string() }))`
      SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema} ORDER BY table_name`,
  );
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await pool.anyFirst(
      sql.type(z.object({ row: z.string() }))`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier([schema, table])} t`,
    );
    out[table] = [...rows].sort();
  }
  return out;
}

/**
 * The live tables of `projection` and the same tables replayed from the log in one pass, for a
 * test to compare: a projector that lost or applied an event twice differs from the replay.
 */
export async function liveAndReplayed(
  pool: DatabasePool,
  store: EventStore,
  projection: Projection,
): Promise<{ live: Record<string, string[]>; replayed: Record<string, string[]> }> {
  const scratch = `check_${randomBytes(4).toString('hex')}`;
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`CREATE SCHEMA ${sql.identifier([scratch])}`);
    await projection.migrate(tx, scratch);
    for (let position = START; ; ) {
      const batch = await store.readAll({ after: position, limit: 1000 });
      if (batch.length === 0) break;
      await projection.apply(tx, scratch, batch);
      position = batch[batch.length - 1]!.position;
    }
  });
  try {
    return { live: await dump(pool, projection.name), replayed: await dump(pool, scratch) };
  } finally {
    await pool.query(sql.unsafe`DROP SCHEMA ${sql.identifier([scratch])} CASCADE`);
  }
}
