import t from 'tap';
import { createAddressLimiter } from './address-limiter.ts';

const WINDOW_MS = 10 * 60_000;

/** the production settings (ops/system.ts) on a clock the test moves */
function setup(options: { limit?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const limiter = createAddressLimiter({
    limit: options.limit ?? 600,
    windowMs: WINDOW_MS,
    maxEntries: options.maxEntries ?? 5000,
    now: () => clock.now,
  });
  return { clock, limiter };
}

t.test('600 hits pass, the 601st is refused with the time left in the window', async (t) => {
  const { clock, limiter } = setup();
  const start = clock.now;
  for (let i = 1; i <= 600; i++) {
    const result = limiter.hit('10.0.0.1');
    if (!result.allowed) t.fail(`hit ${i} refused`);
    clock.now += 100; // 600 hits spread over the first minute
  }
  t.pass('600 allowed');
  clock.now = start + 4 * 60_000;
  t.same(limiter.hit('10.0.0.1'), { allowed: false, retryAfterMs: 6 * 60_000 });
  clock.now = start + WINDOW_MS - 1;
  t.same(limiter.hit('10.0.0.1'), { allowed: false, retryAfterMs: 1 }, 'still refused one ms before the end');
});

t.test('a new window starts once 10 minutes have passed', async (t) => {
  const { clock, limiter } = setup();
  const start = clock.now;
  for (let i = 0; i < 600; i++) limiter.hit('10.0.0.1');
  t.same(limiter.hit('10.0.0.1').allowed, false);
  clock.now = start + WINDOW_MS;
  t.same(limiter.hit('10.0.0.1'), { allowed: true, retryAfterMs: 0 }, 'allowed again');
  for (let i = 2; i <= 600; i++) limiter.hit('10.0.0.1');
  clock.now += 1000;
  t.same(limiter.hit('10.0.0.1'), { allowed: false, retryAfterMs: WINDOW_MS - 1000 }, 'the new window counts afresh');
  t.equal(limiter.size, 1);
});

t.test('addresses are counted independently', async (t) => {
  const { limiter } = setup();
  for (let i = 0; i < 600; i++) limiter.hit('10.0.0.1');
  t.equal(limiter.hit('10.0.0.1').allowed, false, 'the first is used up');
  t.same(limiter.hit('10.0.0.2'), { allowed: true, retryAfterMs: 0 }, 'the second still passes');
  t.same(limiter.hit('2001:db8::1'), { allowed: true, retryAfterMs: 0 }, 'an IPv6 address too');
  t.equal(limiter.hit('10.0.0.1').allowed, false, 'the first stays refused');
});

t.test('the table never holds more than maxEntries addresses', async (t) => {
  t.test('full of live windows: the oldest makes room', async (t) => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 5000; i++) {
      limiter.hit(`a${i}`);
      clock.now += 1;
    }
    t.equal(limiter.size, 5000);
    // the oldest address has used up its allowance; being evicted resets it
    for (let i = 0; i < 600; i++) limiter.hit('a0');
    t.equal(limiter.hit('a0').allowed, false);
    t.same(limiter.hit('newcomer'), { allowed: true, retryAfterMs: 0 });
    t.equal(limiter.size, 5000, 'size stays 5000');
    t.same(limiter.hit('a0'), { allowed: true, retryAfterMs: 0 }, 'the oldest (a0) was evicted, its counter forgotten');
    t.equal(limiter.size, 5000);
    // a0 returning evicted the next oldest, a1: a2 still has its count of 1
    for (let i = 0; i < 599; i++) limiter.hit('a2');
    t.equal(limiter.hit('a2').allowed, false, 'a2 was kept with its count');
  });

  t.test('full with some windows ended: those are swept first, live ones kept', async (t) => {
    const { clock, limiter } = setup();
    const start = clock.now;
    for (let i = 0; i < 100; i++) limiter.hit(`old${i}`);
    clock.now = start + 60_000;
    for (let i = 0; i < 4900; i++) limiter.hit(`live${i}`);
    // the live windows, all refused once exhausted, tell whether they were kept
    for (let i = 0; i < 600; i++) limiter.hit('live0');
    t.equal(limiter.size, 5000);
    clock.now = start + WINDOW_MS; // the 100 old windows have ended, the live ones have not
    t.same(limiter.hit('newcomer'), { allowed: true, retryAfterMs: 0 });
    t.equal(limiter.size, 4901, 'the 100 ended windows were swept, nothing live was evicted');
    t.equal(limiter.hit('live0').allowed, false, 'the oldest live window kept its count');
  });

  t.test('a small table behaves the same', async (t) => {
    const { clock, limiter } = setup({ maxEntries: 3 });
    for (const address of ['x', 'y', 'z', 'w', 'v']) {
      limiter.hit(address);
      clock.now += 1;
      t.ok(limiter.size <= 3, `size ${limiter.size} after ${address}`);
    }
    t.equal(limiter.size, 3);
  });
});

t.test('sweep() removes only the windows that ended', async (t) => {
  const { clock, limiter } = setup();
  const start = clock.now;
  limiter.hit('a');
  clock.now = start + 5 * 60_000;
  limiter.hit('b');
  clock.now = start + 9 * 60_000;
  limiter.sweep();
  t.equal(limiter.size, 2, 'nothing ended yet');
  clock.now = start + WINDOW_MS;
  limiter.sweep();
  t.equal(limiter.size, 1, 'a ended exactly at 10 minutes and is gone');
  clock.now = start + 5 * 60_000 + WINDOW_MS - 1;
  limiter.sweep();
  t.equal(limiter.size, 1, 'b has one ms left and stays');
  clock.now += 1;
  limiter.sweep();
  t.equal(limiter.size, 0, 'b ended');
});

t.test('sweep() keeps a window renewed after an older one, whatever the insertion order', async (t) => {
  const { clock, limiter } = setup();
  const start = clock.now;
  limiter.hit('a');
  clock.now = start + 60_000;
  limiter.hit('b');
  clock.now = start + WINDOW_MS; // a's window ended; its next hit starts a new one
  limiter.hit('a');
  clock.now = start + 60_000 + WINDOW_MS; // b ended, a's new window is 1 minute old
  limiter.sweep();
  t.equal(limiter.size, 1, 'only b was dropped');
  for (let i = 0; i < 599; i++) limiter.hit('a');
  t.equal(limiter.hit('a').allowed, false, "a's renewed window kept its count");
});
