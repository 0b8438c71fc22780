// The process's metrics in Prometheus form. The composition root makes one Registry per process and
// hands it here; nothing records into prom-client's global registry, so two systems in one process
// (the tests) keep apart.
import { collectDefaultMetrics, Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { PoolUsage } from '../postgres/pools.ts';

/** The first segment of every stream name the project writes (`gym.workout-…`). */
export const STREAM_CONTEXTS = ['gym', 'shows', 'club', 'forms', 'ops'] as const;
export type StreamContext = (typeof STREAM_CONTEXTS)[number] | 'other';

/** The context a stream belongs to, by its name's prefix; anything else is `other`, so the label stays a short list. */
export function contextOfStream(stream: string): StreamContext {
  const dot = stream.indexOf('.');
  const prefix = dot > 0 ? stream.slice(0, dot) : '';
  return STREAM_CONTEXTS.find((context) => context === prefix) ?? 'other';
}

export type Metrics = {
  readonly registry: Registry;
  readonly httpRequestDuration: Histogram<'service' | 'method' | 'route' | 'status_code'>;
  /** successful appends (one per command that changed something) and the events they carried */
  readonly commandsAppended: Counter<'context'>;
  readonly eventsAppended: Counter<'context'>;
  readonly commandConflicts: Counter<'context' | 'outcome'>;
  readonly rebuildRunning: Gauge<'projection'>;
  readonly rebuildEventsRead: Gauge<'projection'>;
  readonly rebuildEventsTotal: Gauge<'projection'>;
  readonly dailyJobSends: Counter<'channel'>;
  readonly dailyJobFailures: Counter<'channel'>;
};

// most answers take a few milliseconds; a command waiting for its projection may take up to PROJECTION_WAIT_MS
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Defines every metric that is recorded as things happen, and Node's own (event loop lag, heap, GC) on `registry`. */
export function createMetrics(registry: Registry): Metrics {
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'ledger_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer, by service, method, route template ("unmatched" when none) and status',
      labelNames: ['service', 'method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    commandsAppended: new Counter({
      name: 'ledger_commands_appended_total',
      help: 'Appends to the event log, by the context of the stream written',
      labelNames: ['context'],
      registers,
    }),
    eventsAppended: new Counter({
      name: 'ledger_events_appended_total',
      help: 'Events appended to the log, by the context of the stream written',
      labelNames: ['context'],
      registers,
    }),
    commandConflicts: new Counter({
      name: 'ledger_command_conflicts_total',
      help: 'Appends refused for a wrong expected revision: retried (decided again) or gave_up (the conflict is the answer)',
      labelNames: ['context', 'outcome'],
      registers,
    }),
    rebuildRunning: new Gauge({
      name: 'ledger_projection_rebuild_running',
      help: '1 while this process builds or rebuilds the projection from the log',
      labelNames: ['projection'],
      registers,
    }),
    rebuildEventsRead: new Gauge({
      name: 'ledger_projection_rebuild_events_read',
      help: "Events of the projection's streams the latest rebuild in this process has read",
      labelNames: ['projection'],
      registers,
    }),
    rebuildEventsTotal: new Gauge({
      name: 'ledger_projection_rebuild_events_total',
      help: "Events the latest rebuild in this process has to read: the projection's streams counted when it started, grown by what it read since",
      labelNames: ['projection'],
      registers,
    }),
    dailyJobSends: new Counter({
      name: 'ledger_daily_job_sends_total',
      help: 'Notifications the daily shows job sent, by channel',
      labelNames: ['channel'],
      registers,
    }),
    dailyJobFailures: new Counter({
      name: 'ledger_daily_job_failures_total',
      help: 'Notifications the daily shows job could not claim or send, by channel',
      labelNames: ['channel'],
      registers,
    }),
  };
}

/** Records each answer of `service`, in the shape infra/http/app.ts `observeRequests` calls. */
export function requestRecorder(metrics: Metrics, service: string) {
  return (sample: { readonly method: string; readonly route: string | null; readonly statusCode: number; readonly seconds: number }): void =>
    metrics.httpRequestDuration.observe(
      { service, method: sample.method, route: sample.route ?? 'unmatched', status_code: String(sample.statusCode) },
      sample.seconds,
    );
}

/** Records appends and conflicts, in the shape the command handler's observer takes. */
export function appendRecorder(metrics: Metrics) {
  // every context's series from the start, so a first increase shows as one
  for (const context of STREAM_CONTEXTS) {
    metrics.commandsAppended.inc({ context }, 0);
    metrics.eventsAppended.inc({ context }, 0);
  }
  return {
    appended(stream: string, events: number): void {
      const context = contextOfStream(stream);
      metrics.commandsAppended.inc({ context });
      metrics.eventsAppended.inc({ context }, events);
    },
    conflicted(stream: string, outcome: 'retried' | 'gave_up'): void {
      metrics.commandConflicts.inc({ context: contextOfStream(stream), outcome });
    },
  };
}

/** Records the daily job's sends and failures; `channels` get their series at once. */
export function dailyJobRecorder(metrics: Metrics, channels: readonly string[]) {
  for (const channel of channels) {
    metrics.dailyJobSends.inc({ channel }, 0);
    metrics.dailyJobFailures.inc({ channel }, 0);
  }
  return {
    sent: (channel: string): void => metrics.dailyJobSends.inc({ channel }),
    failed: (channel: string): void => metrics.dailyJobFailures.inc({ channel }),
  };
}

/**
 * Records a projection's builds at start, in the shape the projector's rebuild observer takes.
 * `countLog` gives the total, the projection's events (one query on PostgreSQL); the rebuild does not wait for it.
 */
export function rebuildRecorder(metrics: Metrics, projection: string, countLog: () => Promise<number>) {
  const labels = { projection };
  let run = 0;
  let read = 0;
  let total = 0;
  const setTotal = (value: number): void => {
    total = value;
    metrics.rebuildEventsTotal.set(labels, value);
  };
  return {
    started(): void {
      const current = ++run;
      read = 0;
      setTotal(0);
      metrics.rebuildEventsRead.set(labels, 0);
      metrics.rebuildRunning.set(labels, 1);
      countLog().then(
        // events appended meanwhile are read too: the total never falls below what was read
        (counted) => (current === run ? setTotal(Math.max(counted, read)) : undefined),
        () => undefined,
      );
    },
    progress(events: number): void {
      read = events;
      metrics.rebuildEventsRead.set(labels, events);
      if (events > total) setTotal(events);
    },
    finished(completed: boolean): void {
      // a count still under way is of no use any more
      run++;
      if (completed) setTotal(read);
      metrics.rebuildRunning.set(labels, 0);
    },
  };
}

export type ProjectionLagReading = { readonly projection: string; readonly events: number; readonly seconds: number };

/**
 * Projection lag, read when Prometheus scrapes: both gauges share one reading. When it fails (the
 * database is away) the series are dropped rather than left showing the last values.
 */
export function registerProjectionLag(registry: Registry, read: () => Promise<readonly ProjectionLagReading[]>): void {
  let reading: Promise<void> | null = null;
  const refresh = (): Promise<void> =>
    (reading ??= read()
      .then(
        (lags) => {
          events.reset();
          seconds.reset();
          for (const lag of lags) {
            events.set({ projection: lag.projection }, lag.events);
            seconds.set({ projection: lag.projection }, lag.seconds);
          }
        },
        () => {
          events.reset();
          seconds.reset();
        },
      )
      .finally(() => {
        reading = null;
      }));
  const events = new Gauge({
    name: 'ledger_projection_lag_events',
    help: "Events of the projection's own streams among the next ones in the log after its checkpoint (a bounded window)",
    labelNames: ['projection'],
    registers: [registry],
    collect: refresh,
  });
  const seconds = new Gauge({
    name: 'ledger_projection_lag_seconds',
    help: 'How long the oldest event the projection has not applied has waited; 0 when caught up',
    labelNames: ['projection'],
    registers: [registry],
    collect: refresh,
  });
}

/** Connection pool usage, read from the pools' own counters (no query) when Prometheus scrapes. */
export function registerPoolUsage(registry: Registry, read: () => readonly PoolUsage[]): void {
  new Gauge({
    name: 'ledger_db_pool_connections',
    help: 'Open connections of each database pool, in use or idle',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const usage of read()) {
        this.set({ pool: usage.pool, state: 'in_use' }, usage.inUse);
        this.set({ pool: usage.pool, state: 'idle' }, usage.idle);
      }
    },
  });
  new Gauge({
    name: 'ledger_db_pool_waiting_clients',
    help: 'Callers waiting for a connection of each database pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const usage of read()) this.set({ pool: usage.pool }, usage.waiting);
    },
  });
  new Gauge({
    name: 'ledger_db_pool_max_connections',
    help: 'The most connections each database pool opens',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const usage of read()) this.set({ pool: usage.pool }, usage.max);
    },
  });
}
