// Issue 32's proof for the shared questionnaire: the seeded sync simulation (run.ts, forms.ts) in
// `npm test`; `npm run sim -- --only forms --schedules 10000` runs more.
import t from 'tap';
import { startTestSystem } from '../harness.ts';
import { formsScenario } from './forms.ts';
import { simulate } from './in-test.ts';

const system = await startTestSystem(t);
simulate(t, formsScenario(system), 100);
