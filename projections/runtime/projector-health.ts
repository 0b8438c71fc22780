import type { DatabasePool } from 'slonik';
import { sql } from 'slonik';
import { comparePositions, formatPosition, type Position } from '../../infra/eventstore/port.ts';
import { isDatabaseUnavailable, messageOf, ProjectionEventError, readStop, recordStop, type StoppedOn } from './failures.ts';
import type { ProjectionProgress } from './progress.ts';
import type { Logger } from './projection.ts';

/**
 * What a projector knows of its own trouble, told to its reads, to every process (the failure
 * record) and to the log once per failure: the event it is stopped on, or a database it cannot reach.
 */
export type ProjectorHealth = {
  /** the event the projector is stopped on; null when it is not */
  stopped(): StoppedOn | null;
  /** takes over the stop a process before this one recorded, unless one is known here */
  resume(): Promise<void>;
  /** The checkpoint moved: a stop it passed, or an outage it outlived, is over. */
  progressed(position: Position): Promise<void>;
  failed(error: unknown): Promise<void>;
  /** one more outage in a row: how many there are now */
  outage(): number;
  /** the database answered: the next outage is the first in a row again */
  answered(): void;
};

export function createProjectorHealth(deps: {
  readonly pool: DatabasePool;
  readonly name: string;
  readonly progress: ProjectionProgress;
  readonly log: Logger;
}): ProjectorHealth {
  const { pool, name, progress, log } = deps;
  let stopped: StoppedOn | null = null;
  let unreachable = false;
  let lastLogged: string | null = null;
  // outages in a row, until the database answers
  let outages = 0;

  const eventFields = (stop: StoppedOn) => ({
    projection: name,
    stream: stop.event.stream,
    revision: Number(stop.event.revision),
    position: formatPosition(stop.event.position),
    type: stop.event.type,
    eventId: stop.event.id,
  });

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

  return {
    stopped: () => stopped,
    async resume() {
      stopped ??= await readStop(pool, name);
    },
    progressed,
    failed,
    outage: () => ++outages,
    answered() {
      outages = 0;
    },
  };
}
