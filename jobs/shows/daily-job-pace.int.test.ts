// The daily job keeps its pace (DAILY_JOB_SENDS_PER_SECOND): run flat out at noon it took the
// machine from the people using it (bench:day), so its sends start at most that many a second.
import t from 'tap';
import { WINDOW_MS } from '../pace.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

// 12:30 in Amman on 2026-09-30; Slow Horses S6E3 (3643507) airs at 12:00Z that day
const NOW = '2026-09-30T09:30:00.000Z';
const ADMIN_TOKEN = 'an-admin-token-for-tests';
const PER_SECOND = 20;
const TRACKERS = 6;
const { app, postmark } = await startShowsSystem(t, { now: () => new Date(NOW), mail: true, env: { ADMIN_TOKEN, DAILY_JOB_SENDS_PER_SECOND: String(PER_SECOND) } });

t.test(`${TRACKERS} mails at ${PER_SECOND} a second: all sent, none sooner than its turn`, async (t) => {
  for (let i = 0; i < TRACKERS; i++) {
    const user = await showsUser(app, `tracker-${i}@example.org`);
    const tracked = await user.call('POST', '/api/shows/track', { showId: 45039 });
    t.equal(tracked.statusCode, 201, tracked.body);
  }
  const run = await app.inject({ method: 'POST', url: '/api/admin/run-cron', headers: { 'x-admin-token': ADMIN_TOKEN } });
  t.equal(run.statusCode, 200, run.body);
  t.match(run.json(), { sent: TRACKERS, failed: 0 });
  t.same(postmark.received.map((mail) => mail.body.To).sort(), Array.from({ length: TRACKERS }, (_, i) => `tracker-${i}@example.org`).sort());
  // two turns a window: the last two start two windows after the first two, which start once the
  // sending has begun; only a timer's millisecond early and the rounding are slack
  const perWindow = (PER_SECOND * WINDOW_MS) / 1000;
  const least = Math.floor((TRACKERS - 1) / perWindow) * WINDOW_MS - 2;
  t.ok(run.json().sendMs >= least, `the sending took ${run.json().sendMs} ms, at least ${least}`);
});

t.test('the pace is a whole number of at least one a second, named when it is not', async (t) => {
  const { loadConfig } = await import('../../infra/config.ts');
  t.throws(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x', SESSION_SECRET: 'x'.repeat(32), DAILY_JOB_SENDS_PER_SECOND: '0' }), /DAILY_JOB_SENDS_PER_SECOND/);
  t.throws(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x', SESSION_SECRET: 'x'.repeat(32), DAILY_JOB_SENDS_PER_SECOND: 'fast' }), /DAILY_JOB_SENDS_PER_SECOND/);
});
