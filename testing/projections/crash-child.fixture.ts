// Runs projectors in their own process until killed; prints `batch <n>` as each batch starts.
// PROJECTIONS=gym,forms runs those real projections; unset, the runtime's test projection.
import { loadConfig } from '../../infra/config.ts';
import { findProjection, openCore } from '../../ops/system.ts';
import type { Projection } from '../../projections/runtime/projection.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { eventLogProjection } from './event-log-projection.ts';

const named = (process.env.PROJECTIONS ?? '').split(',').filter(Boolean);
// each projector holds one connection for its advisory lock and needs another for its batches
const poolSize = String(Math.max(4, named.length * 2 + 2));
const core = await openCore(loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATABASE_POOL_SIZE: poolSize, SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' }));
const announce = (size: number): void => void process.stdout.write(`batch ${size}\n`);
const selected: Projection[] =
  named.length === 0
    ? [eventLogProjection('crashtest', Number(process.env.PAUSE_MS ?? '0'), announce)]
    : named.map((name) => {
        const projection = findProjection(name);
        if (!projection) throw new Error(`unknown projection ${name}`);
        return {
          ...projection,
          async apply(tx, schema, events) {
            announce(events.length);
            await projection.apply(tx, schema, events);
          },
        };
      });
const log = { info: () => undefined, warn: () => undefined, error: (o: object) => process.stderr.write(`${JSON.stringify(o)}\n`) };
const projectors = selected.map((projection) =>
  startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log }),
);
process.on('SIGTERM', () => {
  void Promise.all(projectors.map((projector) => projector.stop()))
    .then(() => core.close())
    .then(() => process.exit(0));
});
