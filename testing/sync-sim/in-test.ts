// One scenario of the sync simulation as a test of `npm test`: its schedules from a fixed seed (or
// SIM_SEED), its own count (or SIM_SCHEDULES), the first failures printed with their steps. Each
// document is a test file of its own, so the three run beside each other.
import type { Test } from 'tap';
import { describeFailure, runSchedules, type SimScenario } from './run.ts';

export function simulate(t: Test, scenario: SimScenario, defaultSchedules: number): void {
  const seed = Number(process.env.SIM_SEED ?? 32_000);
  const count = process.env.SIM_SCHEDULES === undefined ? defaultSchedules : Number(process.env.SIM_SCHEDULES);
  const only = process.env.SIM_ONLY;
  if (only && only !== scenario.name) return;
  t.test(`${scenario.name}: ${count} schedules from seed ${seed} converge, apply nothing twice, lose nothing confirmed untold`, async (t) => {
    const { failures, requests } = await runSchedules(scenario, seed, count);
    const summary = `${scenario.name}: ${count} schedules from seed ${seed}, ${requests} requests reached the service, ${failures.length} failed`;
    t.comment(summary);
    if (process.env.SIM_VERBOSE) process.stderr.write(`${summary}\n`);
    for (const failure of failures.slice(0, 3)) t.comment(describeFailure(scenario, failure));
    t.equal(failures.length, 0, `failed schedules: ${failures.map((failure) => failure.seed).join(', ') || 'none'}`);
  });
}
