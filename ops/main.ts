// `npm start`: every service, its projectors and the scheduler in one process.
import { pino } from 'pino';
import { ConfigError, loadConfig, modeLine, type Config } from '../infra/config.ts';
import type { System } from './system.ts';
import { appAddresses } from './ui/addresses.ts';

// `--demo` (npm run demo): TVmaze's recorded answers stand in for TVmaze, and demo accounts are added once the services listen
const demo = process.argv.includes('--demo') ? await (await import('./demo.ts')).startDemo() : null;

let config: Config;
try {
  config = loadConfig(demo ? { ...process.env, ...demo.env } : process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

// a person at a terminal reads lines; anything else (a file, a log collector, a test) gets JSON
const atTerminal = process.stdout.isTTY === true;
const logger = atTerminal
  ? pino({ level: config.LOG_LEVEL }, (await import('pino-pretty')).default({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }))
  : pino({ level: config.LOG_LEVEL });
const mode = modeLine(config);
logger[mode.level](mode.entry, mode.message);

// Signals are taken from the first moment: one that arrives during start-up stops the process
// once it has started, rather than killing it and orphaning the embedded PostgreSQL server.
let system: System | null = null;
let requested: string | null = null;
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (!system) {
    requested ??= signal;
    return;
  }
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    // resolves once the embedded server (when this process runs it) has exited
    await system.stop();
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// loaded after the mode line, so that line comes first and at once
const { startSystem } = await import('./system.ts');
const { ensureWebApps } = await import('./ui/build.ts');
system = await ensureWebApps({ log: (message) => logger.info(message) })
  .then(() => startSystem(config, logger))
  .catch((error: unknown) => {
    // an unusable questionnaire is the operator's to fix: one line naming the file and the field
    if (error instanceof Error && error.name === 'FormDefinitionError') process.stderr.write(`invalid questionnaire: ${error.message}\n`);
    logger.fatal({ err: error }, 'start-up failed');
    process.exit(1);
  });
if (requested) await shutdown(requested);
else {
  const demoSummary = demo ? await demo.seed(system, config, logger) : null;
  const addresses = appAddresses(config, system.services);
  for (const line of addresses) logger.info({ app: line.app, url: line.url }, `open the ${line.app} app: ${line.url}`);
  if (atTerminal && addresses.length > 0) process.stdout.write(`${(await import('./start-summary.ts')).startSummary(config, addresses)}\n`);
  if (atTerminal && demoSummary) process.stdout.write(`${demoSummary}\n`);
}
