import { Agenda, type AgendaBackend } from 'agenda';
import type pg from 'pg';
import { isConnectionError } from '../postgres/connection-errors.ts';

export type DailySchedule = {
  /** Agenda job name */
  readonly name: string;
  /** cron expression and its time zone */
  readonly cron: string;
  readonly timeZone: string;
};

export type DailyScheduler = {
  /** resolves once the missed-run check made at start is over (it may have run the job) */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
};

/** A scheduled job and what it runs; Agenda's own lock keeps two processes from running one tick twice. `signal` asks it to wind down. */
export type DailyJob = {
  readonly schedule: DailySchedule;
  readonly run: (signal: AbortSignal) => Promise<void>;
};

export type DailySchedulerOptions = {
  /**
   * the jobs, each stored once however many processes schedule it; with more than one, a process
   * holds one at a time, so that the parts of one day spread over the scheduler processes
   */
  readonly jobs: readonly DailyJob[];
  /** the job store: the app's PostgreSQL pool, or a MongoDB URL */
  readonly store: { readonly kind: 'postgres'; readonly pool: pg.Pool } | { readonly kind: 'mongodb'; readonly url: string };
  /**
   * Called once at start: runs the job when its last due run never completed (the process was down
   * across the scheduled minute). Agenda recomputes the next run from "now" when the job is saved
   * again at start, so this check, not Agenda, is what keeps a restart from skipping the day.
   */
  readonly catchUp: (signal: AbortSignal) => Promise<void>;
  readonly log: (entry: object, message: string) => void;
  /** how often Agenda looks for due jobs, in milliseconds (30 s; a test makes it short) */
  readonly processEveryMs?: number;
  /**
   * how long a run holds its job before another process may take it over, in milliseconds (30
   * minutes); a longer run renews it every third of it. A run checks its lock every half of it on
   * a timer nothing cancels, which keeps a test's process alive that long after the run.
   */
  readonly lockLifetimeMs?: number;
};

async function backendOf(store: DailySchedulerOptions['store']): Promise<AgendaBackend> {
  if (store.kind === 'postgres') {
    const { PostgresBackend } = await import('@agendajs/postgres-backend');
    return new PostgresBackend({ pool: store.pool, tableName: 'agenda_jobs' });
  }
  const { MongoBackend } = await import('@agendajs/mongo-backend');
  return new MongoBackend({ address: store.url, collection: 'agendaJobs' });
}

/**
 * Agenda's PostgreSQL backend creates its table, indexes and trigger with IF NOT EXISTS statements
 * and then upserts the recurring job: two schedulers starting at once on a fresh database race on
 * both, and the loser's start-up fails. They take turns under an advisory lock instead.
 */
async function oneAtATime<T>(store: DailySchedulerOptions['store'], work: () => Promise<T>): Promise<T> {
  if (store.kind !== 'postgres') return work();
  const client = await store.pool.connect();
  // The lock's connection waits idle while the work runs on others; a server going away meanwhile
  // (a restart) reports it as an `error` event, which ends the process unless someone listens.
  // The work then fails with the same loss, and its caller decides.
  let lost: Error | null = null;
  const onLost = (error: Error): void => {
    lost = error;
  };
  client.on('error', onLost);
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('scheduler:setup'))`);
    return await work();
  } finally {
    if (!lost) await client.query(`SELECT pg_advisory_unlock(hashtext('scheduler:setup'))`).catch(() => undefined);
    client.removeListener('error', onLost);
    client.release(lost ?? undefined);
  }
}

/**
 * Agenda's constructor connects the backend itself and leaves a failure unhandled, which ends the
 * process (and its `ready` never settles, so `start` would wait for ever). The backend is
 * connected first, where a failure is caught and retried, and Agenda is handed it connected.
 */
function connectedAlready(backend: AgendaBackend): AgendaBackend {
  return {
    name: backend.name,
    repository: backend.repository,
    notificationChannel: backend.notificationChannel,
    logger: backend.logger,
    ownsConnection: backend.ownsConnection,
    connect: () => Promise.resolve(),
    disconnect: () => backend.disconnect(),
  };
}

const SETUP_ATTEMPTS = 10;

/**
 * Runs the scheduler's setup again when it failed because the database went away (a restart, or
 * the embedded server changing hands between processes), waiting longer each time: the process is
 * serving already, and a failed start-up would end it.
 */
async function setUpWithRetries<T>(setUp: () => Promise<T>, log: DailySchedulerOptions['log']): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await setUp();
    } catch (error) {
      if (!isConnectionError(error) || attempt >= SETUP_ATTEMPTS) throw error;
      log({ err: error, attempt }, 'the scheduler lost the database while setting up; trying again');
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 10_000)));
    }
  }
}

/** Agenda with the daily jobs; its job store is PostgreSQL unless MongoDB is configured. */
export async function startDailyScheduler(options: DailySchedulerOptions): Promise<DailyScheduler> {
  // a shutdown must not wait for a whole day's sends: the job stops taking work, finishes what is under way
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>): Promise<void> => {
    running.add(work);
    return work.finally(() => running.delete(work));
  };
  const backend = await backendOf(options.store);
  const stopRecovering = keepNotificationsAlive(backend, options.log);
  // connecting the backend creates its table, indexes and trigger: inside the turn as well
  const agenda = await setUpWithRetries(
    () =>
      oneAtATime(options.store, async () => {
        await backend.connect();
        const agenda = new Agenda({
          backend: connectedAlready(backend),
          processEvery: options.processEveryMs ?? 30_000,
          name: `shows-${process.pid}`,
          ...(options.jobs.length > 1 ? { lockLimit: 1 } : {}),
        });
        const lockLifetime = options.lockLifetimeMs ?? 30 * 60_000;
        for (const job of options.jobs) {
          agenda.define(
            job.schedule.name,
            async (held) => {
              // a run may outlast its lock (a paced job over many users): Agenda would then give it
              // up and let another process start the same day, so the run renews its lock as it goes
              const renew = setInterval(() => {
                held.touch().catch((error: unknown) => options.log({ err: error, job: job.schedule.name }, 'the daily run could not renew its lock'));
              }, lockLifetime / 3);
              try {
                await track(job.run(stopping.signal));
              } finally {
                clearInterval(renew);
              }
            },
            { concurrency: 1, lockLifetime },
          );
        }
        try {
          await agenda.start();
          // the jobs of an earlier DAILY_JOB_SHARDS (the whole day's, or other parts) would stay
          // stored for ever, run by nobody: every scheduler names the same jobs, so they go
          await agenda.purge();
          for (const { schedule } of options.jobs) {
            await agenda.every(schedule.cron, schedule.name, undefined, { timezone: schedule.timeZone, skipImmediate: true });
          }
        } catch (error) {
          // a half set-up scheduler must not go on processing beside the next attempt's
          await agenda.stop().catch(() => undefined);
          throw error;
        }
        return agenda;
      }),
    options.log,
  );
  const caughtUp = track(options.catchUp(stopping.signal)).catch((error: unknown) => options.log({ err: error }, 'catching up the missed daily run failed'));
  return {
    caughtUp,
    async stop() {
      stopping.abort();
      stopRecovering();
      await agenda.stop();
      await Promise.allSettled([caughtUp, ...running]);
    },
  };
}

/**
 * The PostgreSQL backend's LISTEN connection reports a lost connection as an `error` event, which
 * ends the process unless someone listens, and it gives up reconnecting after ten tries (about a
 * minute and a half). Jobs still run meanwhile (Agenda also polls every `processEvery`); this
 * logs the loss and, once the channel has given up, starts its reconnecting over every 30 s.
 */
function keepNotificationsAlive(backend: AgendaBackend, log: DailySchedulerOptions['log']): () => void {
  const channel = backend.notificationChannel;
  if (!channel) return () => undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let reported = false;
  channel.on('error', (error) => {
    if (reported) return;
    reported = true;
    log({ err: error }, 'the scheduler lost its notification connection; reconnecting');
  });
  channel.on('stateChange', (state) => {
    if (state === 'connected') reported = false;
    if (state !== 'error' || stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => {
      // a failed attempt schedules the channel's own retries again
      if (!stopped) channel.connect().catch(() => undefined);
    }, 30_000);
    retry.unref();
  });
  return () => {
    stopped = true;
    clearTimeout(retry);
  };
}
