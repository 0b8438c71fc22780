import t from 'tap';
import { createRandom, randomBelow, shuffled } from './random.ts';

t.test('given a seed, when two generators draw, then they give the same numbers in [0, 1)', async (t) => {
  const a = createRandom(42);
  const b = createRandom(42);
  const drawsA = Array.from({ length: 1000 }, () => a());
  const drawsB = Array.from({ length: 1000 }, () => b());
  t.same(drawsA, drawsB);
  t.ok(drawsA.every((x) => x >= 0 && x < 1));
  t.not(createRandom(43)(), createRandom(42)(), 'another seed starts elsewhere');
});

t.test('given n, when drawing an integer below n many times, then every value 0..n-1 shows up and none else', async (t) => {
  const random = createRandom(7);
  const seen = new Set(Array.from({ length: 2000 }, () => randomBelow(random, 6)));
  t.same([...seen].sort(), [0, 1, 2, 3, 4, 5]);
});

t.test('given a list, when shuffled, then it is a permutation on a copy', async (t) => {
  const items = [1, 2, 3, 4, 5, 6, 7, 8];
  const result = shuffled(createRandom(1), items);
  t.same([...result].sort((a, b) => a - b), items);
  t.same(items, [1, 2, 3, 4, 5, 6, 7, 8], 'the input is untouched');
});
