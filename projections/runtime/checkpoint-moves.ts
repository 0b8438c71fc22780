import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { Position } from '../../infra/eventstore/port.ts';
import { SKIP_COMMIT_FLUSH } from './checkpoints.ts';

/**
 * Moves the checkpoints of batches with nothing to apply. A transaction of one context wakes every
 * projector of the process at once, and the others' only write is their checkpoint: the moves
 * asked in one turn of the event loop go to PostgreSQL as one statement.
 */
export type CheckpointMoves = {
  /** false when the checkpoint is no longer at `from`: a rebuild swapped its tables in */
  move(name: string, from: Position, to: Position): Promise<boolean>;
};

type Move = {
  readonly name: string;
  readonly from: Position;
  readonly to: Position;
  readonly settle: (moved: boolean) => void;
  readonly fail: (error: unknown) => void;
};

const movedRow = z.object({ name: z.string(), sync: z.string() });

export function createCheckpointMoves(pool: DatabasePool): CheckpointMoves {
  let waiting: Move[] = [];

  async function flush(moves: readonly Move[]): Promise<void> {
    try {
      const rows = moves.map((move) => [move.name, move.from.commit.toString(), move.from.prepare.toString(), move.to.commit.toString(), move.to.prepare.toString()]);
      // the commit needs no WAL flush: a lost move only reads a few of other contexts' events again
      const moved = await pool.any(sql.type(movedRow)`
        UPDATE projection_state.checkpoints c
        SET commit_position = v.to_commit, prepare_position = v.to_prepare, updated_at = now()
        FROM ${sql.unnest(rows, ['text', 'int8', 'int8', 'int8', 'int8'])} AS v(name, from_commit, from_prepare, to_commit, to_prepare)
        WHERE c.name = v.name AND c.commit_position = v.from_commit AND c.prepare_position = v.from_prepare
        RETURNING c.name, ${SKIP_COMMIT_FLUSH} AS sync`);
      const names = new Set(moved.map((row) => row.name));
      for (const move of moves) move.settle(names.has(move.name));
    } catch (error) {
      for (const move of moves) move.fail(error);
    }
  }

  return {
    move(name, from, to) {
      return new Promise<boolean>((settle, fail) => {
        // a name already waiting (two projectors of one name cannot both run) would match one row twice
        if (waiting.some((move) => move.name === name)) {
          void flush([{ name, from, to, settle, fail }]);
          return;
        }
        if (waiting.length === 0) {
          setImmediate(() => {
            const moves = waiting;
            waiting = [];
            void flush(moves);
          });
        }
        waiting.push({ name, from, to, settle, fail });
      });
    },
  };
}
