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
  readonly progress: ProjectionProgress;
  /** the projections this service reads */
  readonly projections: readonly string[];
};

const notReady = (message: string, retryAfter: number, cause?: unknown): HttpError =>
  new HttpError(503, 'NOT_READY', message, { cause, headers: { 'retry-after': String(retryAfter) } });

/**
 * 200 with each projection's state when PostgreSQL answers and every projection the service reads
 * is at the head of the log or gets there within READY_WAIT_MS; 503 otherwise, naming the
 * projection, and the event when a projector is stopped on one. Liveness (`/api/health`) is
 * separate and stays as the specs say.
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
      let states;
      let head;
      try {
        await deps.pool.query(sql.unsafe`SELECT 1`);
        states = await readProjectionStates(deps.pool);
      } catch (error) {
        throw databaseUnavailable(error);
      }
      try {
        head = await deps.store.headPosition();
      } catch (error) {
        throw new HttpError(503, 'EVENT_STORE_UNAVAILABLE', 'The event store is not answering', { cause: error, headers: { 'retry-after': '5' } });
      }
      const behind: string[] = [];
      for (const name of deps.projections) {
        const state = states.find((candidate) => candidate.name === name);
        if (state?.stopped) throw notReady(describeStop(state.stopped), 30);
        if (!state?.checkpoint) throw notReady(`projection ${name} has not built its read tables yet`, 5);
        if (comparePositions(state.checkpoint.position, head) < 0) behind.push(name);
      }
      if (behind.length > 0) {
        const outcome = await deps.progress.wait(behind, head, READY_WAIT_MS);
        if (!outcome.reached && outcome.stopped) throw notReady(describeStop(outcome.stopped), 30);
        if (!outcome.reached) throw notReady(`projection ${behind.join(', ')} is behind the event log (head ${formatPosition(head)})`, 5);
      }
      const current = await readProjectionStates(deps.pool).catch(() => states);
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
