// Runs one projector in its own process until killed; prints `batch` as each batch starts.
import { loadConfig } from '../infra/config.ts';
import { openCore } from '../ops/system.ts';
import { startProjector } from './runtime.ts';
import { eventLogProjection } from './testing-projection.ts';

const core = await openCore(loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATABASE_POOL_SIZE: '4', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' }));
const projection = eventLogProjection('crashtest', Number(process.env.PAUSE_MS ?? '0'), (size) => {
  process.stdout.write(`batch ${size}\n`);
});
const log = { info: () => undefined, warn: () => undefined, error: (o: object) => process.stderr.write(`${JSON.stringify(o)}\n`) };
const projector = startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log });
process.on('SIGTERM', () => {
  void projector.stop().then(() => core.close()).then(() => process.exit(0));
});
