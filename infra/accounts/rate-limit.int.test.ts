import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { connectTestDatabase } from '../../testing/database.ts';
import { migrate } from '../postgres/migrations.ts';
import { createRateLimiter } from './rate-limit.ts';
import { accountsMigration } from './schema.ts';

const database = await connectTestDatabase(t);
await migrate(database.pg, [accountsMigration]);
let clock = new Date('2026-11-25T12:00:00Z');
const limiter = createRateLimiter({ pool: database.slonik, now: () => clock });
const allowance = { limit: 3, windowMs: 60_000 };

t.test('a fixed window per key: the allowance, then refusals until the window ends', async (t) => {
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await limiter.hit('login:1.2.3.4', allowance));
  t.same(results.map((r) => r.allowed), [true, true, true, false]);
  t.equal(results[3]!.retryAfterMs, 60_000);
  clock = new Date(clock.getTime() + 45_000);
  t.has(await limiter.hit('login:1.2.3.4', allowance), { allowed: false, retryAfterMs: 15_000 });
  t.has(await limiter.hit('login:5.6.7.8', allowance), { allowed: true, retryAfterMs: 0 }, 'other keys count apart');
  clock = new Date(clock.getTime() + 15_000);
  t.has(await limiter.hit('login:1.2.3.4', allowance), { allowed: true, retryAfterMs: 0 }, 'a new window');
});

t.test('parallel attempts are each counted once', async (t) => {
  const results = await Promise.all(Array.from({ length: 10 }, () => limiter.hit('parallel', allowance)));
  t.equal(results.filter((r) => r.allowed).length, 3);
});

t.test('a refunded attempt no longer counts, but only in the window it was counted in', async (t) => {
  const key = 'refund:1.2.3.4';
  for (let i = 0; i < 10; i++) {
    const hit = await limiter.hit(key, allowance);
    t.equal(hit.allowed, true, `attempt ${i + 1} refunded each time is never refused`);
    await limiter.refund(key, hit.windowStartedAt);
  }
  const stale = await limiter.hit(key, allowance);
  clock = new Date(clock.getTime() + 60_000);
  await limiter.hit(key, allowance);
  await limiter.hit(key, allowance);
  await limiter.refund(key, stale.windowStartedAt);
  await limiter.hit(key, allowance);
  t.equal((await limiter.hit(key, allowance)).allowed, false, "the old window's refund left the new count alone");
});

t.test('sweep drops only windows that ended long ago', async (t) => {
  await limiter.hit('old', allowance);
  clock = new Date(clock.getTime() + 3 * 60 * 60_000);
  await limiter.hit('fresh', allowance);
  await limiter.sweep(2 * 60 * 60_000);
  const keys = await database.slonik.manyFirst(sql.type(z.object({ key: z.string() }))`SELECT key FROM auth.rate_limits ORDER BY key`);
  t.same(keys, ['fresh']);
});
