import t from 'tap';
import { platesFor } from './plates.ts';

t.test('kilograms: 100 kg on a 20 kg bar is 25 + 15 a side', async (t) => {
  t.same(platesFor(100, 20, 'kg'), { kind: 'load', perSide: [25, 15], loaded: 100, remaining: 0 });
  t.same(platesFor(142.5, 20, 'kg'), { kind: 'load', perSide: [25, 25, 10, 1.25], loaded: 142.5, remaining: 0 }, 'the 1.25 plate makes 2.5 steps');
  t.same(platesFor(60, 20, 'kg'), { kind: 'load', perSide: [20], loaded: 60, remaining: 0 });
  t.same(platesFor(20, 20, 'kg'), { kind: 'load', perSide: [], loaded: 20, remaining: 0 }, 'the bar alone');
  t.same(platesFor(180, 15, 'kg'), { kind: 'load', perSide: [25, 25, 25, 5, 2.5], loaded: 180, remaining: 0 }, 'a 15 kg bar');
});

t.test('pounds: 135 lb on a 45 lb bar is 45 a side', async (t) => {
  t.same(platesFor(135, 45, 'lb'), { kind: 'load', perSide: [45], loaded: 135, remaining: 0 });
  t.same(platesFor(315, 45, 'lb'), { kind: 'load', perSide: [45, 45, 45], loaded: 315, remaining: 0 });
  t.same(platesFor(185, 45, 'lb'), { kind: 'load', perSide: [45, 25], loaded: 185, remaining: 0 });
  t.same(platesFor(230, 45, 'lb'), { kind: 'load', perSide: [45, 45, 2.5], loaded: 230, remaining: 0 });
  t.same(platesFor(205, 45, 'lb'), { kind: 'load', perSide: [45, 35], loaded: 205, remaining: 0 });
});

t.test('a target the plates cannot make: the heaviest load below it and what remains', async (t) => {
  t.same(platesFor(101, 20, 'kg'), { kind: 'load', perSide: [25, 15], loaded: 100, remaining: 1 });
  t.same(platesFor(103, 20, 'kg'), { kind: 'load', perSide: [25, 15, 1.25], loaded: 102.5, remaining: 0.5 });
  t.same(platesFor(137, 45, 'lb'), { kind: 'load', perSide: [45], loaded: 135, remaining: 2 });
  t.same(platesFor(50, 45, 'lb'), { kind: 'load', perSide: [2.5], loaded: 50, remaining: 0 });
  t.same(platesFor(49, 45, 'lb'), { kind: 'load', perSide: [], loaded: 45, remaining: 4 });
});

t.test('a target under the bar is refused', async (t) => {
  t.same(platesFor(15, 20, 'kg'), { kind: 'below-bar' });
  t.same(platesFor(44.5, 45, 'lb'), { kind: 'below-bar' });
});
