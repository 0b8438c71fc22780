// `npm run bench:day` (issue 36, part 2): a day of mixed traffic against the four services running
// as one separate Node process on the bench's own embedded PostgreSQL: gym users in workouts
// (ticks in bursts, Today and Stats), ten clubs saving nights from two phones, forms saved by pairs,
// and the shows daily job at noon. Open loop, at a rate raised by BENCH_DAY_FACTOR per step until the
// p99 of a route passes 100 ms; CPU per request of Node and PostgreSQL from /proc, projector lag.
// `--against <git-rev>`: the same day first against that revision (a git worktree using this
// checkout's node_modules), then against the working tree, and one table of both.
// Run: nice -n 10 npm run bench:day -- [--against <rev>]; sizes from BENCH_DAY_* (below).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fmt, positiveSetting } from './measure.ts';
import { addWorktree } from './day/against.ts';
import { comparisonLines } from './day/compare.ts';
import { highestSustained } from './day/report.ts';
import { runDay, type DaySettings } from './day/run.ts';

const settings: DaySettings = {
  users: Math.round(positiveSetting('BENCH_DAY_USERS', 10_000)),
  weeks: Math.round(positiveSetting('BENCH_DAY_WEEKS', 8)),
  seconds: positiveSetting('BENCH_DAY_SECONDS', 60),
  firstRate: positiveSetting('BENCH_DAY_RATE', 20),
  factor: positiveSetting('BENCH_DAY_FACTOR', 1.25),
  maxSteps: Math.round(positiveSetting('BENCH_DAY_MAX_STEPS', 30)),
};
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const againstAt = process.argv.indexOf('--against');
const against = againstAt >= 0 ? process.argv[againstAt + 1] : undefined;
if (againstAt >= 0 && !against) throw new Error('--against needs a git revision');

const cpus = os.cpus();
console.log('bench:day');
console.log(`  machine   ${cpus[0]?.model ?? 'unknown cpu'}, nproc ${os.availableParallelism()}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB; node ${process.version}; embedded PostgreSQL, default durability`);
console.log(`  settings  BENCH_DAY_USERS=${settings.users} BENCH_DAY_WEEKS=${settings.weeks} BENCH_DAY_SECONDS=${settings.seconds} BENCH_DAY_RATE=${settings.firstRate} ` +
  `BENCH_DAY_FACTOR=${settings.factor} BENCH_DAY_MAX_STEPS=${settings.maxSteps}${against ? `; against ${against}` : ''}`);

const tempDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-day-'));
await chmod(tempDir, 0o755);
try {
  if (!against) console.log(`highest sustained rate: ${highestSustained(await runDay(ROOT, '', settings, tempDir))}`);
  else {
    const worktree = await addWorktree(ROOT, against, tempDir);
    try {
      const before = await runDay(worktree.root, `[${against}] `, settings, tempDir);
      const after = await runDay(ROOT, '[working tree] ', settings, tempDir);
      console.log('');
      for (const line of comparisonLines(against, before, after)) console.log(line);
    } finally {
      await worktree.remove();
    }
  }
} finally {
  await rm(tempDir, { recursive: true, force: true });
}
