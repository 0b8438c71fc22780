import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { clubRouter, links, SCREEN_ROUTES, screenOf } from './routes.ts';

// the spec's "fails on refresh": a page the app can open must be a route the server answers
t.test('every screen route of the app is in the server list of client routes (ui/apps.ts)', async (t) => {
  for (const route of SCREEN_ROUTES) t.ok(clubRouter.served.includes(route), `${route} is served on reload`);
});

t.test('every link made by links opens a route of the server list', async (t) => {
  const drawn = [links.today, links.login, links.calendar, links.night('n 1'), links.nightHistory('n1'), links.nightHistory('n1', 4), links.people, links.settings, links.account];
  for (const href of drawn) t.ok(clubRouter.serves(href), `${href} is a page of the server`);
});

// the links the screens write out themselves: navigate('/app/account'), href={`/app/session/${id}/history`}…
const LINK_IN_SOURCE = /(?:\bto=\{?|\bnavigate\(|\bhref=\{?|Path = \(id: string\) => )(["'`])(\/[^"'`]*)\1/g;

t.test('every link a club screen writes as a literal opens a route of the server list', async (t) => {
  const dir = import.meta.dirname;
  const files = (await readdir(dir)).filter((name) => name.endsWith('.tsx'));
  const found = new Set<string>();
  for (const name of files) {
    const source = await readFile(path.join(dir, name), 'utf8');
    for (const match of source.matchAll(LINK_IN_SOURCE)) found.add(match[2]!);
  }
  const pages = [...found].filter((href) => !href.startsWith('/api/'));
  t.ok(pages.length >= 4, `the scan finds the screens' links (${pages.length})`);
  for (const href of pages) t.ok(clubRouter.serves(href.replace(/\$\{[^}]*\}/g, 'n1')), `${href} is a page of the server`);
});

t.test('a path opens its screen with its id and version', async (t) => {
  t.same(screenOf('/app'), { name: 'today' });
  t.same(screenOf('/app/'), { name: 'today' });
  t.same(screenOf('/app/session/n%201'), { name: 'night', id: 'n 1' });
  t.same(screenOf('/app/session/n1/history'), { name: 'night-history', id: 'n1', version: null });
  t.same(screenOf('/app/session/n1/history/4'), { name: 'night-history', id: 'n1', version: 4 });
  t.same(screenOf('/app/session/n1/history/four'), { name: 'today' }, 'a version is a number');
  t.same(screenOf('/app/calendar/'), { name: 'calendar' });
  t.same(screenOf('/app/account'), { name: 'account' });
  t.same(screenOf('/app/nowhere'), { name: 'today' }, 'anything else in the app: Today');
});
