import t from 'tap';
import { userStream } from '../../domain/gym/user.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { whereFound as findEverywhere } from '../../testing/where-found.ts';
import { DEFAULTS, gymClient, PASSWORD } from '../../testing/gym/client.ts';
import { trainingUser } from '../../testing/gym/training-client.ts';

const system = await startTestSystem(t);
const gym = gymClient(system.apps.gym!);
const pg = system.core.db.pg;

const erase = (sid: string | null, payload?: object) => gym.call('DELETE', '/api/me', { sid, ...(payload ? { payload } : {}) });
const unauthenticated = { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' };

const whereFound = (needle: string): Promise<string[]> => findEverywhere(pg, needle);

/** A bit of everything the training routes store, by a unique text of each kind, to look for afterwards. */
async function seedTraining(sid: string): Promise<Record<string, string>> {
  const call = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => {
    const res = await gym.call(method as 'POST', url, { sid, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const exercise = await call('POST', '/api/exercises', { name: 'Erasable squat', code: 'ERASE-CODE' });
  const plan = await call('POST', '/api/plans', {
    name: 'Erasable plan',
    startDate: '2026-11-02',
    days: [{ title: 'Erasable day', slots: [{ exerciseId: exercise.id, targetSets: 3, repMin: 5, repMax: 5, note: 'erasable note' }] }],
  });
  const workout = await call('POST', '/api/sessions', { planDayId: plan.days[0].id, date: '2026-11-24' });
  const set = await call('POST', `/api/sessions/${workout.id}/sets`, { exerciseId: exercise.id, setNumber: 1, kg: 101.25, reps: 5 });
  await call('PATCH', `/api/sessions/${workout.id}`, { notes: 'erasable workout notes', finished: true });
  const machine = await call('POST', '/api/cardio/machines', { name: 'Erasable rower' });
  const log = await call('POST', '/api/cardio/logs', { machineId: machine.id, date: '2026-11-24', minutes: 12 });
  await call('PUT', '/api/bodyweight', { date: '2026-11-24', kg: 77.7 });
  // a dry run of an import: its per-user counter names the user
  await gym.call('POST', '/api/import', { sid, payload: { csv: 'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n', dryRun: true } });
  return {
    'exercise name': 'Erasable squat',
    'exercise id': exercise.id,
    'plan id': plan.id,
    'day title': 'Erasable day',
    'slot note': 'erasable note',
    'workout id': workout.id,
    'set id': set.id,
    'workout notes': 'erasable workout notes',
    'machine name': 'Erasable rower',
    'cardio log id': log.id,
  };
}

t.test('DELETE /api/me erases the user everywhere and leaves everyone else alone', async (t) => {
  const gone = await gym.signup('Erase-Me@Example.org');
  const kept = await gym.signup('keep@example.org');
  const other = (await gym.login('erase-me@example.org')).sid!;
  t.equal((await gym.login('erase-me@example.org', 'a mistyped password')).res.statusCode, 401, 'a failed sign-in is counted under the email');
  t.equal((await gym.call('PATCH', '/api/settings', { sid: gone.sid, payload: { weeklyGoal: 5, accent: 'teal' } })).statusCode, 200);
  t.equal((await gym.call('PATCH', '/api/settings', { sid: gone.sid, payload: { unit: 'lb' } })).statusCode, 200);
  const changed = await gym.call('POST', '/api/auth/password', {
    sid: gone.sid,
    payload: { currentPassword: PASSWORD, newPassword: 'the second password' },
  });
  t.equal(changed.statusCode, 200);
  const sid = gone.sid;
  const keptBefore = (await gym.me(kept.sid)).json();
  const training = await seedTraining(sid);
  const keeper = await trainingUser(system.apps.gym!, 'keep-training@example.org');
  const keeperWorkout = await keeper.workout('2026-11-24');
  await keeper.tick(keeperWorkout, await keeper.exercise('Zercher squat'), 1, 100, 5);
  const keeperExport = await keeper.ok('GET', '/api/export');

  // the search finds what is there, so finding nothing afterwards means something
  const before = [...(await whereFound('erase-me@example.org')), ...(await whereFound(gone.user.id))];
  for (const [label, needle] of Object.entries(training)) {
    t.ok((await whereFound(needle)).some((column) => column.startsWith('gym.')), `before: the ${label} is in a gym table`);
  }
  for (const column of ['auth.sign_in_failures.key', 'auth.rate_limits.key', 'auth.users.login', 'auth.users.id', 'auth.sessions.user_id', 'gym.users.email', 'gym.users.id', 'gym.user_streams.user_id', 'es.events.data', 'es.events.metadata', 'es.events.stream_name', 'es.streams.stream_name']) {
    t.ok(before.includes(column), `before: found in ${column}`);
  }

  const wrong = await erase(sid, { password: PASSWORD });
  t.equal(wrong.statusCode, 401, 'the old password does not delete');
  t.same(wrong.json(), { statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized', message: 'Wrong email or password' });
  const noBody = await erase(sid);
  t.equal(noBody.statusCode, 400);
  t.match(noBody.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: /^body/ });
  t.equal((await gym.me(sid)).statusCode, 200, 'still there');

  const res = await erase(sid, { password: 'the second password' });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });
  t.match(res.headers['set-cookie'], /^gym_sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/);

  t.same(await whereFound('erase-me@example.org'), [], 'the email is in no column of any table');
  t.same(await whereFound(gone.user.id), [], 'the id is in no column of any table');
  for (const [label, needle] of Object.entries(training)) t.same(await whereFound(needle), [], `the ${label} is in no table`);
  const { rows: leftover } = await pg.query(
    `SELECT (SELECT count(*) FROM gym.sets) + (SELECT count(*) FROM gym.workouts WHERE user_id <> $1) AS n`,
    [keeper.user.id],
  );
  t.equal(Number(leftover[0].n), 1, "only the other user's set and workout remain");
  t.same(await keeper.ok('GET', '/api/export'), keeperExport, "the other user's training is untouched");
  t.same(await system.core.store.readStream(userStream(gone.user.id)), [], 'the stream is gone');

  for (const session of [sid, other]) {
    const me = await gym.me(session);
    t.equal(me.statusCode, 401, 'every session ended');
    t.same(me.json(), unauthenticated);
  }
  t.equal((await gym.login('erase-me@example.org', 'the second password')).res.statusCode, 401, 'nobody logs in as the erased user');

  t.same((await gym.me(kept.sid)).json(), keptBefore, 'the other user is untouched');
  const login = await gym.login('keep@example.org');
  t.equal(login.res.statusCode, 200, 'and can still log in');
  t.same(login.res.json(), { ...kept.user, settings: DEFAULTS });
  t.equal((await system.core.store.readStream(userStream(kept.user.id))).length, 1, "the other user's stream is intact");

  const again = await gym.signup('erase-me@example.org');
  t.not(again.user.id, gone.user.id, 'the email can sign up again, as a new user');
  t.same(again.user.settings, DEFAULTS);
});

t.test('DELETE /api/me needs a session', async (t) => {
  const res = await erase(null, { password: PASSWORD });
  t.equal(res.statusCode, 401);
  t.same(res.json(), unauthenticated);
});

t.test('DELETE /api/me is rate limited per address', async (t) => {
  const { sid } = await gym.signup('limit-delete@example.org');
  const ip = '198.18.7.7';
  for (let i = 0; i < 10; i++) {
    t.equal((await gym.call('DELETE', '/api/me', { ip, sid, payload: { password: 'guess' } })).statusCode, 401);
  }
  const res = await gym.call('DELETE', '/api/me', { ip, sid, payload: { password: PASSWORD } });
  t.equal(res.statusCode, 429);
  t.match(res.json(), { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests' });
  t.ok(Number(res.headers['retry-after']) > 0);
  t.equal((await gym.me(sid)).statusCode, 200, 'the account is still there');
});
