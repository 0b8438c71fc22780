import t from 'tap';
import { type PaceClock, pacer } from './pace.ts';

/** a clock whose time moves only when the test moves it; it records when each sleep ends */
function fakeClock(): PaceClock & { readonly woke: number[]; time: number } {
  const clock = {
    time: 0,
    woke: [] as number[],
    now: () => clock.time,
    async sleep(ms: number, signal?: AbortSignal) {
      if (signal?.aborted) return;
      clock.woke.push(clock.time + ms);
    },
  };
  return clock;
}

t.test('turns come a tenth of a second’s share at a time: 50 a second, five a window', async (t) => {
  const clock = fakeClock();
  const turn = pacer(50, clock);
  const turns = await Promise.all(Array.from({ length: 12 }, () => turn()));
  t.same(turns, Array.from({ length: 12 }, () => true));
  t.same(clock.woke, [100, 100, 100, 100, 100, 200, 200], 'five at once, five at 100 ms, two at 200 ms: twelve in the time of 50 a second');
});

t.test('fewer than ten a second: one turn a window as long as the gap', async (t) => {
  const clock = fakeClock();
  const turn = pacer(4, clock);
  await Promise.all(Array.from({ length: 3 }, () => turn()));
  t.same(clock.woke, [250, 500]);
});

t.test('no burst is saved up while idle', async (t) => {
  const clock = fakeClock();
  const turn = pacer(10, clock);
  await turn();
  clock.time = 1_000;
  await turn();
  await turn();
  t.same(clock.woke, [1_100], 'after a second idle, the next turn is at once and the one after a window later, not at once too');
});

t.test('a stopped job takes no further turn', async (t) => {
  const clock = fakeClock();
  const turn = pacer(10, clock);
  const stop = new AbortController();
  t.equal(await turn(stop.signal), true);
  stop.abort();
  t.equal(await turn(stop.signal), false);
});

t.test('without a pace every turn is at once', async (t) => {
  const clock = fakeClock();
  const turn = pacer(null, clock);
  for (let i = 0; i < 3; i++) t.equal(await turn(), true);
  t.same(clock.woke, []);
});
