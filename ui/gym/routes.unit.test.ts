import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t, { type Test } from 'tap';
import { gymRouter, links, SCREEN_ROUTES, screenOf } from './routes.ts';

// the spec's "fails on refresh": a page the app can open must be a route the server answers
t.test('every screen route of the app is in the server list of client routes (ui/apps.ts)', async (t) => {
  for (const route of SCREEN_ROUTES) t.ok(gymRouter.served.includes(route), `${route} is served on reload`);
});

const opens = (t: Test, href: string) => {
  const url = new URL(href, 'http://gym');
  t.ok(gymRouter.serves(`${url.pathname}${url.search}`), `${href} is a page of the server`);
  t.not(screenOf(url.pathname).name, 'missing', `${href} has a screen`);
};

t.test('every link made by links opens a route of the server list', async (t) => {
  const drawn = Object.values(links).map((link) => (typeof link === 'function' ? link('6f1c0a3e-1b2c-4d5e-8f90-123456789abc') : link));
  for (const href of drawn) opens(t, href);
});

// the links the screens write out themselves: `to="/plans"`, navigate(`/workout/${id}`)…
const LINK_IN_SOURCE = /(?:\bto=\{?|\bnavigate\(|\bhref=\{?)(["'`])(\/[^"'`]*)\1/g;

t.test('every link a gym screen writes as a literal opens a route of the server list', async (t) => {
  const dir = import.meta.dirname;
  const files = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.tsx'));
  const found = new Set<string>();
  for (const name of files) {
    const source = await readFile(path.join(dir, name), 'utf8');
    for (const match of source.matchAll(LINK_IN_SOURCE)) found.add(match[2]!);
  }
  const pages = [...found].filter((href) => !href.startsWith('/api/'));
  t.ok(pages.length >= 10, `the scan finds the screens' links (${pages.length})`);
  for (const href of pages) opens(t, href.replace(/\$\{[^}]*\}/g, 'w1'));
});

t.test('a path opens its screen with its id', async (t) => {
  t.same(screenOf('/'), { name: 'today' });
  t.same(screenOf('/workout'), { name: 'today' }, 'a workout is started from Today');
  t.same(screenOf('/workout/w1'), { name: 'workout', id: 'w1' });
  t.same(screenOf('/workout/w1/history'), { name: 'workout-history', id: 'w1' });
  t.same(screenOf('/exercises/e%201'), { name: 'exercise', id: 'e 1' });
  t.same(screenOf('/plans/p1/'), { name: 'plan', id: 'p1' });
  t.same(screenOf('/import/file'), { name: 'import-file' });
  t.same(screenOf('/workout/w1/extra'), { name: 'missing' }, 'nothing longer than a route');
  t.same(screenOf('/nowhere'), { name: 'missing' });
});
