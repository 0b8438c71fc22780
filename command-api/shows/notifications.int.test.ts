import t from 'tap';
import { notificationStream } from '../../domain/shows/notification.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { showsProjection } from '../../projections/shows/index.ts';
import { createShowsRuntime } from '../../ops/services/shows.ts';
import { createCommandHandler } from '../shared/handle-command.ts';
import { runDailyJob } from '../../jobs/shows/daily-job.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

// 12:30 in Amman on 2026-09-30; Slow Horses S6E3 (3643507) airs at 12:00Z that day
const NOW = '2026-09-30T09:30:00.000Z';
const ADMIN_TOKEN = 'an-admin-token-for-tests';
const { system, app, postmark, push, vapid } = await startShowsSystem(t, { now: () => new Date(NOW), mail: true, push: true, env: { ADMIN_TOKEN } });
const pool = system.core.db.pg;

const runCron = (token: string | null = ADMIN_TOKEN) =>
  app.inject({ method: 'POST', url: '/api/admin/run-cron', headers: token === null ? {} : { 'x-admin-token': token } });

async function tracker(email: string, preferences: object, notify = true) {
  const user = await showsUser(app, email);
  const tracked = await user.call('POST', '/api/shows/track', { showId: 45039 });
  if (tracked.statusCode !== 201) throw new Error(tracked.body);
  if (!notify) await user.call('PUT', `/api/shows/tracked/${tracked.json().id}/notify`, { notify: false });
  if (Object.keys(preferences).length > 0) {
    const changed = await user.call('PATCH', '/api/auth/preferences', preferences);
    if (changed.statusCode !== 200) throw new Error(changed.body);
  }
  return user;
}

const alice = await tracker('alice@example.org', {});
const bob = await tracker('bob@example.org', { emailNotifications: false, pushNotifications: true });
const bobDevice = push.subscriber();
const carol = await tracker('carol@example.org', { pushNotifications: true }, false);
const dave = await tracker('dave@example.org', { emailNotifications: false });
const erin = await tracker('erin@example.org', { emailNotifications: false, pushNotifications: true });
const erinDevice = push.subscriber(410);
const heidi = await tracker('heidi@example.org', { emailNotifications: false, pushNotifications: true });
const heidiDevice = push.subscriber(404);
// judy's row was stored before keys were checked at subscribe: no send could ever use it
const judy = await tracker('judy@example.org', { emailNotifications: false, pushNotifications: true });
const judyEndpoint = `${push.url}/push/judy-unusable-keys`;
await pool.query(
  `INSERT INTO shows_state.push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at) VALUES ('cjudysubscription0000001', $1, $2, 'a', 'b', now(), now())`,
  [judy.id, judyEndpoint],
);
// ivan marked S6E3 watched before it aired here (seen elsewhere): no notice for it, by mail or push
const ivan = await tracker('ivan@example.org', { pushNotifications: true });
const ivanDevice = push.subscriber();
{
  const [slow] = (await ivan.call('GET', '/api/shows/tracked')).json() as Array<{ id: string }>;
  const watched = await ivan.call('PUT', `/api/shows/tracked/${slow!.id}/episode`, { episodeId: 3643507, watched: true });
  if (watched.statusCode !== 200) throw new Error(watched.body);
  const subscribed = await ivan.call('POST', '/api/push/subscribe', { endpoint: ivanDevice.endpoint, keys: ivanDevice.keys });
  if (subscribed.statusCode !== 200) throw new Error(subscribed.body);
}

t.test('push keys and subscriptions', async (t) => {
  const key = await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
  t.same(key.json(), { publicKey: vapid.publicKey });
  const subscribe = (user: typeof bob, device: typeof bobDevice) =>
    user.call('POST', '/api/push/subscribe', { endpoint: device.endpoint, keys: device.keys });
  // the browser first registered keys it later replaced: the same endpoint again must take the new ones
  const stale = push.subscriber();
  const first = await bob.call('POST', '/api/push/subscribe', { endpoint: bobDevice.endpoint, keys: stale.keys });
  t.equal(first.statusCode, 200);
  t.same(first.json(), { ok: true }, 'nothing of the subscription comes back');
  t.equal((await subscribe(bob, bobDevice)).statusCode, 200, 'again: updated in place');
  const keys = await pool.query('SELECT p256dh, auth FROM shows_state.push_subscriptions WHERE endpoint = $1', [bobDevice.endpoint]);
  t.same(keys.rows, [{ p256dh: bobDevice.keys.p256dh, auth: bobDevice.keys.auth }], 'one row, with the new keys');
  t.equal((await subscribe(carol, push.subscriber())).statusCode, 200);

  // another account posting bob's endpoint gets a row of its own: bob's keys are never replaced
  const other = push.subscriber();
  const taken = await carol.call('POST', '/api/push/subscribe', { endpoint: bobDevice.endpoint, keys: other.keys });
  t.equal(taken.statusCode, 200);
  const owners = await pool.query('SELECT user_id, p256dh, auth FROM shows_state.push_subscriptions WHERE endpoint = $1 ORDER BY user_id = $2 DESC', [
    bobDevice.endpoint,
    bob.id,
  ]);
  t.same(owners.rows, [
    { user_id: bob.id, p256dh: bobDevice.keys.p256dh, auth: bobDevice.keys.auth },
    { user_id: carol.id, p256dh: other.keys.p256dh, auth: other.keys.auth },
  ]);
  t.equal((await carol.call('POST', '/api/push/unsubscribe', { endpoint: bobDevice.endpoint })).statusCode, 200);
  const left = await pool.query('SELECT user_id, p256dh FROM shows_state.push_subscriptions WHERE endpoint = $1', [bobDevice.endpoint]);
  t.same(left.rows, [{ user_id: bob.id, p256dh: bobDevice.keys.p256dh }], "carol's unsubscribe removed only her own row");
  t.equal((await subscribe(erin, erinDevice)).statusCode, 200);
  t.equal((await subscribe(heidi, heidiDevice)).statusCode, 200);
  const rows = await pool.query('SELECT user_id FROM shows_state.push_subscriptions WHERE endpoint = $1', [bobDevice.endpoint]);
  t.equal(rows.rowCount, 1);
  const bad = await bob.call('POST', '/api/push/subscribe', { endpoint: 'nope', keys: bobDevice.keys });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, /^body\.endpoint/);

  // keys a browser never makes fail every send: refused here, never stored
  const offCurve = Buffer.from(bobDevice.keys.p256dh, 'base64url');
  offCurve[64] = offCurve[64]! ^ 1;
  const compressed = Buffer.concat([Buffer.from([0x02]), Buffer.from(bobDevice.keys.p256dh, 'base64url').subarray(1, 33)]);
  const endpoint = `${push.url}/push/bad-keys`;
  for (const [label, keys, field] of [
    ['p256dh "a"', { p256dh: 'a', auth: bobDevice.keys.auth }, 'body.keys.p256dh'],
    ['a point off the curve', { p256dh: offCurve.toString('base64url'), auth: bobDevice.keys.auth }, 'body.keys.p256dh'],
    ['a compressed point', { p256dh: compressed.toString('base64url'), auth: bobDevice.keys.auth }, 'body.keys.p256dh'],
    ['auth of 15 bytes', { p256dh: bobDevice.keys.p256dh, auth: Buffer.alloc(15, 7).toString('base64url') }, 'body.keys.auth'],
    ['auth of 17 bytes', { p256dh: bobDevice.keys.p256dh, auth: Buffer.alloc(17, 7).toString('base64url') }, 'body.keys.auth'],
  ] as const) {
    const refused = await bob.call('POST', '/api/push/subscribe', { endpoint, keys });
    t.equal(refused.statusCode, 400, label);
    t.match(refused.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request' }, label);
    t.ok(refused.json().message.startsWith(`${field}: `), `${label}: ${refused.json().message}`);
  }
  const stored = await pool.query('SELECT 1 FROM shows_state.push_subscriptions WHERE endpoint = $1', [endpoint]);
  t.equal(stored.rowCount, 0, 'none of them was stored');
  const anonymous = await app.inject({ method: 'POST', url: '/api/push/subscribe', payload: { endpoint: bobDevice.endpoint, keys: bobDevice.keys } });
  t.equal(anonymous.statusCode, 401);
});

t.test('the admin route needs the token', async (t) => {
  t.equal((await runCron(null)).statusCode, 401);
  const wrong = await runCron('not-the-admin-token-at-all');
  t.equal(wrong.statusCode, 401);
  t.equal(wrong.json().code, 'INVALID_ADMIN_TOKEN');
});

t.test('the daily job: one notification per channel, switches and notify flag honoured, expired subscription deleted', async (t) => {
  // a tracked show whose cache row is gone is fetched again by the job before it looks for episodes
  await pool.query('DELETE FROM shows_state.show_cache; DELETE FROM shows_state.episode_airings');
  const response = await runCron();
  t.equal(response.statusCode, 200, response.body);
  t.match(response.json(), { day: '2026-09-30', refreshed: 1, episodes: 1, sent: 2, skipped: 0, failed: 2 });

  t.same(postmark.received.map((mail) => mail.body.To), ['alice@example.org'], 'only alice: bob and dave turned email off, carol the show, ivan watched it');
  t.match(postmark.received[0]!.body.Subject, /Slow Horses/);
  t.same(push.received.map((message) => message.endpoint), [bobDevice.endpoint], 'bob by push; carol turned the show off; not ivan, who watched it');
  t.match(push.received[0]!.payload, { title: /Slow Horses/, episodeId: 3643507 });
  t.match(push.received[0]!.headers.authorization, /^vapid t=/, 'signed with VAPID');
  const erinRows = await pool.query('SELECT 1 FROM shows_state.push_subscriptions WHERE endpoint = $1', [erinDevice.endpoint]);
  t.equal(erinRows.rowCount, 0, "erin's expired subscription (410) is gone");
  const heidiRows = await pool.query('SELECT 1 FROM shows_state.push_subscriptions WHERE endpoint = $1', [heidiDevice.endpoint]);
  t.equal(heidiRows.rowCount, 0, "heidi's unknown subscription (404) is gone");

  t.ok(await system.core.progress.waitFor(['shows'], await system.core.store.headPosition(), 5000));
  const log = await pool.query('SELECT user_id, episode_id, kind, channel, status FROM shows.notification_log ORDER BY status, channel');
  t.same(
    log.rows.map((row) => JSON.stringify([row.user_id, row.episode_id, row.kind, row.channel, row.status])).sort(),
    [
      [erin.id, 3643507, 'episode-airing', 'push', 'failed'],
      [heidi.id, 3643507, 'episode-airing', 'push', 'failed'],
      [alice.id, 3643507, 'episode-airing', 'email', 'sent'],
      [bob.id, 3643507, 'episode-airing', 'push', 'sent'],
    ]
      .map((row) => JSON.stringify(row))
      .sort(),
    'the NotificationLog read table',
  );

  const stream = await system.core.store.readStream(notificationStream({ userId: alice.id, episodeId: 3643507, kind: 'episode-airing', channel: 'email' }));
  t.same(stream.map((event) => event.type), ['notification-claimed', 'notification-sent']);
  t.equal(stream[0]!.metadata.userId, alice.id);
  t.ok(dave && erin);
  const judyRows = await pool.query('SELECT 1 FROM shows_state.push_subscriptions WHERE endpoint = $1', [judyEndpoint]);
  t.equal(judyRows.rowCount, 0, "judy's subscription with unusable keys is deleted, not tried");
  t.notOk(push.received.some((message) => message.endpoint === judyEndpoint));
  // ivan's device would take the next episode's push; the stop test below counts bob's alone
  t.equal((await ivan.call('POST', '/api/push/unsubscribe', { endpoint: ivanDevice.endpoint })).statusCode, 200);
});

t.test('a second run sends nothing again', async (t) => {
  const again = await runCron();
  t.match(again.json(), { sent: 0, skipped: 2 });
  t.equal(postmark.received.length, 1);
  t.equal(push.received.length, 1);
});

t.test('two workers at once send each notification once', async (t) => {
  const frank = await tracker('frank@example.org', {});
  const runtime = await createShowsRuntime(system.core);
  const worker = () => {
    const core = { ...system.core, commands: createCommandHandler(system.core.store) };
    return runDailyJob({ core, tv: runtime.tv, cache: runtime.cache, mailer: core.mailer, push: runtime.push, subscriptions: runtime.subscriptions }, '2026-09-30');
  };
  const [first, second] = await Promise.all([worker(), worker()]);
  t.equal(first.sent + second.sent, 1, 'one of them sent it');
  t.same(postmark.received.slice(1).map((mail) => mail.body.To), ['frank@example.org']);
  t.ok(frank);
});

t.test('a failed send is recorded and claimed again by the next run', async (t) => {
  const grace = await tracker('grace@example.org', {});
  postmark.setMode('fail');
  const failed = await runCron();
  t.match(failed.json(), { sent: 0, failed: 1 }, 'grace; erin has no device left, so no push is tried');
  postmark.setMode('ok');
  const retried = await runCron();
  t.match(retried.json(), { sent: 1 });
  t.equal(postmark.received.filter((mail) => mail.body.To === 'grace@example.org' && mail.body.Subject !== undefined).length, 2, 'tried, then sent');
  t.ok(grace);
});

t.test('a stop mid-run finishes the sends under way, leaves the day open, and the rerun sends only the rest', async (t) => {
  const newcomers = [];
  for (let index = 0; index < 18; index++) newcomers.push(await tracker(`late-${index}@example.org`, {}));
  const runtime = await createShowsRuntime(system.core);
  const stopping = new AbortController();
  const before = postmark.received.length;
  const pushedBefore = push.received.length;
  const mailer = {
    kind: system.core.mailer.kind,
    async send(message: Parameters<typeof system.core.mailer.send>[0]) {
      stopping.abort();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await system.core.mailer.send(message);
    },
  };
  const deps = { core: system.core, tv: runtime.tv, cache: runtime.cache, mailer, push: runtime.push, subscriptions: runtime.subscriptions };
  // S6E4 airs on 2026-10-07: every email tracker (18 newcomers among them) and bob's device, more than the job runs at once
  const stopped = await runDailyJob(deps, '2026-10-07', { signal: stopping.signal });
  t.equal(stopped.interrupted, true);
  t.equal(stopped.sent, 16, 'the 16 sends under way when the stop came finished; no new one started');
  const runs = await system.core.store.readStream('shows.daily-runs');
  t.notOk(runs.some((event) => (event.data as { day?: string }).day === '2026-10-07'), 'the day is not marked done');

  const rest = await runDailyJob({ ...deps, mailer: system.core.mailer }, '2026-10-07');
  t.equal(rest.interrupted, false);
  t.ok(rest.sent > 0, `the rerun sent the other ${rest.sent}`);
  const mailed = postmark.received.slice(before).map((mail) => mail.body.To as string);
  const pushed = push.received.slice(pushedBefore).length;
  t.equal(stopped.sent + rest.sent, mailed.length + pushed, 'every send counted once');
  t.equal(new Set(mailed).size, mailed.length, 'nobody mailed twice');
  t.equal(mailed.filter((to) => to.startsWith('late-')).length, 18, 'every newcomer mailed');
  t.equal(pushed, 1, "bob's device once");
  const done = await system.core.store.readStream('shows.daily-runs');
  t.ok(done.some((event) => (event.data as { day?: string }).day === '2026-10-07'), 'now the day is done');
});

t.test('unsubscribe removes the device', async (t) => {
  const gone = await bob.call('POST', '/api/push/unsubscribe', { endpoint: bobDevice.endpoint });
  t.equal(gone.statusCode, 200);
  const rows = await pool.query('SELECT 1 FROM shows_state.push_subscriptions WHERE endpoint = $1', [bobDevice.endpoint]);
  t.equal(rows.rowCount, 0);
});

t.test('the tracked-shows table by email on demand', async (t) => {
  const before = postmark.received.length;
  const response = await alice.call('POST', '/api/shows/tracked/email');
  t.equal(response.statusCode, 200);
  t.same(response.json(), { ok: true, to: 'alice@example.org' });
  const mail = postmark.received[before]!;
  t.equal(mail.body.Subject, 'Your tracked shows');
  t.match(mail.body.TextBody, /Slow Horses/);
  postmark.setMode('fail');
  t.teardown(() => postmark.setMode('ok'));
  const failing = await alice.call('POST', '/api/shows/tracked/email');
  t.equal(failing.statusCode, 502);
});

t.test('a rebuild replays the notification log into the same rows', async (t) => {
  t.ok(await system.core.progress.waitFor(['shows'], await system.core.store.headPosition(), 5000));
  const snapshot = async () => (await pool.query('SELECT * FROM shows.notification_log ORDER BY stream')).rows;
  const before = await snapshot();
  t.ok(before.length >= 6);
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  for (const batchSize of [5000, 1]) {
    await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: showsProjection, log: silent, batchSize });
    t.same(await snapshot(), before, `batches of ${batchSize}`);
  }
});
