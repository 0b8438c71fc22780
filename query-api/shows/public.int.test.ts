import t from 'tap';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

// no ADMIN_TOKEN here: the admin route must not exist
const { system, app } = await startShowsSystem(t, { now: () => new Date('2026-09-25T10:00:00.000Z') });

t.test('public profile: only when turned on, nothing private', async (t) => {
  const alice = await showsUser(app, 'alice@example.org');
  const tracked = (await alice.call('POST', '/api/shows/track', { showId: 45039 })).json() as { id: string };
  await alice.call('PUT', `/api/shows/tracked/${tracked.id}/season`, { season: 6, watched: true });
  const ended = (await alice.call('POST', '/api/shows/track', { showId: 1 })).json() as { id: string };
  await alice.call('PUT', `/api/shows/tracked/${ended.id}/completed`, { rating: 7 });
  await alice.call('PATCH', '/api/auth/preferences', { username: 'Alice' });

  const hidden = await app.inject({ method: 'GET', url: '/api/public/profile/alice' });
  const unknown = await app.inject({ method: 'GET', url: '/api/public/profile/nobody' });
  t.equal(hidden.statusCode, 404);
  t.same(hidden.json(), unknown.json(), 'a private profile answers like an unknown name');

  await alice.call('PATCH', '/api/auth/preferences', { publicProfile: true });
  const shown = await app.inject({ method: 'GET', url: '/api/public/profile/ALICE' });
  t.equal(shown.statusCode, 200);
  t.same(shown.json(), {
    username: 'alice',
    watching: [{ showId: 45039, name: 'Slow Horses', image: shown.json().watching[0].image, watchedCount: 6, rating: null }],
    completed: [{ showId: 1, name: 'Under the Dome', image: shown.json().completed[0].image, watchedCount: 0, rating: 7 }],
    watchedEpisodes: 6,
  });
  t.notMatch(shown.body, /alice@example\.org/, 'no email');
  t.notMatch(shown.body, /emailNotifications|pushNotifications|notify/, 'no private fields');
});

t.test("public profile: watching is spec 001's watching, started and not finished", async (t) => {
  const carol = await showsUser(app, 'carol@example.org');
  await carol.call('POST', '/api/shows/track', { showId: 1 });
  const started = (await carol.call('POST', '/api/shows/track', { showId: 45039 })).json() as { id: string };
  // Slow Horses S1E1
  await carol.call('PUT', `/api/shows/tracked/${started.id}/episode`, { episodeId: 2270552, watched: true });
  await carol.call('PATCH', '/api/auth/preferences', { username: 'carol', publicProfile: true });
  const shown = (await app.inject({ method: 'GET', url: '/api/public/profile/carol' })).json() as { watching: Array<{ showId: number }> };
  t.same(shown.watching.map((show) => show.showId), [45039], 'a show only tracked, nothing of it watched, is not being watched yet');
});

t.test('health: live without the database, ready with it', async (t) => {
  const live = await app.inject({ method: 'GET', url: '/api/health' });
  t.same(live.json(), { status: 'ok' });
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
  t.equal(ready.statusCode, 200);
  t.match(ready.json(), { status: 'ok', database: 'ok', projections: { shows: { state: 'caught-up', checkpoint: /^\d+\/\d+$/ } } });
});

t.test('without ADMIN_TOKEN there is no admin route', async (t) => {
  const response = await app.inject({ method: 'POST', url: '/api/admin/run-cron', headers: { 'x-admin-token': 'anything-at-all-here' } });
  t.equal(response.statusCode, 404);
});

t.test('the live health answers while PostgreSQL is unreachable; ready does not', async (t) => {
  // a second service on pools already closed: the live route must not notice
  const { buildShowsService, createShowsRuntime } = await import('../../ops/services/shows.ts');
  const { connectDatabase } = await import('../../infra/postgres/pools.ts');
  const dead = await connectDatabase(system.url, 2);
  await dead.close();
  const brokenCore = { ...system.core, db: dead };
  const broken = await buildShowsService(brokenCore, await createShowsRuntime(brokenCore), false);
  t.teardown(() => broken.close());
  const live = await broken.inject({ method: 'GET', url: '/api/health' });
  t.equal(live.statusCode, 200);
  const ready = await broken.inject({ method: 'GET', url: '/api/health/ready' });
  t.equal(ready.statusCode, 503);
  t.equal(ready.json().code, 'DATABASE_UNAVAILABLE');
});

t.test('without AI providers configured, suggestions are popular shows airing today', async (t) => {
  const bob = await showsUser(app, 'bob@example.org');
  const answer = await bob.call('GET', '/api/shows/suggestions');
  t.equal(answer.statusCode, 200);
  t.equal(answer.json().source, 'popular');
  t.ok(answer.json().shows.length > 0);
});

t.test('the OpenAPI document lists the shows routes', async (t) => {
  const paths = Object.keys((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>().paths);
  for (const path of [
    '/api/shows/track',
    '/api/shows/tracked',
    '/api/shows/tracked/{id}/episode',
    '/api/shows/suggestions',
    '/api/push/subscribe',
    '/api/public/profile/{username}',
    '/api/health/ready',
  ]) {
    t.ok(paths.includes(path), path);
  }
  t.notOk(paths.includes('/history'), 'page routes are not API');
});
