// Test support: `npm start`'s entry (ops/main.ts) as a real child process, its output kept for the
// test to read, as the tests of restarts, crashes and split roles run it.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { TEST_SESSION_SECRET } from './harness.ts';

const ENTRY = path.resolve(import.meta.dirname, '../main.ts');

export type MainProcess = {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** the exit code, once it has exited */
  readonly exited: Promise<number | null>;
  /** everything it printed to stdout (its JSON log lines) so far */
  out(): string;
  err(): string;
};

/** Starts ops/main.ts with `env` added to this process's environment (a key set to undefined is removed). */
export function spawnMain(env: Readonly<Record<string, string | undefined>>): MainProcess {
  const child = spawn(process.execPath, [ENTRY], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** The environment of `npm start` on its own embedded PostgreSQL in `dataDir`: every service on a free port, logging at info. */
export function embeddedMainEnv(options: { readonly dataDir: string; readonly pgPort: number; readonly tvmazeUrl: string; readonly formsDir: string }): Record<string, string | undefined> {
  return {
    DATABASE_URL: undefined,
    DATA_DIR: options.dataDir,
    EMBEDDED_PG_PORT: String(options.pgPort),
    GYM_PORT: '0',
    SHOWS_PORT: '0',
    CLUB_PORT: '0',
    FORMS_PORT: '0',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SESSION_SECRET,
    TVMAZE_URL: options.tvmazeUrl,
    FORMS_DIR: options.formsDir,
  };
}
