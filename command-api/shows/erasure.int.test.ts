import t from 'tap';
import { libraryStream } from '../../domain/shows/library.ts';
import { usernameStream, userStream } from '../../domain/shows/user.ts';
import { whereFound as findEverywhere } from '../../testing/where-found.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { until } from '../../testing/until.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

// 12:30 in Amman on 2026-09-30; Slow Horses (45039) S6E3 (3643507) airs that day
const NOW = '2026-09-30T09:30:00.000Z';
const SHOW = 45039;
const EPISODE = 3643507;
// S6E2, the week before: watched, while S6E3 airing today is not, so the daily job tells them
const WATCHED = 3643506;
const PASSWORD = 'a long enough password';
const ADMIN_TOKEN = 'an-admin-token-for-tests';
const { system, app, tvmaze, postmark, push } = await startShowsSystem(t, { now: () => new Date(NOW), mail: true, push: true, env: { ADMIN_TOKEN } });
const pg = system.core.db.pg;
const whereFound = (needle: string): Promise<string[]> => findEverywhere(pg, needle);

type Caller = Awaited<ReturnType<typeof showsUser>>;

async function ok(user: Caller, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, status = 200) {
  const res = await user.call(method, url, payload);
  if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Tracks the show, watches an episode, dismisses a suggestion, turns push on with one device. */
async function viewer(email: string) {
  const user = await showsUser(app, email);
  const tracked = await ok(user, 'POST', '/api/shows/track', { showId: SHOW }, 201);
  await ok(user, 'PUT', `/api/shows/tracked/${tracked.id}/episode`, { episodeId: WATCHED, watched: true });
  await ok(user, 'POST', '/api/shows/suggestions/dismiss', { showId: 1 });
  await ok(user, 'PATCH', '/api/auth/preferences', { pushNotifications: true });
  const device = push.subscriber();
  await ok(user, 'POST', '/api/push/subscribe', { endpoint: device.endpoint, keys: device.keys });
  // an import, whose job row names the user
  const { jobId } = await ok(user, 'POST', '/api/import', { trakt: { watched: [{ show: { title: 'Under the Dome', ids: { tvdb: 264492 } }, seasons: [{ number: 1, episodes: [{ number: 1 }] }] }] } }, 202);
  for (let tries = 0; (await user.call('GET', `/api/import/${jobId}`)).json().status !== 'done'; tries++) {
    if (tries > 200) throw new Error('the import never finished');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { ...user, trackedId: tracked.id as string, device };
}

const login = (email: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': '192.0.2.44' }, payload: { email, password } });
const erase = (sid: string | null, payload?: object, ip = '192.0.2.45') =>
  app.inject({
    method: 'DELETE',
    url: '/api/auth/me',
    headers: { 'x-real-ip': ip, ...(sid ? { cookie: `sid=${sid}` } : {}) },
    ...(payload ? { payload } : {}),
  });
const caughtUp = async () => {
  if (!(await system.core.progress.waitFor(['shows'], await system.core.store.headPosition(), 5000))) throw new Error('projection behind');
};

t.test('DELETE /api/auth/me erases the user from every table and the log, while a second device writes', async (t) => {
  const email = 'zoe-erasable@example.org';
  const name = 'zoe-erasable-name';
  const gone = await viewer(email);
  const keeper = await viewer('keeper@example.org');
  // names zoe held and let go: one nobody took since, one the keeper holds now
  await ok(gone, 'PATCH', '/api/auth/preferences', { username: 'zoe-freed-name' });
  await ok(gone, 'PATCH', '/api/auth/preferences', { username: 'zoe-passed-name' });
  await ok(gone, 'PATCH', '/api/auth/preferences', { username: name, publicProfile: true });
  await ok(keeper, 'PATCH', '/api/auth/preferences', { username: 'zoe-passed-name' });
  const cron = await app.inject({ method: 'POST', url: '/api/admin/run-cron', headers: { 'x-admin-token': ADMIN_TOKEN } });
  t.match(cron.json(), { sent: 4, failed: 0 }, 'email and push to each of the two');
  t.ok(postmark.received.some((mail) => mail.body.To === email), 'zoe was mailed');
  t.ok(push.received.some((message) => message.endpoint === gone.device.endpoint), "zoe's device was pushed to");
  const second = await login(email);
  t.equal(second.statusCode, 200);
  const secondSid = second.cookies.find((cookie) => cookie.name === 'sid')!.value;
  await caughtUp();
  const keeperBefore = (await keeper.call('GET', '/api/shows/tracked')).json();
  const keeperRows = await pg.query('SELECT count(*)::int AS n FROM shows.notification_log WHERE user_id = $1', [keeper.id]);
  t.equal(keeperRows.rows[0].n, 2);

  // the search finds what is there, so finding nothing afterwards means something
  t.same(await whereFound(email), ['auth.users.login', 'es.events.data', 'shows.users.email']);
  t.same(await whereFound(name), ['es.events.data', 'es.events.stream_name', 'es.streams.stream_name', 'shows.user_streams.stream', 'shows.users.username']);
  const idColumns = await whereFound(gone.id);
  for (const column of [
    'auth.sessions.user_id',
    'auth.users.id',
    'es.events.data',
    'es.events.metadata',
    'es.events.stream_name',
    'es.streams.stream_name',
    'shows.dismissed_suggestions.user_id',
    'shows.notification_log.user_id',
    'shows.tracked_shows.user_id',
    'shows.user_streams.user_id',
    'shows.users.id',
    'shows.watched_episodes.user_id',
    'shows_state.push_subscriptions.user_id',
    'shows_state.import_jobs.user_id',
  ]) {
    t.ok(idColumns.includes(column), `before: the id is in ${column}`);
  }

  const wrong = await erase(gone.sid, { password: 'not the password' });
  t.equal(wrong.statusCode, 401);
  t.same(wrong.json(), { statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized', message: 'Wrong email or password' });
  const noBody = await erase(gone.sid);
  t.equal(noBody.statusCode, 400);
  t.match(noBody.json(), { statusCode: 400, code: 'VALIDATION_FAILED', message: /^body/ });

  // The second device writes in three loops from before the erasure until after it: the erasure
  // starts once one write was saved (on a loaded machine a first write can take as long as the
  // whole erasure), and each loop writes twice more once it is over, when its session is gone.
  let erased = false;
  const statuses: number[] = [];
  const others: string[] = [];
  const device = async (): Promise<void> => {
    for (let index = 0, afterwards = 0; afterwards < 2; index++) {
      if (erased) afterwards++;
      const write = await app.inject({
        method: 'PUT',
        url: `/api/shows/tracked/${gone.trackedId}/episode`,
        headers: { cookie: `sid=${secondSid}` },
        payload: { episodeId: EPISODE, watched: index % 2 === 1 },
      });
      statuses.push(write.statusCode);
      if (![200, 401, 404].includes(write.statusCode)) others.push(`${write.statusCode} ${write.json<{ code: string }>().code}`);
    }
  };
  const devices = [device(), device(), device()];
  await until('a first write of the second device', () => statuses.includes(200), 30_000);
  const res = await erase(gone.sid, { password: PASSWORD }).finally(() => {
    erased = true;
  });
  await Promise.all(devices);
  t.equal(res.statusCode, 204, res.body);
  t.equal(res.body, '');
  t.match(res.headers['set-cookie'], /^sid=; Max-Age=0; Path=\/; .*HttpOnly/);
  t.ok(statuses.includes(200), `the device was writing when the erasure began (${statuses.length} writes)`);
  t.equal(statuses.at(-1), 401, 'and was turned away once its sessions ended');
  // 503 NOT_READY: saved, and the read side not there yet within the wait (the erasure holds it)
  t.same(others.filter((other) => other !== '503 NOT_READY'), [], 'racing writes answer 200, 401, 404 or 503 NOT_READY, never 500');
  await caughtUp();

  t.same(await whereFound(email), [], 'the email is in no column of any table');
  t.same(await whereFound(gone.id), [], 'the id is in no column of any table, events included');
  t.same(await whereFound(name), [], 'the username is in no column of any table, stream names included');
  t.same(await whereFound('zoe-freed-name'), [], 'a name she let go that nobody took is gone too');
  for (const stream of [userStream(gone.id), libraryStream(gone.id), usernameStream(name)]) {
    t.same(await system.core.store.readStream(stream), [], `${stream} is gone`);
  }
  const passed = await system.core.store.readStream(usernameStream('zoe-passed-name'));
  t.same(
    passed.map((event) => [event.type, (event.data as { userId: string }).userId, event.metadata.userId]),
    [['username-claimed', keeper.id, keeper.id]],
    "the name the keeper took from her is still the keeper's, without her claim and release",
  );

  for (const sid of [gone.sid, secondSid]) {
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${sid}` } });
    t.equal(me.statusCode, 401, 'every session ended');
  }
  t.equal((await login(email)).statusCode, 401, 'nobody logs in as her');
  t.equal((await app.inject({ method: 'GET', url: `/api/public/profile/${name}` })).statusCode, 404, 'the public profile is gone');

  t.same((await keeper.call('GET', '/api/shows/tracked')).json(), keeperBefore, "the keeper's library is untouched");
  t.equal((await pg.query('SELECT 1 FROM shows.notification_log WHERE user_id = $1', [keeper.id])).rowCount, 2, "the keeper's notifications stay");
  t.equal((await pg.query('SELECT 1 FROM shows_state.push_subscriptions WHERE user_id = $1', [keeper.id])).rowCount, 1, "and the keeper's device");
  t.equal((await pg.query('SELECT 1 FROM shows_state.show_cache WHERE id = $1', [SHOW])).rowCount, 1, 'the shared show cache stays');

  const taken = await keeper.call('PATCH', '/api/auth/preferences', { username: name });
  t.equal(taken.statusCode, 200, `her username is free again: ${taken.body}`);
  t.equal(taken.json().username, name);
  const again = await showsUser(app, email);
  t.not(again.id, gone.id, 'the email signs up again, as a new user');
});

t.test('DELETE /api/auth/me needs a session', async (t) => {
  const res = await erase(null, { password: PASSWORD });
  t.equal(res.statusCode, 401);
  t.same(res.json(), { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' });
});

t.test('DELETE /api/auth/me allows 10 attempts per address in 15 minutes', async (t) => {
  const user = await showsUser(app, 'limit-erase@example.org');
  const ip = '198.18.9.9';
  for (let i = 0; i < 10; i++) t.equal((await erase(user.sid, { password: 'a guess' }, ip)).statusCode, 401);
  const res = await erase(user.sid, { password: PASSWORD }, ip);
  t.equal(res.statusCode, 429);
  t.match(res.json(), { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests' });
  t.ok(Number(res.headers['retry-after']) > 0);
  t.equal((await user.call('GET', '/api/auth/me')).statusCode, 200, 'the account is still there');
});

t.test('an import waiting on TVmaze when its user is erased appends nothing afterwards', async (t) => {
  const user = await showsUser(app, 'mid-import@example.org');
  let release: () => void = () => undefined;
  // Designated Survivor's lookup is answered only once the account is gone
  tvmaze.hold = { until: new Promise<void>((resolve) => (release = resolve)), when: (request) => request.includes('thetvdb=311876') };
  t.teardown(() => {
    tvmaze.hold = null;
    release();
  });
  const asked = tvmaze.requests.length;
  await ok(user, 'POST', '/api/import', { trakt: { watched: [{ show: { title: 'Designated Survivor', ids: { tvdb: 311876 } }, seasons: [{ number: 1, episodes: [{ number: 1 }] }] }] } }, 202);
  while (!tvmaze.requests.slice(asked).some((request) => request.includes('thetvdb=311876'))) await new Promise((resolve) => setTimeout(resolve, 10));

  t.equal((await erase(user.sid, { password: PASSWORD })).statusCode, 204);
  tvmaze.hold = null;
  release();
  // the show is fetched and decided after the lookup; give the job the time it needs to get there
  while (!tvmaze.requests.slice(asked).some((request) => request.startsWith('/shows/8167'))) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.same(await system.core.store.readStream(libraryStream(user.id)), [], 'the library stream was not written again');
  t.same(await whereFound(user.id), [], 'nor anything else that names the user');
});
