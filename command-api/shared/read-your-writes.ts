import type { FastifyReply, FastifyRequest } from 'fastify';
import { comparePositions, type EventStore, formatPosition, parsePosition, type Position } from '../../infra/eventstore/port.ts';
import type { HttpApp } from '../../infra/http/app.ts';
import { HttpError, serviceUnavailable } from '../../infra/http/errors.ts';
import type { ProjectionProgress } from '../../projections/runtime/progress.ts';

export const BEHIND_MESSAGE = 'Saved, but the read side is behind; read again shortly';
export const HEAD_BEHIND_MESSAGE = 'The read side has not caught up with the latest saves yet; read again shortly';

/** seconds a client waits before trying again when a projector is stopped: an operator has to act */
const STOPPED_RETRY_AFTER = 30;

/**
 * Read-your-writes: returns once every named projection has processed `position`, so the caller's
 * next read sees its own write; past `waitMs` the answer is 503 NOT_READY with Retry-After. A
 * projection stopped on an event at or before `position` will not get there by waiting: that is 503
 * READ_SIDE_STOPPED at once. A command that appended nothing (position null) has nothing to wait for.
 */
export async function awaitProjections(
  progress: ProjectionProgress,
  names: readonly string[],
  position: Position | null,
  waitMs: number,
  message = BEHIND_MESSAGE,
): Promise<void> {
  if (!position) return;
  const outcome = await progress.wait(names, position, waitMs);
  if (outcome.reached) return;
  if (outcome.stopped) {
    // the client learns which read side, not which event: stream names carry other users' ids
    throw new HttpError(
      503,
      'READ_SIDE_STOPPED',
      `The ${outcome.stopped.projection} read side is stopped on an event it cannot apply until an operator fixes or parks it; anything this request wrote is kept`,
      { headers: { 'retry-after': String(STOPPED_RETRY_AFTER) } },
    );
  }
  throw serviceUnavailable(1, message);
}

/**
 * Where a command's events landed, on its answer; on a request, the position its reads wait for.
 * A client whose next request may reach another process sends back the last one it was given.
 */
export const LOG_POSITION_HEADER = 'x-log-position';

/** The last position each session wrote through this process (at most 20,000 sessions, least recent first out). */
export type WritePositions = {
  note(sessionId: string, position: Position): void;
  last(sessionId: string): Position | undefined;
};

const REMEMBERED_SESSIONS = 20_000;

export function createWritePositions(): WritePositions {
  const last = new Map<string, Position>();
  return {
    note(sessionId, position) {
      const before = last.get(sessionId);
      last.delete(sessionId);
      last.set(sessionId, before && comparePositions(before, position) > 0 ? before : position);
      if (last.size > REMEMBERED_SESSIONS) last.delete(last.keys().next().value!);
    },
    last: (sessionId) => last.get(sessionId),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false on a route that reads no projection (it answers from the command side's own state), so
     * it need not wait for the caller's earlier writes to be projected
     */
    readonly readsProjections?: boolean;
    /**
     * true on a route read by clients that keep no position (no session, no x-log-position: a form's
     * API client): it also waits for the head of the log as it stands when the read arrives, so every
     * write answered before the read, by anyone through any process, is in its answer
     */
    readonly readsLogHead?: boolean;
  }
}

/**
 * Read-your-writes without blocking the write: a command that answers from its decided state
 * hands back its position (`answeredBeforeProjected`) instead of waiting; every later request of
 * the same session through this process, or one that sends the position back, waits before it
 * reads until the service's projections have it.
 */
export function registerReadYourWrites(
  app: HttpApp,
  deps: {
    readonly progress: ProjectionProgress;
    readonly writes: WritePositions;
    readonly projections: readonly string[];
    readonly waitMs: number;
    /** where the head of the log is, for routes that say `readsLogHead` */
    readonly store?: Pick<EventStore, 'headPosition'>;
  },
): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.readsLogHead && !deps.store) throw new Error(`${route.method} ${route.url} reads the log head, but registerReadYourWrites was given no store`);
  });
  app.addHook('preHandler', async (request) => {
    const { config } = request.routeOptions;
    if (config.readsProjections === false) return;
    const sent = request.headers[LOG_POSITION_HEADER];
    let position = request.sessionId ? deps.writes.last(request.sessionId) : undefined;
    if (typeof sent === 'string') {
      let parsed: Position;
      try {
        parsed = parsePosition(sent);
      } catch {
        throw new HttpError(400, 'VALIDATION_FAILED', `${LOG_POSITION_HEADER}: must be a position this service answered with, like 1234/5678`);
      }
      if (!position || comparePositions(parsed, position) > 0) position = parsed;
    }
    const head = config.readsLogHead ? await deps.store!.headPosition() : undefined;
    if (head && (!position || comparePositions(head, position) > 0)) {
      // later than any save of the caller's own: what holds this read up is the read side's lag
      await awaitProjections(deps.progress, deps.projections, head, deps.waitMs, HEAD_BEHIND_MESSAGE);
    } else if (position) {
      await awaitProjections(deps.progress, deps.projections, position, deps.waitMs);
    }
  });
}

/** The answer of a command that did not wait for its projections: its position, for the caller's next reads. */
export function answeredBeforeProjected(request: FastifyRequest, reply: FastifyReply, writes: WritePositions, position: Position | null): void {
  if (!position) return;
  if (request.sessionId) writes.note(request.sessionId, position);
  reply.header(LOG_POSITION_HEADER, formatPosition(position));
}
