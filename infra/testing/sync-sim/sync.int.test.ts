// Issue 32's proof: the seeded sync simulation (infra/testing/sync-sim/run.ts) in `npm test`, a few
// hundred schedules per document; `npm run sim -- --schedules 10000` runs more. A failing schedule
// prints its seed and its steps.
import t from 'tap';
import { startTestSystem } from '../../../ops/test/harness.ts';
import { clubScenario } from './club.ts';
import { formsScenario } from './forms.ts';
import { gymScenario } from './gym.ts';
import { describeFailure, runSchedules, type SimScenario } from './run.ts';

const system = await startTestSystem(t);
const SEED = Number(process.env.SIM_SEED ?? 32_000);
// each scenario's count in `npm test`, chosen to keep the file near a minute on two cores; SIM_SCHEDULES sets all
const SCHEDULES = process.env.SIM_SCHEDULES === undefined ? null : Number(process.env.SIM_SCHEDULES);
const DEFAULT_SCHEDULES: Readonly<Record<string, number>> = { gym: 100, club: 30, forms: 60 };
const ONLY = process.env.SIM_ONLY;

const scenarios: SimScenario[] = [gymScenario(system.apps.gym!, system.core.store), clubScenario(system), formsScenario(system)];

for (const scenario of scenarios) {
  if (ONLY && ONLY !== scenario.name) continue;
  const count = SCHEDULES ?? DEFAULT_SCHEDULES[scenario.name] ?? 100;
  t.test(`${scenario.name}: ${count} schedules from seed ${SEED} converge, apply nothing twice, lose nothing confirmed untold`, async (t) => {
    const { failures, requests } = await runSchedules(scenario, SEED, count);
    const summary = `${scenario.name}: ${count} schedules from seed ${SEED}, ${requests} requests reached the service, ${failures.length} failed`;
    t.comment(summary);
    if (process.env.SIM_VERBOSE) process.stderr.write(`${summary}\n`);
    for (const failure of failures.slice(0, 3)) t.comment(describeFailure(scenario, failure));
    t.equal(failures.length, 0, `failed schedules: ${failures.map((failure) => failure.seed).join(', ') || 'none'}`);
  });
}
