// Timed loops of an operation, and their slices summed into one figure.
import pg from 'pg';
import { fmt, percentile } from '../measure.ts';

export type Slice = {
  readonly ops: number;
  readonly seconds: number;
  readonly latencies: readonly number[];
  /** transaction ids handed out: the write transactions of the cluster */
  readonly xids: number;
  readonly walBytes: number;
};

type ClusterCounters = { readonly xid: bigint; readonly wal: bigint };

/** the cluster's next transaction id and WAL insert position; reading them writes nothing */
export async function counters(pool: pg.Pool): Promise<ClusterCounters> {
  const { rows } = await pool.query<{ xid: string; lsn: string }>(
    'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid, pg_current_wal_insert_lsn()::text AS lsn',
  );
  const [high, low] = rows[0]!.lsn.split('/');
  return { xid: BigInt(rows[0]!.xid), wal: (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`) };
}

export async function countersSince(pool: pg.Pool, before: ClusterCounters): Promise<{ xids: number; walBytes: number }> {
  const after = await counters(pool);
  return { xids: Number(after.xid - before.xid), walBytes: Number(after.wal - before.wal) };
}

/**
 * Runs `workers` loops of `op` for `seconds`; every op started before the deadline is counted.
 * `pool` also counts the transaction ids and WAL bytes the cluster used meanwhile.
 */
export async function runFor(seconds: number, workers: number, op: (worker: number) => Promise<void>, pool?: pg.Pool): Promise<Slice> {
  const latencies: number[] = [];
  const before = pool ? await counters(pool) : null;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await op(worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = pool && before ? await countersSince(pool, before) : { xids: 0, walBytes: 0 };
  return { ops: latencies.length, seconds: elapsed, latencies, ...used };
}

/** Several slices of one measurement, taken apart in time (interleaved with others) and summed. */
export class Tally {
  ops = 0;
  seconds = 0;
  xids = 0;
  walBytes = 0;
  readonly rates: number[] = [];
  private readonly all: number[] = [];
  private sortedCache: Float64Array | null = null;

  add(slice: Slice): this {
    this.ops += slice.ops;
    this.seconds += slice.seconds;
    this.xids += slice.xids;
    this.walBytes += slice.walBytes;
    this.rates.push(slice.ops / slice.seconds);
    for (const latency of slice.latencies) this.all.push(latency);
    this.sortedCache = null;
    return this;
  }

  get rate(): number {
    return this.ops / this.seconds;
  }

  get xidsPerOp(): number {
    return this.xids / this.ops;
  }

  get walPerOp(): number {
    return this.walBytes / this.ops;
  }

  percentile(p: number): number {
    this.sortedCache ??= Float64Array.from(this.all).sort();
    return percentile(this.sortedCache, p);
  }

  /** slowest and fastest slice, to show how steady the machine was */
  get spread(): string {
    return `slices ${fmt(Math.min(...this.rates))}..${fmt(Math.max(...this.rates))}/s`;
  }
}

export const rate = (t: { ops: number; seconds: number }): number => t.ops / t.seconds;
