// Issue 36, point 4: the system on a PostgreSQL log partitioned by time, as an operator gets there
// with `ops partition` while the gym service runs: sets ticked before, between and after the
// partitions are read back, and a rebuild over all of them answers the same.
import t from 'tap';
import { startTestSystem } from '../testing/harness.ts';
import { trainingUser } from '../testing/gym/training-client.ts';
import { runInProcess as ops } from './cli/test-runs.ts';

const system = await startTestSystem(t);
const env = { DATABASE_URL: system.url, LOG_LEVEL: 'silent', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' };

t.test('ops partition twice while sets are ticked: every set read back, before and after a rebuild over three partitions', async (t) => {
  const me = await trainingUser(system.apps.gym!, 'partitions@example.org');
  const squat = await me.exercise('Squat');
  const workouts: string[] = [];
  const tick = async (round: number): Promise<void> => {
    const workout = await me.workout(`2026-11-0${round + 1}`);
    workouts.push(workout);
    for (let set = 1; set <= 3; set++) await me.ok('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber: set, kg: 100 + round, reps: 5 });
  };
  await tick(0);
  const first = await ops(['partition'], env);
  t.equal(first.code, 0, first.err);
  t.match(first.out, /^es\.events_0 +transactions first to before \d+\nes\.events_1 +transactions \d+ to now on\n$/);
  await tick(1);
  const second = await ops(['partition'], env);
  t.equal(second.code, 0, second.err);
  t.equal(second.out.split('\n').filter(Boolean).length, 3, 'the newest closed, a third opened');
  await tick(2);

  const sets = async (): Promise<number[][]> =>
    Promise.all(workouts.map(async (id) => ((await me.ok('GET', `/api/sessions/${id}`)).sets as Array<{ kg: number }>).map((set) => set.kg)));
  const expected = [[100, 100, 100], [101, 101, 101], [102, 102, 102]];
  t.same(await sets(), expected, "each round's sets, whichever partition holds them");
  const rebuilt = await ops(['rebuild', 'gym'], env);
  t.equal(rebuilt.code, 0, rebuilt.err);
  t.same(await sets(), expected, 'the same after a rebuild that read every partition');
  const { rows } = await system.core.db.pg.query<{ partition: string }>(
    `SELECT DISTINCT tableoid::regclass::text AS partition FROM es.events WHERE stream_name LIKE 'gym.workout-%' ORDER BY 1`,
  );
  t.same(rows.map((row) => row.partition), ['es.events_0', 'es.events_1', 'es.events_2'], 'the workouts lie in all three');
});
