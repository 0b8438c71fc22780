// One step of the day at one offered rate: the gym, the clubs and the forms at their shares of it,
// the shows daily job at noon (the step's middle), and what it cost the services and PostgreSQL.
import type pg from 'pg';
import { clubTraffic, type ClubDay } from './club.ts';
import { processCpuSeconds, treeCpuSeconds } from './cpu.ts';
import { formsTraffic, type FormsDay } from './forms.ts';
import { gymTraffic, type GymDay } from './gym.ts';
import { sampleLag } from './lag.ts';
import { at, Recorder, type Step } from './open-loop.ts';
import { type Sample, sampleStalls } from './stalls.ts';

/** each kind's share of the requests offered */
export const MIX = { gym: 0.7, club: 0.15, forms: 0.15 } as const;

export type DayTargets = {
  readonly gym: GymDay;
  readonly club: ClubDay;
  readonly forms: FormsDay;
  readonly showsBase: string;
  readonly adminToken: string;
  readonly servicesPid: number;
  readonly postmasterPid: number;
  /** the bench's own connections, for the lag samples and the stall samples */
  readonly lagClient: pg.Client;
  readonly stallClient: pg.Client;
};

export type DailyJobRun = {
  /** performance.now() when it was sent */
  readonly startedAt: number;
  readonly seconds: number;
  readonly status: number;
  readonly report: Record<string, unknown> | null;
};

export type StepResult = {
  readonly rate: number;
  readonly seconds: number;
  readonly recorder: Recorder;
  readonly nodeCpu: number;
  readonly postgresCpu: number;
  readonly lag: number[];
  readonly job: DailyJobRun;
  /** what the machine and PostgreSQL waited on through the step (stalls.ts) */
  readonly stalls: readonly Sample[];
};

async function dailyJobAtNoon(step: Step, targets: DayTargets): Promise<DailyJobRun> {
  await at(step, (step.seconds * 1000) / 2);
  const started = performance.now();
  try {
    const res = await fetch(`${targets.showsBase}/api/admin/run-cron`, { method: 'POST', headers: { 'x-admin-token': targets.adminToken } });
    const report = res.status === 200 ? ((await res.json()) as Record<string, unknown>) : (await res.arrayBuffer(), null);
    return { startedAt: started, seconds: (performance.now() - started) / 1000, status: res.status, report };
  } catch {
    return { startedAt: started, seconds: (performance.now() - started) / 1000, status: 0, report: null };
  }
}

export async function runStep(targets: DayTargets, rate: number, seconds: number, random: () => number): Promise<StepResult> {
  const recorder = new Recorder();
  const nodeBefore = await processCpuSeconds(targets.servicesPid);
  const postgresBefore = await treeCpuSeconds(targets.postmasterPid);
  const lag = sampleLag(targets.lagClient);
  const stalls = sampleStalls(targets.stallClient);
  // a little time to plan the lead-in before time 0
  const step: Step = { t0: performance.now() + 2500, seconds, rate, recorder, random };
  const [job] = await Promise.all([
    dailyJobAtNoon(step, targets),
    gymTraffic(step, targets.gym, MIX.gym),
    clubTraffic(step, targets.club, MIX.club),
    formsTraffic(step, targets.forms, MIX.forms),
  ]);
  const nodeCpu = (await processCpuSeconds(targets.servicesPid)) - nodeBefore;
  const postgresCpu = (await treeCpuSeconds(targets.postmasterPid)) - postgresBefore;
  return { rate, seconds, recorder, nodeCpu, postgresCpu, lag: await lag.stop(), job, stalls: await stalls.stop() };
}
