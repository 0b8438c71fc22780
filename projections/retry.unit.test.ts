import t from 'tap';
import { DEFAULT_OUTAGE_RETRY, DEFAULT_RETRY, retryDelay } from './retry.ts';

const delays = (policy: typeof DEFAULT_RETRY, attempts: number): number[] => Array.from({ length: attempts }, (_, i) => retryDelay(policy, i + 1));

t.test('a projector that cannot reach the database looks again after 0.25 s, doubling to 2 s', async (t) => {
  t.same(delays(DEFAULT_OUTAGE_RETRY, 6), [250, 500, 1000, 2000, 2000, 2000]);
  t.equal(retryDelay(DEFAULT_OUTAGE_RETRY, 10_000), 2000, 'however long the outage');
});

t.test('a projector stopped on an event it cannot apply retries after 1 s, doubling to a minute', async (t) => {
  t.same(delays(DEFAULT_RETRY, 8), [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  t.equal(retryDelay(DEFAULT_RETRY, 10_000), 60_000, 'however many attempts');
});
