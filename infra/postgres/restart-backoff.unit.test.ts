import t from 'tap';
import { createRestartBackoff, RESTART_POLICY } from './restart-backoff.ts';

t.test('0.5 s doubling to 30 s at most, attempts never given up', async (t) => {
  const backoff = createRestartBackoff(RESTART_POLICY, 0);
  const waits = Array.from({ length: 10 }, (_, i) => backoff.next(1000 + i));
  t.same(
    waits,
    [500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000].map((backoffMs, i) => ({ attempt: i + 1, backoffMs })),
  );
  t.same(Array.from({ length: 2000 }, () => backoff.next(2000)).at(-1), { attempt: 2010, backoffMs: 30_000 }, 'a server down for days is still tried every 30 s');
});

t.test('the count starts over once the server has stayed up for the healthy period', async (t) => {
  const backoff = createRestartBackoff(RESTART_POLICY, 0);
  t.same(backoff.next(60_000), { attempt: 1, backoffMs: 500 }, 'a first loss a minute after the start');
  t.same(backoff.next(60_500), { attempt: 2, backoffMs: 1000 }, 'that attempt failed');
  backoff.up(61_500);
  t.same(backoff.next(61_500 + 59_999), { attempt: 3, backoffMs: 2000 }, 'gone again within the healthy period: a crash loop goes on doubling');
  backoff.up(130_000);
  t.same(backoff.next(130_000 + 60_000), { attempt: 1, backoffMs: 500 }, 'gone after a healthy minute: from the start again');
});

t.test('a loss straight after the start is not a healthy period', async (t) => {
  const backoff = createRestartBackoff(RESTART_POLICY, 10_000);
  t.same(backoff.next(10_100), { attempt: 1, backoffMs: 500 });
  backoff.up(11_000);
  t.same(backoff.next(11_100), { attempt: 2, backoffMs: 1000 });
});
