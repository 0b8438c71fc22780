import type { DatabasePool } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import { comparePositions, START } from '../../infra/eventstore/port.ts';
import { type Checkpoint, toCheckpoint } from './checkpoints.ts';
import { failureRow, type StoppedOn, toStop } from './failures.ts';

/** Each projection's checkpoint and, when its projector is stopped on an event, that event. */
export type ProjectionState = {
  readonly name: string;
  readonly checkpoint: Checkpoint | null;
  readonly stopped: StoppedOn | null;
};

const stateRow = failureRow.partial().extend({
  name: z.string(),
  version: z.number().nullable(),
  commit_position: z.bigint().nullable(),
  prepare_position: z.bigint().nullable(),
  checkpoint_moved_after_failure: z.boolean().nullable(),
});

/** Every projection's row, as any process sees it: one small query. */
export async function readProjectionStates(pool: DatabasePool): Promise<ProjectionState[]> {
  const rows = await pool.any(sql.type(stateRow)`
    SELECT coalesce(c.name, f.name) AS name, c.version, c.commit_position, c.prepare_position,
      f.event_id, f.event_stream, f.event_revision, f.event_commit, f.event_prepare, f.event_type, f.error, f.failed_at,
      c.updated_at > f.failed_at AS checkpoint_moved_after_failure
    FROM projection_state.checkpoints c FULL JOIN projection_state.failures f ON f.name = c.name`);
  return rows.map((row) => {
    const checkpoint =
      row.version !== null && row.commit_position !== null && row.prepare_position !== null
        ? toCheckpoint({ version: row.version, commit_position: row.commit_position, prepare_position: row.prepare_position })
        : null;
    const parsedStop = failureRow.safeParse(row);
    const stop = parsedStop.success ? toStop(parsedStop.data) : null;
    // a failure the checkpoint has since moved past is history (a fixed or parked event); a
    // checkpoint that was already past it is an old version's, kept while a rebuild fails on it
    const passed = checkpoint && comparePositions(checkpoint.position, stop?.event.position ?? START) >= 0 && row.checkpoint_moved_after_failure;
    const stopped = stop && !passed ? stop : null;
    return { name: row.name, checkpoint, stopped };
  });
}
