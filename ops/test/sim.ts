// `npm run sim -- --schedules 10000 [--seed N] [--only gym]`: the sync simulation of issue 32
// (testing/sync-sim/) with more schedules than `npm test` runs. A failing schedule prints its
// seed and steps; `--seed N --schedules 1` replays it.
import { parseArgs } from 'node:util';
import { countOption, runTestFilesWith } from './run-longer.ts';

const { values } = parseArgs({ options: { schedules: { type: 'string', default: '1000' }, seed: { type: 'string' }, only: { type: 'string' } } });
const schedules = countOption('schedules', values.schedules, 'schedules');
runTestFilesWith(values.only === undefined ? 'testing/sync-sim/*.int.test.ts' : `testing/sync-sim/${values.only}.int.test.ts`, {
  SIM_SCHEDULES: String(schedules),
  SIM_SEED: values.seed ?? String(Date.now() % 1_000_000_000),
  ...(values.only === undefined ? {} : { SIM_ONLY: values.only }),
  // a schedule takes a tenth of a second to a second; 10,000 need more than a file's usual 3 minutes
  TEST_FILE_TIMEOUT_MS: String(Math.max(180_000, schedules * 1500)),
  // the counts of what the schedules did, printed even when they all pass
  SIM_VERBOSE: '1',
});
