// The process's metrics when METRICS_PORT is set: one registry, the observers the recording parts
// are given, and the readings taken when Prometheus scrapes. Loaded only by a process that keeps them.
import { Registry } from 'prom-client';
import type { Core } from '../command-api/shared/core.ts';
import type { CommandObserver } from '../command-api/shared/handle-command.ts';
import type { DailyJobDeps } from '../jobs/shows/daily-job.ts';
import { CHANNELS } from '../domain/shows/notification.ts';
import type { RequestObserver } from '../infra/http/app.ts';
import {
  appendRecorder,
  createMetrics,
  dailyJobRecorder,
  rebuildRecorder,
  registerPoolUsage,
  registerProjectionLag,
  requestRecorder,
} from '../infra/metrics/metrics.ts';
import { poolUsage } from '../infra/postgres/pools.ts';
import { readProjectionLag } from '../projections/lag.ts';
import type { Projection } from '../projections/runtime/projection.ts';
import type { RebuildObserver } from '../projections/runtime/rebuild.ts';

/** A scrape reads at most this many events after each distinct checkpoint, and counts each projection's own among them. */
export const LAG_READ_LIMIT = 1000;

export type CoreMetrics = {
  /** `streams`: the projection's (Projection.streams), whose events its rebuild reads */
  rebuild(projection: string, streams: readonly string[] | undefined): RebuildObserver;
  readonly dailyJob: Pick<DailyJobDeps, 'observer' | 'writes'>;
  requests(service: string): RequestObserver;
};

export type ProcessMetrics = {
  readonly registry: Registry;
  /** for the command handler, which the core is built with */
  readonly appends: CommandObserver;
  /** the rest, once the core they read is open: pool and lag readings are registered here */
  attach(core: Pick<Core, 'db' | 'store'>, projections: ReadonlyArray<Pick<Projection, 'name' | 'streams'>>): CoreMetrics;
};

export function createProcessMetrics(): ProcessMetrics {
  const registry = new Registry();
  const metrics = createMetrics(registry);
  const appends = appendRecorder(metrics);
  return {
    registry,
    appends,
    attach(core, projections) {
      registerPoolUsage(registry, () => poolUsage(core.db));
      registerProjectionLag(registry, () =>
        readProjectionLag({ pool: core.db.slonik, store: core.store }, projections, { limit: LAG_READ_LIMIT, now: Date.now() }),
      );
      return {
        // each projection's total is the count of its own streams (the only ones its rebuild reads)
        rebuild: (projection, streams) => rebuildRecorder(metrics, projection, () => core.store.count(streams)),
        dailyJob: { observer: dailyJobRecorder(metrics, CHANNELS), writes: appends },
        requests: (service) => requestRecorder(metrics, service),
      };
    },
  };
}
