// Issue 32's proof for gym sets: the seeded sync simulation (run.ts, gym.ts) in `npm test`;
// `npm run sim -- --only gym --schedules 10000` runs more.
import t from 'tap';
import { startTestSystem } from '../harness.ts';
import { gymScenario } from './gym.ts';
import { simulate } from './in-test.ts';

const system = await startTestSystem(t);
simulate(t, gymScenario(system.apps.gym!, system.core.store), 100);
