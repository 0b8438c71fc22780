// `npm test`: one throwaway PostgreSQL for the whole run; each test file makes its own database in it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startThrowawayPostgres } from '../../infra/postgres/embedded.ts';
import { ensureWebApps } from '../ui/build.ts';

// the services serve the built apps and the browser tests open them: built first when ui/ changed
await ensureWebApps({ log: (message) => process.stdout.write(`# ${message}\n`) });

const postgres = await startThrowawayPostgres('ledger-test-pg-', { max_connections: '300' });

/**
 * With no file named, every test file, the browser ones first and the quick unit ones last: a long
 * file started near the end would run on alone while the other jobs sit idle.
 */
function everyTestFile(): string[] {
  const skipped = new Set(['node_modules', '.data', '.git', 'dist']);
  const files = fs.globSync('**/*.test.ts', { exclude: (name) => skipped.has(path.basename(name)) });
  const cost = (file: string) => (file.endsWith('.browser.test.ts') ? 0 : file.endsWith('.int.test.ts') ? 1 : 2);
  return files.sort((a, b) => cost(a) - cost(b) || a.localeCompare(b));
}

const args = process.argv.slice(2);
const named = args.some((arg) => !arg.startsWith('-'));
const tap = path.resolve('node_modules/.bin/tap');
const child = spawn(tap, named ? args : [...args, ...everyTestFile()], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, TEST_DATABASE_URL: postgres.url },
});
// tap's own summary is a comment line; CI also reads the plain `N passed, N failed` form
let tail = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString()).slice(-4096);
});
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
const summary = [...tail.matchAll(/# \{ total: (\d+)(?:, pass: (\d+))?(?:, fail: (\d+))?(?:, skip: (\d+))?/g)].at(-1);
if (summary) {
  const [, , pass = '0', fail = '0', skip = '0'] = summary;
  process.stdout.write(`${pass} passed, ${fail} failed, ${skip} skipped\n`);
}
await postgres.stop();
process.exit(code);
