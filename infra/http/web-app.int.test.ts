import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { WEB_APPS } from '../../ui/apps.ts';
import { WEB_DIST_DIR } from './web-app.ts';

const system = await startTestSystem(t);
const SAMPLE_PARAMS: Readonly<Record<string, string>> = { id: '45039', username: 'alice', name: 'welcome' };
const fill = (route: string): string => route.replace(/:(\w+)/g, (_match, param: string) => SAMPLE_PARAMS[param] ?? 'x');

for (const web of WEB_APPS) {
  const app = system.apps[web.name]!;

  t.test(`${web.name}: every listed route answers its page, revalidated every time`, async (t) => {
    for (const page of web.pages) {
      const html = await readFile(path.join(WEB_DIST_DIR, web.name, page.html), 'utf8');
      for (const route of page.routes) {
        const url = fill(route);
        const response = await app.inject({ method: 'GET', url });
        t.equal(response.statusCode, 200, url);
        t.match(response.headers['content-type'], /^text\/html/, url);
        t.equal(response.headers['cache-control'], 'no-cache', url);
        t.equal(response.body, html, `${url} is ${page.html}`);
      }
    }
  });

  t.test(`${web.name}: each page's file name answers it too, revalidated, for the service worker's precache`, async (t) => {
    for (const page of web.pages) {
      const response = await app.inject({ method: 'GET', url: `/${page.html}` });
      t.equal(response.statusCode, 200, page.html);
      t.equal(response.headers['cache-control'], 'no-cache', page.html);
      t.equal(response.body, await readFile(path.join(WEB_DIST_DIR, web.name, page.html), 'utf8'), page.html);
    }
  });

  t.test(`${web.name}: hashed assets are cached for a year, the rest of the build revalidated`, async (t) => {
    const assets = await readdir(path.join(WEB_DIST_DIR, web.name, 'assets'));
    const script = assets.find((file) => file.endsWith('.js'));
    t.ok(script, 'the build has a script');
    const asset = await app.inject({ method: 'GET', url: `/assets/${script}` });
    t.equal(asset.statusCode, 200);
    t.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest', '/theme.js', '/pwa-192x192.png']) {
      const response = await app.inject({ method: 'GET', url });
      t.equal(response.statusCode, 200, url);
      t.equal(response.headers['cache-control'], 'no-cache', url);
    }
    const manifest = (await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
    t.equal(manifest.name, web.title);
    t.equal(manifest.theme_color, web.accent);
    t.equal(manifest.start_url, web.startUrl ?? undefined, 'an app without a start page opens where it was installed');
    t.ok(manifest.icons.some((icon: { sizes: string }) => icon.sizes === '512x512'), 'a 512 px icon');
  });

  t.test(`${web.name}: any other path outside /api is a small 404 page; /api keeps its JSON 404`, async (t) => {
    for (const url of ['/nowhere', '/other.html', '/assets/', '/assets/missing.js', `${fill(web.pages[0]!.routes.at(-1)!)}/extra`, '/.build-hash']) {
      const response = await app.inject({ method: 'GET', url });
      t.equal(response.statusCode, 404, url);
      t.match(response.headers['content-type'], /^text\/html/, url);
      t.match(response.body, /Not found/, url);
    }
    for (const url of ['/api/nowhere', '/api']) {
      const response = await app.inject({ method: 'GET', url });
      t.equal(response.statusCode, 404, url);
      t.equal(response.json().code, 'NOT_FOUND', url);
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    t.equal(health.statusCode, 200, 'no page shadows /api');
  });
}

t.test('the questionnaire page keeps its unlisted link out of search engines', async (t) => {
  const page = await system.apps.forms!.inject({ method: 'GET', url: '/f/welcome' });
  t.equal(page.statusCode, 200);
  t.equal(page.headers['x-robots-tag'], 'noindex');
  t.equal(page.headers['cache-control'], 'no-cache');
  const malformed = await system.apps.forms!.inject({ method: 'GET', url: '/f/no%20such%20form' });
  t.equal(malformed.statusCode, 404);
});
