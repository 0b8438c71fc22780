import t from 'tap';
import { createRouter, matchRoute, servedRoutes } from './routes.ts';

t.test('the served routes are those of ui/apps.ts', async (t) => {
  t.ok(servedRoutes('club').includes('/app/session/:id/history/:version'), 'from every page of the app');
  t.ok(servedRoutes('club').includes('/'), 'the public page too');
  t.same(servedRoutes('forms'), ['/f/:name']);
});

t.test('a route matches a whole path and names its parameters, decoded', async (t) => {
  t.same(matchRoute('/workout/:id', '/workout/abc'), { route: '/workout/:id', params: { id: 'abc' } });
  t.same(matchRoute('/workout/:id', '/workout/abc/'), { route: '/workout/:id', params: { id: 'abc' } }, 'a trailing slash is the same page');
  t.same(matchRoute('/u/:username', '/u/kim%20lee'), { route: '/u/:username', params: { username: 'kim lee' } });
  t.equal(matchRoute('/workout/:id', '/workout/abc/history'), null, 'nothing longer than the route');
  t.equal(matchRoute('/workout/:id', '/workout'), null, 'nothing shorter');
  t.equal(matchRoute('/u/:username', '/u/%E0%A4%A'), null, 'a malformed escape is no address');
  t.same(matchRoute('/', '/'), { route: '/', params: {} });
});

t.test('a router matches only the screens the server serves, the first that fits', async (t) => {
  const router = createRouter('gym', ['/', '/workout/:id', '/workout/:id/history', '/not-served']);
  t.same(router.match('/workout/w1/history'), { route: '/workout/:id/history', params: { id: 'w1' } });
  t.same(router.match('/workout/w1'), { route: '/workout/:id', params: { id: 'w1' } });
  t.equal(router.match('/not-served'), null, 'a screen the server does not answer is no page: a reload would not find it either');
  t.equal(router.match('/nowhere'), null);
  t.ok(router.serves('/plans/p1'), 'a link to a served route, screen or not');
  t.ok(router.serves('/history?from=2026-01-01'), 'with a query');
  t.notOk(router.serves('/not-served'));
});
