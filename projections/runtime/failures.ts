import type { DatabasePool, DatabaseTransactionConnection } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import { formatPosition, type Position, type RecordedEvent } from '../../infra/eventstore/port.ts';
import { isConnectionError } from '../../infra/postgres/connection-errors.ts';
import type { Projection } from './projection.ts';

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
export class ApplyError extends Error {
  constructor(cause: unknown) {
    super(messageOf(cause), { cause });
    this.name = 'ApplyError';
  }
}

export function messageOf(error: unknown): string {
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
export async function blame(pool: DatabasePool, projection: string, events: readonly RecordedEvent[], error: unknown): Promise<unknown> {
  if (events.length !== 1 || !(error instanceof ApplyError) || isDatabaseUnavailable(error)) return error;
  if (!(await databaseAnswers(pool))) return error;
  return new ProjectionEventError(projection, events[0]!, error.cause);
}

export async function applyMarked(
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

export const failureRow = z.object({
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

export function toStop(row: z.infer<typeof failureRow>): StoppedOn {
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

export async function recordStop(pool: DatabasePool, stop: StoppedOn): Promise<void> {
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

export async function readStop(pool: DatabasePool, name: string): Promise<StoppedOn | null> {
  const row = await pool.maybeOne(sql.type(failureRow)`SELECT * FROM projection_state.failures WHERE name = ${name}`);
  return row ? toStop(row) : null;
}
