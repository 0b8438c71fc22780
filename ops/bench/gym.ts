// `npm run bench:gym`: the gym service on a year of training per user. Seeds by appending events
// straight to the store, rebuilds the gym projection from zero (timed), then drives set ticks,
// GET /home and GET /stats over real HTTP, each beside what PostgreSQL itself does on this machine
// (single-row INSERT commits, 8 writers; COPY rows into a table like gym.sets). See docs/benchmarks.md.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../infra/config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../infra/postgres/embedded.ts';
import { gymProjection } from '../../projections/gym/index.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { buildGymService } from '../services/gym.ts';
import { type Core, openCore } from '../system.ts';
import { appendAll, dayTicks, rebuildBesideCopy, seededUser, TODAY, userStreams } from './gym-history.ts';
import { runGymLoad } from './gym-load.ts';
import { fmt, openInserters, p50p99, positiveSetting, writeMark, writtenSince } from './measure.ts';

const USERS = Math.round(positiveSetting('BENCH_USERS', 200));
const WEEKS = Math.round(positiveSetting('BENCH_WEEKS', 52));
/** length of each timed HTTP figure and of each INSERT limit slice */
const SECONDS = positiveSetting('BENCH_SECONDS', 10);
const HTTP_CLIENTS = 32;
const READ_CLIENTS = 8;
const HTTP_USERS = Math.min(HTTP_CLIENTS, USERS);
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The limit: autocommit single-row INSERTs of a small JSON payload, 8 writers, each on its own connection. */
async function insertLimit(url: string, seconds: number): Promise<{ rate: number; latencies: number[] }> {
  const writers = 8;
  const inserters = await openInserters(url, writers);
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: writers }, async (_, writer) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await inserters.op(writer);
      latencies.push(performance.now() - t0);
    }
  }));
  const rate = latencies.length / ((performance.now() - started) / 1000);
  await inserters.close();
  return { rate, latencies };
}

async function main(): Promise<void> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-gym-'));
  await chmod(tempDir, 0o755);
  let postgres: EmbeddedPostgresHandle | null = null;
  let core: Core | null = null;
  const cleanups: Array<() => Promise<void>> = [];
  try {
    // default durability: fsync, synchronous_commit and full_page_writes stay on
    postgres = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), port: 0, persistent: false });
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_gym');
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = '/bench_gym';
    core = await openCore(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '20', SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters' }));
    const cpus = os.cpus();
    const { rows: [version] } = await core.db.pg.query<{ server_version: string }>('SHOW server_version');
    console.log('bench:gym');
    console.log(`  machine     ${cpus[0]?.model ?? 'unknown cpu'}, nproc ${os.availableParallelism()}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, ${os.platform()} ${os.release()}`);
    console.log(`  node        ${process.version}; PostgreSQL ${version?.server_version} embedded, default durability`);
    console.log(`  settings    BENCH_USERS=${USERS} BENCH_WEEKS=${WEEKS} BENCH_SECONDS=${SECONDS}; ${HTTP_CLIENTS} tick clients, ${READ_CLIENTS} read clients`);

    // the HTTP users sign up for real (a session cookie each) while the projector runs
    let projector = startProjector({ pool: core.db.slonik, store: core.store, projection: gymProjection, progress: core.progress, log: silentLog });
    await projector.ready;
    const app = await buildGymService(core, false);
    cleanups.push(() => app.close());
    const httpUsers: Array<{ id: string; cookie: string }> = [];
    for (let i = 0; i < HTTP_USERS; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'x-real-ip': `10.1.${i}.1` }, payload: { email: `client-${i}@example.org`, password: 'bench password 123' } });
      if (res.statusCode !== 201) throw new Error(`signup: ${res.statusCode} ${res.body}`);
      const sid = res.cookies.find((cookie) => cookie.name === 'gym_sid')!.value;
      httpUsers.push({ id: res.json().id, cookie: `gym_sid=${sid}` });
    }
    await projector.stop();

    const users = Array.from({ length: USERS }, (_, i) => seededUser(httpUsers[i]?.id));
    const seedStarted = performance.now();
    const seeded = await appendAll(core, (function* () {
      for (const [i, user] of users.entries()) yield* userStreams(user, i >= HTTP_USERS, WEEKS);
    })(), 16);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { rows: [counted] } = await core.db.pg.query<{ n: string }>("SELECT count(*) AS n FROM es.events WHERE event_type = 'set-ticked'");
    console.log(`  seeded      ${fmt(seeded)} events (${fmt(Number(counted?.n))} sets) in ${fmt(seedSeconds, 1)} s: ${fmt(seeded / seedSeconds)} events/s`);

    const rebuilt = await rebuildBesideCopy(core, tempDir);
    const rebuildRate = rebuilt.events / rebuilt.seconds;
    const copy = rebuilt.copy;
    console.log(`  rebuild     ${fmt(rebuilt.events)} events in ${fmt(rebuilt.seconds, 1)} s: ${fmt(rebuildRate)} events/s`);
    console.log(`  COPY        ${fmt(copy)} rows/s into a table like gym.sets`);

    projector = startProjector({ pool: core.db.slonik, store: core.store, projection: gymProjection, progress: core.progress, log: silentLog });
    await projector.ready;
    cleanups.push(() => projector.stop());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;

    await core.db.pg.query('CREATE TABLE bench_insert (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
    const limitBefore = await insertLimit(url.toString(), SECONDS / 2);

    const clients = await Promise.all(httpUsers.map(async (httpUser, i) => {
      const user = users[i]!;
      const res = await fetch(`${base}/api/sessions`, {
        method: 'POST',
        headers: { cookie: httpUser.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ planDayId: user.days[0], date: TODAY }),
      });
      if (res.status !== 201) throw new Error(`POST /sessions: ${res.status} ${await res.text()}`);
      const workout = ((await res.json()) as { id: string }).id;
      const requests = dayTicks(user, workout);
      return { cookie: httpUser.cookie, requests };
    }));
    // each pass over a client's 80 ticks moves their weights (gym-load.ts), so that every tick changes its set and appends
    const warmUp = await runGymLoad({ url: base, seconds: 1, clients: clients.map((client) => ({ ...client, firstPass: 0 })) });
    const projected = async (): Promise<void> => {
      const head = await core!.store.headPosition();
      if (head && !(await core!.progress.wait(['gym'], head, 60_000)).reached) throw new Error('the gym projector did not catch up within 60 s');
    };
    await projected();
    const appended = async (): Promise<number> => Number((await core!.db.pg.query<{ n: string }>('SELECT count(*)::text AS n FROM es.events')).rows[0]!.n);
    const eventsBefore = await appended();
    const mark = await writeMark(core.db.pg);
    const cpuBefore = process.cpuUsage();
    const ticks = await runGymLoad({ url: base, seconds: SECONDS, clients: clients.map((client, i) => ({ ...client, firstPass: warmUp.nextPasses[i]! })) });
    const cpu = process.cpuUsage(cpuBefore);
    await projected();
    const written = await writtenSince(core.db.pg, mark);
    const eventsPerTick = ((await appended()) - eventsBefore) / ticks.requests;
    const limitAfter = await insertLimit(url.toString(), SECONDS / 2);
    const limit = (limitBefore.rate + limitAfter.rate) / 2;
    const tickRate = ticks.requests / ticks.elapsedSeconds;
    const readers = (pathOf: string, count: number) => httpUsers.slice(0, count).map((u) => ({ cookie: u.cookie, requests: [{ method: 'GET' as const, path: pathOf }] }));
    const home = await runGymLoad({ url: base, seconds: SECONDS / 2, clients: readers(`/api/home?date=${TODAY}`, READ_CLIENTS) });
    const stats = await runGymLoad({ url: base, seconds: SECONDS / 2, clients: readers(`/api/stats?date=${TODAY}`, READ_CLIENTS) });
    // one client at a time: what a request costs by itself, without queueing behind the others
    const homeAlone = await runGymLoad({ url: base, seconds: SECONDS / 2, clients: readers(`/api/home?date=${TODAY}`, 1) });
    const statsAlone = await runGymLoad({ url: base, seconds: SECONDS / 2, clients: readers(`/api/stats?date=${TODAY}`, 1) });
    const failures = { ticks: ticks.failures, home: home.failures, stats: stats.failures, homeAlone: homeAlone.failures, statsAlone: statsAlone.failures };

    console.log('');
    console.log('| figure | value |');
    console.log('|---|---:|');
    console.log(`| single-row INSERT commits/s, 8 writers (mean of the slices before and after the ticks) | ${fmt(limit)} (${fmt(limitBefore.rate)}, ${fmt(limitAfter.rate)}) |`);
    console.log(`| HTTP set ticks/s, ${HTTP_CLIENTS} clients | ${fmt(tickRate)} (${p50p99(ticks.latencies)}) |`);
    console.log(`| events appended / transactions that wrote / WAL bytes, per tick (the command and the projector; every tick changes its set) | ${fmt(eventsPerTick, 2)} / ${fmt(written.writeTransactions / ticks.requests, 2)} / ${fmt(written.walBytes / ticks.requests)} |`);
    console.log(`| CPU of this Node process (server and clients) per tick | ${fmt((cpu.user + cpu.system) / 1000 / ticks.requests, 2)} ms |`);
    console.log(`| GET /home, ${READ_CLIENTS} clients | ${fmt(home.requests / home.elapsedSeconds)}/s (${p50p99(home.latencies)}) |`);
    console.log(`| GET /stats, ${READ_CLIENTS} clients | ${fmt(stats.requests / stats.elapsedSeconds)}/s (${p50p99(stats.latencies)}) |`);
    console.log(`| GET /home, 1 client | ${fmt(homeAlone.requests / homeAlone.elapsedSeconds)}/s (${p50p99(homeAlone.latencies)}) |`);
    console.log(`| GET /stats, 1 client | ${fmt(statsAlone.requests / statsAlone.elapsedSeconds)}/s (${p50p99(statsAlone.latencies)}) |`);
    console.log(`| rebuild of the gym projection from zero | ${fmt(rebuildRate)} events/s (${fmt(rebuilt.events)} events, ${fmt(rebuilt.seconds, 1)} s) |`);
    console.log(`| COPY rows/s into a table like gym.sets | ${fmt(copy)} |`);
    console.log(`| **ticks/s ÷ INSERT commits/s** (the first target was ≥ 0.5; issue 17 measures ticks against plain CRUD, bench:http) | **${fmt(tickRate / limit, 2)}** |`);
    console.log(`| **rebuild events/s ÷ COPY rows/s** (target ≥ 0.8 since issue 17; the first target was ≥ 0.3) | **${fmt(rebuildRate / copy, 2)}** |`);
    console.log(`failures: ${JSON.stringify(failures)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
    await core?.close().catch((error: unknown) => console.error('close failed', error));
    await postgres?.stop().catch((error: unknown) => console.error('stopping PostgreSQL failed', error));
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
