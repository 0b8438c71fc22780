// The test run's scheduler (`ops/test/run.ts`): each job a Node process in its own process group,
// a few at a time; what each came to, by its exit and tap's closing counts.
import { spawn } from 'node:child_process';

export type Counts = { readonly total: number; readonly pass: number; readonly fail: number; readonly skip: number };
/** a test file (TAP on stdout) or a type check (its exit code says it all) */
export type Job = { readonly name: string; readonly args: readonly string[]; readonly tap: boolean };
export type Outcome = { readonly name: string; readonly ok: boolean; readonly ms: number; readonly counts: Counts };

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
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(pid);
  }, options.timeoutMs);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(pid);
      // whatever it left behind goes with it
      killGroup(pid);
      const counts = job.tap ? countsOf(output) : { total: 0, pass: 0, fail: code === 0 ? 0 : 1, skip: 0 };
      if (timedOut) output += `\n# killed after ${options.timeoutMs / 1000} s\n`;
      else if (!counts) output += `\n# ended (${signal ?? `exit code ${code}`}) without tap's summary\n`;
      const ok = !timedOut && code === 0 && counts !== null && counts.fail === 0;
      resolve([{ name: job.name, ok, ms: performance.now() - started, counts: counts ?? { total: 0, pass: 0, fail: 1, skip: 0 } }, output]);
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
