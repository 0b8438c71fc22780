import type { DatabasePool, DatabasePoolConnection, DatabaseTransactionConnection } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import { isConnectionError } from '../infra/postgres/connection-errors.ts';
import { comparePositions, type EventStore, type Position, type RecordedEvent, START } from '../infra/eventstore/port.ts';

/**
 * A projection owns one schema of read tables. It is rebuilt by replaying the log into a fresh
 * schema beside the live one; bumping `version` makes the next start rebuild it.
 */
export type Projection = {
  readonly name: string;
  readonly version: number;
  /** creates the read tables inside `schema`; runs on an empty schema */
  readonly migrate: (tx: DatabaseTransactionConnection, schema: string) => Promise<void>;
  /** applies events in log order; called inside the transaction that also moves the checkpoint */
  readonly apply: (tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[]) => Promise<void>;
};

export type Logger = {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

export const CHECKPOINTS_DDL = `
  CREATE SCHEMA IF NOT EXISTS projection_state;
  CREATE TABLE IF NOT EXISTS projection_state.checkpoints (
    name text PRIMARY KEY,
    version integer NOT NULL,
    commit_position bigint NOT NULL,
    prepare_position bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );`;

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

function toCheckpoint(row: z.infer<typeof checkpointRow>): Checkpoint {
  return { version: row.version, position: { commit: row.commit_position, prepare: row.prepare_position } };
}

const SKIP_COMMIT_FLUSH = sql.fragment`set_config('synchronous_commit', 'off', true)`;

/**
 * Opens a batch: moves the checkpoint from where this projector left it, which also locks the row
 * (a rebuild's swap takes the same lock); false when the checkpoint is no longer where it was. In
 * the same round trip the commit stops waiting for the WAL flush: safe, because the read rows and
 * their checkpoint commit together, so a crash only loses a suffix of batches, applied again from
 * the durable log.
 */
async function advanceCheckpoint(tx: DatabaseTransactionConnection, name: string, from: Position, to: Position): Promise<boolean> {
  const moved = await tx.maybeOne(sql.type(z.object({ sync: z.string() }))`
    UPDATE projection_state.checkpoints
    SET commit_position = ${to.commit.toString()}, prepare_position = ${to.prepare.toString()}, updated_at = now()
    WHERE name = ${name} AND commit_position = ${from.commit.toString()} AND prepare_position = ${from.prepare.toString()}
    RETURNING ${SKIP_COMMIT_FLUSH} AS sync`);
  return moved !== null;
}

/** Locks the checkpoint row for a rebuild's swap, so the live projector pauses meanwhile. */
async function lockCheckpoint(tx: DatabaseTransactionConnection, name: string): Promise<void> {
  await tx.query(sql.unsafe`SELECT 1 FROM projection_state.checkpoints WHERE name = ${name} FOR UPDATE`);
}

async function writeCheckpoint(tx: DatabaseTransactionConnection, name: string, checkpoint: Checkpoint): Promise<void> {
  await tx.query(sql.unsafe`
    INSERT INTO projection_state.checkpoints (name, version, commit_position, prepare_position)
    VALUES (${name}, ${checkpoint.version}, ${checkpoint.position.commit.toString()}, ${checkpoint.position.prepare.toString()})
    ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, commit_position = EXCLUDED.commit_position,
      prepare_position = EXCLUDED.prepare_position, updated_at = now()`);
}

/**
 * Where each projection has got to, for read-your-writes. Projectors of this process report
 * directly; for the others the checkpoint table is polled.
 */
export type ProjectionProgress = {
  report(name: string, position: Position): void;
  /** resolves true once every named projection has processed `position`, false at the deadline */
  waitFor(names: readonly string[], position: Position, timeoutMs: number): Promise<boolean>;
};

export function createProjectionProgress(pool: DatabasePool): ProjectionProgress {
  const local = new Map<string, Position>();
  const waiters = new Set<() => void>();
  const reached = (name: string, position: Position): boolean => {
    const at = local.get(name);
    return at !== undefined && comparePositions(at, position) >= 0;
  };
  return {
    report(name, position) {
      local.set(name, position);
      for (const check of waiters) check();
    },
    async waitFor(names, position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      if (names.every((name) => reached(name, position))) return true;
      return new Promise<boolean>((resolve) => {
        let poll: NodeJS.Timeout | undefined;
        const finish = (value: boolean): void => {
          waiters.delete(check);
          clearTimeout(timer);
          clearTimeout(poll);
          resolve(value);
        };
        const check = (): void => {
          if (names.every((name) => reached(name, position))) finish(true);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        waiters.add(check);
        // projectors running in another process are seen through their checkpoints
        const pollOthers = async (): Promise<void> => {
          const others = names.filter((name) => !local.has(name));
          if (others.length === 0) return;
          const checkpoints = await Promise.all(others.map((name) => readCheckpoint(pool, name).catch(() => null)));
          if (checkpoints.every((c) => c !== null && comparePositions(c.position, position) >= 0)) {
            for (const [i, name] of others.entries()) local.set(name, checkpoints[i]!.position);
            check();
          } else if (Date.now() < deadline) {
            poll = setTimeout(() => void pollOthers(), 25);
          }
        };
        void pollOthers();
      });
    },
  };
}

export type ProjectorHandle = {
  /** resolves once the projection's tables exist (built by this process or another) */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
};

function lockKey(name: string): string {
  return `projector:${name}`;
}

/**
 * Runs one projection live: only while holding its advisory lock (others stand by), each batch
 * and its checkpoint in one transaction, so a crash neither loses nor repeats an event.
 */
export function startProjector(deps: {
  readonly pool: DatabasePool;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly progress: ProjectionProgress;
  readonly log: Logger;
  /** pause between attempts to take the lock while another process holds it */
  readonly standbyMs?: number;
}): ProjectorHandle {
  const { pool, store, projection, progress, log } = deps;
  let stopping = false;
  let subscription: ReturnType<EventStore['subscribeToAll']> | null = null;
  let wakeStandby: (() => void) | null = null;
  /** set once a run got as far as its checkpoint: the next outage starts its backoff afresh */
  let resumed = false;

  // slonik rejects `connect` as soon as the held connection breaks, while its callback still runs:
  // the advisory lock went with that session, so the callback is told to stop and waited for
  const runOnce = async (): Promise<void> => {
    const attempt = { lost: false };
    let body: Promise<void> = Promise.resolve();
    try {
      await pool.connect((lockConnection) => (body = holdingLock(lockConnection, attempt)));
    } catch (error) {
      attempt.lost = true;
      wakeStandby?.();
      await subscription?.close();
      await body.catch(() => undefined);
      throw error;
    }
  };

  const holdingLock = async (lockConnection: DatabasePoolConnection, attempt: { readonly lost: boolean }): Promise<void> => {
    while (!stopping && !attempt.lost) {
      const locked = await lockConnection.oneFirst(
        sql.type(z.object({ locked: z.boolean() }))`SELECT pg_try_advisory_lock(hashtext(${lockKey(projection.name)})) AS locked`,
      );
      if (locked) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deps.standbyMs ?? 2000);
        wakeStandby = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    if (stopping || attempt.lost) return;
    try {
      let checkpoint = await ensureProjection(pool, store, projection, log);
      resumed = true;
      progress.report(projection.name, checkpoint.position);
      while (!stopping && !attempt.lost) {
        subscription = store.subscribeToAll(checkpoint.position);
        let restart = false;
        for await (const batch of subscription) {
          const last = batch[batch.length - 1]!.position;
          const outcome = await pool.transaction(async (tx) => {
            const moved = { version: projection.version, position: last };
            if (!(await advanceCheckpoint(tx, projection.name, checkpoint.position, last))) {
              // a rebuild swapped in new tables with their own checkpoint: continue from there
              const current = await readCheckpoint(tx, projection.name);
              if (!current) throw new Error(`checkpoint of ${projection.name} disappeared`);
              return { checkpoint: current, swapped: true };
            }
            await projection.apply(tx, projection.name, batch);
            return { checkpoint: moved, swapped: false };
          });
          checkpoint = outcome.checkpoint;
          progress.report(projection.name, checkpoint.position);
          if (outcome.swapped) {
            restart = true;
            break;
          }
          if (stopping || attempt.lost) break;
        }
        await subscription.close();
        if (!restart) break;
      }
    } finally {
      await lockConnection.query(sql.unsafe`SELECT pg_advisory_unlock(hashtext(${lockKey(projection.name)}))`);
    }
  };

  const pause = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeStandby = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // The database going away (restart, failover, a terminated backend) is not the projection's
  // fault: start over from the checkpoint once it answers again. The lock went with the session.
  const run = (async () => {
    let outages = 0;
    for (;;) {
      resumed = false;
      try {
        await runOnce();
        return;
      } catch (error) {
        if (stopping || !isConnectionError(error)) throw error;
        if (resumed) outages = 0;
        if (outages === 0) log.warn({ err: error, projection: projection.name }, 'projector lost the database; resuming from its checkpoint');
        await pause(Math.min(100 * 2 ** outages, 5000));
        outages++;
        if (stopping) return;
      }
    }
  })();

  run.catch((error: unknown) => {
    if (!stopping) log.error({ err: error, projection: projection.name }, 'projector stopped on an error');
  });

  const ready = (async () => {
    while (!stopping && (await readCheckpoint(pool, projection.name).catch(() => null)) === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  return {
    ready,
    async stop() {
      stopping = true;
      wakeStandby?.();
      await subscription?.close();
      await run.catch(() => undefined);
    },
  };
}

/** Creates the projection's schema on first start, or rebuilds it when its code version changed. */
async function ensureProjection(pool: DatabasePool, store: EventStore, projection: Projection, log: Logger): Promise<Checkpoint> {
  const existing = await readCheckpoint(pool, projection.name);
  if (existing && existing.version === projection.version) return existing;
  if (existing) log.info({ projection: projection.name, from: existing.version, to: projection.version }, 'projection version changed: rebuilding');
  await rebuildProjection({ pool, store, projection, log });
  const rebuilt = await readCheckpoint(pool, projection.name);
  if (!rebuilt) throw new Error(`rebuild of ${projection.name} left no checkpoint`);
  return rebuilt;
}

export type RebuildReport = { readonly events: number; readonly seconds: number };

/**
 * Replays the whole log into a fresh schema beside the live one, then, holding the checkpoint
 * row so the live projector pauses, catches up and swaps the schemas in one transaction.
 */
export async function rebuildProjection(deps: {
  readonly pool: DatabasePool;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly log: Logger;
  readonly batchSize?: number;
}): Promise<RebuildReport> {
  const { pool, store, projection, log } = deps;
  const started = performance.now();
  const live = projection.name;
  const fresh = `${live}__rebuild`;
  const old = `${live}__old`;
  const batchSize = deps.batchSize ?? 2000;
  let events = 0;

  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([fresh])} CASCADE`);
    await tx.query(sql.unsafe`CREATE SCHEMA ${sql.identifier([fresh])}`);
    await projection.migrate(tx, fresh);
  });

  const replay = async (tx: DatabaseTransactionConnection | null, from: Position): Promise<Position> => {
    let position = from;
    for (;;) {
      const batch = await store.readAll({ after: position, limit: batchSize });
      if (batch.length === 0) return position;
      if (tx) await projection.apply(tx, fresh, batch);
      else {
        await pool.transaction(async (own) => {
          // nothing of a half-done rebuild survives a crash anyway
          await own.query(sql.unsafe`SELECT ${SKIP_COMMIT_FLUSH}`);
          await projection.apply(own, fresh, batch);
        });
      }
      events += batch.length;
      position = batch[batch.length - 1]!.position;
    }
  };

  const replayed = await replay(null, START);
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      INSERT INTO projection_state.checkpoints (name, version, commit_position, prepare_position)
      VALUES (${live}, ${projection.version}, -1, -1) ON CONFLICT (name) DO NOTHING`);
    await lockCheckpoint(tx, live);
    const final = await replay(tx, replayed);
    await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([old])} CASCADE`);
    const liveExists = await tx.oneFirst(
      sql.type(z.object({ exists: z.boolean() }))`SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ${live}) AS exists`,
    );
    if (liveExists) await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([live])} RENAME TO ${sql.identifier([old])}`);
    await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([fresh])} RENAME TO ${sql.identifier([live])}`);
    await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([old])} CASCADE`);
    await writeCheckpoint(tx, live, { version: projection.version, position: final });
  });
  const seconds = (performance.now() - started) / 1000;
  log.info({ projection: live, events, seconds }, 'projection rebuilt');
  return { events, seconds };
}
