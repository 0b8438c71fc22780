// The test run's scheduler (`ops/test/run.ts`): each job a Node process in its own process group,
// a few at a time; what each came to, by its exit and tap's closing counts.
import { spawn } from 'node:child_process';

export type Counts = { readonly total: number; readonly pass: number; readonly fail: number; readonly skip: number };
/**
 * A test file (TAP on stdout), a type check (its exit code says it all), or a batch of test files
 * run in one process by ops/test/batch.ts, each a top-level subtest named by its path (`files`).
 */
export type Job = { readonly name: string; readonly args: readonly string[]; readonly tap: boolean; readonly files?: readonly string[] };
/** A file of a batch: its own line of the batch's TAP, and its subtest's output. */
export type FileOutcome = { readonly name: string; readonly ok: boolean; readonly ms: number; readonly output: string };
export type Outcome = { readonly name: string; readonly ok: boolean; readonly ms: number; readonly counts: Counts; readonly files?: readonly FileOutcome[] };

export type RunOptions = {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly concurrency: number;
  /** a job still running after this is killed, with everything it started, and fails */
  readonly timeoutMs: number;
  /** each job's outcome as it ends, with its output (stdout and stderr) */
  readonly onOutcome: (outcome: Outcome, output: string) => void;
};

/** tap's closing comment of a file run alone: `# { total: 44, pass: 43, fail: 1 }` */
export function countsOf(output: string): Counts | null {
  const last = [...output.matchAll(/^# \{ total: (\d+)(?:, pass: (\d+))?(?:, fail: (\d+))?(?:, skip: (\d+))?/gm)].at(-1);
  if (!last) return null;
  return { total: Number(last[1]), pass: Number(last[2] ?? 0), fail: Number(last[3] ?? 0), skip: Number(last[4] ?? 0) };
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each file's outcome in a batch's TAP, by its top-level subtest: `# Subtest: <file>`, the file's
 * lines, then `ok 3 - <file> # time=812ms`. A file with no such line did not end (the batch was
 * killed or crashed before it): it fails, with the output from its start.
 */
export function fileOutcomesOf(output: string, files: readonly string[]): FileOutcome[] {
  return files.map((name) => {
    const start = output.search(new RegExp(`^# Subtest: ${escaped(name)}$`, 'm'));
    const end = new RegExp(`^(not )?ok \\d+ - ${escaped(name)}(?: # time=([\\d.]+)ms)?.*$`, 'm').exec(output);
    if (!end) return { name, ok: false, ms: 0, output: start < 0 ? '' : output.slice(start) };
    return { name, ok: end[1] === undefined, ms: Number(end[2] ?? 0), output: output.slice(Math.max(start, 0), end.index + end[0].length) };
  });
}

const running = new Set<number>();
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const pid of running) killGroup(pid);
    process.exit(130);
  });
}

function run(job: Job, options: RunOptions): Promise<[Outcome, string]> {
  const started = performance.now();
  // its own process group: a timeout ends the browser and servers it started too
  const child = spawn(process.execPath, job.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const pid = child.pid!;
  running.add(pid);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let timedOut = false;
  // a batch's files each have their own limit inside it: this one is only the backstop
  const limitMs = options.timeoutMs * (job.files?.length ?? 1);
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(pid);
  }, limitMs);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(pid);
      // whatever it left behind goes with it
      killGroup(pid);
      const counts = job.tap ? countsOf(output) : { total: 0, pass: 0, fail: code === 0 ? 0 : 1, skip: 0 };
      if (timedOut) output += `\n# killed after ${limitMs / 1000} s\n`;
      else if (!counts) output += `\n# ended (${signal ?? `exit code ${code}`}) without tap's summary\n`;
      const ok = !timedOut && code === 0 && counts !== null && counts.fail === 0;
      const outcome: Outcome = { name: job.name, ok, ms: performance.now() - started, counts: counts ?? { total: 0, pass: 0, fail: 1, skip: 0 } };
      resolve([job.files ? { ...outcome, files: fileOutcomesOf(output, job.files) } : outcome, output]);
    });
  });
}

/** Runs every job, `concurrency` at a time, in the order given; their outcomes in the order they ended. */
export async function runJobs(jobs: readonly Job[], options: RunOptions): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const [outcome, output] = await run(job, options);
        outcomes.push(outcome);
        options.onOutcome(outcome, output);
      }
    }),
  );
  return outcomes;
}
