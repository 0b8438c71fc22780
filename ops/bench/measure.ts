// What the benchmarks share: the limit they divide by, and how a latency list is read.
import pg from 'pg';

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
