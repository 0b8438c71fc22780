import type { DatabasePool, DatabaseTransactionConnection } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Position } from '../../infra/eventstore/port.ts';

const checkpointRow = z.object({
  version: z.number(),
  commit_position: z.bigint(),
  prepare_position: z.bigint(),
});

export type Checkpoint = { readonly version: number; readonly position: Position };

export async function readCheckpoint(pool: DatabasePool | DatabaseTransactionConnection, name: string): Promise<Checkpoint | null> {
  const row = await pool.maybeOne(sql.type(checkpointRow)`
    SELECT version, commit_position, prepare_position FROM projection_state.checkpoints WHERE name = ${name}`);
  return row ? toCheckpoint(row) : null;
}

export function toCheckpoint(row: z.infer<typeof checkpointRow>): Checkpoint {
  return { version: row.version, position: { commit: row.commit_position, prepare: row.prepare_position } };
}

/** Only for writes a crash may lose: the durable log gives them again. */
export const SKIP_COMMIT_FLUSH = sql.fragment`set_config('synchronous_commit', 'off', true)`;

/**
 * Opens a batch: moves the checkpoint from where this projector left it, which also locks the row
 * (a rebuild's swap takes the same lock); false when the checkpoint is no longer where it was. In
 * the same round trip the commit stops waiting for the WAL flush: safe, because the read rows and
 * their checkpoint commit together, so a crash only loses a suffix of batches, applied again from
 * the durable log. A batch with nothing to apply moves it with CheckpointMoves instead.
 */
export async function advanceCheckpoint(tx: DatabaseTransactionConnection, name: string, from: Position, to: Position): Promise<boolean> {
  const moved = await tx.maybeOne(sql.type(z.object({ sync: z.string() }))`
    UPDATE projection_state.checkpoints
    SET commit_position = ${to.commit.toString()}, prepare_position = ${to.prepare.toString()}, updated_at = now()
    WHERE name = ${name} AND commit_position = ${from.commit.toString()} AND prepare_position = ${from.prepare.toString()}
    RETURNING ${SKIP_COMMIT_FLUSH} AS sync`);
  return moved !== null;
}

/** Locks the checkpoint row for a rebuild's swap, so the live projector pauses meanwhile. */
export async function lockCheckpoint(tx: DatabaseTransactionConnection, name: string): Promise<void> {
  await tx.query(sql.unsafe`SELECT 1 FROM projection_state.checkpoints WHERE name = ${name} FOR UPDATE`);
}

export async function writeCheckpoint(tx: DatabaseTransactionConnection, name: string, checkpoint: Checkpoint): Promise<void> {
  await tx.query(sql.unsafe`
    INSERT INTO projection_state.checkpoints (name, version, commit_position, prepare_position)
    VALUES (${name}, ${checkpoint.version}, ${checkpoint.position.commit.toString()}, ${checkpoint.position.prepare.toString()})
    ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, commit_position = EXCLUDED.commit_position,
      prepare_position = EXCLUDED.prepare_position, updated_at = now()`);
}
