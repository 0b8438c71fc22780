// What the benchmarks share: the limit they divide by, and how a latency list is read.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../infra/postgres/embedded.ts';

/** Nearest rank: the smallest value with at least p% of the values at or below it; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** p50 and p99 of unsorted latencies in milliseconds, as every bench prints them. */
export function p50p99(latencies: readonly number[]): string {
  const sorted = Float64Array.from(latencies).sort();
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
}

/**
 * The limit the architecture's targets divide by: autocommit single-row INSERTs of a small JSON
 * payload into `bench_insert(id bigserial primary key, payload jsonb)`, each writer on its own connection.
 */
export async function openInserters(url: string, writers: number): Promise<{ op: (worker: number) => Promise<void>; close(): Promise<void> }> {
  const clients = await Promise.all(
    Array.from({ length: writers }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const counts = clients.map(() => 0);
  return {
    async op(worker) {
      const n = counts[worker]!++;
      await clients[worker]!.query('INSERT INTO bench_insert (payload) VALUES ($1)', [JSON.stringify({ writer: worker, n, note: 'a small payload' })]);
    },
    async close() {
      await Promise.all(clients.map((client) => client.end()));
    },
  };
}

/** A positive number from the environment, or the fallback when unset; anything else stops the bench. */
export function positiveSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

/** A figure as the benches print it: thousands separated, a fixed number of decimals. */
export function fmt(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';
}

export type BenchPostgres = {
  readonly admin: pg.Client;
  /** the connection string of another database of the same server */
  urlOf(database: string): string;
  /** run in reverse order when the bench ends, whether it failed or not */
  onEnd(cleanup: () => Promise<void>): void;
};

/**
 * A bench's own embedded PostgreSQL in a fresh temporary folder (port 0, default durability:
 * fsync, synchronous_commit and full_page_writes stay on), stopped and removed afterwards.
 */
export async function withBenchPostgres(name: string, settings: Readonly<Record<string, string>>, run: (server: BenchPostgres) => Promise<void>): Promise<void> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), `ledger-bench-${name}-`));
  await chmod(tempDir, 0o755);
  let postgres: EmbeddedPostgresHandle | null = null;
  const cleanups: Array<() => Promise<void>> = [];
  try {
    postgres = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), port: 0, persistent: false, settings });
    const url = postgres.url;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    await run({
      admin,
      urlOf(database) {
        const other = new URL(url);
        other.pathname = `/${database}`;
        return other.toString();
      },
      onEnd: (cleanup) => cleanups.push(cleanup),
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
    await postgres?.stop().catch((error: unknown) => console.error('stopping PostgreSQL failed', error));
    await rm(tempDir, { recursive: true, force: true });
  }
}

/** The middle value (nearest rank); NaN when empty. */
export function median(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

/** Where the server's write counters stand: the next transaction id to be assigned and the WAL's end. */
export type WriteMark = { readonly nextXid: string; readonly walLsn: string };

/** The server's write counters now; reading them assigns no transaction id and writes no WAL. */
export async function writeMark(client: pg.Client | pg.Pool): Promise<WriteMark> {
  const { rows } = await client.query<{ next_xid: string; wal_lsn: string }>(
    'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next_xid, pg_current_wal_lsn()::text AS wal_lsn',
  );
  return { nextXid: rows[0]!.next_xid, walLsn: rows[0]!.wal_lsn };
}

/**
 * What the whole server wrote since `before`: transactions that wrote (each is given a transaction
 * id when it first writes; read-only ones are not) and WAL bytes. Whole-server figures, so a bench
 * reads them around work that nothing else runs beside.
 */
export async function writtenSince(client: pg.Client | pg.Pool, before: WriteMark): Promise<{ writeTransactions: number; walBytes: number }> {
  const after = await writeMark(client);
  const { rows } = await client.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes', [after.walLsn, before.walLsn]);
  return { writeTransactions: Number(BigInt(after.nextXid) - BigInt(before.nextXid)), walBytes: Number(rows[0]!.bytes) };
}
