// The figures bench:growth takes at each step, each as the whole bench suite measures it elsewhere.
import { runCli } from '../../cli/run.ts';
import type { Core } from '../../system.ts';
import { runGymLoad } from '../gym-load.ts';
import { percentile } from '../measure.ts';
import { appender } from '../store/appends.ts';

export type Spread = { readonly p50: number; readonly p99: number };

export function spreadOf(latencies: readonly number[]): Spread {
  const sorted = Float64Array.from(latencies).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** 1. single-event appends, `writers` at once, each to its own streams: 'no_stream' first, then the exact revision (store/appends.ts) */
export async function appendLatency(core: Core, label: string, writers: number, seconds: number): Promise<Spread> {
  const append = appender(core, label, writers);
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: writers }, async (_, writer) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await append(writer);
      latencies.push(performance.now() - t0);
    }
  }));
  return spreadOf(latencies);
}

export type TickClient = { readonly cookie: string; readonly requests: Array<{ method: 'POST'; path: string; body: unknown }>; firstPass: number };

/** 2. set ticks over HTTP that each change their set; each client's next pass goes on where this one stopped */
export async function tickFigure(url: string, clients: TickClient[], seconds: number): Promise<Spread & { rate: number; failures: number }> {
  const result = await runGymLoad({ url, seconds, clients });
  result.nextPasses.forEach((pass, i) => (clients[i]!.firstPass = pass));
  return { rate: result.requests / result.elapsedSeconds, ...spreadOf(result.latencies), failures: failuresOf(result.failures) };
}

/** 3 and 4. one client GETting `path` again and again: what a read costs by itself */
export async function readFigure(url: string, cookie: string, path: string, seconds: number): Promise<Spread & { failures: number }> {
  const result = await runGymLoad({ url, seconds, clients: [{ cookie, requests: [{ method: 'GET', path }] }] });
  return { ...spreadOf(result.latencies), failures: failuresOf(result.failures) };
}

const failuresOf = (failures: Record<string, number>): number => Object.values(failures).reduce((sum, n) => sum + n, 0);

/** 5. `ops status` in process, as the CLI runs it (it opens and closes its own connections): milliseconds, and what it printed */
export async function opsStatus(env: NodeJS.ProcessEnv): Promise<{ ms: number; lines: string[] }> {
  const lines: string[] = [];
  const io = { out: (line: string) => void lines.push(line), err: (line: string) => void lines.push(line), env, errIsTerminal: false, firstLine: async () => '', askHidden: null };
  const started = performance.now();
  const code = await runCli(['status'], io);
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`ops status exited ${code}: ${lines.join('\n')}`);
  return { ms, lines };
}
