import t from 'tap';
import { laneOf, splitIntoLanes } from './lanes.ts';

t.test('a batch is dealt to lanes by key, each lane in log order, and keyless events stand alone between them', async (t) => {
  const keys = ['a', 'b', 'a', null, 'c', 'b', null, null, 'a'];
  const events = keys.map((key, at) => ({ key, at }));
  const stretches = splitIntoLanes(events, 3, (event) => event.key);
  const laneOfAt = (at: number) => laneOf(keys[at]!, 3);
  const dealt = (...ats: number[]) => [0, 1, 2].map((lane) => ats.filter((at) => laneOfAt(at) === lane).map((at) => events[at]));
  t.same(stretches, [
    { lanes: dealt(0, 1, 2) },
    { alone: [events[3]] },
    { lanes: dealt(4, 5) },
    { alone: [events[6], events[7]] },
    { lanes: dealt(8) },
  ]);
  t.same(splitIntoLanes([], 2, () => 'a'), [], 'an empty batch has no stretch');
});

t.test('a key has one lane, the same in every run, and keys spread over the lanes', async (t) => {
  t.equal(laneOf('3f0c8a52-1b7e-4c1d-9a55-0e2f6d3b9c11', 2), laneOf('3f0c8a52-1b7e-4c1d-9a55-0e2f6d3b9c11', 2));
  // FNV-1a of "a" is 0xe40c292c
  t.equal(laneOf('a', 1000), 0xe40c292c % 1000);
  const counts = [0, 0];
  for (let i = 0; i < 1000; i++) counts[laneOf(`user-${i}`, 2)]!++;
  t.ok(counts[0]! > 400 && counts[1]! > 400, `1,000 keys over two lanes: ${counts.join(' and ')}`);
});
