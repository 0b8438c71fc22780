// Issue 32's proof for club nights: the seeded sync simulation (run.ts, club.ts) in `npm test`;
// `npm run sim -- --only club --schedules 10000` runs more.
import t from 'tap';
import { startTestSystem } from '../harness.ts';
import { clubScenario } from './club.ts';
import { simulate } from './in-test.ts';

const system = await startTestSystem(t);
simulate(t, clubScenario(system), 60);
