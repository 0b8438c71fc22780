// The gym read tables are a function of the log: a rebuild from zero answers every GET the same.
import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { trainingUser } from '../../testing/gym/training-client.ts';
import { TEST_SESSION_SECRET, startTestSystem } from '../../testing/harness.ts';
import { rebuildProjection } from '../runtime/rebuild.ts';
import { gymProjection } from './index.ts';

const system = await startTestSystem(t);
const app = system.apps.gym!;
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function seededAccount() {
  const me = await trainingUser(app, 'rebuild@example.org');
  await me.ok('PATCH', '/api/settings', { unit: 'lb', weekStart: 0, weeklyGoal: 2 });
  const squat = await me.exercise('Squat', { code: 'SQ' });
  const bench = await me.exercise('Bench, "flat"', { machineNumber: '4' });
  const row = await me.exercise('Row');
  const dup = await me.exercise('Rowing machine', { libraryId: 'row-anim' });
  const plan = await me.ok('POST', '/api/plans', {
    name: 'Block 1',
    startDate: '2026-09-07',
    days: [
      { title: 'Lower', slots: [{ exerciseId: squat, targetSets: 3, repMin: 5, repMax: 5 }] },
      { title: 'Upper', slots: [{ exerciseId: bench, targetSets: 3, repMin: 6, repMax: 8, note: 'pause reps' }, { exerciseId: dup, targetSets: 2, repMin: 10, repMax: 12 }] },
    ],
  });
  const [lower, upper] = plan.days;
  const workouts: string[] = [];
  for (let week = 0; week < 10; week++) {
    const monday = new Date(Date.UTC(2026, 8, 7 + week * 7));
    const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const a = await me.workout(day(0), lower.id);
    for (let set = 1; set <= 3; set++) await me.tick(a, squat, set, (100 + week * 2.5) * 0.45359237, 5 - (set === 3 && week % 3 === 0 ? 1 : 0));
    await me.ok('PATCH', `/api/sessions/${a}`, { finished: true, notes: week % 2 ? `week ${week}, "heavy"` : '' });
    const b = await me.workout(day(2), upper.id);
    for (let set = 1; set <= 3; set++) await me.tick(b, bench, set, 60 + week, 8 - set);
    await me.tick(b, dup, 1, 40, 12);
    await me.tick(b, row, 1, 45, 10);
    workouts.push(a, b);
  }
  // a set ticked again with other values: the same set, written over (in a replay's later batch too)
  await me.tick(workouts[1]!, bench, 2, 62.5, 6);
  const [first] = (await me.ok('GET', `/api/sessions/${workouts[0]}`)).sets;
  await me.ok('PATCH', `/api/sets/${first.id}`, { reps: 6 });
  const [, second] = (await me.ok('GET', `/api/sessions/${workouts[3]}`)).sets;
  await me.ok('DELETE', `/api/sets/${second.id}`);
  await me.ok('POST', `/api/exercises/${dup}/merge`, { intoId: row });
  await me.ok('DELETE', `/api/sessions/${workouts[5]}`);
  const next = await me.ok('POST', `/api/plans/${plan.id}/duplicate`, { date: '2026-11-16' });
  await me.ok('PATCH', `/api/plans/${next.id}`, { name: 'Block 2', days: [{ id: next.days[1].id, title: 'Upper', slots: [] }] });
  await me.ok('DELETE', `/api/plans/${plan.id}`);
  const bike = await me.ok('POST', '/api/cardio/machines', { name: 'Bike' });
  await me.ok('POST', '/api/cardio/logs', { machineId: bike.id, date: '2026-11-10', minutes: 25, distanceKm: 9.5, calories: 200, level: 5 });
  await me.ok('PUT', '/api/bodyweight', { date: '2026-11-10', kg: 80.1 });
  await me.ok('PUT', '/api/bodyweight', { date: '2026-11-11', kg: 180 * 0.45359237 });
  return { me, workouts, exercises: [squat, bench, row], plans: [next.id] };
}

t.test('ops rebuild of the gym projection reproduces every GET answer exactly', async (t) => {
  const { me, workouts, exercises, plans } = await seededAccount();
  const urls = [
    '/api/me',
    '/api/home?date=2026-11-18',
    '/api/stats?date=2026-11-18',
    '/api/sessions',
    '/api/sessions?from=2026-10-01&to=2026-10-31',
    ...workouts.map((id) => `/api/sessions/${id}`),
    '/api/exercises',
    '/api/exercises?q=row',
    ...exercises.flatMap((id) => [`/api/exercises/${id}`, `/api/exercises/${id}/history`]),
    '/api/plans',
    ...plans.map((id) => `/api/plans/${id}`),
    '/api/cardio/machines',
    '/api/cardio/logs',
    '/api/bodyweight',
    '/api/export',
    '/api/export.csv',
  ];
  const snapshot = async () => Promise.all(urls.map(async (url) => {
    const res = await me.call('GET', url);
    return { url, status: res.statusCode, body: res.body };
  }));
  const before = await snapshot();
  t.ok(before.filter((answer) => answer.status === 200).length >= urls.length - 1, 'the snapshot is of real answers');
  t.match(before.find((answer) => answer.url === '/api/export.csv')!.body, /^date,session_id,plan,day,exercise,code,set_number,weight_lb,reps,rpe,set_type,note,title\r\n/);

  t.match(before.find((answer) => answer.url === `/api/sessions/${workouts[1]}`)!.body, /"setNumber":2,"kg":62\.5,"reps":6/, 'the set ticked again has its second values');
  // the whole log in one batch, and one event per batch (a set ticked again arrives in a later one)
  for (const batchSize of [undefined, 1]) {
    const report = await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: gymProjection, log: silentLog, batchSize });
    t.ok(report.events > 100, `replayed ${report.events} events`);
    t.same(await snapshot(), before, `every answer is the same (batches of ${batchSize ?? gymProjection.replayBatch})`);
  }
});

t.test('ops audit of a workout stream replays every tick and correction, and --at folds the workout as it stood', async (t) => {
  const me = await trainingUser(app, 'audit@example.org');
  const curl = await me.exercise('Curl');
  const workout = await me.workout('2026-11-24');
  const first = await me.tick(workout, curl, 1, 10, 12);
  await me.tick(workout, curl, 2, 12.5, 10);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const between = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await me.tick(workout, curl, 1, 11, 12);
  await me.ok('PATCH', `/api/sets/${first.id}`, { reps: 11 });

  const cli = path.join(import.meta.dirname, '../../ops/cli.ts');
  const env = { ...process.env, DATABASE_URL: system.url, LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET };
  const ops = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('exit', (code) => resolve({ code, out, err }));
    });
  const stream = `gym.workout-${workout}`;
  const audit = await ops(['audit', stream]);
  t.equal(audit.code, 0, audit.err);
  const lines = audit.out.trim().split('\n').map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
  t.same(lines.map((line) => line.type), ['workout-started', 'set-ticked', 'set-ticked', 'set-ticked', 'set-corrected']);
  t.match(lines[3]!.data, { setId: first.id, kg: 11, reps: 12 });
  t.match(lines[4]!.data, { setId: first.id, kg: 11, reps: 11 });

  const then = await ops(['audit', stream, '--at', between]);
  t.equal(then.code, 0, then.err);
  const folded = JSON.parse(then.out);
  t.match(folded, { stream, events: 3, state: { status: 'open', date: '2026-11-24' } });
  t.same(
    Object.values(folded.state.sets as Record<string, { setNumber: number; kg: number; reps: number }>).map((s) => [s.setNumber, s.kg, s.reps]).sort(),
    [[1, 10, 12], [2, 12.5, 10]],
    'the workout as it stood between the ticks',
  );
  const library = await ops(['audit', `gym.library-${me.user.id}`, '--at', new Date().toISOString()]);
  t.equal(library.code, 0, library.err);
  t.match(JSON.parse(library.out), { state: { exercises: { [curl]: { name: 'Curl' } } } });
});
