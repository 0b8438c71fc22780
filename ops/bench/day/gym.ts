// Gym users in workouts: each starts one (POST /api/sessions) after opening Today, ticks a set every
// 1–3 s for 20–40 sets, and looks at Stats when done. Workouts arrive as a Poisson stream; those that
// began before the step's time 0 (the lead-in) are already under way when it starts, so the step
// runs at its rate from its first second.
import { SLOTS_PER_DAY, TODAY, type SeededUser } from '../gym-history.ts';
import { arrivals, at, send, type Step } from './open-loop.ts';

/** Today, the start, 30 ticks on average, Stats */
const REQUESTS_PER_WORKOUT = 33;
/** a workout's longest: 40 ticks 3 s apart and Stats; arrivals start this long before time 0, so that the step opens at its full rate */
const LONGEST_WORKOUT_MS = 125_000;
const LEAD_IN_MS = 2_000;

export type GymUser = SeededUser & { readonly cookie: string };

export type GymDay = { readonly base: string; readonly users: readonly GymUser[]; next: number; kgStep: number };

async function workout(step: Step, day: GymDay, user: GymUser, startAt: number, endMs: number): Promise<void> {
  const headers = { cookie: user.cookie };
  const d = day.next % user.days.length;
  const sets = 20 + Math.floor(step.random() * 21);
  const tickTimes: number[] = [];
  for (let n = 0, t = startAt; n < sets; n++) tickTimes.push((t += 1000 + 2000 * step.random()));
  // Stats after the last set
  const statsAt = tickTimes[tickTimes.length - 1]! + 1000 + 2000 * step.random();
  const underWay = startAt < 0;
  // a workout over before time 0 is not part of the step
  if (statsAt < 0) return;
  if (!underWay) {
    await at(step, startAt);
    void send(step, 'gym GET /api/home', step.t0 + startAt, `${day.base}/api/home?date=${TODAY}`, { method: 'GET', headers });
  }
  // a workout under way at time 0 was started in the lead-in, unrecorded
  const startScheduled = underWay ? -LEAD_IN_MS * step.random() : startAt;
  await at(step, startScheduled);
  const started = await send(step, 'gym POST /api/sessions', step.t0 + startScheduled, `${day.base}/api/sessions`, {
    method: 'POST', headers, body: { planDayId: user.days[d], date: TODAY },
  }, { recorded: !underWay });
  const ticks = tickTimes.map((scheduled, n) => {
    if (scheduled < 0 || scheduled >= endMs) return null;
    // each tick a new weight, so that it changes its set and appends
    const kg = 40 + (day.kgStep++ % 80) * 0.5;
    return at(step, scheduled).then(() => {
      const route = 'gym POST /api/sessions/:id/sets';
      if (!started) {
        step.recorder.fail(route, 'no workout');
        return null;
      }
      const id = (started.body as { id: string }).id;
      return send(step, route, step.t0 + scheduled, `${day.base}/api/sessions/${id}/sets`, {
        method: 'POST', headers, body: { exerciseId: user.exercises[d * SLOTS_PER_DAY + (n % SLOTS_PER_DAY)], setNumber: Math.floor(n / SLOTS_PER_DAY) + 1, kg, reps: 5 + (n % 5) },
      });
    });
  });
  if (statsAt < endMs) {
    await at(step, statsAt);
    ticks.push(send(step, 'gym GET /api/stats', step.t0 + statsAt, `${day.base}/api/stats?date=${TODAY}`, { method: 'GET', headers }));
  }
  await Promise.all(ticks);
}

/** the gym's share of the step: workouts arriving at `share` of the step's rate, over the step and the workouts' lead */
export async function gymTraffic(step: Step, day: GymDay, share: number): Promise<void> {
  const perSecond = (share * step.rate) / REQUESTS_PER_WORKOUT;
  const endMs = step.seconds * 1000;
  await Promise.all(arrivals(step, perSecond, -LONGEST_WORKOUT_MS, endMs).map((startAt) => {
    const user = day.users[day.next++ % day.users.length]!;
    return workout(step, day, user, startAt, endMs);
  }));
}
