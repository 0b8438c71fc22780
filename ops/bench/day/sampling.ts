// A sample taken every so often through a step, on its own schedule, until stopped.

export type Sampler<T> = { stop(): Promise<T[]> };

/** takes `sample` every `everyMs` (from the start of the last one) until stopped; a null sample is left out, not guessed */
export function sampleEvery<T>(everyMs: number, sample: () => Promise<T | null>): Sampler<T> {
  const samples: T[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const next = performance.now() + everyMs;
      const taken = await sample();
      if (taken !== null) samples.push(taken);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}
