// Schedulers of several processes starting at once on a fresh database (a split deployment's
// first start): each must come up, and the daily job must be stored once.
import { connect, createServer, type Socket } from 'node:net';
import pg from 'pg';
import t from 'tap';
import { viaTcpPort } from '../../testing/cuttable-proxy.ts';
import { makeDatabase } from '../../testing/database.ts';
import { listenForTest } from '../http/listen-loopback.ts';
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
    schedule: { name: 'dropped-daily', cron: '0 12 * * *', timeZone: 'Asia/Amman' },
    store: { kind: 'postgres', pool },
    run: async () => undefined,
    catchUp: async () => undefined,
    log: (entry, message) => retries.push({ entry, message }),
  });
  t.equal(retries.length, 1, 'one attempt failed and was tried again');
  const jobs = await pool.query(`SELECT count(*)::int AS n FROM agenda_jobs WHERE name = 'dropped-daily'`);
  t.equal(jobs.rows[0].n, 1, 'the job is stored');
  await scheduler.stop();
});
