import type { DatabasePool, DatabaseTransactionConnection } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import { type EventStore, type Position, type RecordedEvent, START } from '../../infra/eventstore/port.ts';
import { logBatchesAhead } from '../../infra/eventstore/log-batches.ts';
import { type Checkpoint, lockCheckpoint, readCheckpoint, SKIP_COMMIT_FLUSH, writeCheckpoint } from './checkpoints.ts';
import { ApplyError, applyMarked, blame, isDatabaseUnavailable } from './failures.ts';
import { splitIntoLanes } from './lanes.ts';
import { readParked, withoutParked } from './parked.ts';
import type { Logger, Projection } from './projection.ts';

/**
 * A build as it goes: started, the events read so far (of the projection's streams, the only ones
 * a rebuild reads), then finished (completed false: it failed, to be retried).
 */
export type RebuildObserver = {
  started(): void;
  progress(read: number): void;
  finished(completed: boolean): void;
};

/** Creates the projection's schema on first start, or rebuilds it when its code version changed. */
export async function ensureProjection(pool: DatabasePool, store: EventStore, projection: Projection, log: Logger, observer?: RebuildObserver): Promise<Checkpoint> {
  const existing = await readCheckpoint(pool, projection.name);
  if (existing && existing.version === projection.version) return existing;
  if (existing) log.info({ projection: projection.name, from: existing.version, to: projection.version }, 'projection version changed: rebuilding');
  observer?.started();
  let completed = false;
  try {
    await rebuildProjection({ pool, store, projection, log, onProgress: observer ? (read) => observer.progress(read) : undefined });
    completed = true;
  } finally {
    observer?.finished(completed);
  }
  const rebuilt = await readCheckpoint(pool, projection.name);
  if (!rebuilt) throw new Error(`rebuild of ${projection.name} left no checkpoint`);
  return rebuilt;
}

/**
 * What a rebuild did: the events it applied, and its seconds, in all and by phase (the log replayed
 * in bulk; the completion's steps, side by side; the catch-up and swap under the checkpoint's lock).
 */
export type RebuildReport = {
  readonly events: number;
  readonly seconds: number;
  readonly phases: { readonly replay: number; readonly complete: number; readonly swap: number };
};

/**
 * Connections a keyed bulk replay writes on at once (`Projection.replayKey`): while one runs its
 * batch's statements, the next lane's batch is built, and the machine's second core is used.
 */
export const REPLAY_LANES = 2;

/**
 * Replays the whole log into a fresh schema beside the live one, then, holding the checkpoint
 * row so the live projector pauses, catches up and swaps the schemas in one transaction. Parked
 * events are skipped, as the live projector skips them; an event that fails is named
 * (ProjectionEventError) and the live tables stay as they were.
 */
export async function rebuildProjection(deps: {
  readonly pool: DatabasePool;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly log: Logger;
  readonly batchSize?: number;
  /** connections the bulk replay writes on when the projection keys its events (REPLAY_LANES unless set) */
  readonly lanes?: number;
  /** told after each batch how many events of the projection's streams it has read so far */
  readonly onProgress?: (read: number) => void;
}): Promise<RebuildReport> {
  const { pool, store, projection, log } = deps;
  const started = performance.now();
  const live = projection.name;
  const fresh = `${live}__rebuild`;
  const old = `${live}__old`;
  const batchSize = deps.batchSize ?? projection.replayBatch ?? 2000;
  const parked = await readParked(store, live);
  let events = 0;
  let read = 0;

  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([fresh])} CASCADE`);
    await tx.query(sql.unsafe`CREATE SCHEMA ${sql.identifier([fresh])}`);
    await projection.migrate(tx, fresh);
  });

  // The first pass, outside the swap's transaction, replays in bulk and is completed once loaded;
  // the swap's transaction applies what was written meanwhile as live batches.
  /** Applies a batch in `tx` or, without one, in a transaction of its own; a failure is pinned on its event. */
  const applyLocating = async (tx: DatabaseTransactionConnection | null, batch: readonly RecordedEvent[]): Promise<void> => {
    const once = (list: readonly RecordedEvent[]): Promise<void> =>
      tx
        ? tx.transaction((inner) => applyMarked(projection, inner, fresh, list))
        : pool.transaction(async (own) => {
            // nothing of a half-done rebuild survives a crash anyway
            await own.query(sql.unsafe`SELECT ${SKIP_COMMIT_FLUSH}`);
            await applyMarked(projection, own, fresh, list, true);
          });
    try {
      await once(batch);
    } catch (error) {
      if (batch.length === 1 || !(error instanceof ApplyError) || isDatabaseUnavailable(error)) throw await blame(pool, live, batch, error);
      for (const event of batch) await once([event]).catch(async (single: unknown) => Promise.reject(await blame(pool, live, [event], single)));
    }
  };

  /**
   * The log after `from`, applied in `tx` or, without one, each batch in a transaction of its own,
   * on `lanes` connections when the projection keys its events (the first pass; the swap's
   * transaction is one connection). Each lane is a chain of batches; a read batch's lanes are
   * written while the next one's are queued behind them, no further ahead. A lane's failure is
   * kept, not thrown into the chain (nothing would be waiting for it yet), and what was queued
   * after it is skipped.
   */
  const replay = async (tx: DatabaseTransactionConnection | null, from: Position, lanes: number): Promise<Position> => {
    const keyOf = lanes > 1 && projection.replayKey ? projection.replayKey : () => '';
    let position = from;
    const state: { failure: { readonly error: unknown } | null } = { failure: null };
    const tails: Array<Promise<void>> = Array.from({ length: lanes }, () => Promise.resolve());
    const queue = (lane: number, batch: readonly RecordedEvent[]): void => {
      tails[lane] = tails[lane]!
        .then(() => (state.failure ? undefined : applyLocating(tx, batch)))
        .catch((error: unknown) => {
          state.failure ??= { error };
        });
    };
    const drained = async (): Promise<void> => {
      await Promise.all(tails);
    };
    let before = Promise.resolve();
    try {
      for await (const batch of logBatchesAhead(store, from, batchSize, { streams: projection.streams })) {
        const kept = withoutParked(batch, parked);
        for (const stretch of splitIntoLanes(kept, lanes, keyOf)) {
          if ('alone' in stretch) {
            await drained();
            queue(0, stretch.alone);
            await drained();
          } else {
            stretch.lanes.forEach((laneEvents, lane) => {
              if (laneEvents.length > 0) queue(lane, laneEvents);
            });
          }
        }
        events += kept.length;
        read += batch.length;
        deps.onProgress?.(read);
        position = batch[batch.length - 1]!.position;
        await before;
        before = drained();
        if (state.failure) break;
      }
    } finally {
      await drained();
    }
    if (state.failure) throw state.failure.error;
    return position;
  };

  const replayed = await replay(null, START, projection.replayKey ? (deps.lanes ?? REPLAY_LANES) : 1);
  const replayedAt = performance.now();
  // before the swap's transaction, which holds the checkpoint: indexes and totals over a million rows take seconds
  // Each step is one statement over the whole log's rows, in a schema nobody reads yet: its time
  // grows with the log, past the pool's statement timeout (60 s) at 20M events under traffic
  // (bench:growth), so it runs without one.
  const completed = await Promise.allSettled(
    (projection.completeBulk ?? []).map((step) =>
      pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`SET LOCAL statement_timeout = 0`);
        await step(tx, fresh);
      }),
    ),
  );
  for (const step of completed) if (step.status === 'rejected') throw step.reason;
  const completedAt = performance.now();
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      INSERT INTO projection_state.checkpoints (name, version, commit_position, prepare_position)
      VALUES (${live}, ${projection.version}, -1, -1) ON CONFLICT (name) DO NOTHING`);
    await lockCheckpoint(tx, live);
    const final = await replay(tx, replayed, 1);
    await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([old])} CASCADE`);
    const liveExists = await tx.oneFirst(
      sql.type(z.object({ exists: z.boolean() }))`SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ${live}) AS exists`,
    );
    if (liveExists) await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([live])} RENAME TO ${sql.identifier([old])}`);
    await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([fresh])} RENAME TO ${sql.identifier([live])}`);
    await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([old])} CASCADE`);
    await writeCheckpoint(tx, live, { version: projection.version, position: final });
  });
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  const phases = { replay: (replayedAt - started) / 1000, complete: (completedAt - replayedAt) / 1000, swap: (ended - completedAt) / 1000 };
  log.info({ projection: live, events, seconds, phases }, 'projection rebuilt');
  return { events, seconds, phases };
}
