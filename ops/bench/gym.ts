// `npm run bench:gym`: the gym service on a year of training per user. Seeds by appending events
// straight to the store, rebuilds the gym projection from zero (timed), then drives set ticks,
// GET /home and GET /stats over real HTTP, each beside what PostgreSQL itself does on this machine
// (single-row INSERT commits, 8 writers; COPY rows into a table like gym.sets). See docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { workoutIdOf } from '../../command-api/gym/training-command.ts';
import { libraryStream } from '../../domain/gym/library.ts';
import { userStream } from '../../domain/gym/user.ts';
import { workoutStream } from '../../domain/gym/workout.ts';
import { loadConfig } from '../../infra/config.ts';
import type { NewEvent } from '../../infra/eventstore/port.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../infra/postgres/embedded.ts';
import { gymProjection } from '../../projections/gym/index.ts';
import { addDays } from '../../domain/shared/calendar.ts';
import { rebuildProjection, startProjector } from '../../projections/runtime.ts';
import { buildGymService } from '../services/gym.ts';
import { type Core, openCore } from '../system.ts';
import { runGymLoad } from './gym-load.ts';
import { fmt, openInserters, p50p99, positiveSetting } from './measure.ts';

const USERS = Math.round(positiveSetting('BENCH_USERS', 200));
const WEEKS = Math.round(positiveSetting('BENCH_WEEKS', 52));
/** length of each timed HTTP figure and of each INSERT limit slice */
const SECONDS = positiveSetting('BENCH_SECONDS', 10);
const HTTP_CLIENTS = 32;
const READ_CLIENTS = 8;
const HTTP_USERS = Math.min(HTTP_CLIENTS, USERS);
const EXERCISES = 12;
const DAYS = 3;
const SLOTS_PER_DAY = 4;
const SETS_PER_EXERCISE = 8;
/** the client's "today": the seeded year ends the week before */
const TODAY = '2026-11-26';
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

type SeededUser = { id: string; exercises: string[]; days: string[] };

const meta = (userId: string) => ({ userId, correlationId: 'bench-seed', causationId: 'bench-seed', schemaVersion: 1 });
const event = (userId: string, type: string, data: Record<string, unknown>): NewEvent => ({ id: randomUUID(), type, data, metadata: meta(userId) });

/** The user's library (exercises and one active plan) and a year of Mon/Wed/Fri workouts. */
function userStreams(user: SeededUser, withAccount: boolean): Array<[string, NewEvent[]]> {
  const streams: Array<[string, NewEvent[]]> = [];
  if (withAccount) streams.push([userStream(user.id), [event(user.id, 'account-created', { email: `bench-${user.id}@example.org`, createdAt: '2025-11-01T10:00:00.000Z' })]]);
  const planId = randomUUID();
  const days = user.days.map((id, d) => ({
    id,
    title: `Day ${d + 1}`,
    slots: Array.from({ length: SLOTS_PER_DAY }, (_, s) => ({
      id: randomUUID(),
      exerciseId: user.exercises[d * SLOTS_PER_DAY + s]!,
      targetSets: SETS_PER_EXERCISE,
      repMin: 5,
      repMax: 10,
      note: null,
    })),
  }));
  streams.push([
    libraryStream(user.id),
    [
      ...user.exercises.map((id, i) => event(user.id, 'exercise-created', { id, name: `Exercise ${i + 1}`, code: `E${i + 1}`, machineNumber: null, libraryId: null })),
      event(user.id, 'plan-created', { id: planId, name: 'Year block', startDate: addDays(TODAY, -7 * WEEKS - 3), days }),
      event(user.id, 'plan-activated', { id: planId }),
    ],
  ]);
  const firstMonday = addDays(TODAY, -7 * WEEKS - 3);
  for (let week = 0; week < WEEKS; week++) {
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(firstMonday, week * 7 + d * 2);
      const dayId = user.days[d]!;
      const workoutId = workoutIdOf(user.id, dayId, date);
      const events = [event(user.id, 'workout-started', { userId: user.id, planDayId: dayId, date, startedAt: `${date}T18:00:00.000Z` })];
      for (let s = 0; s < SLOTS_PER_DAY; s++) {
        const exerciseId = user.exercises[d * SLOTS_PER_DAY + s]!;
        for (let set = 1; set <= SETS_PER_EXERCISE; set++) {
          const kg = (40 + s * 10 + week * 0.5) * 0.45359237 * 2.2;
          events.push(event(user.id, 'set-ticked', { setId: randomUUID(), exerciseId, setNumber: set, kg, reps: 5 + ((week + set) % 6) }));
        }
      }
      events.push(event(user.id, 'workout-finished', { at: `${date}T19:00:00.000Z` }));
      streams.push([workoutStream(workoutId), events]);
    }
  }
  return streams;
}


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

/** COPY of `rows` set-like rows from a server-side CSV file into a table shaped and indexed like gym.sets. */
async function copyRate(db: pg.Pool, dir: string, rows: number): Promise<number> {
  const file = path.join(dir, 'sets.csv');
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) lines.push(`${randomUUID()},${randomUUID()},${randomUUID()},${randomUUID()},${(i % 8) + 1},${(40 + (i % 50)) * 0.45359237},${5 + (i % 6)}`);
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o644 });
  await db.query(`CREATE TABLE bench_copy_sets (id text PRIMARY KEY, workout_id text NOT NULL, user_id text NOT NULL, exercise_id text NOT NULL,
    set_number integer NOT NULL, kg double precision NOT NULL, reps integer NOT NULL)`);
  await db.query('CREATE INDEX ON bench_copy_sets (workout_id)');
  await db.query('CREATE INDEX ON bench_copy_sets (user_id, exercise_id)');
  const started = performance.now();
  await db.query(`COPY bench_copy_sets FROM '${file}' WITH (FORMAT csv)`);
  const seconds = (performance.now() - started) / 1000;
  await db.query('DROP TABLE bench_copy_sets');
  await rm(file);
  return rows / seconds;
}

async function appendAll(core: Core, tasks: Iterable<[string, NewEvent[]]>, concurrency: number): Promise<number> {
  const iterator = tasks[Symbol.iterator]();
  let events = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const [stream, batch] = next.value;
      await core.store.append(stream, batch, 'no_stream');
      events += batch.length;
    }
  }));
  return events;
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

    const users: SeededUser[] = Array.from({ length: USERS }, (_, i) => ({
      id: httpUsers[i]?.id ?? randomUUID(),
      exercises: Array.from({ length: EXERCISES }, () => randomUUID()),
      days: Array.from({ length: DAYS }, () => randomUUID()),
    }));
    const seedStarted = performance.now();
    const seeded = await appendAll(core, (function* () {
      for (const [i, user] of users.entries()) yield* userStreams(user, i >= HTTP_USERS);
    })(), 16);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { rows: [counted] } = await core.db.pg.query<{ n: string }>("SELECT count(*) AS n FROM es.events WHERE event_type = 'set-ticked'");
    console.log(`  seeded      ${fmt(seeded)} events (${fmt(Number(counted?.n))} sets) in ${fmt(seedSeconds, 1)} s: ${fmt(seeded / seedSeconds)} events/s`);

    const rebuilt = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection: gymProjection, log: silentLog });
    const rebuildRate = rebuilt.events / rebuilt.seconds;
    // what autovacuum does shortly after a rebuild swaps in tables of a million rows; the planner
    // has no statistics of them until then
    await core.db.pg.query('ANALYZE');
    const copy = await copyRate(core.db.pg, tempDir, Math.min(1_000_000, Number(counted?.n ?? 100_000)));
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
      const requests = Array.from({ length: 80 }, (_, n) => ({
        method: 'POST' as const,
        path: `/api/sessions/${workout}/sets`,
        body: { exerciseId: user.exercises[n % SLOTS_PER_DAY], setNumber: Math.floor(n / SLOTS_PER_DAY) + 1, kg: 60 + (n % 7) * 2.5, reps: 5 + (n % 5) },
      }));
      return { cookie: httpUser.cookie, requests };
    }));
    await runGymLoad({ url: base, seconds: 1, clients });
    const cpuBefore = process.cpuUsage();
    const ticks = await runGymLoad({ url: base, seconds: SECONDS, clients });
    const cpu = process.cpuUsage(cpuBefore);
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
    console.log(`| CPU of this Node process (server and clients) per tick | ${fmt((cpu.user + cpu.system) / 1000 / ticks.requests, 2)} ms |`);
    console.log(`| GET /home, ${READ_CLIENTS} clients | ${fmt(home.requests / home.elapsedSeconds)}/s (${p50p99(home.latencies)}) |`);
    console.log(`| GET /stats, ${READ_CLIENTS} clients | ${fmt(stats.requests / stats.elapsedSeconds)}/s (${p50p99(stats.latencies)}) |`);
    console.log(`| GET /home, 1 client | ${fmt(homeAlone.requests / homeAlone.elapsedSeconds)}/s (${p50p99(homeAlone.latencies)}) |`);
    console.log(`| GET /stats, 1 client | ${fmt(statsAlone.requests / statsAlone.elapsedSeconds)}/s (${p50p99(statsAlone.latencies)}) |`);
    console.log(`| rebuild of the gym projection from zero | ${fmt(rebuildRate)} events/s (${fmt(rebuilt.events)} events, ${fmt(rebuilt.seconds, 1)} s) |`);
    console.log(`| COPY rows/s into a table like gym.sets | ${fmt(copy)} |`);
    console.log(`| **ticks/s ÷ INSERT commits/s** (target ≥ 0.5) | **${fmt(tickRate / limit, 2)}** |`);
    console.log(`| **rebuild events/s ÷ COPY rows/s** (target ≥ 0.3) | **${fmt(rebuildRate / copy, 2)}** |`);
    console.log(`failures: ${JSON.stringify(failures)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
    await core?.close().catch((error: unknown) => console.error('close failed', error));
    await postgres?.stop().catch((error: unknown) => console.error('stopping PostgreSQL failed', error));
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
