// `npm run sim -- --schedules 10000 [--seed N] [--only gym]`: the sync simulation of issue 32
// (infra/testing/sync-sim/) with more schedules than `npm test` runs. A failing schedule prints its
// seed and steps; `--seed N --schedules 1` replays it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { schedules: { type: 'string', default: '1000' }, seed: { type: 'string' }, only: { type: 'string' } } });
const schedules = Number(values.schedules);
if (!Number.isInteger(schedules) || schedules < 1) {
  process.stderr.write('--schedules expects a whole number, 1 or more\n');
  process.exit(2);
}
const ROOT = path.resolve(import.meta.dirname, '../..');
const child = spawn(process.execPath, [path.join(ROOT, 'ops/test/run.ts'), 'infra/testing/sync-sim/sync.int.test.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    SIM_SCHEDULES: String(schedules),
    ...(values.seed === undefined ? { SIM_SEED: String(Date.now() % 1_000_000_000) } : { SIM_SEED: values.seed }),
    ...(values.only === undefined ? {} : { SIM_ONLY: values.only }),
    // a schedule takes a tenth of a second to a second; 10,000 need more than a file's usual 3 minutes
    TEST_FILE_TIMEOUT_MS: String(Math.max(180_000, schedules * 1500)),
    // the runner prints a passing file's output too: the counts of what the schedules did
    SIM_VERBOSE: '1',
  },
});
child.on('exit', (code) => process.exit(code ?? 1));
