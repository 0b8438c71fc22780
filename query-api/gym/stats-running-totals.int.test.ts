// Issue 17: GET /stats answers from running totals the projector keeps per day and per exercise and
// day. Proven against the plain fold of every set it replaced (kept here as the oracle) on a random
// history with overwrites, corrections, removals, deleted workouts, two workouts on one date, failed
// attempts, equal estimates, a merge, and stats asked as of many dates.
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { trainingUser } from '../../testing/gym/training-client.ts';
import { addDays, weekStartOf } from '../../domain/shared/calendar.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { gymProjection } from '../../projections/gym/index.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { epley } from '../../projections/gym/workouts/one-rep-max.ts';
import { RECENT_BESTS, STATS_WEEKS } from '../../projections/gym/workouts/read-stats.ts';

const system = await startTestSystem(t);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const app = system.apps.gym!;

/** a small deterministic generator (mulberry32), so a failure can be replayed */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const setRow = z.object({ exercise_id: z.string(), name: z.string().nullable(), workout_id: z.string(), date: z.string(), started_at: z.string(), set_number: z.number(), kg: z.number(), reps: z.number() });

/** The stats as the first version computed them: every set of the user folded in log order. */
async function oracle(userId: string, date: string, weekStart: number, weeklyGoal: number) {
  const sets = await system.core.db.slonik.any(sql.type(setRow)`
    SELECT s.exercise_id, e.name, s.workout_id, w.date::text AS date, w.started_at, s.set_number, s.kg, s.reps
    FROM gym.sets s JOIN gym.workouts w ON w.id = s.workout_id LEFT JOIN gym.exercises e ON e.id = s.exercise_id
    WHERE s.user_id = ${userId} AND w.date <= ${date}::date
    ORDER BY s.exercise_id, w.date, w.started_at, s.workout_id, s.set_number`);
  const days = new Map<string, { sets: number; volumeKg: number }>();
  const workouts = new Set<string>();
  const totals = { workouts: 0, sets: 0, reps: 0, volumeKg: 0 };
  const bests: Array<{ exerciseId: string; exerciseName: string | null; sessionId: string; date: string; startedAt: string; setNumber: number; kg: number; reps: number; estimatedOneRepMaxKg: number }> = [];
  const records = new Map<string, { exerciseId: string; exerciseName: string | null; best: { sessionId: string; date: string; kg: number; reps: number; estimatedOneRepMaxKg: number } | null; heaviestKg: number | null; sets: number; volumeKg: number }>();
  for (const set of sets) {
    const record = records.get(set.exercise_id) ?? { exerciseId: set.exercise_id, exerciseName: set.name, best: null, heaviestKg: null, sets: 0, volumeKg: 0 };
    records.set(set.exercise_id, record);
    const e1rm = epley(set.kg, set.reps);
    if (set.reps > 0) {
      if (record.best && e1rm > record.best.estimatedOneRepMaxKg) {
        bests.push({ exerciseId: set.exercise_id, exerciseName: set.name, sessionId: set.workout_id, date: set.date, startedAt: set.started_at, setNumber: set.set_number, kg: set.kg, reps: set.reps, estimatedOneRepMaxKg: e1rm });
      }
      if (!record.best || e1rm > record.best.estimatedOneRepMaxKg || (e1rm === record.best.estimatedOneRepMaxKg && set.kg > record.best.kg)) {
        record.best = { sessionId: set.workout_id, date: set.date, kg: set.kg, reps: set.reps, estimatedOneRepMaxKg: e1rm };
      }
      record.heaviestKg = Math.max(record.heaviestKg ?? 0, set.kg);
    }
    record.sets++;
    record.volumeKg += set.kg * set.reps;
    const day = days.get(set.date) ?? { sets: 0, volumeKg: 0 };
    day.sets++;
    day.volumeKg += set.kg * set.reps;
    days.set(set.date, day);
    workouts.add(set.workout_id);
    totals.sets++;
    totals.reps += set.reps;
    totals.volumeKg += set.kg * set.reps;
  }
  totals.workouts = workouts.size;
  const thisWeek = weekStartOf(date, weekStart);
  const byWeek = new Map<string, { days: number; sets: number; volumeKg: number }>();
  for (const [day, figures] of days) {
    const week = weekStartOf(day, weekStart);
    const sum = byWeek.get(week) ?? { days: 0, sets: 0, volumeKg: 0 };
    byWeek.set(week, { days: sum.days + 1, sets: sum.sets + figures.sets, volumeKg: sum.volumeKg + figures.volumeKg });
  }
  let streakWeeks = 0;
  for (let start = thisWeek; ; start = addDays(start, -7)) {
    if ((byWeek.get(start)?.days ?? 0) >= weeklyGoal) streakWeeks++;
    else if (start !== thisWeek) break;
  }
  bests.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.startedAt !== b.startedAt ? (a.startedAt < b.startedAt ? 1 : -1) : a.sessionId !== b.sessionId ? (a.sessionId < b.sessionId ? -1 : 1) : b.setNumber - a.setNumber));
  return {
    streakWeeks,
    weeks: Array.from({ length: STATS_WEEKS }, (_, i) => {
      const start = addDays(thisWeek, -7 * (STATS_WEEKS - 1 - i));
      const week = byWeek.get(start);
      return { weekStart: start, daysTrained: week?.days ?? 0, sets: week?.sets ?? 0, volumeKg: week?.volumeKg ?? 0 };
    }),
    totals,
    recentPersonalBests: bests.slice(0, RECENT_BESTS).map(({ startedAt: _, setNumber: __, ...best }) => best),
    records: [...records.values()].sort((a, b) => (a.exerciseName ?? '').localeCompare(b.exerciseName ?? '') || a.exerciseId.localeCompare(b.exerciseId)),
  };
}

/** volumes are sums of products: the two sides add them in another order, so they agree to rounding */
const rounded = (value: unknown): unknown =>
  typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : Array.isArray(value) ? value.map(rounded) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)])) : value;

t.test('stats from running totals equal the fold of every set, on a random history, as of many dates', async (t) => {
  const next = random(17);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const me = await trainingUser(app, 'totals@example.org');
  await me.ok('PATCH', '/api/settings', { weeklyGoal: 2 });
  const exercises = [await me.exercise('Squat'), await me.exercise('Bench'), await me.exercise('Row'), await me.exercise('Press')];
  const plan = await me.ok('POST', '/api/plans', {
    name: 'Two a day',
    startDate: '2026-09-01',
    days: [{ title: 'AM', slots: [] }, { title: 'PM', slots: [] }],
  });
  const dayIds: Array<string | null> = [null, plan.days[0].id, plan.days[1].id];
  const dates = Array.from({ length: 30 }, (_, i) => addDays('2026-09-01', i * 3));
  const sets: Array<{ id: string; workout: string }> = [];
  const workouts = new Set<string>();
  for (let step = 0; step < 260; step++) {
    const roll = next();
    if (roll < 0.7 || sets.length === 0) {
      // weights rise over the weeks, as a lifter's do, with repeats that make equal estimates
      const day = Math.floor(next() * dates.length);
      const workout = await me.workout(dates[day]!, pick(dayIds));
      workouts.add(workout);
      const ticked = await me.tick(workout, pick(exercises.slice(0, 3)), 1 + Math.floor(next() * 4), 20 + 2.5 * Math.floor(day / 2 + next() * 3), pick([0, 3, 5, 5, 8]));
      sets.push({ id: ticked.id, workout });
    } else if (roll < 0.82) {
      await me.ok('PATCH', `/api/sets/${pick(sets).id}`, { kg: pick([20, 25, 30, 32.5]), reps: pick([0, 5, 6]) });
    } else if (roll < 0.92) {
      const gone = sets.splice(Math.floor(next() * sets.length), 1)[0]!;
      await me.call('DELETE', `/api/sets/${gone.id}`);
    } else {
      const workout = pick([...workouts]);
      await me.ok('DELETE', `/api/sessions/${workout}`);
      workouts.delete(workout);
      for (let i = sets.length - 1; i >= 0; i--) if (sets[i]!.workout === workout) sets.splice(i, 1);
    }
  }
  // the third exercise's sets move into the first, renumbered after them
  await me.ok('POST', `/api/exercises/${exercises[2]}/merge`, { intoId: exercises[0] });

  let compared = 0;
  for (const date of ['2026-08-31', '2026-09-01', '2026-09-16', '2026-10-01', '2026-10-13', '2026-10-20', '2026-11-26']) {
    const answer = await me.ok('GET', `/api/stats?date=${date}`);
    const expected = await oracle(me.user.id, date, 1, 2);
    t.same(rounded({ ...answer, date: undefined, weeklyGoal: undefined }), rounded({ ...expected, date: undefined, weeklyGoal: undefined }), `as of ${date}`);
    compared += expected.totals.sets;
  }
  t.ok(compared > 200, `the comparisons covered ${compared} sets`);
  const bests = (await me.ok('GET', '/api/stats?date=2026-11-26')).recentPersonalBests;
  t.equal(bests.length, RECENT_BESTS, 'the ten newest of more personal bests were compared');

  // a rebuild computes the totals once over every set instead of day by day: the same answers
  const kept = await Promise.all(['2026-09-16', '2026-10-13', '2026-11-26'].map((date) => me.ok('GET', `/api/stats?date=${date}`)));
  await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: gymProjection, log: silent });
  const rebuilt = await Promise.all(['2026-09-16', '2026-10-13', '2026-11-26'].map((date) => me.ok('GET', `/api/stats?date=${date}`)));
  t.same(rounded(rebuilt), rounded(kept), 'rebuilt from the log, the stats are the same');
});
