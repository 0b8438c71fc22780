// GET /api/health/ready, the same for every service: can this process serve reads that are current?
import type { DatabasePool } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import { comparePositions, type EventStore, formatPosition } from '../../infra/eventstore/port.ts';
import { databaseUnavailable, errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { HttpError } from '../../infra/http/errors.ts';
import { describeStop } from '../../projections/runtime/failures.ts';
import type { ProjectionProgress } from '../../projections/runtime/progress.ts';
import { readProjectionStates } from '../../projections/runtime/projection-states.ts';

/** "Close to the head": the projection reaches the head as read at the start of the check within this. */
export const READY_WAIT_MS = 2000;

export type ReadinessDeps = {
  readonly pool: DatabasePool;
  readonly store: EventStore;
  /**
   * where the query routes read (core.reads): the primary and its progress, or with
   * READ_DATABASE_URL a streaming replica and the progress that waits for its replay, so "ready"
   * means the replica serves current reads too
   */
  readonly reads: { readonly pool: DatabasePool; readonly progress: ProjectionProgress };
  /** the projections this service reads */
  readonly projections: readonly string[];
};

const notReady = (message: string, retryAfter: number, cause?: unknown): HttpError =>
  new HttpError(503, 'NOT_READY', message, { cause, headers: { 'retry-after': String(retryAfter) } });

/**
 * 200 with each projection's state when PostgreSQL answers and every projection the service reads
 * is at the head of the log or gets there within READY_WAIT_MS; 503 otherwise, naming the
 * projection, and the event when a projector is stopped on one. With a read replica, both servers
 * answer and the replica has replayed the projections' checkpoints up to the head, or the answer
 * is 503 saying so: a replica that lags is taken out of rotation like a projector that lags.
 * Liveness (`/api/health`) is separate and stays as the specs say.
 */
export function readinessRoute(app: HttpApp, deps: ReadinessDeps): void {
  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Ready to serve: PostgreSQL answers and the read tables have caught up with the log',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.literal('ok'),
            projections: z.record(z.string(), z.object({ state: z.literal('caught-up'), checkpoint: z.string() })),
          }),
          503: errorBodySchema,
        },
      },
    },
    async () => {
      const replica = deps.reads.pool === deps.pool ? null : deps.reads.pool;
      let states;
      let head;
      try {
        await deps.pool.query(sql.unsafe`SELECT 1`);
        states = await readProjectionStates(deps.pool);
      } catch (error) {
        throw databaseUnavailable(error);
      }
      if (replica) {
        try {
          await replica.query(sql.unsafe`SELECT 1`);
        } catch (error) {
          throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The read replica is not reachable right now; try again shortly', {
            cause: error,
            headers: { 'retry-after': '5' },
          });
        }
      }
      try {
        head = await deps.store.headPosition();
      } catch (error) {
        throw new HttpError(503, 'EVENT_STORE_UNAVAILABLE', 'The event store is not answering', { cause: error, headers: { 'retry-after': '5' } });
      }
      for (const name of deps.projections) {
        const state = states.find((candidate) => candidate.name === name);
        if (state?.stopped) throw notReady(describeStop(state.stopped), 30);
        if (!state?.checkpoint) throw notReady(`projection ${name} has not built its read tables yet`, 5);
      }
      // the primary's checkpoints say little of a replica's: its wait asks the replica itself
      const behind = replica ? [...deps.projections] : deps.projections.filter((name) => comparePositions(states.find((s) => s.name === name)!.checkpoint!.position, head) < 0);
      if (behind.length > 0) {
        const outcome = await deps.reads.progress.wait(behind, head, READY_WAIT_MS);
        if (!outcome.reached && outcome.stopped) throw notReady(describeStop(outcome.stopped), 30);
        if (!outcome.reached) {
          const onPrimary = replica ? await readProjectionStates(deps.pool).catch(() => states) : [];
          const primaryHasIt = behind.every((name) => {
            const checkpoint = onPrimary.find((s) => s.name === name)?.checkpoint;
            return checkpoint != null && comparePositions(checkpoint.position, head) >= 0;
          });
          const where = primaryHasIt ? ' on the read replica (its replay is behind the primary)' : '';
          throw notReady(`projection ${behind.join(', ')} is behind the event log${where} (head ${formatPosition(head)})`, 5);
        }
      }
      const current = await readProjectionStates(replica ?? deps.pool).catch(() => states);
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        projections: Object.fromEntries(
          deps.projections.map((name) => {
            const checkpoint = current.find((candidate) => candidate.name === name)?.checkpoint ?? null;
            return [name, { state: 'caught-up' as const, checkpoint: checkpoint ? formatPosition(checkpoint.position) : formatPosition(head) }];
          }),
        ),
      };
    },
  );
}
