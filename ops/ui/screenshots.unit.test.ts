import t from 'tap';
import { WEB_APPS } from '../../ui/apps.ts';
import { README_SCREENS, screens } from './screenshots.ts';

t.test('every page route of every app is a screen, plus the questionnaire that does not exist, each with its own name', async (t) => {
  const all = screens();
  const routes = WEB_APPS.flatMap((app) => app.pages.flatMap((page) => page.routes));
  t.equal(all.length, routes.length + 1);
  t.equal(new Set(all.map((screen) => `${screen.app}-${screen.name}`)).size, all.length, 'file names do not collide');
  t.same(all.filter((screen) => screen.app === 'club').map((screen) => [screen.name, screen.path]).slice(0, 3), [
    ['home', '/'],
    ['app', '/app'],
    ['app-login', '/app/login'],
  ]);
  t.match(all.find((screen) => screen.app === 'shows' && screen.name.startsWith('shows-')), { path: '/shows/45039' }, 'parameters filled with samples');
  t.match(all.at(-1), { app: 'forms', name: 'not-found' });
  t.notOk(all.some((screen) => screen.path.includes(':')), 'no parameter left unfilled');
});

t.test("the demo's ids fill the routes that name them: a workout's and an exercise's :id are different ids", async (t) => {
  const all = screens({ gym: { workout: { id: 'w1' }, exercises: { id: 'e1' } }, club: { app: { id: 'n1', version: '4' } } });
  const pathOf = (app: string, route: string) => all.find((screen) => screen.app === app && screen.route === route)?.path;
  t.equal(pathOf('gym', '/workout/:id'), '/workout/w1');
  t.equal(pathOf('gym', '/workout/:id/history'), '/workout/w1/history');
  t.equal(pathOf('gym', '/exercises/:id'), '/exercises/e1');
  t.equal(pathOf('gym', '/plans/:id'), '/plans/45039', 'a route the demo gives nothing for keeps the sample');
  t.equal(pathOf('club', '/app/session/:id/history/:version'), '/app/session/n1/history/4');
  t.equal(pathOf('shows', '/shows/:id'), '/shows/45039');
  t.equal(new Set(all.map((screen) => screen.name)).size, new Set(screens().map((screen) => screen.name)).size, 'names do not depend on the ids');
});

t.test('the sign-in screens are taken signed out, every other app screen signed in', async (t) => {
  const signedOut = screens()
    .filter((screen) => screen.signedOut)
    .map((screen) => `${screen.app} ${screen.path}`);
  t.same(signedOut, ['gym /login', 'gym /signup', 'gym /recover', 'shows /login', 'shows /signup', 'club /app/login', 'forms /f/no-such-questionnaire']);
});

t.test("the README's pictures are screens of four apps, one each", async (t) => {
  const all = screens();
  t.same(README_SCREENS.map((chosen) => chosen.app), ['gym', 'shows', 'club', 'forms']);
  for (const chosen of README_SCREENS) t.ok(all.some((screen) => screen.app === chosen.app && screen.route === chosen.route), `${chosen.app} ${chosen.route} is a screen`);
});
