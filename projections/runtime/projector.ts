import type { DatabasePool, DatabasePoolConnection, DatabaseTransactionConnection } from 'slonik';
import { type EventStore, type Position, type RecordedEvent } from '../../infra/eventstore/port.ts';
import { isConnectionError } from '../../infra/postgres/connection-errors.ts';
import { DEFAULT_OUTAGE_RETRY, DEFAULT_RETRY, type RetryPolicy, retryDelay } from '../retry.ts';
import { type CheckpointMoves, createCheckpointMoves } from './checkpoint-moves.ts';
import { advanceCheckpoint, type Checkpoint, readCheckpoint } from './checkpoints.ts';
import { ApplyError, applyMarked, blame, isDatabaseUnavailable, ProjectionEventError } from './failures.ts';
import { readParked, withoutParked } from './parked.ts';
import type { ProjectionProgress } from './progress.ts';
import { type Logger, type Projection, reads } from './projection.ts';
import { createProjectorHealth } from './projector-health.ts';
import { nameLockHolder, releaseProjectorLock, tryProjectorLock } from './projector-lock.ts';
import { ensureProjection, type RebuildObserver } from './rebuild.ts';

export type ProjectorHandle = {
  /** resolves once the projection's tables exist (built by this process or another) */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
};

/** the most events a live projector takes at once */
export const LIVE_BATCH = 2000;
/** A batch this long means the log is busy: events arrive faster than one at a time. */
const BUSY_BATCH = 16;
const BUSY_REST_MS = 200;

/**
 * How long a live projector waits before reading on, after a batch of `batchLength` events (at most
 * `maxBatch`). While the log is busy it rests BUSY_REST_MS, so the next batch carries what arrived
 * meanwhile: a batch's cost is mostly per day and per statement, not per event, so fewer, larger
 * batches do the same work for less, and leave the machine to the commands (docs/benchmarks.md,
 * "Issue 17, sixth pass"). A read waiting for a position cuts the rest short (`progress.rest`), so
 * no read waits for it. A quiet log is applied at once, and so is a backlog: a full batch means the
 * next one is full already, and catching up must not wait.
 */
export function restAfterBatch(batchLength: number, maxBatch: number, busyRestMs = BUSY_REST_MS): number {
  if (batchLength < BUSY_BATCH || batchLength >= maxBatch) return 0;
  return busyRestMs;
}

/**
 * Runs one projection live: only while holding its advisory lock (others stand by), each batch
 * and its checkpoint in one transaction, so a crash neither loses nor repeats an event.
 *
 * Nothing stops it for good. A batch that throws is applied again event by event, so the
 * checkpoint moves up to the event that fails; that event is logged once, recorded in
 * `projection_state.failures` (every process's read-your-writes and readiness see it) and tried
 * again with a growing pause, until new code applies it or an operator parks it. A database that
 * cannot be reached blames no event and is retried with a short pause of its own, cut shorter still
 * once the database is seen answering (`progress.awaitDatabase`).
 */
export function startProjector(deps: {
  readonly pool: DatabasePool;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly progress: ProjectionProgress;
  readonly log: Logger;
  /** pause between attempts to take the lock while another process holds it */
  readonly standbyMs?: number;
  /** after an event it cannot apply, or a failure that is no outage */
  readonly retry?: RetryPolicy;
  /** after the database could not be reached */
  readonly outageRetry?: RetryPolicy;
  /** while stopped on an event, how often to look for an operator's park record */
  readonly parkedPollMs?: number;
  /** told how a build or rebuild at start goes (the process's metrics) */
  readonly rebuild?: RebuildObserver;
  /** the rest between busy batches (restAfterBatch's BUSY_REST_MS unless told) */
  readonly busyRestMs?: number;
  /** shared by the process's projectors, so that their moves of checkpoints alone go together */
  readonly checkpointMoves?: CheckpointMoves;
}): ProjectorHandle {
  const { pool, store, projection, progress, log } = deps;
  const name = projection.name;
  const checkpointMoves = deps.checkpointMoves ?? createCheckpointMoves(pool);
  const retry = deps.retry ?? DEFAULT_RETRY;
  const outageRetry = deps.outageRetry ?? DEFAULT_OUTAGE_RETRY;
  const parkedPollMs = deps.parkedPollMs ?? Math.min(1000, retry.maxMs);
  let stopping = false;
  // ends a rest between batches at once
  const stopSignal = new AbortController();
  let subscription: ReturnType<EventStore['subscribeToAll']> | null = null;
  let wakeUp: (() => void) | null = null;
  const health = createProjectorHealth({ pool, name, progress, log });

  const sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      if (stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  /** Commits `events` (parked ones and other streams' skipped) and moves the checkpoint to the last of them. */
  async function commit(from: Position, events: readonly RecordedEvent[], parked: ReadonlySet<string>): Promise<{ checkpoint: Checkpoint; swapped: boolean }> {
    const last = events[events.length - 1]!.position;
    const applied = withoutParked(events, parked).filter((event) => reads(projection, event));
    const swappedTo = async (connection: DatabasePool | DatabaseTransactionConnection): Promise<{ checkpoint: Checkpoint; swapped: true }> => {
      // a rebuild swapped in new tables with their own checkpoint: continue from there
      const current = await readCheckpoint(connection, name);
      if (!current) throw new Error(`checkpoint of ${name} disappeared`);
      return { checkpoint: current, swapped: true };
    };
    const moved = { checkpoint: { version: projection.version, position: last }, swapped: false } as const;
    // nothing to write but the checkpoint: one statement is its own transaction
    if (applied.length === 0) return (await checkpointMoves.move(name, from, last)) ? moved : swappedTo(pool);
    return pool.transaction(async (tx) => {
      if (!(await advanceCheckpoint(tx, name, from, last))) return swappedTo(tx);
      await applyMarked(projection, tx, name, applied);
      return moved;
    });
  }

  async function project(held: { readonly lost: boolean }): Promise<void> {
    const parked = new Set(await readParked(store, name));
    let checkpoint = await ensureProjection(pool, store, projection, log, deps.rebuild);
    await health.resume();
    await health.progressed(checkpoint.position);
    while (!stopping && !held.lost) {
      subscription = store.subscribeToAll(checkpoint.position, { maxBatch: LIVE_BATCH });
      let restart = false;
      try {
        for await (const batch of subscription) {
          let outcome: { checkpoint: Checkpoint; swapped: boolean };
          try {
            outcome = await commit(checkpoint.position, batch, parked);
          } catch (error) {
            if (batch.length === 1 || !(error instanceof ApplyError) || isDatabaseUnavailable(error)) throw await blame(pool, name, batch, error);
            // one of them is bad: take them one at a time, so the checkpoint gets up to it
            outcome = { checkpoint, swapped: false };
            for (const event of batch) {
              outcome = await commit(outcome.checkpoint.position, [event], parked).catch(async (single: unknown) => {
                throw await blame(pool, name, [event], single);
              });
              checkpoint = outcome.checkpoint;
              await health.progressed(checkpoint.position);
              if (outcome.swapped) break;
            }
          }
          checkpoint = outcome.checkpoint;
          await health.progressed(checkpoint.position);
          if (outcome.swapped) {
            restart = true;
            break;
          }
          if (stopping || held.lost) break;
          const rest = restAfterBatch(batch.length, LIVE_BATCH, deps.busyRestMs);
          if (rest > 0) await progress.rest(name, rest, stopSignal.signal);
          if (stopping || held.lost) break;
        }
      } finally {
        await subscription.close();
      }
      if (!restart) break;
    }
  }

  /** Waits for the lock on a connection of its own; false when stopping first. */
  async function takeLock(lockConnection: DatabasePoolConnection): Promise<boolean> {
    while (!stopping) {
      if (await tryProjectorLock(lockConnection, name)) return true;
      await sleep(deps.standbyMs ?? 2000);
    }
    return false;
  }

  /** The back-off pause; while stopped on an event, an operator's park record ends it early. */
  async function pause(ms: number): Promise<void> {
    if (!health.stopped()) return sleep(ms);
    const until = Date.now() + ms;
    const known = (await readParked(store, name).catch(() => null))?.size;
    while (!stopping && Date.now() < until) {
      await sleep(Math.min(parkedPollMs, until - Date.now()));
      const now = (await readParked(store, name).catch(() => null))?.size;
      if (known !== undefined && now !== undefined && now !== known) return;
    }
  }

  async function abandon(body: Promise<void>): Promise<void> {
    wakeUp?.();
    await subscription?.close();
    await body.catch(() => undefined);
  }

  const run = (async () => {
    // failures in a row that were no outage
    let attempt = 0;
    while (!stopping) {
      const held = { lost: false };
      let body: Promise<void> = Promise.resolve();
      try {
        await pool.connect(
          (lockConnection) =>
            (body = (async () => {
              if (!(await takeLock(lockConnection))) return;
              const was = await nameLockHolder(lockConnection, name);
              try {
                await project(held);
              } finally {
                progress.reportAway(name);
                await releaseProjectorLock(lockConnection, name, was).catch(() => undefined);
              }
            })()),
        );
        if (stopping) return;
        attempt = 0;
        health.answered();
      } catch (error) {
        // slonik rejects `connect` as soon as the held connection breaks while its callback still
        // runs: the advisory lock went with that session, so the callback is told to stop and waited
        // for, or two loops of one projection would run
        held.lost = true;
        await abandon(body);
        if (stopping) return;
        await health.failed(error).catch(() => undefined);
        if (!(error instanceof ProjectionEventError) && isConnectionError(error)) {
          await progress.awaitDatabase(retryDelay(outageRetry, health.outage()), stopSignal.signal);
        } else {
          attempt++;
          await pause(retryDelay(retry, attempt));
        }
      }
    }
  })();

  const ready = (async () => {
    while (!stopping && (await readCheckpoint(pool, name).catch(() => null)) === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  return {
    ready,
    async stop() {
      stopping = true;
      stopSignal.abort();
      wakeUp?.();
      await subscription?.close();
      await run;
    },
  };
}
