// Schedulers of several processes starting at once on a fresh database (a split deployment's
// first start): each must come up, and the daily job must be stored once.
import pg from 'pg';
import t from 'tap';
import { makeDatabase } from '../testing/database.ts';
import { startDailyScheduler } from './daily.ts';

t.test('six schedulers starting at once on a fresh database all start, and store the job once', async (t) => {
  const database = await makeDatabase();
  // a pool per scheduler, as each process has its own
  const pools = Array.from({ length: 6 }, () => new pg.Pool({ connectionString: database.url, max: 4 }));
  // the forced drop at the end terminates what is still connected; pg asks for a listener
  for (const pool of pools) pool.on('error', () => undefined);
  t.teardown(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });
  const schedule = { name: 'race-daily', cron: '0 12 * * *', timeZone: 'Asia/Amman' };
  const started = await Promise.allSettled(
    pools.map((pool) =>
      startDailyScheduler({ schedule, store: { kind: 'postgres', pool }, run: async () => undefined, catchUp: async () => undefined, log: () => undefined }),
    ),
  );
  const failures = started.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
  t.same(failures, [], 'every scheduler started');
  const jobs = await pools[0]!.query(`SELECT count(*)::int AS n FROM agenda_jobs WHERE name = 'race-daily'`);
  t.equal(jobs.rows[0].n, 1, 'one recurring job');
  await Promise.all(started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : undefined)));
});
