// Test support: `npm start`'s entry (ops/main.ts) as a real child process, its output kept for the
// test to read, as the tests of restarts, crashes and split roles run it.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { TEST_SESSION_SECRET } from './harness.ts';

const ENTRY = path.resolve(import.meta.dirname, '../ops/main.ts');

export type MainProcess = {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** the exit code, once it has exited */
  readonly exited: Promise<number | null>;
  /** everything it printed to stdout (its JSON log lines) so far */
  out(): string;
  err(): string;
  /** what it printed, short enough for a failure to show: each repeated message once, with its count */
  said(): { readonly exitCode: number | null; readonly signal: NodeJS.Signals | null; readonly stdout: string; readonly stderr: string };
};

/** Starts ops/main.ts with `env` added to this process's environment (a key set to undefined is removed). */
export function spawnMain(env: Readonly<Record<string, string | undefined>>): MainProcess {
  return outputOf(spawn(process.execPath, [ENTRY], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** util-linux's `script`, which gives a command a terminal of its own: on Linux machines only. */
export const TERMINAL_AVAILABLE = process.platform === 'linux' && existsSync('/usr/bin/script');

/**
 * ops/main.ts as a person runs it, its output a terminal (`script`, which TERMINAL_AVAILABLE says
 * is here). `stop` signals the process itself: `script` would end it without its clean shutdown.
 */
export function spawnMainAtTerminal(env: Readonly<Record<string, string | undefined>>): MainProcess & { stop(signal: NodeJS.Signals): void } {
  const command = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(ENTRY)}`;
  const main = outputOf(spawn('/usr/bin/script', ['-qefc', command, '/dev/null'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  return {
    ...main,
    stop(signal) {
      const pid = main.child.pid;
      const children = pid === undefined ? '' : readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      for (const child of children.split(/\s+/).filter(Boolean)) process.kill(Number(child), signal);
    },
  };
}

function outputOf(child: ChildProcessByStdio<null, Readable, Readable>): MainProcess {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const said = () => ({ exitCode: child.exitCode, signal: child.signalCode, stdout: collapsed(stdout).slice(-12_000), stderr: stderr.slice(-3000) });
  return { child, exited, out: () => stdout, err: () => stderr, said };
}

/**
 * Log lines with each message after its first telling replaced by a count: a process that lost its
 * database repeats one warning per request and projector, and would push its last lines (how it
 * stopped) out of any tail a failure can show.
 */
export function collapsed(output: string): string {
  const seen = new Map<string, number>();
  const lines: string[] = [];
  for (const line of output.split('\n')) {
    const message = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line;
    const count = (seen.get(message) ?? 0) + 1;
    seen.set(message, count);
    if (count === 1) lines.push(line.slice(0, 600));
  }
  const repeats = [...seen].filter(([, count]) => count > 1).map(([message, count]) => `(${count}×) ${message}`);
  return [...lines, ...repeats].join('\n');
}

/** What every `npm start` a test spawns runs with: each service on a free port, logging at info (its lines are what the test reads). */
export const SPAWNED_MAIN_ENV: Readonly<Record<string, string>> = {
  GYM_PORT: '0',
  SHOWS_PORT: '0',
  CLUB_PORT: '0',
  FORMS_PORT: '0',
  LOG_LEVEL: 'info',
  NODE_ENV: 'test',
  SESSION_SECRET: TEST_SESSION_SECRET,
};

/** The environment of `npm start` on its own embedded PostgreSQL in `dataDir`. */
export function embeddedMainEnv(options: { readonly dataDir: string; readonly pgPort: number; readonly tvmazeUrl: string; readonly formsDir: string }): Record<string, string | undefined> {
  return {
    ...SPAWNED_MAIN_ENV,
    DATABASE_URL: undefined,
    DATA_DIR: options.dataDir,
    EMBEDDED_PG_PORT: String(options.pgPort),
    TVMAZE_URL: options.tvmazeUrl,
    FORMS_DIR: options.formsDir,
  };
}
