import { hostname } from 'node:os';
import type { DatabasePool, DatabasePoolConnection, DatabaseTransactionConnection } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import { parkedStream, parsedParkRecords } from '../domain/ops/parked.ts';
import { isConnectionError } from '../infra/postgres/connection-errors.ts';
import {
  comparePositions,
  type EventStore,
  formatPosition,
  type Position,
  type RecordedEvent,
  START,
} from '../infra/eventstore/port.ts';
import { logBatchesAhead } from '../infra/eventstore/log-batches.ts';
import type { Migration } from '../infra/postgres/migrations.ts';
import { type CheckpointMoves, createCheckpointMoves } from './checkpoint-moves.ts';
import { DEFAULT_OUTAGE_RETRY, DEFAULT_RETRY, type RetryPolicy, retryDelay } from './retry.ts';

export { DEFAULT_OUTAGE_RETRY, DEFAULT_RETRY, type RetryPolicy } from './retry.ts';

/**
 * A projection owns one schema of read tables. It is rebuilt by replaying the log into a fresh
 * schema beside the live one; bumping `version` makes the next start rebuild it.
 */
export type Projection = {
  readonly name: string;
  readonly version: number;
  /** creates the read tables inside `schema`; runs on an empty schema */
  readonly migrate: (tx: DatabaseTransactionConnection, schema: string) => Promise<void>;
  /**
   * applies events in log order; called inside the transaction that also moves the checkpoint.
   * `bulk`: a rebuild replaying the log into an empty schema; work done better once over all of
   * it (running totals) may wait for `completeBulk`
   */
  readonly apply: (tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[], options?: { readonly bulk: boolean }) => Promise<void>;
  /**
   * after a bulk replay, before the rebuilt schema goes live (and before the events written meanwhile
   * are applied as live ones): what `apply` left for once at the end, and the indexes `migrate` left
   * out so the load did not have to keep them. Independent steps, run at once, each in a
   * transaction of its own (a rebuild that fails drops the whole schema anyway).
   */
  readonly completeBulk?: ReadonlyArray<(tx: DatabaseTransactionConnection, schema: string) => Promise<void>>;
  /**
   * events per batch when a rebuild replays the log (2,000 unless set): a projection of many small
   * events loads faster in larger ones, each a round of statements over more rows
   */
  readonly replayBatch?: number;
  /**
   * the stream-name prefixes whose events `apply` reads (every stream unless set): a live batch of
   * none of them only moves the checkpoint, in one statement, so that the four contexts' projectors
   * do not each open a transaction for every other context's event
   */
  readonly streams?: readonly string[];
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

// A table of its own, not columns of the checkpoint row: a first build that fails has no row yet,
// and a rebuild's swap rewrites the row.
const FAILURES_DDL = `
  CREATE TABLE projection_state.failures (
    name text PRIMARY KEY,
    event_id text NOT NULL,
    event_stream text NOT NULL,
    event_revision bigint NOT NULL,
    event_commit bigint NOT NULL,
    event_prepare bigint NOT NULL,
    event_type text NOT NULL,
    error text NOT NULL,
    failed_at timestamptz NOT NULL DEFAULT now()
  );`;

export const projectionsMigration: Migration = { component: 'projections', steps: [CHECKPOINTS_DDL, FAILURES_DDL] };

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

/** The event a projector cannot apply, and why; kept until the checkpoint passes it. */
export type StoppedOn = {
  readonly projection: string;
  readonly event: {
    readonly id: string;
    readonly stream: string;
    readonly revision: bigint;
    readonly position: Position;
    readonly type: string;
  };
  readonly error: string;
  /** ISO time of the first failure */
  readonly since: string;
};

export function describeStop(stop: StoppedOn): string {
  const { event } = stop;
  return `projection ${stop.projection} is stopped on event ${formatPosition(event.position)} (${event.stream}@${event.revision}, ${event.type}): ${stop.error}`;
}

/** The projection could not apply this one event, though the database answers. */
export class ProjectionEventError extends Error {
  readonly projection: string;
  readonly event: RecordedEvent;

  constructor(projection: string, event: RecordedEvent, cause: unknown) {
    super(`projection ${projection} cannot apply ${event.stream}@${event.revision}: ${messageOf(cause)}`, { cause });
    this.name = 'ProjectionEventError';
    this.projection = projection;
    this.event = event;
  }
}

/** Marks an error thrown by a projection's own `apply`, as opposed to the runtime's statements. */
class ApplyError extends Error {
  constructor(cause: unknown) {
    super(messageOf(cause), { cause });
    this.name = 'ApplyError';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Beyond an unreachable database (infra/postgres/connection-errors.ts), a projector also waits out
// what passes by itself: a cancelled or timed-out statement, serialisation, deadlock, lock waits,
// exhausted resources (SQLSTATE classes 53, 57, 58)
const TRANSIENT_NAMES = new Set(['IdleTransactionTimeoutError', 'StatementCancelledError', 'StatementTimeoutError']);
const TRANSIENT_SQLSTATE = /^(53|57|58)|^(40001|40P01|55P03)$/;

/** True when the error says the database could not be reached or gave up, not that the data is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionError(error)) return true;
  for (let cause: unknown = error, depth = 0; cause && depth < 8; depth++) {
    if (cause instanceof Error && TRANSIENT_NAMES.has(cause.name)) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_SQLSTATE.test(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

async function databaseAnswers(pool: DatabasePool): Promise<boolean> {
  return pool.query(sql.unsafe`SELECT 1`).then(
    () => true,
    () => false,
  );
}

/**
 * The error to act on when applying `events` failed: the event's own fault only when there is
 * exactly one event, the projection's code threw, and the database still answers.
 */
async function blame(pool: DatabasePool, projection: string, events: readonly RecordedEvent[], error: unknown): Promise<unknown> {
  if (events.length !== 1 || !(error instanceof ApplyError) || isDatabaseUnavailable(error)) return error;
  if (!(await databaseAnswers(pool))) return error;
  return new ProjectionEventError(projection, events[0]!, error.cause);
}

async function applyMarked(
  projection: Projection,
  tx: DatabaseTransactionConnection,
  schema: string,
  events: readonly RecordedEvent[],
  bulk = false,
): Promise<void> {
  if (events.length === 0) return;
  try {
    await projection.apply(tx, schema, events, { bulk });
  } catch (error) {
    throw new ApplyError(error);
  }
}

/** The events an operator parked for this projection (`ops park`), by position. */
export async function readParked(store: EventStore, projection: string): Promise<ReadonlySet<string>> {
  const records = parsedParkRecords(await store.readStream(parkedStream(projection)));
  return new Set(records.map((record) => record.position));
}

/** whether `projection` reads `event`'s stream */
const reads = (projection: Projection, event: RecordedEvent): boolean =>
  projection.streams === undefined || projection.streams.some((prefix) => event.stream.startsWith(prefix));

const withoutParked = (events: readonly RecordedEvent[], parked: ReadonlySet<string>): readonly RecordedEvent[] =>
  parked.size === 0 ? events : events.filter((event) => !parked.has(formatPosition(event.position)));

const failureRow = z.object({
  name: z.string(),
  event_id: z.string(),
  event_stream: z.string(),
  event_revision: z.bigint(),
  event_commit: z.bigint(),
  event_prepare: z.bigint(),
  event_type: z.string(),
  error: z.string(),
  failed_at: z.string(),
});

function toStop(row: z.infer<typeof failureRow>): StoppedOn {
  return {
    projection: row.name,
    event: {
      id: row.event_id,
      stream: row.event_stream,
      revision: row.event_revision,
      position: { commit: row.event_commit, prepare: row.event_prepare },
      type: row.event_type,
    },
    error: row.error,
    since: row.failed_at,
  };
}

async function recordStop(pool: DatabasePool, stop: StoppedOn): Promise<void> {
  const { event } = stop;
  await pool.query(sql.unsafe`
    INSERT INTO projection_state.failures AS f (name, event_id, event_stream, event_revision, event_commit, event_prepare, event_type, error)
    VALUES (${stop.projection}, ${event.id}, ${event.stream}, ${event.revision.toString()}, ${event.position.commit.toString()},
      ${event.position.prepare.toString()}, ${event.type}, ${stop.error})
    ON CONFLICT (name) DO UPDATE SET event_id = EXCLUDED.event_id, event_stream = EXCLUDED.event_stream,
      event_revision = EXCLUDED.event_revision, event_commit = EXCLUDED.event_commit, event_prepare = EXCLUDED.event_prepare,
      event_type = EXCLUDED.event_type, error = EXCLUDED.error,
      failed_at = CASE WHEN f.event_commit = EXCLUDED.event_commit AND f.event_prepare = EXCLUDED.event_prepare THEN f.failed_at ELSE now() END`);
}

async function readStop(pool: DatabasePool, name: string): Promise<StoppedOn | null> {
  const row = await pool.maybeOne(sql.type(failureRow)`SELECT * FROM projection_state.failures WHERE name = ${name}`);
  return row ? toStop(row) : null;
}

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

const SKIP_COMMIT_FLUSH = sql.fragment`set_config('synchronous_commit', 'off', true)`;

/**
 * Opens a batch: moves the checkpoint from where this projector left it, which also locks the row
 * (a rebuild's swap takes the same lock); false when the checkpoint is no longer where it was. In
 * the same round trip the commit stops waiting for the WAL flush: safe, because the read rows and
 * their checkpoint commit together, so a crash only loses a suffix of batches, applied again from
 * the durable log. A batch with nothing to apply moves it with CheckpointMoves instead.
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

/** reached: every projection has the position; else stopped names a projection that cannot get there */
export type WaitOutcome = { readonly reached: true } | { readonly reached: false; readonly stopped: StoppedOn | null };

/**
 * Where each projection has got to, for read-your-writes. Projectors of this process report
 * directly; the checkpoint and failure rows, which show projectors of every process, are polled
 * while someone waits.
 */
export type ProjectionProgress = {
  report(name: string, position: Position): void;
  /** the projector of `name` in this process is stopped on an event (null: no longer) */
  reportStopped(name: string, stop: StoppedOn | null): void;
  /** the projector of `name` in this process let go of its lock: another process's, if any, is the one to ask and read */
  reportAway(name: string): void;
  /**
   * resolves once every named projection has processed `position`, at once when one of them is
   * stopped on an event at or before it, and at the deadline otherwise
   */
  wait(names: readonly string[], position: Position, timeoutMs: number): Promise<WaitOutcome>;
  /** `wait`, reduced to whether the position was reached */
  waitFor(names: readonly string[], position: Position, timeoutMs: number): Promise<boolean>;
  /**
   * The projector of `name` resting between busy batches: resolves after `ms`, or as soon as a
   * read waits for a position it has not reached (in this process, or `heard` from another), and
   * at once when one waits already; `signal` (the projector stopping) ends it too.
   */
  rest(name: string, ms: number, signal: AbortSignal): Promise<void>;
  /** a read in another process waits for `name` (the WANTED_CHANNEL's payload) */
  heard(name: string): void;
  /**
   * A projector of this process waiting out an unreachable database: resolves after `ms`, or once
   * the database is seen answering again (a poll for a waiting read succeeds, a NOTIFY is heard,
   * `databaseBack` is called), though not within OUTAGE_WAKE_FLOOR_MS of its start; `signal` (the
   * projector stopping) ends it too.
   */
  awaitDatabase(ms: number, signal: AbortSignal): Promise<void>;
  /** the database answers again (the LISTEN connection is back): projectors waiting it out try at once */
  databaseBack(): void;
};

/**
 * The shortest pause between a projector's attempts while the database is away, woken or not: a
 * database that answers a poll but refuses the projector's connection (too many connections) must
 * not have it retry at every poll.
 */
const OUTAGE_WAKE_FLOOR_MS = 100;

/**
 * A read waiting for a projection whose projector runs in another process says so here (NOTIFY,
 * the projection's name as payload), so that the projector cuts its rest short.
 */
export const WANTED_CHANNEL = 'projection_wanted';

export function createProjectionProgress(pool: DatabasePool, options: { readonly pollMs?: number } = {}): ProjectionProgress {
  // a poll is one read of a few rows, and runs only while a write waits
  const pollMs = options.pollMs ?? 20;
  const positions = new Map<string, Position>();
  // a stop read from the table counts only for waiters that began before that poll: one seen
  // earlier may have been parked or fixed since
  const stops = new Map<string, { readonly stop: StoppedOn; readonly poll: number | 'local' }>();
  // projections whose projector runs here: their own reports are fresher than the table
  const local = new Set<string>();
  const waiters = new Set<{ readonly names: readonly string[]; readonly position: Position; readonly check: () => void }>();
  // the resting projectors of this process, and the names another process asked for meanwhile
  const resting = new Map<string, Set<() => void>>();
  const wantedElsewhere = new Set<string>();
  // the projectors of this process waiting out an unreachable database
  const awaitingDatabase = new Set<() => void>();
  // asked for by NOTIFY, and not seen moving since: another NOTIFY would tell the projector nothing new
  const told = new Set<string>();
  let polls = 0;
  let pollTimer: NodeJS.Timeout | null = null;
  let polling = false;

  const advance = (name: string, position: Position): void => {
    const at = positions.get(name);
    if (at && comparePositions(position, at) <= 0) return;
    positions.set(name, position);
    told.delete(name);
  };

  const outcomeOf = (names: readonly string[], position: Position, since: number): WaitOutcome | null => {
    let reached = true;
    for (const name of names) {
      const at = positions.get(name);
      if (at && comparePositions(at, position) >= 0) continue;
      reached = false;
      const known = stops.get(name);
      if (!known || (known.poll !== 'local' && known.poll <= since)) continue;
      // stopped on an event at or before the position (or failing a rebuild that replays it): no
      // waiting gets there
      if (comparePositions(known.stop.event.position, position) <= 0) return { reached: false, stopped: known.stop };
    }
    return reached ? { reached: true } : null;
  };

  const checkWaiters = (): void => {
    for (const waiter of waiters) waiter.check();
  };

  const behind = (name: string, position: Position): boolean => {
    const at = positions.get(name);
    return !at || comparePositions(at, position) < 0;
  };

  const databaseSeenAnswering = (): void => {
    for (const waker of [...awaitingDatabase]) waker();
  };

  const wake = (name: string): boolean => {
    const wakers = resting.get(name);
    if (!wakers || wakers.size === 0) return false;
    for (const waker of wakers) waker();
    return true;
  };

  /** a read now waits for `names` at `position`: the projectors behind it stop resting */
  const want = (names: readonly string[], position: Position): void => {
    for (const name of names) {
      if (!behind(name, position) || wake(name) || local.has(name) || told.has(name)) continue;
      // the projector reads everything there is when it wakes, so one NOTIFY serves every read
      // that waits until the projection is seen moving
      told.add(name);
      // a NOTIFY that never left (the database away) told nobody: the next read asks again
      pool.query(sql.unsafe`SELECT pg_notify(${WANTED_CHANNEL}, ${name})`).catch(() => told.delete(name));
    }
  };

  const schedulePoll = (delayMs: number): void => {
    if (pollTimer || polling || waiters.size === 0) return;
    pollTimer = setTimeout(() => void poll(), delayMs);
  };

  async function poll(): Promise<void> {
    pollTimer = null;
    polling = true;
    try {
      const states = await readProjectionStates(pool);
      databaseSeenAnswering();
      const generation = ++polls;
      for (const state of states) {
        if (state.checkpoint) advance(state.name, state.checkpoint.position);
        if (local.has(state.name)) continue;
        if (state.stopped) stops.set(state.name, { stop: state.stopped, poll: generation });
        else stops.delete(state.name);
      }
      checkWaiters();
      // a projection seen moving may have gone back to rest short of a read still waiting
      for (const waiter of waiters) want(waiter.names, waiter.position);
    } catch {
      // the database is away: the waiters' deadlines still run, and the next poll tries again
    } finally {
      polling = false;
      schedulePoll(pollMs);
    }
  }

  const wait = (names: readonly string[], position: Position, timeoutMs: number): Promise<WaitOutcome> => {
    const since = polls;
    const now = outcomeOf(names, position, since);
    if (now) return Promise.resolve(now);
    return new Promise<WaitOutcome>((resolve) => {
      const finish = (outcome: WaitOutcome): void => {
        waiters.delete(waiter);
        clearTimeout(timer);
        resolve(outcome);
      };
      const check = (): void => {
        const outcome = outcomeOf(names, position, since);
        if (outcome) finish(outcome);
      };
      const waiter = { names, position, check };
      const timer = setTimeout(() => finish({ reached: false, stopped: null }), timeoutMs);
      waiters.add(waiter);
      want(names, position);
      // a projector of this process reports at once; the table is for the others
      schedulePoll(names.every((name) => local.has(name)) ? pollMs : 0);
    });
  };

  return {
    report(name, position) {
      local.add(name);
      advance(name, position);
      checkWaiters();
    },
    reportStopped(name, stop) {
      local.add(name);
      if (stop) stops.set(name, { stop, poll: 'local' });
      else stops.delete(name);
      checkWaiters();
    },
    reportAway(name) {
      local.delete(name);
      if (stops.get(name)?.poll === 'local') stops.delete(name);
      // reads waiting meanwhile now ask the projector of another process
      for (const waiter of waiters) want(waiter.names, waiter.position);
    },
    wait,
    async waitFor(names, position, timeoutMs) {
      return (await wait(names, position, timeoutMs)).reached;
    },
    rest(name, ms, signal) {
      const asked = wantedElsewhere.delete(name);
      if (signal.aborted || asked || [...waiters].some((waiter) => waiter.names.includes(name) && behind(name, waiter.position))) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wakers = resting.get(name) ?? new Set<() => void>();
        resting.set(name, wakers);
        const done = (): void => {
          clearTimeout(timer);
          wakers.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakers.add(done);
        signal.addEventListener('abort', done);
      });
    },
    heard(name) {
      databaseSeenAnswering();
      if (!wake(name)) wantedElsewhere.add(name);
    },
    awaitDatabase(ms, signal) {
      if (signal.aborted) return Promise.resolve();
      const began = Date.now();
      return new Promise<void>((resolve) => {
        let timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          awaitingDatabase.delete(woken);
          signal.removeEventListener('abort', done);
          resolve();
        }
        function woken(): void {
          awaitingDatabase.delete(woken);
          clearTimeout(timer);
          timer = setTimeout(done, Math.max(0, began + Math.min(ms, OUTAGE_WAKE_FLOOR_MS) - Date.now()));
        }
        awaitingDatabase.add(woken);
        signal.addEventListener('abort', done);
      });
    },
    databaseBack: databaseSeenAnswering,
  };
}

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

function lockKey(name: string): string {
  return `projector:${name}`;
}

/** PostgreSQL keeps 63 bytes of an application_name. */
const runnerName = (name: string): string => `projector ${name} on ${hostname()} pid ${process.pid}`.slice(0, 63);

export type ProjectorRunner = {
  /** `projector <name> on <host> pid <pid>` */
  readonly by: string;
  /** when the process's lock connection was opened */
  readonly since: string;
  /** the process's address as PostgreSQL sees it; null over a local socket */
  readonly from: string | null;
};

/** Which process runs each projection now: the holder of its advisory lock, as PostgreSQL sees it. */
export async function readProjectorRunners(pool: DatabasePool, names: readonly string[]): Promise<Map<string, ProjectorRunner>> {
  const runners = new Map<string, ProjectorRunner>();
  for (const name of names) {
    const row = await pool.maybeOne(sql.type(z.object({ by: z.string(), since: z.string(), from: z.string().nullable() }))`
      SELECT a.application_name AS by, a.backend_start::text AS since, host(a.client_addr) AS from
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(${lockKey(name)})::bigint
      LIMIT 1`);
    if (row) runners.set(name, row);
  }
  return runners;
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
  let stopped: StoppedOn | null = null;
  let unreachable = false;
  let lastLogged: string | null = null;
  // outages in a row, until the database answers
  let outages = 0;

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

  const eventFields = (stop: StoppedOn) => ({
    projection: name,
    stream: stop.event.stream,
    revision: Number(stop.event.revision),
    position: formatPosition(stop.event.position),
    type: stop.event.type,
    eventId: stop.event.id,
  });

  /** The checkpoint moved: a stop it passed, or an outage it outlived, is over. */
  async function progressed(position: Position): Promise<void> {
    progress.report(name, position);
    if (unreachable) {
      unreachable = false;
      outages = 0;
      lastLogged = null;
      log.info({ projection: name }, 'projector recovered: the database answers again');
    }
    if (stopped && comparePositions(position, stopped.event.position) >= 0) {
      const was = stopped;
      stopped = null;
      lastLogged = null;
      progress.reportStopped(name, null);
      await pool.query(sql.unsafe`DELETE FROM projection_state.failures WHERE name = ${name}`);
      log.info({ ...eventFields(was), checkpoint: formatPosition(position) }, 'projector recovered: it is past the event it was stopped on');
    }
  }

  async function failed(error: unknown): Promise<void> {
    if (error instanceof ProjectionEventError) {
      const { event } = error;
      const message = messageOf(error.cause);
      const key = `event ${formatPosition(event.position)} ${message}`;
      const same = stopped && comparePositions(stopped.event.position, event.position) === 0 && stopped.error === message;
      if (!same) {
        stopped = {
          projection: name,
          event: { id: event.id, stream: event.stream, revision: event.revision, position: event.position, type: event.type },
          error: message,
          since: new Date().toISOString(),
        };
      }
      progress.reportStopped(name, stopped);
      // once per process and failure: a restarted process says it again, a retry does not
      if (key !== lastLogged) {
        lastLogged = key;
        log.error(
          { ...eventFields(stopped!), err: error.cause },
          'projector stopped on an event it cannot apply; retrying with back-off until the code is fixed or the event is parked (npm run ops -- park)',
        );
      }
      await recordStop(pool, stopped!).catch(() => undefined);
      return;
    }
    unreachable = true;
    const key = messageOf(error);
    if (key !== lastLogged) {
      lastLogged = key;
      // an outage is expected and passes by itself: a warning; anything else is a bug worth an error
      if (isDatabaseUnavailable(error)) {
        log.warn({ projection: name, err: error }, 'projector lost the database; resuming from its checkpoint when it answers (retrying with back-off)');
      } else {
        log.error({ projection: name, err: error }, 'projector failed without blaming an event; retrying with back-off');
      }
    }
  }

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
    stopped ??= await readStop(pool, name);
    await progressed(checkpoint.position);
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
              await progressed(checkpoint.position);
              if (outcome.swapped) break;
            }
          }
          checkpoint = outcome.checkpoint;
          await progressed(checkpoint.position);
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
      const locked = await lockConnection.oneFirst(
        sql.type(z.object({ locked: z.boolean() }))`SELECT pg_try_advisory_lock(hashtext(${lockKey(name)})) AS locked`,
      );
      if (locked) return true;
      await sleep(deps.standbyMs ?? 2000);
    }
    return false;
  }

  /** The back-off pause; while stopped on an event, an operator's park record ends it early. */
  async function pause(ms: number): Promise<void> {
    if (!stopped) return sleep(ms);
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
              // `ops status` tells operators which process holds the projection by this name; the
              // connection goes back to the pool with the name it came with
              const { was } = await lockConnection.one(
                sql.type(z.object({ was: z.string(), named: z.string() }))`
                  SELECT current_setting('application_name') AS was, set_config('application_name', ${runnerName(name)}, false) AS named`,
              );
              try {
                await project(held);
              } finally {
                progress.reportAway(name);
                await lockConnection.query(sql.unsafe`SELECT pg_advisory_unlock(hashtext(${lockKey(name)})), set_config('application_name', ${was}, false)`).catch(() => undefined);
              }
            })()),
        );
        if (stopping) return;
        attempt = 0;
        outages = 0;
      } catch (error) {
        // slonik rejects `connect` as soon as the held connection breaks while its callback still
        // runs: the advisory lock went with that session, so the callback is told to stop and waited
        // for, or two loops of one projection would run
        held.lost = true;
        await abandon(body);
        if (stopping) return;
        await failed(error).catch(() => undefined);
        if (!(error instanceof ProjectionEventError) && isConnectionError(error)) {
          outages++;
          await progress.awaitDatabase(retryDelay(outageRetry, outages), stopSignal.signal);
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

/** A build as it goes: started, the events of the log read so far, then finished (completed false: it failed, to be retried). */
export type RebuildObserver = {
  started(): void;
  progress(read: number): void;
  finished(completed: boolean): void;
};

/** Creates the projection's schema on first start, or rebuilds it when its code version changed. */
async function ensureProjection(pool: DatabasePool, store: EventStore, projection: Projection, log: Logger, observer?: RebuildObserver): Promise<Checkpoint> {
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

export type RebuildReport = { readonly events: number; readonly seconds: number };

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
  /** told after each batch how many events of the log it has read so far */
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

  const replay = async (tx: DatabaseTransactionConnection | null, from: Position): Promise<Position> => {
    let position = from;
    for await (const batch of logBatchesAhead(store, from, batchSize)) {
      const kept = withoutParked(batch, parked);
      if (kept.length > 0) await applyLocating(tx, kept);
      events += kept.length;
      read += batch.length;
      deps.onProgress?.(read);
      position = batch[batch.length - 1]!.position;
    }
    return position;
  };

  const replayed = await replay(null, START);
  // before the swap's transaction, which holds the checkpoint: indexes and totals over a million rows take seconds
  const completed = await Promise.allSettled((projection.completeBulk ?? []).map((step) => pool.transaction((tx) => step(tx, fresh))));
  for (const step of completed) if (step.status === 'rejected') throw step.reason;
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
