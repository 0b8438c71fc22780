// `npm test`: one throwaway PostgreSQL for the whole run; each test file makes its own database in it.
// Each file is a plain Node process printing TAP (`import t from 'tap'`), three at a time, beside the
// type checks when the whole suite runs. Not under tap's runner: its hooks in every process (process
// info, source maps) cost about a second of CPU per file, on 2 cores the suite keeps busy. Every
// process of the run shares Node's compile cache, and test systems copy one migrated database
// instead of each migrating its own (docs/design.md, "Clients").
import { glob } from 'node:fs/promises';
import path from 'node:path';
import { startThrowawayPostgres } from '../../infra/postgres/throwaway-postgres.ts';
import { ensureWebApps } from '../ui/build.ts';
import { createMigratedTemplate } from '../../testing/harness.ts';
import { type Counts, type Job, runJobs } from './jobs.ts';
import { TYPE_CHECK_PROJECTS, typeCheckArgs } from './type-checks.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const JOBS = Number(process.env.TEST_JOBS ?? 3);
if (!Number.isInteger(JOBS) || JOBS < 1) {
  process.stderr.write(`TEST_JOBS: a whole number of files to run at once, 1 or more (not ${process.env.TEST_JOBS})\n`);
  process.exit(2);
}
// a longer run of the read checks (`npm run check:reads -- --runs 5000`) gives each file more time
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 180_000);
const COMPILE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'node-compile-cache');
const BATCH = path.join(ROOT, 'ops/test/batch.ts');

/** The type checks `npm run typecheck` makes, one job each, beside the first test files, on one thread: the files keep both cores busy. */
const TYPE_CHECKS = TYPE_CHECK_PROJECTS.map((project): Job => ({ name: `tsc -p ${project}`, args: typeCheckArgs(project, { singleThreaded: true }), tap: false }));

/** The test files named by the arguments (paths or globs), or every `*.test.ts` outside node_modules and .data. */
async function testFiles(patterns: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const skipped = (name: string): boolean => name === 'node_modules' || name === '.data' || name.startsWith('.');
  for (const pattern of patterns.length > 0 ? patterns : ['**/*.test.ts']) {
    for await (const file of glob(pattern, { cwd: ROOT, exclude: (name) => skipped(path.basename(name)) })) found.add(file);
  }
  // the long ones first, so that the run does not end waiting on one of them
  // (the read side's reference checks and the sync simulation take a minute each)
  const long = (file: string): boolean => file.startsWith('ops/') || file.startsWith('projections/') || file.endsWith('reference.int.test.ts') || file.includes('/sync-sim/');
  const weight = (file: string): number => (file.includes('.browser.') ? 0 : long(file) ? 1 : 2);
  // then int before unit files, so that files of a kind are neighbours and batch together
  const kind = (file: string): number => (file.includes('.unit.') ? 1 : 0);
  return [...found].sort((a, b) => weight(a) - weight(b) || kind(a) - kind(b) || a.localeCompare(b));
}

/**
 * Files about a process itself (its start, signals, exit, a killed PostgreSQL, the CLI and the
 * services spawned, the process's own metrics, a dev server's watchers) and the long ones, which
 * would hold a batch up, run alone.
 */
const PROCESS_FILES = new Set([
  'ops/club-users.int.test.ts',
  'ops/main.int.test.ts',
  'ops/metrics.int.test.ts',
  'ops/other-ports.browser.test.ts',
  'ops/outage.int.test.ts',
  'ops/park.int.test.ts',
  'ops/postgres-crash.int.test.ts',
  'ops/restart.int.test.ts',
  'ops/split-roles.int.test.ts',
  'ops/ui/dev.int.test.ts',
]);
const runsAlone = (file: string): boolean => PROCESS_FILES.has(file) || file.endsWith('reference.int.test.ts') || file.includes('/sync-sim/');
/** files per batch: enough to share the loading, few enough that the three workers end together */
const batchSize = (file: string): number => (file.includes('.unit.') ? 25 : 6);

/** The files as jobs in their order: alone, or consecutive files of a kind batched (ops/test/batch.ts). */
function testJobs(ordered: readonly string[]): Job[] {
  const jobs: Job[] = [];
  let batch: string[] = [];
  const flush = (): void => {
    if (batch.length === 1) jobs.push({ name: batch[0]!, args: [batch[0]!], tap: true });
    else if (batch.length > 1) jobs.push({ name: `batch of ${batch.length} from ${batch[0]}`, args: [BATCH, ...batch], tap: true, files: batch });
    batch = [];
  };
  for (const file of ordered) {
    if (runsAlone(file)) {
      flush();
      jobs.push({ name: file, args: [file], tap: true });
      continue;
    }
    if (batch.length > 0 && (batchSize(batch[0]!) !== batchSize(file) || batch.length >= batchSize(file))) flush();
    batch.push(file);
  }
  flush();
  return jobs;
}

const indent = (text: string): string => text.replace(/^(?=.)/gm, '    ');

// the services serve the built apps and the browser tests open them: built first when ui/ changed
await ensureWebApps({ log: (message) => process.stdout.write(`# ${message}\n`) });
const named = process.argv.slice(2);
const files = await testFiles(named);
if (files.length === 0) {
  process.stdout.write(`no test file matches ${named.join(' ')}\n`);
  process.exit(1);
}
// the whole suite type-checks too, on the cores the first test files leave free; named files do not
const jobs: Job[] = [...(named.length === 0 ? TYPE_CHECKS : []), ...testJobs(files)];

const postgres = await startThrowawayPostgres('ledger-test-pg-', { max_connections: '300' });
process.env.TEST_DATABASE_URL = postgres.url;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...(await createMigratedTemplate()),
  TAP_TIMEOUT: String(FILE_TIMEOUT_MS / 1000),
  NODE_COMPILE_CACHE: COMPILE_CACHE,
};
const runStarted = performance.now();
process.stdout.write(`TAP version 14\n# ${jobs.length} jobs (${files.length} test files), ${JOBS} at a time\n`);

let ended = 0;
/** a tier's files and the time they took (three ran at a time, so the tiers add up to more than the run) */
const tiers = new Map<string, { files: number; ms: number }>();
const tierOf = (name: string): string => (name.startsWith('tsc ') ? 'type checks' : (/\.(unit|int|browser)\.test\.ts$/.exec(name)?.[1] ?? 'other'));
const outcomes = await runJobs(jobs, {
  cwd: ROOT,
  env,
  concurrency: JOBS,
  timeoutMs: FILE_TIMEOUT_MS,
  onOutcome(outcome, output) {
    const report = (name: string, ok: boolean, ms: number, shown: string): void => {
      const line = `${ok ? 'ok' : 'not ok'} ${++ended} - ${name} # time=${ms.toFixed(0)}ms\n`;
      const tier = tiers.get(tierOf(name)) ?? { files: 0, ms: 0 };
      tiers.set(tierOf(name), { files: tier.files + 1, ms: tier.ms + ms });
      // a failing job's whole output, so that CI's log says what failed
      process.stdout.write(ok ? line : `# Subtest: ${name}\n${indent(shown)}${shown.endsWith('\n') ? '' : '\n'}${line}`);
    };
    if (!outcome.files) return report(outcome.name, outcome.ok, outcome.ms, output);
    for (const file of outcome.files) report(file.name, file.ok, file.ms, file.output || output);
    // failed outside its files (a crash between two, a failing exit): the batch's whole output
    if (!outcome.ok && outcome.files.every((file) => file.ok)) report(outcome.name, false, outcome.ms, output);
  },
});
await postgres.stop();

const sum = (key: keyof Counts): number => outcomes.reduce((total, outcome) => total + outcome.counts[key], 0);
const failed = outcomes.flatMap((outcome): string[] => {
  if (!outcome.files) return outcome.ok ? [] : [outcome.name];
  const files = outcome.files.filter((file) => !file.ok).map((file) => file.name);
  return files.length === 0 && !outcome.ok ? [outcome.name] : files;
});
process.stdout.write(`1..${ended}\n`);
if (failed.length > 0) process.stdout.write(`# failed:\n${failed.map((name) => `#   ${name}\n`).join('')}`);
process.stdout.write(`# { total: ${sum('total')}, pass: ${sum('pass')}, fail: ${sum('fail')}, skip: ${sum('skip')} }\n`);
process.stdout.write(`# ${jobs.length} jobs in ${((performance.now() - runStarted) / 1000).toFixed(1)} s\n`);
const tierLines = [...tiers].map(([tier, { files, ms }]) => `#   ${tier}: ${files} ${tier === 'type checks' ? 'projects' : 'files'}, ${(ms / 1000).toFixed(1)} s in them\n`);
process.stdout.write(`# time in each tier's files (three at a time):\n${tierLines.join('')}`);
process.stdout.write(`${sum('pass')} passed, ${sum('fail')} failed, ${sum('skip')} skipped\n`);
process.exit(failed.length > 0 ? 1 : 0);
