// `npm run bench:peers`: our PostgreSQL event store beside what PostgreSQL itself does (single-row
// INSERT commits) and beside Emmett's PostgreSQL event store (`@event-driven-io/emmett-postgresql`,
// a devDependency used only here), on one embedded PostgreSQL with default durability. The contenders
// run in interleaved slices, each in its own database, so each ratio divides figures taken side by
// side. For every slice: appends/s, p50/p99, write transactions, WAL bytes and full-page images per
// append (pg_stat_wal). See docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { eventStoreMigration } from '../../infra/eventstore/postgres-schema.ts';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.ts';
import { type EventStore, type ExpectedRevision, WrongExpectedRevisionError } from '../../infra/eventstore/port.ts';
import { migrate } from '../../infra/postgres/migrations.ts';
import { fmt, median, percentile, positiveSetting, withBenchPostgres } from './measure.ts';

const SECONDS = positiveSetting('BENCH_SECONDS', 3);
const REPEATS = Math.round(positiveSetting('BENCH_REPEATS', 3));
/** events per stream before a writer starts a new one: the first append expects no stream, the rest an exact revision */
const STREAM_LENGTH = 10;


/** one writer's next append; resolves once it is committed (a lost race counts as no append) */
type Op = (writer: number) => Promise<boolean>;
type Contender = { readonly name: string; readonly database: string; readonly op: (writers: number, oneStream: boolean) => Op };

type Slice = {
  readonly rate: number;
  readonly p50: number;
  readonly p99: number;
  readonly xacts: number;
  readonly walBytes: number;
  readonly fpi: number;
  /** CPU of this Node process (the writers and the store's client side) per append */
  readonly nodeCpuMs: number;
  /** share of the machine's CPU time busy during the slice (from /proc/stat; NaN elsewhere) */
  readonly busy: number;
};

/** jiffies the machine's CPUs spent busy and in all, from /proc/stat's first line */
async function cpuTimes(): Promise<{ busy: number; total: number } | null> {
  const text = await readFile('/proc/stat', 'utf8').catch(() => null);
  const fields = text?.split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 5) return null;
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - (fields[4] ?? 0), total };
}

type WalCounters = { readonly xid: bigint; readonly lsn: bigint; readonly fpi: bigint };

async function walCounters(admin: pg.Client): Promise<WalCounters> {
  const { rows } = await admin.query<{ xid: string; lsn: string; fpi: string }>(
    `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid, (pg_current_wal_insert_lsn() - '0/0')::text AS lsn,
       (SELECT wal_fpi::text FROM pg_stat_wal) AS fpi`,
  );
  const row = rows[0]!;
  return { xid: BigInt(row.xid), lsn: BigInt(row.lsn.split('.')[0]!), fpi: BigInt(row.fpi) };
}

const payload = (writer: number, n: number) => ({ writer, n, note: 'a small payload' });
const metadata = () => ({ userId: null, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 });

async function slice(admin: pg.Client, writers: number, op: Op): Promise<Slice> {
  const latencies: number[] = [];
  const before = await walCounters(admin);
  const cpuBefore = process.cpuUsage();
  const machineBefore = await cpuTimes();
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        if (await op(writer)) latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const machineAfter = await cpuTimes();
  // WAL written by the background (a checkpoint's own records) lands here too; slices alternate, so it falls on all alike
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const after = await walCounters(admin);
  const appends = Math.max(1, latencies.length);
  const sorted = Float64Array.from(latencies).sort();
  return {
    rate: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    xacts: Number(after.xid - before.xid) / appends,
    walBytes: Number(after.lsn - before.lsn) / appends,
    fpi: Number(after.fpi - before.fpi) / appends,
    nodeCpuMs: (cpu.user + cpu.system) / 1000 / appends,
    busy: machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total) : Number.NaN,
  };
}

/** single-row INSERT commits of the same small JSON, each writer on its own connection */
async function rawInserts(url: string): Promise<{ contender: Contender; close(): Promise<void> }> {
  const clients = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  await clients[0]!.query('CREATE TABLE bench_insert (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
  const counts = clients.map(() => 0);
  return {
    contender: {
      name: 'INSERT',
      database: 'bench_raw',
      op: () => async (writer) => {
        await clients[writer]!.query('INSERT INTO bench_insert (payload) VALUES ($1)', [JSON.stringify(payload(writer, counts[writer]!++))]);
        return true;
      },
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.end()));
    },
  };
}

/**
 * Appends of one event: on its own streams per writer, or all writers on one stream, each with the
 * revision it last saw (a writer that loses the race reads the revision again, as a command would).
 */
function appenders(append: (stream: string, writer: number, n: number, expected: bigint | null) => Promise<bigint | 'conflict'>, revisionOf: (stream: string) => Promise<bigint | null>) {
  return (writers: number, oneStream: boolean): Op => {
    const run = randomUUID().slice(0, 8);
    const state = Array.from({ length: writers }, () => ({ stream: 0, revision: null as bigint | null, n: 0 }));
    let shared: bigint | null = null;
    return async (writer) => {
      const own = state[writer]!;
      if (oneStream) {
        const stream = `bench.shared-${run}`;
        const result = await append(stream, writer, own.n++, shared);
        if (result === 'conflict') {
          shared = await revisionOf(stream);
          return false;
        }
        if (shared === null || result > shared) shared = result;
        return true;
      }
      const stream = `bench.own-${run}-w${writer}-s${own.stream}`;
      const result = await append(stream, writer, own.n++, own.revision);
      if (result === 'conflict') throw new Error(`a writer on its own stream ${stream} met a conflict`);
      if (result + 1n >= BigInt(STREAM_LENGTH)) {
        own.stream++;
        own.revision = null;
      } else {
        own.revision = result;
      }
      return true;
    };
  };
}

function oursContender(store: EventStore, name = 'ours'): Contender {
  return {
    name,
    database: 'bench_ours',
    op: appenders(
      async (stream, writer, n, revision) => {
        const expected: ExpectedRevision = revision === null ? 'no_stream' : revision;
        try {
          const result = await store.append(stream, [{ id: randomUUID(), type: 'bench-appended', data: payload(writer, n), metadata: metadata() }], expected);
          return result.nextRevision;
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) return 'conflict';
          throw error;
        }
      },
      async (stream) => (await store.lastEvent(stream))?.revision ?? null,
    ),
  };
}

async function emmettContender(url: string): Promise<{ contender: Contender; close(): Promise<void> }> {
  const { getPostgreSQLEventStore } = await import('@event-driven-io/emmett-postgresql');
  const { STREAM_DOES_NOT_EXIST } = await import('@event-driven-io/emmett');
  // the PostgreSQL package bundles its own copy of Emmett's error classes: instanceof cannot tell, the HTTP-like code can
  const isConflict = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { errorCode?: unknown }).errorCode === 412;
  const store = getPostgreSQLEventStore(url);
  await store.schema.migrate();
  return {
    contender: {
      name: 'Emmett',
      database: 'bench_emmett',
      // Emmett counts a stream's version from 1 (the first event makes version 1); ours counts revisions from 0
      op: appenders(
        async (stream, writer, n, revision) => {
          try {
            const result = await store.appendToStream(stream, [{ type: 'bench-appended', data: payload(writer, n), metadata: metadata() }], {
              expectedStreamVersion: revision === null ? STREAM_DOES_NOT_EXIST : revision + 1n,
            });
            return result.nextExpectedStreamVersion - 1n;
          } catch (error) {
            if (isConflict(error)) return 'conflict';
            throw error;
          }
        },
        async (stream) => {
          const read = await store.readStream(stream);
          return read.streamExists ? read.currentStreamVersion - 1n : null;
        },
      ),
    },
    close: () => store.close(),
  };
}

async function main(): Promise<void> {
  await withBenchPostgres('peers', {}, async ({ admin, urlOf, onEnd }) => {
    for (const database of ['bench_raw', 'bench_ours', 'bench_emmett']) await admin.query(`CREATE DATABASE ${database}`);

    const raw = await rawInserts(urlOf('bench_raw'));
    onEnd(raw.close);
    const oursPool = new pg.Pool({ connectionString: urlOf('bench_ours'), max: 10 });
    onEnd(() => oursPool.end());
    await migrate(oursPool, [eventStoreMigration]);
    const ours = createPostgresEventStore(oursPool);
    onEnd(() => ours.close());
    // the same store with two append transactions in flight at once instead of one (appendLanes)
    const oursTwoLanes = createPostgresEventStore(oursPool, { appendLanes: 2 });
    onEnd(() => oursTwoLanes.close());
    const emmett = await emmettContender(urlOf('bench_emmett'));
    onEnd(emmett.close);
    const contenders = [raw.contender, oursContender(ours), emmett.contender];

    const cpus = os.cpus();
    const { rows: [version] } = await admin.query<{ server_version: string }>('SHOW server_version');
    console.log('bench:peers');
    console.log(`  machine     ${cpus[0]?.model ?? 'unknown cpu'}, nproc ${os.availableParallelism()}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, ${os.platform()} ${os.release()}`);
    console.log(`  node        ${process.version}; PostgreSQL ${version?.server_version} embedded, default durability`);
    console.log(`  settings    BENCH_SECONDS=${SECONDS} per slice, BENCH_REPEATS=${REPEATS}; load average at start ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);

    const cases = [
      { label: '1 writer', writers: 1, oneStream: false, with: contenders },
      { label: '8 writers, own streams', writers: 8, oneStream: false, with: [...contenders, oursContender(oursTwoLanes, 'ours, 2 lanes')] },
      { label: '8 writers, one stream', writers: 8, oneStream: true, with: contenders.slice(1) },
    ];
    const results = new Map<string, Slice[]>();
    // warm-up: connections, prepared plans, the first pages of every table
    for (const contender of contenders) await slice(admin, 8, contender.op(8, false));
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      for (const { label, writers, oneStream, with: those } of cases) {
        // a different order each repeat, so no contender always follows the same one
        const order = those.map((_, i) => those[(i + repeat) % those.length]!);
        for (const contender of order) {
          const key = `${label}|${contender.name}`;
          results.set(key, [...(results.get(key) ?? []), await slice(admin, writers, contender.op(writers, oneStream))]);
        }
      }
    }

    console.log('');
    console.log('| case | store | appends/s (median; slices) | p50 / p99 ms | write transactions per append | WAL bytes per append | full-page images per append | Node CPU per append | machine CPU busy |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const { label, with: those } of cases) {
      for (const contender of those) {
        const slices = results.get(`${label}|${contender.name}`)!;
        const rates = slices.map((s) => s.rate);
        console.log(
          `| ${label} | ${contender.name} | ${fmt(median(rates))} (${rates.map((r) => fmt(r)).join(', ')}) | ` +
            `${fmt(median(slices.map((s) => s.p50)), 2)} / ${fmt(median(slices.map((s) => s.p99)), 2)} | ${fmt(median(slices.map((s) => s.xacts)), 2)} | ` +
            `${fmt(median(slices.map((s) => s.walBytes)))} | ${fmt(median(slices.map((s) => s.fpi)), 3)} | ${fmt(median(slices.map((s) => s.nodeCpuMs)), 3)} ms | ${fmt(100 * median(slices.map((s) => s.busy)))} % |`,
        );
      }
    }
    const ratio = (label: string, a: string, b: string): string => {
      const top = results.get(`${label}|${a}`)!;
      const bottom = results.get(`${label}|${b}`)!;
      const ratios = top.map((s, i) => s.rate / bottom[i]!.rate);
      return `${fmt(median(ratios), 2)} (slices ${ratios.map((r) => fmt(r, 2)).join(', ')})`;
    };
    console.log('');
    console.log(`ours ÷ INSERT, 8 writers: **${ratio('8 writers, own streams', 'ours', 'INSERT')}** (goal ≥ 1.0)`);
    console.log(`ours ÷ INSERT, 1 writer: ${ratio('1 writer', 'ours', 'INSERT')}`);
    console.log(`ours ÷ Emmett, 8 writers: **${ratio('8 writers, own streams', 'ours', 'Emmett')}** (goal: keep ≥ 2)`);
    console.log(`ours ÷ Emmett, 1 writer: ${ratio('1 writer', 'ours', 'Emmett')}`);
    console.log(`ours ÷ Emmett, 8 writers on one stream: ${ratio('8 writers, one stream', 'ours', 'Emmett')}`);
    console.log(`load average at end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  });
}

await main();
