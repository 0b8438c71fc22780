// Issue 36, part 3: the gym projection rebuilt over the whole grown log while people keep ticking
// sets and reading Today and Stats, as an operator rebuilds after a schema change. The live
// projector keeps running; the rebuild builds beside it and swaps, so every read must answer 200
// with what it answered before (nobody ticks for the five-year user whose reads are checked).
import { gymProjection } from '../../../projections/gym/index.ts';
import { rebuildProjection } from '../../../projections/runtime/rebuild.ts';
import type { Core } from '../../system.ts';
import { runGymLoad } from '../gym-load.ts';
import { silentLog } from '../store/settings.ts';
import { type Spread, spreadOf, type TickClient } from './figures.ts';

export type UnderTraffic = {
  readonly events: number;
  readonly seconds: number;
  readonly ticks: number;
  readonly failedTicks: number;
  readonly reads: number;
  /** answers other than 200, or errors */
  readonly failedReads: number;
  /** 200s whose body differs from the answer before the rebuild */
  readonly wrongReads: number;
  readonly read: Spread;
  readonly tick: Spread;
};

/** The ticks run in slices of this many seconds (a worker each) until the rebuild has swapped. */
const TICK_SLICE_SECONDS = 5;

/** `reads` are paths of `base` read with `cookie`, one after another, compared with their answers before. */
export async function rebuildUnderTraffic(core: Core, base: string, ticks: TickClient[], cookie: string, reads: readonly string[]): Promise<UnderTraffic> {
  const get = async (path: string): Promise<{ status: number; body: string }> => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    return { status: response.status, body: await response.text() };
  };
  const before = new Map<string, string>();
  for (const path of reads) {
    const answer = await get(path);
    if (answer.status !== 200) throw new Error(`GET ${path} before the rebuild: ${answer.status} ${answer.body}`);
    before.set(path, answer.body);
  }

  let rebuilding = true;
  const readLatencies: number[] = [];
  let failedReads = 0;
  let wrongReads = 0;
  const reader = (async () => {
    for (let i = 0; rebuilding; i++) {
      const path = reads[i % reads.length]!;
      const began = performance.now();
      try {
        const answer = await get(path);
        if (answer.status !== 200) failedReads++;
        else {
          readLatencies.push(performance.now() - began);
          if (answer.body !== before.get(path)) wrongReads++;
        }
      } catch {
        failedReads++;
      }
    }
  })();
  const tickLatencies: number[] = [];
  let failedTicks = 0;
  const ticker = (async () => {
    while (rebuilding) {
      const slice = await runGymLoad({ url: base, seconds: TICK_SLICE_SECONDS, clients: ticks });
      slice.nextPasses.forEach((pass, i) => (ticks[i]!.firstPass = pass));
      tickLatencies.push(...slice.latencies);
      failedTicks += Object.values(slice.failures).reduce((sum, n) => sum + n, 0);
    }
  })();

  let rebuilt;
  try {
    rebuilt = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection: gymProjection, log: silentLog });
  } finally {
    // the ticks' last slice runs on past the swap: its answers count too
    rebuilding = false;
    await Promise.all([reader, ticker]);
  }
  return {
    ...rebuilt,
    ticks: tickLatencies.length,
    failedTicks,
    reads: readLatencies.length + failedReads,
    failedReads,
    wrongReads,
    read: spreadOf(readLatencies),
    tick: spreadOf(tickLatencies),
  };
}
