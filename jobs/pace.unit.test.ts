import t from 'tap';
import { type PaceClock, pacer } from './pace.ts';

/** a clock whose time moves only by the sleeps it is asked for; it records when each sleep ends */
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

t.test('workers taking turns at once get starts 1000 / perSecond ms apart', async (t) => {
  const clock = fakeClock();
  const turn = pacer(200, clock);
  const turns = await Promise.all(Array.from({ length: 5 }, () => turn()));
  t.same(turns, [true, true, true, true, true]);
  t.same(clock.woke, [5, 10, 15, 20], 'the first starts at once, each next 5 ms after the one before');
});

t.test('no burst is saved up while idle', async (t) => {
  const clock = fakeClock();
  const turn = pacer(10, clock);
  await turn();
  clock.time = 1_000;
  await turn();
  await turn();
  t.same(clock.woke, [1_100], 'after a second idle, the next turn is at once and the one after 100 ms later, not at once too');
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
