// `npm run bench:growth` (issue 36, part 1): grows ONE event log in steps and, at each step, in the
// same run, takes the same figures, so that each figure's curve shows how it moves as the log grows.
//
// The log is a mix by events (growth/mix.ts): gym 70 % (users with a library, a plan and a year of
// Mon/Wed/Fri workouts of 32 set ticks; one of them has five years), club 10 % (nights of twelve
// people opened and saved 40 times), forms 10 % (forms saved 20 times), shows 10 % (users tracking
// five shows and marking 45 episodes watched). It is appended straight to `core.store` with the real
// event shapes (growth/streams.ts), as bench:gym and bench:store seed: the real commands would spend
// most of a 20M run deciding, and what is measured is the log's size, not the commands' speed.
// Several saves go to one append and 16 streams are appended at once (the seeding's events/s is printed).
//
// At each step, with every projector caught up with the whole log: append latency, HTTP set ticks,
// GET /home and GET /stats of the five-year user, a forms GET, `ops status`, a rebuild of the gym
// projection beside COPY. Then the next step. At the last, the gym projection is rebuilt again
// with its projector running while the tick clients tick and the five-year user's reads are checked
// (growth/under-traffic.ts). Settings: BENCH_GROWTH_STEPS (events in the log at each step, default
// 1000000,5000000,20000000), BENCH_SECONDS (each timed figure, default 10),
// BENCH_SHARED_BUFFERS (PostgreSQL's shared_buffers, default 4GB: a server given a sixth of this
// 24 GiB machine, as one tuned for it would be; 128MB, the embedded default, measures page cache misses).
import { chmod, copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, SAMPLE_FORMS_DIR } from '../../infra/config.ts';
import { createFormCatalog } from '../../infra/forms/catalog.ts';
import { type ProjectorHandle, startProjector } from '../../projections/runtime/projector.ts';
import { buildFormsService } from '../services/forms.ts';
import { buildGymService } from '../services/gym.ts';
import { type Core, openCore, projections } from '../system.ts';
import { appendAll, rebuildBesideCopy, seededUser, TODAY } from './gym-history.ts';
import { signUp, tickClients } from './growth/clients.ts';
import { appendLatency, opsStatus, readFigure, tickFigure } from './growth/figures.ts';
import { describeMix, KINDS, targetsOf } from './growth/mix.ts';
import { growTo, type KindCounts } from './growth/seed.ts';
import { FIVE_YEARS, GYM_WEEKS, measuredUsers, mixer, SAVES_PER_APPEND } from './growth/streams.ts';
import { figureTable } from './growth/table.ts';
import { rebuildUnderTraffic } from './growth/under-traffic.ts';
import { fmt, positiveSetting, withBenchPostgres } from './measure.ts';
import { silentLog } from './store/settings.ts';

const STEPS = (process.env.BENCH_GROWTH_STEPS || '1000000,5000000,20000000').split(',').map((step) => {
  const events = Number(step);
  if (!Number.isInteger(events) || events <= 0) throw new Error(`BENCH_GROWTH_STEPS must be rising whole numbers, got ${step}`);
  return events;
});
if (STEPS.some((step, i) => i > 0 && step <= STEPS[i - 1]!)) throw new Error('BENCH_GROWTH_STEPS must rise');
const SECONDS = positiveSetting('BENCH_SECONDS', 10);
const TICK_CLIENTS = 16;
const WARM_UP_SECONDS = Math.min(1, SECONDS / 5);
const APPEND_WRITERS = 4;
const SEED_CONCURRENCY = 16;
const CATCH_UP_TIMEOUT_MS = 4 * 3600_000;
const FORM = 'growth-0';
const SHARED_BUFFERS = process.env.BENCH_SHARED_BUFFERS || '4GB';

/** every projector started; resolves once all have taken their checkpoints */
async function startProjectors(core: Core): Promise<ProjectorHandle[]> {
  const running = projections.map((projection) => startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silentLog }));
  await Promise.all(running.map((projector) => projector.ready));
  return running;
}

/** seconds until every projection holds the log's head */
async function caughtUp(core: Core): Promise<number> {
  const started = performance.now();
  const head = await core.store.headPosition();
  if (head && !(await core.progress.wait(projections.map((projection) => projection.name), head, CATCH_UP_TIMEOUT_MS)).reached) throw new Error('the projectors did not catch up');
  return (performance.now() - started) / 1000;
}

const countEvents = async (core: Core): Promise<number> => Number((await core.db.pg.query<{ n: string }>('SELECT count(*)::text AS n FROM es.events')).rows[0]!.n);

async function main(): Promise<void> {
  await withBenchPostgres('growth', { shared_buffers: SHARED_BUFFERS }, async ({ admin, urlOf, onEnd }) => {
    await admin.query('CREATE DATABASE bench_growth');
    // the server reads COPY's file from here: it must be able to enter the folder
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-growth-'));
    await chmod(dir, 0o755);
    onEnd(() => rm(dir, { recursive: true, force: true }));
    const formsDir = path.join(dir, 'forms');
    await mkdir(formsDir);
    await copyFile(path.join(SAMPLE_FORMS_DIR, 'welcome.json'), path.join(formsDir, `${FORM}.json`));
    const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: urlOf('bench_growth'), DATABASE_POOL_SIZE: '20', SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters', FORMS_DIR: formsDir };
    const core = await openCore(loadConfig(env));
    onEnd(() => core.close());

    const { rows: [version] } = await core.db.pg.query<{ server_version: string }>('SHOW server_version');
    console.log('bench:growth');
    console.log(`  machine  ${os.cpus()[0]?.model ?? 'unknown cpu'}, ${os.availableParallelism()} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.platform()} ${os.release()}`);
    console.log(`  server   node ${process.version}; PostgreSQL ${version?.server_version} embedded, default durability, shared_buffers ${SHARED_BUFFERS}`);
    console.log(`  steps    ${STEPS.map((step) => fmt(step)).join(', ')} events; BENCH_SECONDS=${SECONDS}`);
    console.log(`  mix      ${describeMix()} of the events; gym users ${GYM_WEEKS} weeks, the measured one ${FIVE_YEARS}; ${SAVES_PER_APPEND} saves an append, ${SEED_CONCURRENCY} streams at once`);
    console.log(`  figures  appends: ${APPEND_WRITERS} writers; ticks: ${TICK_CLIENTS} clients; reads and ops status: one at a time`);

    let running = await startProjectors(core);
    const gymApp = await buildGymService(core, false);
    onEnd(() => gymApp.close());
    const formsApp = await buildFormsService(core, { logger: false, catalog: createFormCatalog({ dir: formsDir, onInvalid: () => undefined }) });
    onEnd(() => formsApp.close());
    // the first is the five-year user, whom nobody ticks for: its Today and Stats stay the same through the steps
    const signedUp = await signUp(gymApp, 1 + TICK_CLIENTS);
    await Promise.all(running.map((projector) => projector.stop()));
    running = [];
    onEnd(() => Promise.all(running.map((projector) => projector.stop())).then(() => undefined));
    // fastify answers with the address it listens on, e.g. http://127.0.0.1:40123
    const gym = await gymApp.listen({ host: '127.0.0.1', port: 0 });
    const forms = await formsApp.listen({ host: '127.0.0.1', port: 0 });

    const seeded = signedUp.map((user) => seededUser(user.id));
    const fiveYear = signedUp[0]!;
    const streams = mixer();
    const measuredStarted = performance.now();
    const counts: KindCounts = { gym: await appendAll(core, measuredUsers(seeded[0]!, seeded.slice(1)), SEED_CONCURRENCY), club: 0, forms: 0, shows: 0 };
    // the first step's seeding includes the measured users' histories
    let measured = { events: counts.gym, seconds: (performance.now() - measuredStarted) / 1000 };
    const table = figureTable();
    /** events in the log at each step, as counted once the step is seeded */
    const logSizes: number[] = [];
    for (const [step, events] of STEPS.entries()) {
      // the mix is of the seeded events; the figures' own appends (ticks, the append figure) come on top
      const figureEvents = (await countEvents(core)) - KINDS.reduce((sum, kind) => sum + counts[kind], 0);
      const shares = targetsOf(Math.max(0, events - figureEvents));
      const targets = { ...counts };
      for (const kind of KINDS) targets[kind] = Math.max(counts[kind], shares[kind]);
      const mixed = await growTo(core, streams, counts, targets, SEED_CONCURRENCY);
      const grown = { events: mixed.events + measured.events, seconds: mixed.seconds + measured.seconds };
      measured = { events: 0, seconds: 0 };
      const { rows: [size] } = await core.db.pg.query<{ bytes: string }>("SELECT pg_total_relation_size('es.events')::text AS bytes");
      running = await startProjectors(core);
      const catchUp = await caughtUp(core);
      // A log of a year grows over a year, and autovacuum goes over it as it grows: here a step's
      // millions arrive in minutes, and the vacuum of them (freezing, hint bits, each page so
      // dirtied after a checkpoint written to the WAL whole) would fall on the figures. Done first.
      const settleStarted = performance.now();
      await core.db.pg.query('VACUUM (ANALYZE)');
      await core.db.pg.query('CHECKPOINT');
      const settle = (performance.now() - settleStarted) / 1000;
      const inLog = await countEvents(core);
      logSizes.push(inLog);
      console.log(`\nstep ${step + 1}: ${fmt(inLog)} events (${KINDS.map((kind) => `${kind} ${fmt(counts[kind])}`).join(', ')})`);
      console.log(`  seeded ${fmt(grown.events)} events in ${fmt(grown.seconds, 1)} s: ${fmt(grown.events / grown.seconds)} events/s; log ${fmt(Number(size!.bytes) / 2 ** 20)} MiB on disk; projectors caught up in ${fmt(catchUp, 1)} s; VACUUM and CHECKPOINT ${fmt(settle, 1)} s`);
      table.record('log size on disk, MiB (es.events, its indexes and TOAST)', step, Number(size!.bytes) / 2 ** 20, { digits: 0, goal: false });
      table.record('seeding of the step, s', step, grown.seconds, { goal: false });
      table.record('seeding, events/s', step, grown.events / grown.seconds, { digits: 0, goal: false });
      table.record("projectors' catch-up with the step's events, s", step, catchUp, { goal: false });

      const ticks = await tickClients(gym, signedUp.slice(1), seeded.slice(1), step % 5);
      // untimed: connections, JIT and caches after the seeding, as at every step
      await tickFigure(gym, ticks, WARM_UP_SECONDS);
      for (const [url, cookie, read] of [[gym, fiveYear.cookie, `/api/home?date=${TODAY}`], [gym, fiveYear.cookie, `/api/stats?date=${TODAY}`], [forms, '', `/api/forms/${FORM}`]] as const) {
        await readFigure(url, cookie, read, WARM_UP_SECONDS);
      }
      await appendLatency(core, `warm${step}`, APPEND_WRITERS, WARM_UP_SECONDS);

      const appends = await appendLatency(core, `growth${step}`, APPEND_WRITERS, SECONDS);
      const tick = await tickFigure(gym, ticks, SECONDS);
      const home = await readFigure(gym, fiveYear.cookie, `/api/home?date=${TODAY}`, SECONDS / 2);
      const stats = await readFigure(gym, fiveYear.cookie, `/api/stats?date=${TODAY}`, SECONDS / 2);
      const form = await readFigure(forms, '', `/api/forms/${FORM}`, SECONDS / 2);
      const status = await opsStatus(env);
      const rows: Array<[string, number, number?]> = [
        ['append p50, ms', appends.p50], ['append p99, ms', appends.p99],
        ['HTTP set ticks/s', tick.rate, 0], ['tick p50, ms', tick.p50], ['tick p99, ms', tick.p99],
        ['GET /home p50, ms (five years)', home.p50], ['GET /home p99, ms', home.p99],
        ['GET /stats p50, ms (five years)', stats.p50], ['GET /stats p99, ms', stats.p99],
        [`GET /api/forms/${FORM} p50, ms`, form.p50], [`GET /api/forms/${FORM} p99, ms`, form.p99],
        ['ops status, ms', status.ms, 0],
      ];
      for (const [name, value, digits] of rows) {
        table.record(name, step, value, digits === undefined ? {} : { digits });
        console.log(`  ${name.padEnd(40)} ${fmt(value, digits ?? 1)}`);
      }
      const failures = tick.failures + home.failures + stats.failures + form.failures;
      if (failures > 0) console.log(`  failed requests: ${failures}`);
      // what the projections look like on the grown log (a projector stopped on an event would show here)
      if (step === STEPS.length - 1) for (const line of status.lines) console.log(`  ops status: ${line}`);

      await Promise.all(running.map((projector) => projector.stop()));
      running = [];
      const rebuilt = await rebuildBesideCopy(core, dir);
      // The rebuild reads the gym streams' events alone (ReadAllOptions.streams): its rate is given
      // both by the log it rebuilds from, as an operator times it, and by the events it applied.
      const logRate = inLog / rebuilt.seconds;
      console.log(`  rebuild of the gym projection from ${fmt(inLog)} events of the log, ${fmt(rebuilt.events)} of them gym's, in ${fmt(rebuilt.seconds, 1)} s: ` +
        `${fmt(logRate)} log events/s, ${fmt(rebuilt.events / rebuilt.seconds)} gym events/s (replay ${fmt(rebuilt.phases.replay, 1)} s, completion ${fmt(rebuilt.phases.complete, 1)} s, ` +
        `catch-up and swap ${fmt(rebuilt.phases.swap, 1)} s); COPY ${fmt(rebuilt.copy)} rows/s`);
      table.record('rebuild, log events/s', step, logRate, { digits: 0 });
      table.record('rebuild, gym events/s', step, rebuilt.events / rebuilt.seconds, { digits: 0 });
      table.record('COPY rows/s, same server', step, rebuilt.copy, { digits: 0 });
      table.record('rebuild (log events/s) ÷ COPY', step, logRate / rebuilt.copy, { digits: 2 });
      table.record('rebuild (gym events/s) ÷ COPY', step, rebuilt.events / rebuilt.seconds / rebuilt.copy, { digits: 2 });
      table.record('rebuild total, s', step, rebuilt.seconds, { goal: false });
      table.record("rebuild's replay, s", step, rebuilt.phases.replay, { goal: false });
      table.record("rebuild's completion, s", step, rebuilt.phases.complete, { goal: false });

      if (step === STEPS.length - 1) {
        running = await startProjectors(core);
        await caughtUp(core);
        const live = await rebuildUnderTraffic(core, gym, ticks, fiveYear.cookie, [`/api/home?date=${TODAY}`, `/api/stats?date=${TODAY}`]);
        await Promise.all(running.map((projector) => projector.stop()));
        running = [];
        console.log(`  rebuild under traffic: ${fmt(live.events)} gym events in ${fmt(live.seconds, 1)} s (${fmt(live.events / live.seconds)} events/s) while ${TICK_CLIENTS} clients ticked and one read Today and Stats`);
        console.log(`    ticks ${fmt(live.ticks)} (p50 ${fmt(live.tick.p50, 1)} / p99 ${fmt(live.tick.p99, 1)} ms), failed ${live.failedTicks}`);
        console.log(`    reads ${fmt(live.reads)} (p50 ${fmt(live.read.p50, 1)} / p99 ${fmt(live.read.p99, 1)} ms), failed ${live.failedReads}, answered other than before ${live.wrongReads}`);
      }
    }
    console.log('');
    for (const line of table.lines(logSizes)) console.log(line);
  });
}

await main();
