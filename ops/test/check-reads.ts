// `npm run check:reads -- --runs 5000 [--seed N]`: the reference checks of the read side
// (`query-api/*/reference.int.test.ts`) with more random command sequences than `npm test` runs.
// Each check folds the same events in memory with plain code and compares every GET route's answer.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write('--runs expects a whole number of sequences, 1 or more\n');
  process.exit(2);
}
const ROOT = path.resolve(import.meta.dirname, '../..');
const child = spawn(process.execPath, [path.join(ROOT, 'ops/test/run.ts'), 'query-api/*/reference.int.test.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    READ_CHECK_RUNS: String(runs),
    ...(values.seed === undefined ? {} : { READ_CHECK_SEED: values.seed }),
    // a sequence takes tens of milliseconds to a second (a club night's some twenty commands each wait
    // for the projection, beside the other checks); 5,000 of them need more than a file's usual 3 minutes
    TEST_FILE_TIMEOUT_MS: String(Math.max(180_000, runs * 1500)),
  },
});
child.on('exit', (code) => process.exit(code ?? 1));
