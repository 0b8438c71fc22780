// What the machine and PostgreSQL were doing in a step's slowest seconds, beside its typical one:
// sampled every 250 ms, the kernel's pressure stall figures (the share of time some task waited for
// a CPU, or for I/O), the disk's writes and the time it spent on them, and what PostgreSQL's active
// backends waited on. A write that stalls for a second says here whether it waited for the CPU, the
// disk, a lock or the WAL.
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { fmt, percentile } from '../measure.ts';
import type { Recorder } from './open-loop.ts';
import { type Sampler, sampleEvery } from './sampling.ts';

const EVERY_MS = 250;
const SLOW_MS = 100;

export type Sample = {
  /** performance.now() */
  readonly at: number;
  /** microseconds since boot that some task waited for a CPU, and for I/O */
  readonly cpuSome: number;
  readonly ioSome: number;
  /** the disks' writes completed, and milliseconds spent writing, since boot */
  readonly writes: number;
  readonly writeMs: number;
  /** active backends by what they waited on ('CPU' when on none) */
  readonly waits: ReadonlyMap<string, number>;
};

const PSI_TOTAL = /^some .*total=(\d+)$/m;

async function pressure(kind: 'cpu' | 'io'): Promise<number> {
  const text = await readFile(`/proc/pressure/${kind}`, 'utf8').catch(() => '');
  return Number(PSI_TOTAL.exec(text)?.[1] ?? Number.NaN);
}

/** whole disks (not partitions, loops or RAM disks): their writes and write time */
async function diskWrites(): Promise<{ writes: number; writeMs: number }> {
  const text = await readFile('/proc/diskstats', 'utf8').catch(() => '');
  let writes = 0;
  let writeMs = 0;
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (!/^(sd[a-z]+|vd[a-z]+|xvd[a-z]+|nvme\d+n\d+)$/.test(fields[2] ?? '')) continue;
    writes += Number(fields[7]);
    writeMs += Number(fields[10]);
  }
  return { writes, writeMs };
}

const WAITS_SQL = `
  SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, count(*)::int AS n
  FROM pg_stat_activity WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()
  GROUP BY 1`;

export function sampleStalls(client: pg.Client): Sampler<Sample> {
  return sampleEvery(EVERY_MS, async () => {
    const [cpuSome, ioSome, disk, waits] = await Promise.all([
      pressure('cpu'),
      pressure('io'),
      diskWrites(),
      client.query<{ wait: string; n: number }>(WAITS_SQL).then(
        ({ rows }) => new Map(rows.map((row) => [row.wait, row.n])),
        () => new Map<string, number>(),
      ),
    ]);
    return { at: performance.now(), cpuSome, ioSome, ...disk, waits };
  });
}

type Second = {
  readonly start: number;
  readonly requests: number;
  readonly slow: number;
  readonly worst: number;
  readonly cpuSome: number;
  readonly ioSome: number;
  readonly writes: number;
  readonly writeMs: number;
  readonly waits: Map<string, number>;
};

/** the step's seconds: the requests scheduled in each, and the samples' differences over it */
function secondsOf(recorder: Recorder, samples: readonly Sample[]): Second[] {
  if (samples.length < 2) return [];
  const first = samples[0]!.at;
  const seconds: Second[] = [];
  for (let start = first; start + 1000 <= samples[samples.length - 1]!.at; start += 1000) {
    const inside = samples.filter((sample) => sample.at >= start && sample.at <= start + 1000);
    if (inside.length < 2) continue;
    const [a, b] = [inside[0]!, inside[inside.length - 1]!];
    const span = (b.at - a.at) * 1000;
    const waits = new Map<string, number>();
    for (const sample of inside) for (const [wait, n] of sample.waits) waits.set(wait, (waits.get(wait) ?? 0) + n / inside.length);
    let requests = 0;
    let slow = 0;
    let worst = 0;
    for (const figures of recorder.routes.values()) {
      figures.scheduled.forEach((scheduled, i) => {
        if (scheduled < start || scheduled >= start + 1000) return;
        const latency = figures.latencies[i]!;
        requests++;
        if (latency > SLOW_MS) slow++;
        worst = Math.max(worst, latency);
      });
    }
    seconds.push({
      start,
      requests,
      slow,
      worst,
      cpuSome: (b.cpuSome - a.cpuSome) / span,
      ioSome: (b.ioSome - a.ioSome) / span,
      writes: ((b.writes - a.writes) * 1e6) / span,
      writeMs: ((b.writeMs - a.writeMs) * 1e6) / span,
      waits,
    });
  }
  return seconds;
}

/** a second's figures; `t0` null for the median second, which is no one second of the step */
const line = (label: string, second: Second, t0: number | null): string => {
  const waits = [...second.waits].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([wait, n]) => `${wait} ${fmt(n, 1)}`).join(', ');
  const when = t0 === null ? '' : `t=${fmt((second.start - t0) / 1000, 0)} s`;
  return `      ${label.padEnd(9)} ${when.padStart(8)}  ${String(second.requests).padStart(4)} requests, ${String(second.slow).padStart(3)} over ${SLOW_MS} ms, worst ${fmt(second.worst, 0).padStart(5)} ms | ` +
    `waiting for a CPU ${fmt(second.cpuSome * 100, 0).padStart(3)} %, for I/O ${fmt(second.ioSome * 100, 0).padStart(3)} % | disk ${fmt(second.writes, 0).padStart(4)} writes/s, ${fmt(second.writeMs, 0).padStart(5)} ms writing/s | PostgreSQL active: ${waits || 'none'}`;
};

/** the five seconds with the most slow requests beside the median second's figures */
export function stallLines(recorder: Recorder, samples: readonly Sample[]): string[] {
  const seconds = secondsOf(recorder, samples);
  if (seconds.length === 0) return [];
  const t0 = samples[0]!.at;
  const slowest = [...seconds].filter((second) => second.slow > 0).sort((a, b) => b.slow - a.slow || b.worst - a.worst).slice(0, 5);
  const median = (pick: (second: Second) => number) => percentile(Float64Array.from(seconds.map(pick)).sort(), 50);
  const typical: Second = {
    start: t0,
    requests: median((second) => second.requests),
    slow: median((second) => second.slow),
    worst: median((second) => second.worst),
    cpuSome: median((second) => second.cpuSome),
    ioSome: median((second) => second.ioSome),
    writes: median((second) => second.writes),
    writeMs: median((second) => second.writeMs),
    waits: new Map(),
  };
  return [
    `    slowest seconds (of ${seconds.length}; the median second first, its PostgreSQL waits not shown):`,
    line('median', typical, null),
    ...slowest.map((second) => line('slow', second, t0)),
  ];
}
