import t from 'tap';
import { routePattern } from '../apps.ts';
import { links, SCREEN_ROUTES, screenOf, SHOWS_ROUTES } from './routes.ts';

// the spec's "fails on refresh": a page the app can open must be a route the server answers
t.test('every screen route of the app is in the server list of client routes (ui/apps.ts)', async (t) => {
  for (const route of SCREEN_ROUTES) t.ok(SHOWS_ROUTES.includes(route), `${route} is served on reload`);
});

t.test('every link the app draws opens a route of the server list', async (t) => {
  const drawn = [
    links.dashboard,
    links.login,
    links.signup,
    links.search(),
    links.search('slow horses'),
    links.schedule(),
    links.schedule('2026-09-25'),
    links.trending,
    links.suggestions,
    links.dismissed,
    links.watching,
    links.watchlist,
    links.completed,
    links.history,
    links.settings,
    links.import(),
    links.import('cjld2cjxh0000qzrmn831i7rn'),
    links.show(45039),
    links.profile('kim'),
  ];
  for (const href of drawn) {
    const url = new URL(href, 'http://shows');
    t.ok(
      SHOWS_ROUTES.some((route) => routePattern(route).test(`${url.pathname}${url.search}`)),
      `${href} is a page of the server`,
    );
    t.not(screenOf(url.pathname, url.search).name, 'missing', `${href} has a screen`);
  }
});

t.test('a location opens its screen with its parameters', async (t) => {
  t.same(screenOf('/', ''), { name: 'dashboard' });
  t.same(screenOf('/shows/45039', ''), { name: 'show', showId: 45039 });
  t.same(screenOf('/shows/abc', ''), { name: 'missing' }, 'a show id is a number');
  t.same(screenOf('/search', '?q=slow%20horses'), { name: 'search', q: 'slow horses' });
  t.same(screenOf('/u/kim%20lee', ''), { name: 'profile', username: 'kim lee' });
  t.same(screenOf('/schedule', '?date=2026-09-25'), { name: 'schedule', date: '2026-09-25' });
  t.same(screenOf('/schedule', '?date=tomorrow'), { name: 'schedule', date: null }, 'a date that is no date: today');
  t.same(screenOf('/import', '?job=cjld2cjxh0000qzrmn831i7rn'), { name: 'import', job: 'cjld2cjxh0000qzrmn831i7rn' });
  t.same(screenOf('/import', '?job=%3Cscript%3E'), { name: 'import', job: null }, 'a job id is a cuid');
  t.same(screenOf('/nowhere', ''), { name: 'missing' });
  t.same(screenOf('/shows/1/extra', ''), { name: 'missing' }, 'nothing longer than a route');
  t.same(screenOf('/u/%E0%A4%A', ''), { name: 'missing' }, 'a malformed escape is no address, not a thrown error');
});
