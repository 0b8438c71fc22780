// `npm run check:reads -- --runs 5000 [--seed N]`: the reference checks of the read side
// (`query-api/*/*reference.int.test.ts`) with more random command sequences than `npm test` runs.
// Each check folds the same events in memory with plain code and compares every GET route's answer.
import { parseArgs } from 'node:util';
import { countOption, runTestFilesWith } from './run-longer.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' } } });
const runs = countOption('runs', values.runs, 'sequences');
runTestFilesWith('query-api/*/*reference.int.test.ts', {
  READ_CHECK_RUNS: String(runs),
  ...(values.seed === undefined ? {} : { READ_CHECK_SEED: values.seed }),
  // a sequence takes tens of milliseconds to a second (a club night's some twenty commands each wait
  // for the projection, beside the other checks); 5,000 of them need more than a file's usual 3 minutes
  TEST_FILE_TIMEOUT_MS: String(Math.max(180_000, runs * 1500)),
});
