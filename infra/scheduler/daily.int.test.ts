// Schedulers of several processes starting at once on a fresh database (a split deployment's
// first start): each must come up, and the daily job must be stored once. A day in parts: each part
// runs once, and two schedulers take one part each.
import { connect, createServer, type Socket } from 'node:net';
import pg from 'pg';
import t, { type Test } from 'tap';
import { viaTcpPort } from '../../testing/cuttable-proxy.ts';
import { makeDatabase } from '../../testing/database.ts';
import { until } from '../../testing/until.ts';
import { listenForTest } from '../http/listen-loopback.ts';
import { startDailyScheduler } from './daily.ts';

/** a fresh database and a pool on it per scheduler, as each process has its own; all gone when `t` ends */
async function schedulerPools(t: Test, count: number): Promise<pg.Pool[]> {
  const database = await makeDatabase();
  const pools = Array.from({ length: count }, () => new pg.Pool({ connectionString: database.url, max: 4 }));
  // the forced drop at the end terminates what is still connected; pg asks for a listener
  for (const pool of pools) pool.on('error', () => undefined);
  t.teardown(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });
  return pools;
}

t.test('six schedulers starting at once on a fresh database all start, and store the job once', async (t) => {
  const pools = await schedulerPools(t, 6);
  const schedule = { name: 'race-daily', cron: '0 12 * * *', timeZone: 'Asia/Amman' };
  const started = await Promise.allSettled(
    pools.map((pool) =>
      startDailyScheduler({ jobs: [{ schedule, run: async () => undefined }], store: { kind: 'postgres', pool }, catchUp: async () => undefined, log: () => undefined }),
    ),
  );
  const failures = started.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
  t.same(failures, [], 'every scheduler started');
  const jobs = await pools[0]!.query(`SELECT count(*)::int AS n FROM agenda_jobs WHERE name = 'race-daily'`);
  t.equal(jobs.rows[0].n, 1, 'one recurring job');
  await Promise.all(started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : undefined)));
});

t.test('a scheduler whose database drops a connection while it sets up tries again and starts', async (t) => {
  const database = await makeDatabase();
  const target = new URL(database.url);
  // The lock's connection is the pool's first; the second is the backend's own connect, which
  // Agenda's constructor used to make: its failure went unhandled and ended the process.
  let opened = 0;
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    opened += 1;
    if (opened === 2) return void client.destroy();
    const server = connect(Number(target.port), '127.0.0.1');
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(server).pipe(client);
  });
  const port = await listenForTest({ teardown: (fn) => t.teardown(fn) }, proxy);
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
  });
  const pool = new pg.Pool({ connectionString: viaTcpPort(database.url, port), max: 4 });
  pool.on('error', () => undefined);
  t.teardown(async () => {
    await pool.end();
    await database.drop();
  });
  const retries: unknown[] = [];
  const scheduler = await startDailyScheduler({
    jobs: [{ schedule: { name: 'dropped-daily', cron: '0 12 * * *', timeZone: 'Asia/Amman' }, run: async () => undefined }],
    store: { kind: 'postgres', pool },
    catchUp: async () => undefined,
    log: (entry, message) => retries.push({ entry, message }),
  });
  t.equal(retries.length, 1, 'one attempt failed and was tried again');
  const jobs = await pool.query(`SELECT count(*)::int AS n FROM agenda_jobs WHERE name = 'dropped-daily'`);
  t.equal(jobs.rows[0].n, 1, 'the job is stored');
  await scheduler.stop();
});

t.test('two schedulers with a day in two parts: each part runs once, the two in different schedulers', async (t) => {
  const pools = await schedulerPools(t, 2);
  const runs: Array<{ scheduler: number; job: string }> = [];
  const bothStarted = Promise.withResolvers<void>();
  const names = ['part-1-of-2', 'part-2-of-2'];
  const schedulers = await Promise.all(
    pools.map((pool, scheduler) =>
      startDailyScheduler({
        jobs: names.map((name) => ({
          schedule: { name, cron: '0 12 * * *', timeZone: 'Asia/Amman' },
          // a part holds its scheduler until the other has started (or 5 s): one scheduler taking both would run them one after the other
          run: async () => {
            runs.push({ scheduler, job: name });
            if (runs.length === 2) bothStarted.resolve();
            const gaveUp = setTimeout(bothStarted.resolve, 5000);
            await bothStarted.promise;
            clearTimeout(gaveUp);
          },
        })),
        store: { kind: 'postgres', pool },
        catchUp: async () => undefined,
        log: () => undefined,
        processEveryMs: 100,
        // longer than a part's longest hold (5 s)
        lockLifetimeMs: 6_000,
      }),
    ),
  );
  const stored = await pools[0]!.query<{ name: string }>('SELECT name FROM agenda_jobs ORDER BY name');
  t.same(stored.rows.map((row) => row.name), names, 'each part stored once');
  // noon comes: both parts due now
  await pools[0]!.query('UPDATE agenda_jobs SET next_run_at = now()');
  await until('both parts to run', () => runs.length >= 2, 10_000);
  // and any second run of a part would come within a few polls
  await new Promise((resolve) => setTimeout(resolve, 500));
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  t.same(runs.map((run) => run.job).sort(), names, 'each part ran once');
  t.equal(new Set(runs.map((run) => run.scheduler)).size, 2, 'in two schedulers');
  const next = await pools[0]!.query<{ at: Date }>('SELECT next_run_at AS at FROM agenda_jobs');
  t.ok(next.rows.every((row) => row.at.getTime() > Date.now()), 'each part next runs at a later noon');
});

t.test('a scheduler started with other parts than before keeps only its own jobs stored', async (t) => {
  const [pool] = await schedulerPools(t, 1);
  const jobsOf = (names: readonly string[]) => names.map((name) => ({ schedule: { name, cron: '0 12 * * *', timeZone: 'Asia/Amman' }, run: async () => undefined }));
  const stored = async () => (await pool!.query<{ name: string }>('SELECT name FROM agenda_jobs ORDER BY name')).rows.map((row) => row.name);
  const start = (names: readonly string[]) =>
    startDailyScheduler({ jobs: jobsOf(names), store: { kind: 'postgres', pool: pool! }, catchUp: async () => undefined, log: () => undefined });
  await (await start(['whole-day'])).stop();
  t.same(await stored(), ['whole-day']);
  await (await start(['part-1-of-2', 'part-2-of-2'])).stop();
  t.same(await stored(), ['part-1-of-2', 'part-2-of-2'], "the whole day's job is gone, the parts stored");
  await (await start(['whole-day'])).stop();
  t.same(await stored(), ['whole-day'], 'and back');
});

t.test('a run longer than its lock renews it as it goes, and runs once', async (t) => {
  const pools = await schedulerPools(t, 2);
  const LOCK_MS = 1_500;
  const runs: number[] = [];
  let finished = 0;
  const schedulers = await Promise.all(
    pools.map((pool, scheduler) =>
      startDailyScheduler({
        jobs: [
          {
            schedule: { name: 'long-day', cron: '0 12 * * *', timeZone: 'Asia/Amman' },
            run: async () => {
              runs.push(scheduler);
              await new Promise((resolve) => setTimeout(resolve, 4 * LOCK_MS));
              finished++;
            },
          },
        ],
        store: { kind: 'postgres', pool },
        catchUp: async () => undefined,
        log: () => undefined,
        processEveryMs: 100,
        lockLifetimeMs: LOCK_MS,
      }),
    ),
  );
  await pools[0]!.query('UPDATE agenda_jobs SET next_run_at = now()');
  await until('the run to start', () => runs.length >= 1, 10_000);
  // past the lock's end and Agenda's check of it (every half of it)
  await new Promise((resolve) => setTimeout(resolve, 2.5 * LOCK_MS));
  const midway = await pools[0]!.query<{ locked: Date | null; reason: string | null }>('SELECT locked_at AS locked, fail_reason AS reason FROM agenda_jobs');
  t.equal(midway.rows[0]?.reason, null, 'not failed');
  t.ok(midway.rows[0]?.locked && Date.now() - midway.rows[0].locked.getTime() < LOCK_MS, 'its lock was renewed within its lifetime');
  await until('the run to finish', () => finished >= 1, 15_000);
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  t.equal(runs.length, 1, `the day ran once over ${4 * LOCK_MS} ms with a lock of ${LOCK_MS} ms`);
});
