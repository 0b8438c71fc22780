// `npm test`: one throwaway PostgreSQL for the whole run; each test file makes its own database in it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startThrowawayPostgres } from '../../infra/postgres/embedded.ts';
import { ensureWebApps } from '../ui/build.ts';

// the services serve the built apps and the browser tests open them: built first when ui/ changed
await ensureWebApps({ log: (message) => process.stdout.write(`# ${message}\n`) });

const postgres = await startThrowawayPostgres('ledger-test-pg-', { max_connections: '300' });

const tap = path.resolve('node_modules/.bin/tap');
const child = spawn(tap, process.argv.slice(2), {
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
