// Grows the log to the next step: each kind's streams appended until the kind holds its share.
import type { Core } from '../../system.ts';
import { type Kind, KINDS } from './mix.ts';
import type { Mixer, StreamTask } from './streams.ts';

/** events of each kind in the log so far */
export type KindCounts = Record<Kind, number>;

/** the next stream of the kind furthest behind its target, so that every stretch of the log holds the mix; counted when taken */
function* interleaved(mixer: Mixer, counts: KindCounts, targets: KindCounts): Generator<StreamTask> {
  for (;;) {
    const behind = KINDS.filter((kind) => counts[kind] < targets[kind]);
    if (behind.length === 0) return;
    const kind = behind.reduce((a, b) => (counts[a] / targets[a] <= counts[b] / targets[b] ? a : b));
    const task = mixer[kind].next();
    if (task.done) throw new Error(`no more ${kind} streams`);
    counts[kind] += task.value.appends.reduce((sum, events) => sum + events.length, 0);
    yield task.value;
  }
}

/** Appends until every kind holds its target (`counts` moves on as it goes); `concurrency` streams at a time. */
export async function growTo(core: Core, mixer: Mixer, counts: KindCounts, targets: KindCounts, concurrency: number): Promise<{ events: number; seconds: number }> {
  const tasks = interleaved(mixer, counts, targets);
  const started = performance.now();
  let events = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let next = tasks.next(); !next.done; next = tasks.next()) {
      let written = 0;
      for (const batch of next.value.appends) {
        await core.store.append(next.value.stream, batch, written === 0 ? 'no_stream' : BigInt(written - 1));
        written += batch.length;
      }
      events += written;
    }
  }));
  return { events, seconds: (performance.now() - started) / 1000 };
}
