// What `check:reads` and `sim` share: a whole number read from the command line, and `npm test`'s
// runner started on some test files with settings in the environment, its exit code passed on.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The option as a whole number of at least 1, or the process ends saying what the option expects. */
export function countOption(name: string, value: string, what: string): number {
  const count = Number(value);
  if (Number.isInteger(count) && count >= 1) return count;
  process.stderr.write(`--${name} expects a whole number of ${what}, 1 or more\n`);
  process.exit(2);
}

/** Runs the test files through ops/test/run.ts with `env` added, then exits with its code. */
export function runTestFilesWith(files: string, env: Readonly<Record<string, string>>): void {
  const child = spawn(process.execPath, [path.join(ROOT, 'ops/test/run.ts'), files], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => process.exit(code ?? 1));
}
