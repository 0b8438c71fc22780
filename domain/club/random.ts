/** A source of numbers in [0, 1); injected so a shuffle can be replayed from its seed. */
export type Random = () => number;

/** mulberry32: 32 bits of state is plenty for line-ups and keeps the seed a plain number. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBelow(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const result = items.slice();
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomBelow(random, i + 1);
    const held = result[i] as T;
    result[i] = result[j] as T;
    result[j] = held;
  }
  return result;
}
