import t from 'tap';
import { WEB_APPS } from '../../ui/apps.ts';
import { screens } from './screenshots.ts';

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
