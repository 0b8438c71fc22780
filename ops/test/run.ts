// `npm test`: one throwaway PostgreSQL for the whole run; each test file makes its own database in it.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../infra/postgres/embedded.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-test-pg-'));
// as root the server runs as the `postgres` user, which must be able to enter the folder
await chmod(dataDir, 0o755);
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(dataDir, 'data'),
  port: 0,
  persistent: false,
  // durability buys nothing in a throwaway cluster
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
});

const tap = path.resolve('node_modules/.bin/tap');
const child = spawn(tap, process.argv.slice(2), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: postgres.url },
});
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
await postgres.stop();
await rm(dataDir, { recursive: true, force: true });
process.exit(code);
