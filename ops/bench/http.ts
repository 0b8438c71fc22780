// `npm run bench:http`: set ticks through the real gym service (sessions, the event log, the gym
// projector) beside the same route as plain CRUD (ops/bench/plain-crud.ts), on one embedded
// PostgreSQL with default durability, driven by the same load generator, in interleaved slices.
// Every tick changes its set (an unchanged one appends nothing). Prints ticks/s, p50/p99, PostgreSQL
// statements per tick (pg_stat_statements: the round trips), the transactions that wrote and the WAL
// bytes per tick (what each contender wrote for it), and the ratio. See docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { loadConfig } from '../../infra/config.ts';
import { gymProjection } from '../../projections/gym/index.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { buildGymService } from '../services/gym.ts';
import { type Core, openCore } from '../system.ts';
import { type GymLoadInput, runGymLoad } from './gym-load.ts';
import { fmt, median, percentile, positiveSetting, withBenchPostgres, writeMark, writtenSince } from './measure.ts';

/** length of each slice; every contender runs REPEATS slices, interleaved */
const SECONDS = positiveSetting('BENCH_SECONDS', 5);
const REPEATS = Math.round(positiveSetting('BENCH_REPEATS', 3));
const CLIENTS = Math.round(positiveSetting('BENCH_CLIENTS', 32));
const EXERCISES = 4;
const SET_NUMBERS = 20;
const DATE = '2026-11-26';
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };


/**
 * BENCH_READ_EVERY=n: every nth request of a gym client reads its workout instead, which waits for
 * the client's own ticks (read-your-writes, so the projector is woken); the CRUD server has no
 * such read, so the ratio then compares unlike loads and only the gym's rate is the figure
 */
const READ_EVERY = Math.round(positiveSetting('BENCH_READ_EVERY', Number.POSITIVE_INFINITY));

/** one pass of a client: every set number of every exercise; each pass moves the weight (gym-load.ts), so every tick changes its set */
const passOf = (workoutId: string, exerciseIds: readonly string[], reads: boolean) =>
  Array.from({ length: EXERCISES * SET_NUMBERS }, (_, n) =>
    reads && n % READ_EVERY === READ_EVERY - 1
      ? { method: 'GET' as const, path: `/api/sessions/${workoutId}` }
      : {
          method: 'POST' as const,
          path: `/api/sessions/${workoutId}/sets`,
          body: { exerciseId: exerciseIds[n % EXERCISES]!, setNumber: Math.floor(n / EXERCISES) + 1, kg: 20, reps: 5 + (n % 5) },
        },
  );

type Slice = {
  readonly rate: number;
  readonly p50: number;
  readonly p99: number;
  readonly statementsPerTick: number;
  /** events the slice appended per tick (the gym; null for CRUD, which has no log): 1.00 when every tick changed its set */
  readonly eventsPerTick: number | null;
  /** transactions that wrote, and WAL bytes, per tick: a tick that changes its set writes */
  readonly writeTransactionsPerTick: number;
  readonly walBytesPerTick: number;
  /** CPU of this process (server, projector and the client thread) per tick */
  readonly cpuMsPerTick: number;
  readonly failures: Record<string, number>;
};

/**
 * One timed slice of a contender's clients, with the statements its database ran meanwhile and what
 * the server wrote for it (counted once `settled`: the gym's projector has applied the slice's ticks).
 */
async function slice(admin: pg.Client, database: string, url: string, contender: Contender, settled: () => Promise<void>, events: (() => Promise<number>) | null): Promise<Slice> {
  const eventsBefore = await events?.();
  await admin.query('SELECT pg_stat_statements_reset()');
  const mark = await writeMark(admin);
  const cpuBefore = process.cpuUsage();
  const result = await runGymLoad({ url, seconds: SECONDS, clients: contender.clients() });
  const cpu = process.cpuUsage(cpuBefore);
  contender.goOnFrom(result.nextPasses);
  await settled();
  const written = await writtenSince(admin, mark);
  const eventsAfter = await events?.();
  const { rows } = await admin.query<{ calls: string | null }>(
    'SELECT sum(calls)::text AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1)',
    [database],
  );
  if (process.env.BENCH_DIAG === '1') {
    const top = await admin.query<{ calls: string; ms: string; plan: string; query: string }>(
      `SELECT calls::text, round(total_exec_time)::text AS ms, round(total_plan_time)::text AS plan, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) ORDER BY calls DESC LIMIT 10`,
      [database],
    );
    console.log(`${database}: ${result.requests} requests`);
    for (const row of top.rows) console.log(`  ${row.calls.padStart(7)} ${row.ms.padStart(6)} ms, planning ${row.plan.padStart(5)} ms  ${row.query}`);
  }
  const sorted = Float64Array.from(result.latencies).sort();
  return {
    rate: result.requests / result.elapsedSeconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statementsPerTick: Number(rows[0]?.calls ?? 0) / Math.max(1, result.requests),
    eventsPerTick: eventsBefore === undefined || eventsAfter === undefined ? null : (eventsAfter - eventsBefore) / Math.max(1, result.requests),
    writeTransactionsPerTick: written.writeTransactions / Math.max(1, result.requests),
    walBytesPerTick: written.walBytes / Math.max(1, result.requests),
    cpuMsPerTick: (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests),
    failures: result.failures,
  };
}

type Ticker = { readonly cookie: string; readonly workout: string; readonly exercises: readonly string[] };

/** A contender's clients, each going on from the pass its last slice reached, so that no tick repeats its set's stored value. */
type Contender = { clients(): GymLoadInput['clients']; goOnFrom(nextPasses: readonly number[]): void };

function contenderOf(tickers: readonly Ticker[], reads: boolean): Contender {
  let passes = tickers.map(() => 0);
  return {
    clients: () => tickers.map((ticker, i) => ({ cookie: ticker.cookie, requests: passOf(ticker.workout, ticker.exercises, reads), firstPass: passes[i]! })),
    goOnFrom(nextPasses) {
      passes = [...nextPasses];
    },
  };
}

async function gymTickers(core: Core, base: string): Promise<Ticker[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const call = async (method: string, url: string, cookie: string, body: object): Promise<{ id: string; cookie: string }> => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: { 'content-type': 'application/json', cookie, origin: core.config.GYM_BASE_URL, 'x-real-ip': `10.2.${i}.1` },
          body: JSON.stringify(body),
        });
        if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
        const sid = response.headers.getSetCookie().find((line) => line.startsWith('gym_sid='))?.split(';')[0];
        return { id: ((await response.json()) as { id: string }).id, cookie: sid ?? cookie };
      };
      const { cookie } = await call('POST', '/api/auth/signup', '', { email: `ticker-${i}@example.org`, password: 'bench password 123' });
      const exercises: string[] = [];
      for (let e = 0; e < EXERCISES; e++) exercises.push((await call('POST', '/api/exercises', cookie, { name: `Lift ${e + 1}` })).id);
      const workout = (await call('POST', '/api/sessions', cookie, { date: DATE })).id;
      return { cookie, workout, exercises };
    }),
  );
}

async function main(): Promise<void> {
  // planning times only when asked for: tracking them costs every statement a little
  const tracking: Record<string, string> = process.env.BENCH_DIAG === '1' ? { 'pg_stat_statements.track_planning': 'on' } : {};
  await withBenchPostgres('http', { shared_preload_libraries: 'pg_stat_statements', ...tracking }, async ({ admin, urlOf, onEnd }) => {
    await admin.query('CREATE EXTENSION pg_stat_statements');
    await admin.query('CREATE DATABASE bench_gym');
    await admin.query('CREATE DATABASE bench_crud');

    const core = await openCore(
      loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: urlOf('bench_gym'), DATABASE_POOL_SIZE: '20', SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters' }),
    );
    onEnd(() => core.close());
    const projector = startProjector({ pool: core.db.slonik, store: core.store, projection: gymProjection, progress: core.progress, log: silentLog });
    await projector.ready;
    onEnd(() => projector.stop());
    const app = await buildGymService(core, false);
    onEnd(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const gymUrl = `http://127.0.0.1:${address.port}`;
    const gym = await gymTickers(core, gymUrl);

    const { startPlainCrud } = await import('./plain-crud.ts');
    const crud = await startPlainCrud(urlOf('bench_crud'));
    onEnd(() => crud.close());
    const crudTickers = gym.map((ticker) => ({ cookie: ticker.cookie, workout: randomUUID(), exercises: Array.from({ length: EXERCISES }, () => randomUUID()) }));

    const cpus = os.cpus();
    const { rows: [version] } = await admin.query<{ server_version: string }>('SHOW server_version');
    console.log('bench:http');
    console.log(`  machine     ${cpus[0]?.model ?? 'unknown cpu'}, nproc ${os.availableParallelism()}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, ${os.platform()} ${os.release()}`);
    console.log(`  node        ${process.version}; PostgreSQL ${version?.server_version} embedded, default durability`);
    console.log(`  settings    BENCH_SECONDS=${SECONDS} BENCH_REPEATS=${REPEATS} BENCH_CLIENTS=${CLIENTS}${Number.isFinite(READ_EVERY) ? ` BENCH_READ_EVERY=${READ_EVERY} (gym only: its rate counts reads and ticks, and the ratio compares unlike loads)` : ''}; load average at start ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);

    const gymContender = contenderOf(gym, true);
    const crudContender = contenderOf(crudTickers, false);
    const gymSettled = async (): Promise<void> => {
      const head = await core.store.headPosition();
      if (head && !(await core.progress.wait(['gym'], head, 60_000)).reached) throw new Error('the gym projector did not catch up within 60 s');
    };
    const nothingToSettle = async (): Promise<void> => undefined;
    const gymEvents = async (): Promise<number> => Number((await core.db.pg.query<{ n: string }>('SELECT count(*)::text AS n FROM es.events')).rows[0]!.n);
    // warm-up: connections, JIT, the command side's folded streams
    await slice(admin, 'bench_gym', gymUrl, gymContender, gymSettled, null);
    await slice(admin, 'bench_crud', crud.url, crudContender, nothingToSettle, null);

    const rows: Array<{ gym: Slice; crud: Slice }> = [];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const gymSlice = () => slice(admin, 'bench_gym', gymUrl, gymContender, gymSettled, gymEvents);
      const crudSlice = () => slice(admin, 'bench_crud', crud.url, crudContender, nothingToSettle, null);
      // alternate which goes first, so neither always gets the warmer machine
      if (repeat % 2 === 0) {
        const g = await gymSlice();
        rows.push({ gym: g, crud: await crudSlice() });
      } else {
        const c = await crudSlice();
        rows.push({ gym: await gymSlice(), crud: c });
      }
    }

    console.log('');
    console.log('| repeat | gym ticks/s | p50 / p99 ms | statements/tick | events/tick | write transactions/tick | WAL bytes/tick | Node CPU/tick | CRUD ticks/s | p50 / p99 ms | statements/tick | write transactions/tick | WAL bytes/tick | Node CPU/tick | gym ÷ CRUD |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const cells = (x: Slice) =>
      `${fmt(x.rate)} | ${fmt(x.p50, 1)} / ${fmt(x.p99, 1)} | ${fmt(x.statementsPerTick, 2)} |${x.eventsPerTick === null ? '' : ` ${fmt(x.eventsPerTick, 2)} |`} ${fmt(x.writeTransactionsPerTick, 2)} | ${fmt(x.walBytesPerTick)} | ${fmt(x.cpuMsPerTick, 2)} ms`;
    for (const [i, { gym: g, crud: c }] of rows.entries()) console.log(`| ${i + 1} | ${cells(g)} | ${cells(c)} | ${fmt(g.rate / c.rate, 2)} |`);
    const ratios = rows.map((row) => row.gym.rate / row.crud.rate);
    console.log(`**median gym ÷ CRUD: ${fmt(median(ratios), 2)}** (range ${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}; target ≥ 1.2, ARCHITECTURE.md)`);
    console.log(`load average at end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    const failures = rows.flatMap((row) => [row.gym.failures, row.crud.failures]).filter((f) => Object.keys(f).length > 0);
    console.log(`failures: ${failures.length === 0 ? 'none' : JSON.stringify(failures)}`);
  });
}

await main();
