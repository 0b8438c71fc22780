import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { trainingUser } from '../../testing/gym/training-client.ts';
import { addDays, weekStartOf } from '../../domain/shared/calendar.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { weekStartSql } from '../../projections/gym/workouts/week-start-sql.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const round = (value: number) => Math.round(value * 1e9) / 1e9;

/** Five workouts over three Monday-started weeks; 2026-11-23 is a Monday. */
async function trainedUser(email: string) {
  const me = await trainingUser(app, email);
  await me.ok('PATCH', '/api/settings', { weeklyGoal: 2 });
  const squat = await me.exercise('Squat');
  const bench = await me.exercise('Bench');
  const plan = await me.ok('POST', '/api/plans', {
    name: 'Block',
    startDate: '2026-11-09',
    days: [
      { title: 'Legs', slots: [{ exerciseId: squat, targetSets: 2, repMin: 5, repMax: 5 }] },
      { title: 'Chest', slots: [{ exerciseId: bench, targetSets: 3, repMin: 8, repMax: 10 }] },
    ],
  });
  const [legs, chest] = plan.days;
  const log = async (date: string, day: string, exercise: string, sets: Array<[number, number]>) => {
    const id = await me.workout(date, day);
    for (const [i, [kg, reps]] of sets.entries()) await me.tick(id, exercise, i + 1, kg, reps);
    return id;
  };
  const w = {
    nov09: await log('2026-11-09', legs.id, squat, [[100, 5], [100, 5]]),
    nov11: await log('2026-11-11', chest.id, bench, [[60, 8], [60, 7]]),
    nov16: await log('2026-11-16', legs.id, squat, [[102.5, 5], [102.5, 4]]),
    nov18: await log('2026-11-18', chest.id, bench, [[62.5, 10], [62.5, 10], [62.5, 10]]),
    nov23: await log('2026-11-23', legs.id, squat, [[105, 5], [105, 5]]),
  };
  return { me, squat, bench, plan, w };
}

t.test('the week start in SQL is weekStartOf: every week start, days before and after 2000-01-02 and leap days', async (t) => {
  const dates = [
    ...Array.from({ length: 21 }, (_, i) => addDays('1999-12-22', i)),
    ...Array.from({ length: 14 }, (_, i) => addDays('2024-02-22', i)),
    '1970-01-01', '1900-03-01', '2026-11-26', '2099-12-31',
  ];
  const rows = await system.core.db.slonik.any(sql.type(z.object({ date: z.string(), week_start: z.number(), week: z.string() }))`
    SELECT d::text AS date, ws AS week_start, ${weekStartSql(sql.fragment`d`, sql.fragment`ws`)}::text AS week
    FROM unnest(${sql.array(dates, 'date')}) AS d, generate_series(0, 6) AS ws`);
  t.equal(rows.length, dates.length * 7);
  const wrong = rows.filter((row) => row.week !== weekStartOf(row.date, row.week_start));
  t.same(wrong, [], 'no date and week start where SQL and TypeScript disagree');
});

t.test('GET /home, /stats and /me answer 503 while the read side has no row of the signed-in user yet', async (t) => {
  const me = await trainingUser(app, 'not-built@example.org');
  // what a user whose account event the projector has not reached looks like to the read side
  await system.core.db.pg.query('DELETE FROM gym.users WHERE id = $1', [me.user.id]);
  for (const url of ['/api/home?date=2026-11-25', '/api/stats?date=2026-11-25', '/api/me']) {
    const res = await me.call('GET', url);
    t.same([res.statusCode, res.json().message], [503, 'The account is still being set up; try again shortly'], url);
  }
});

t.test('GET /home: active plan, next day, days this week from the week start and the client date, last numbers and hints', async (t) => {
  const { me, squat, bench, plan, w } = await trainedUser('home@example.org');
  const home = await me.ok('GET', '/api/home?date=2026-11-25');
  t.equal(home.date, '2026-11-25');
  t.equal(home.weekStart, '2026-11-23');
  t.equal(home.weeklyGoal, 2);
  t.equal(home.daysTrainedThisWeek, 1);
  t.equal(home.activePlan.id, plan.id);
  t.equal(home.nextDay.id, plan.days[1].id, 'Chest follows Legs');
  t.same(home.exercises, [
    {
      exerciseId: squat,
      exerciseName: 'Squat',
      last: { sessionId: w.nov23, date: '2026-11-23', sets: [{ setNumber: 1, kg: 105, reps: 5 }, { setNumber: 2, kg: 105, reps: 5 }] },
      hint: { action: 'increase', kg: 107.5, reps: 5 },
    },
    {
      exerciseId: bench,
      exerciseName: 'Bench',
      last: { sessionId: w.nov18, date: '2026-11-18', sets: [1, 2, 3].map((setNumber) => ({ setNumber, kg: 62.5, reps: 10 })) },
      hint: { action: 'increase', kg: 65, reps: 8 },
    },
  ]);
  const earlier = await me.ok('GET', '/api/home?date=2026-11-17');
  t.equal(earlier.nextDay.id, plan.days[1].id);
  t.same(earlier.exercises.map((e: { hint: object }) => e.hint), [
    { action: 'repeat', kg: 102.5, reps: 5 },
    { action: 'repeat', kg: 60, reps: 9 },
  ], 'the client date decides what is "last": 102.5 x 5, 4 and 60 x 8, 7 fell short');
  t.equal(earlier.daysTrainedThisWeek, 1);
  await me.ok('PATCH', '/api/settings', { weekStart: 2 });
  const tuesday = await me.ok('GET', '/api/home?date=2026-11-23');
  t.equal(tuesday.weekStart, '2026-11-17', 'a Tuesday week start');
  t.equal(tuesday.daysTrainedThisWeek, 2, 'the 18th and the 23rd');
  const before = await me.ok('GET', '/api/home?date=2026-11-01');
  t.equal(before.nextDay.ordinal, 1, 'nothing trained yet: Day 1');
  t.same(before.exercises.map((e: { hint: { action: string } }) => e.hint.action), ['start', 'start']);

  const bare = await trainingUser(app, 'home-empty@example.org');
  t.same(await bare.ok('GET', '/api/home?date=2026-11-25'), {
    date: '2026-11-25', weekStart: '2026-11-23', weeklyGoal: 3, daysTrainedThisWeek: 0, activePlan: null, nextDay: null, exercises: [], openWorkouts: [],
  });
  const missing = await bare.call('GET', '/api/home');
  t.equal(missing.statusCode, 400);
  t.match(missing.json(), { code: 'VALIDATION_FAILED', message: /^querystring\.date: / });
});

t.test('GET /home reads the active plan only: another plan trained later changes neither the next day nor the exercises', async (t) => {
  const { me, squat, bench, plan, w } = await trainedUser('home-two-plans@example.org');
  const row = await me.exercise('Row');
  const other = await me.ok('POST', '/api/plans', {
    name: 'Other',
    startDate: '2026-11-24',
    days: [{ title: 'Arms', slots: [] }, { title: 'Back', slots: [{ exerciseId: row, targetSets: 1, repMin: 8, repMax: 8 }] }],
  });
  // the other plan's second day: were it the plan read, the next day would be the first (Legs)
  const back = await me.workout('2026-11-24', other.days[1].id);
  await me.tick(back, row, 1, 50, 8);
  t.equal((await me.ok('GET', '/api/home?date=2026-11-25')).activePlan.id, other.id, 'a new plan is the active one');
  await me.ok('PATCH', `/api/plans/${plan.id}`, { active: true });
  const home = await me.ok('GET', '/api/home?date=2026-11-25');
  t.equal(home.activePlan.id, plan.id);
  t.equal(home.nextDay.id, plan.days[1].id, "Chest follows the active plan's Legs, whatever the other plan trained since");
  t.same(
    home.exercises.map((exercise: { exerciseId: string; last: { sessionId: string } | null }) => [exercise.exerciseId, exercise.last?.sessionId]),
    [[squat, w.nov23], [bench, w.nov18]],
    "only the active plan's exercises, each with its last workout",
  );
});

t.test('GET /stats: goal, streak, 12 weeks, totals, recent personal bests, every record', async (t) => {
  const { me, squat, bench, w } = await trainedUser('stats@example.org');
  const stats = await me.ok('GET', '/api/stats?date=2026-11-25');
  t.equal(stats.weeklyGoal, 2);
  t.equal(stats.streakWeeks, 2, 'the two full weeks; this week is not over');
  t.equal(stats.weeks.length, 12);
  t.equal(stats.weeks[0].weekStart, '2026-09-07');
  t.same(stats.weeks.slice(-4), [
    { weekStart: '2026-11-02', daysTrained: 0, sets: 0, volumeKg: 0 },
    { weekStart: '2026-11-09', daysTrained: 2, sets: 4, volumeKg: 1900 },
    { weekStart: '2026-11-16', daysTrained: 2, sets: 5, volumeKg: 2797.5 },
    { weekStart: '2026-11-23', daysTrained: 1, sets: 2, volumeKg: 1050 },
  ]);
  t.same(stats.totals, { workouts: 5, sets: 11, reps: 74, volumeKg: 5747.5 });
  t.same(
    stats.recentPersonalBests.map((b: { exerciseId: string; sessionId: string; kg: number; reps: number; estimatedOneRepMaxKg: number }) => [b.exerciseId, b.sessionId, b.kg, b.reps, round(b.estimatedOneRepMaxKg)]),
    [
      [squat, w.nov23, 105, 5, round(105 * (1 + 5 / 30))],
      [bench, w.nov18, 62.5, 10, round(62.5 * (1 + 10 / 30))],
      [squat, w.nov16, 102.5, 5, round(102.5 * (1 + 5 / 30))],
    ],
  );
  t.same(
    stats.records.map((r: { exerciseName: string; best: { sessionId: string; date: string; kg: number; reps: number }; heaviestKg: number; sets: number; volumeKg: number }) => [
      r.exerciseName, r.best.sessionId, r.best.date, r.best.kg, r.best.reps, r.heaviestKg, r.sets, r.volumeKg,
    ]),
    [
      ['Bench', w.nov18, '2026-11-18', 62.5, 10, 62.5, 5, 2775],
      ['Squat', w.nov23, '2026-11-23', 105, 5, 105, 6, 2972.5],
    ],
  );
  const met = await me.ok('GET', '/api/stats?date=2026-11-22');
  t.equal(met.streakWeeks, 2, 'as of the Sunday the week of the 16th counts');
  t.same(met.totals, { workouts: 4, sets: 9, reps: 64, volumeKg: 4697.5 }, 'nothing after the client date');
  await me.tick(await me.workout('2026-11-25'), squat, 1, 50, 5);
  t.equal((await me.ok('GET', '/api/stats?date=2026-11-25')).streakWeeks, 3, 'this week counts once it meets the goal');
});

t.test('GET /exercises/:id/history: every workout, best set, Epley estimate, volume', async (t) => {
  const { me, bench, w } = await trainedUser('history@example.org');
  const history = await me.ok('GET', `/api/exercises/${bench}/history`);
  t.same(history.exercise, { id: bench, name: 'Bench', code: null, machineNumber: null, libraryId: null });
  t.same(
    history.workouts.map((x: { sessionId: string; date: string; sets: unknown[]; bestSet: { kg: number; reps: number; setNumber: number }; estimatedOneRepMaxKg: number; volumeKg: number }) => [
      x.sessionId, x.date, x.sets.length, x.bestSet.setNumber, x.bestSet.kg, x.bestSet.reps, x.estimatedOneRepMaxKg, x.volumeKg,
    ]),
    [
      [w.nov18, '2026-11-18', 3, 1, 62.5, 10, 62.5 * (1 + 10 / 30), 1875],
      [w.nov11, '2026-11-11', 2, 1, 60, 8, 60 * (1 + 8 / 30), 900],
    ],
  );
});

t.test('GET /export is everything in kilograms; GET /export.csv one row per set in the user unit, properly quoted', async (t) => {
  const me = await trainingUser(app, 'export@example.org');
  const lb = 0.45359237;
  const odd = await me.exercise('Bench, "flat"', { code: 'B=1' });
  const plan = await me.ok('POST', '/api/plans', { name: 'Plan, one', startDate: '2026-11-02', days: [{ title: 'Push\nday', slots: [{ exerciseId: odd, targetSets: 2, repMin: 5, repMax: 5 }] }] });
  const workout = await me.workout('2026-11-24', plan.days[0].id);
  await me.tick(workout, odd, 1, 225 * lb, 5, { unit: 'lb' });
  await me.tick(workout, odd, 2, 227.5 * lb, 4, { unit: 'lb', rpe: 8.5 });
  await me.ok('PATCH', `/api/sessions/${workout}`, { notes: 'ok' });
  const machine = await me.ok('POST', '/api/cardio/machines', { name: 'Rower' });
  await me.ok('POST', '/api/cardio/logs', { machineId: machine.id, date: '2026-11-24', minutes: 10 });
  await me.ok('PUT', '/api/bodyweight', { date: '2026-11-24', kg: 181.5 * lb });

  const json = await me.call('GET', '/api/export');
  t.equal(json.statusCode, 200);
  t.equal(json.headers['cache-control'], 'no-store');
  const data = json.json();
  t.equal(data.format, 1);
  t.equal(data.unit, 'kg');
  t.equal(data.user.email, 'export@example.org');
  t.same(data.exercises.map((e: { name: string; code: string }) => [e.name, e.code]), [['Bench, "flat"', 'B=1']]);
  t.same(data.plans.map((p: { id: string }) => p.id), [plan.id]);
  t.same(data.workouts[0].sets.map((s: { kg: number }) => s.kg), [225 * lb, 227.5 * lb], 'kilograms exactly as sent');
  t.same(data.workouts[0].sets.map((s: { unit: string; rpe: number | null }) => [s.unit, s.rpe]), [['lb', null], ['lb', 8.5]], 'with the unit typed and the RPE');
  t.equal(data.workouts[0].notes, 'ok');
  t.same(data.bodyweights, [{ date: '2026-11-24', kg: 181.5 * lb }]);
  t.same(data.cardioMachines, [{ id: machine.id, name: 'Rower' }]);
  t.equal(data.cardioLogs.length, 1);

  const kgCsv = await me.call('GET', '/api/export.csv');
  t.equal(kgCsv.statusCode, 200);
  t.match(kgCsv.headers['content-type'], /^text\/csv/);
  t.equal(kgCsv.headers['cache-control'], 'no-store', 'a file-like URL is not cached either');
  t.match(kgCsv.body.split('\r\n')[0], 'weight_kg');
  await me.ok('PATCH', '/api/settings', { unit: 'lb' });
  const csv = await me.call('GET', '/api/export.csv');
  t.equal(
    csv.body,
    [
      'date,session_id,plan,day,exercise,code,set_number,weight_lb,reps,rpe,set_type,note,title',
      `2026-11-24,${workout},"Plan, one","Day 1 Push\nday","Bench, ""flat""",B=1,1,225,5,,normal,,`,
      `2026-11-24,${workout},"Plan, one","Day 1 Push\nday","Bench, ""flat""",B=1,2,227.5,4,8.5,normal,,`,
      '',
    ].join('\r\n'),
  );
});
