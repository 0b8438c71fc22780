import { chmod, mkdir, mkdtemp, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded.ts';

/** Durability buys nothing in a cluster thrown away at the end. */
export const THROWAWAY_SETTINGS: Readonly<Record<string, string>> = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

export type ThrowawayPostgres = EmbeddedPostgresHandle & {
  /** a temporary folder of its own, beside the cluster's data, gone after `stop` */
  readonly dir: string;
};

/** `url` with its host a folder of Unix sockets (the port names the socket in it) */
function socketUrl(url: string, sockets: string): string {
  const socket = new URL(url);
  socket.hostname = 'localhost';
  socket.searchParams.set('host', sockets);
  return socket.toString();
}

const TMPFS_MAGIC = 0x01021994;
const MEMORY_FOLDER = '/dev/shm';

/**
 * Where a throwaway cluster's folder goes: in memory (Linux's /dev/shm, when it has 4 GiB free)
 * or else the temporary folder. Creating a database copies about a thousand files, and on this
 * machine's disk that took 0.45 s of the server's CPU against 0.03 s in memory; the test suite
 * makes one for every test system.
 */
async function throwawayParent(): Promise<string> {
  if (process.platform !== 'linux') return tmpdir();
  const memory = await statfs(MEMORY_FOLDER).catch(() => null);
  return memory && memory.type === TMPFS_MAGIC && memory.bavail * memory.bsize >= 4 * 2 ** 30 ? MEMORY_FOLDER : tmpdir();
}

/** An embedded PostgreSQL in a fresh temporary folder on a free port; `stop` removes the folder too. */
export async function startThrowawayPostgres(prefix: string, settings: Readonly<Record<string, string>> = {}): Promise<ThrowawayPostgres> {
  const dir = await mkdtemp(path.join(await throwawayParent(), prefix));
  // as root the server runs as the `postgres` user, which must be able to enter the folder
  await chmod(dir, 0o755);
  // Its clients connect through a Unix socket where there are sockets: a query costs a quarter
  // less CPU than over TCP on the loopback, on both sides, and the test suite is mostly queries.
  const sockets = process.platform === 'win32' ? null : path.join(dir, 'sockets');
  if (sockets) {
    await mkdir(sockets);
    await chmod(sockets, 0o777);
  }
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'data'),
    port: 0,
    persistent: false,
    trustSocket: sockets !== null,
    settings: { ...THROWAWAY_SETTINGS, ...(sockets ? { unix_socket_directories: sockets } : {}), ...settings },
  });
  return {
    ...postgres,
    url: sockets ? socketUrl(postgres.url, sockets) : postgres.url,
    dir,
    stop: async () => {
      try {
        await postgres.stop();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
