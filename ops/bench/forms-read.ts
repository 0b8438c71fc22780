// `node ops/bench/forms-read.ts`: what the forms read's wait for the log head costs (issue 35, point
// 3). GET /api/forms/:name waits until the forms projection has the head of the log as it stood when
// the read arrived; beside it, on the same app, the same read without that wait. Readers poll one
// form, with the log quiet and with writers saving to that form meanwhile (the case the wait is
// for), in interleaved slices. Prints reads/s and p50/p99 of each, saves/s beside them, PostgreSQL
// statements and CPU per request (what a busy machine does not blur), and the ratio of the p50s and p99s. Clients run in a worker thread (this module), the server in the main one.
// See docs/benchmarks.md.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { formDocumentSchema, formNameSchema } from '../../domain/forms/form.ts';
import { loadConfig, SAMPLE_FORMS_DIR } from '../../infra/config.ts';
import { createFormCatalog, formNotFound } from '../../infra/forms/catalog.ts';
import { formsProjection } from '../../projections/forms/form-documents/projector.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { readFormDocument } from '../../projections/forms/form-documents/read-form-document.ts';
import { buildFormsService } from '../services/forms.ts';
import { openCore } from '../system.ts';
import { fmt, median, percentile, positiveSetting, withBenchPostgres } from './measure.ts';

const SECONDS = positiveSetting('BENCH_SECONDS', 5);
const REPEATS = Math.round(positiveSetting('BENCH_REPEATS', 3));
const READERS = Math.round(positiveSetting('BENCH_READERS', 8));
const WRITERS = Math.round(positiveSetting('BENCH_WRITERS', 4));
const FORM = 'bench';
/** the same read as GET /api/forms/:name, registered without the wait for the log head */
const PLAIN_PATH = '/bench/plain-read';
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const loadSchema = z.object({
  url: z.string(),
  origin: z.string(),
  seconds: z.number().positive(),
  readPath: z.string(),
  readers: z.number().int().nonnegative(),
  writers: z.number().int().nonnegative(),
  /** where this slice's writers' client addresses start, so no address reaches the 600-saves limit */
  firstSave: z.number().int().nonnegative(),
});
type LoadInput = z.infer<typeof loadSchema>;
type LoadResult = { readonly reads: number[]; readonly saves: number; readonly seconds: number; readonly failures: Record<string, number> };

async function runLoad(input: LoadInput): Promise<LoadResult> {
  const reads: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (what: string): void => void (failures[what] = (failures[what] ?? 0) + 1);
  let saves = 0;
  const started = performance.now();
  const end = started + input.seconds * 1000;
  const reader = async (): Promise<void> => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const response = await fetch(`${input.url}${input.readPath}`);
        await response.arrayBuffer();
        if (response.status === 200) reads.push(performance.now() - t0);
        else fail(`read ${response.status}`);
      } catch {
        fail('read error');
      }
    }
  };
  const writer = async (w: number): Promise<void> => {
    for (let n = 0; performance.now() < end; n++) {
      const save = input.firstSave + n * input.writers + w;
      try {
        const response = await fetch(`${input.url}/api/forms/${FORM}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: input.origin, 'x-real-ip': `10.${(save >> 16) & 255}.${(save >> 8) & 255}.${save & 255}` },
          body: JSON.stringify({ answers: { contact: `writer ${w} save ${n}`, improve: `more courts, said save ${save}` } }),
        });
        await response.arrayBuffer();
        if (response.status === 200) saves++;
        else fail(`save ${response.status}`);
      } catch {
        fail('save error');
      }
    }
  };
  await Promise.all([...Array.from({ length: input.readers }, reader), ...Array.from({ length: input.writers }, (_, w) => writer(w))]);
  return { reads, saves, seconds: (performance.now() - started) / 1000, failures };
}

function inWorker(input: LoadInput): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: input });
    worker.once('message', (message: { ok: true; result: LoadResult } | { ok: false; error: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

type Slice = {
  readonly readRate: number;
  readonly p50: number;
  readonly p99: number;
  readonly saveRate: number;
  /** PostgreSQL statements per request (reads and saves): the round trips, which a busy machine does not blur */
  readonly statements: number;
  /** CPU of this process (server, projector and the clients' thread) per request */
  readonly cpuMs: number;
  readonly failures: Record<string, number>;
};

async function main(): Promise<void> {
  await withBenchPostgres('forms-read', { shared_preload_libraries: 'pg_stat_statements' }, async ({ admin, urlOf, onEnd }) => {
    await admin.query('CREATE EXTENSION pg_stat_statements');
    await admin.query('CREATE DATABASE bench_forms');
    const formsDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-forms-'));
    onEnd(() => rm(formsDir, { recursive: true, force: true }));
    await copyFile(path.join(SAMPLE_FORMS_DIR, 'welcome.json'), path.join(formsDir, `${FORM}.json`));
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: urlOf('bench_forms'),
      DATABASE_POOL_SIZE: '20',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
      FORMS_DIR: formsDir,
    });
    const core = await openCore(config);
    onEnd(() => core.close());
    const projector = startProjector({ pool: core.db.slonik, store: core.store, projection: formsProjection, progress: core.progress, log: silentLog });
    await projector.ready;
    onEnd(() => projector.stop());
    const catalog = createFormCatalog({ dir: formsDir, onInvalid: () => undefined });
    const app = await buildFormsService(core, { logger: false, catalog });
    app.get(
      `${PLAIN_PATH}/:name`,
      { schema: { params: z.object({ name: formNameSchema }), response: { 200: formDocumentSchema } } },
      async (request) => {
        if (!(await catalog.has(request.params.name))) throw formNotFound(request.params.name);
        return readFormDocument(core.db.slonik, request.params.name);
      },
    );
    onEnd(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;

    const settled = async (): Promise<void> => {
      if (!(await core.progress.waitFor(['forms'], await core.store.headPosition(), 60_000))) throw new Error('the forms projector did not catch up within 60 s');
    };
    let firstSave = 0;
    const slice = async (readPath: string, writers: number): Promise<Slice> => {
      await admin.query('SELECT pg_stat_statements_reset()');
      const cpuBefore = process.cpuUsage();
      const result = await inWorker({ url, origin: config.FORMS_BASE_URL, seconds: SECONDS, readPath, readers: READERS, writers, firstSave });
      const cpu = process.cpuUsage(cpuBefore);
      firstSave += result.saves + 1000;
      await settled();
      const { rows } = await admin.query<{ calls: string | null }>(
        `SELECT sum(calls)::text AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'bench_forms')`,
      );
      const requests = Math.max(1, result.reads.length + result.saves);
      const sorted = Float64Array.from(result.reads).sort();
      return {
        readRate: result.reads.length / result.seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        saveRate: result.saves / result.seconds,
        statements: Number(rows[0]?.calls ?? 0) / requests,
        cpuMs: (cpu.user + cpu.system) / 1000 / requests,
        failures: result.failures,
      };
    };

    const cpus = os.cpus();
    const { rows: [version] } = await admin.query<{ server_version: string }>('SHOW server_version');
    console.log('bench:forms-read');
    console.log(`  machine     ${cpus[0]?.model ?? 'unknown cpu'}, nproc ${os.availableParallelism()}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, ${os.platform()} ${os.release()}`);
    console.log(`  node        ${process.version}; PostgreSQL ${version?.server_version} embedded, default durability`);
    console.log(`  settings    BENCH_SECONDS=${SECONDS} BENCH_REPEATS=${REPEATS} BENCH_READERS=${READERS} BENCH_WRITERS=${WRITERS}; load average at start ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);

    const waiting = `/api/forms/${FORM}`;
    const plain = `${PLAIN_PATH}/${FORM}`;
    // warm-up: connections, JIT, the command side's folded stream, the catalog's file
    await slice(waiting, WRITERS);
    await slice(plain, WRITERS);

    console.log('');
    console.log('| log | repeat | GET with the head wait: reads/s | p50 / p99 ms | saves/s | statements/request | CPU/request | GET without: reads/s | p50 / p99 ms | saves/s | statements/request | CPU/request | p50 ÷ | p99 ÷ |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const cells = (x: Slice) => `${fmt(x.readRate)} | ${fmt(x.p50, 1)} / ${fmt(x.p99, 1)} | ${fmt(x.saveRate)} | ${fmt(x.statements, 2)} | ${fmt(x.cpuMs, 2)} ms`;
    const failures: Array<Record<string, number>> = [];
    for (const [log, writers] of [['quiet', 0], [`${WRITERS} writers`, WRITERS]] as const) {
      const p50s: number[] = [];
      const p99s: number[] = [];
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        // alternate which goes first, so neither always gets the warmer machine
        let w: Slice;
        let p: Slice;
        if (repeat % 2 === 0) {
          w = await slice(waiting, writers);
          p = await slice(plain, writers);
        } else {
          p = await slice(plain, writers);
          w = await slice(waiting, writers);
        }
        failures.push(w.failures, p.failures);
        p50s.push(w.p50 / p.p50);
        p99s.push(w.p99 / p.p99);
        console.log(`| ${log} | ${repeat + 1} | ${cells(w)} | ${cells(p)} | ${fmt(w.p50 / p.p50, 2)} | ${fmt(w.p99 / p.p99, 2)} |`);
      }
      console.log(`**${log}: median p50 with ÷ without ${fmt(median(p50s), 2)}, p99 ${fmt(median(p99s), 2)}**`);
    }
    console.log(`load average at end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    const failed = failures.filter((f) => Object.keys(f).length > 0);
    console.log(`failures: ${failed.length === 0 ? 'none' : JSON.stringify(failed)}`);
  });
}

if (parentPort) {
  const port = parentPort;
  runLoad(loadSchema.parse(workerData)).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
} else {
  await main();
}
