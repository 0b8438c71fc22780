// Every app is an installable PWA on its service's own origin: the service worker takes the page,
// the shell opens again with no network, /api never comes from a cache, the manifest and icons
// load, and a new build is offered, not forced.
import { cp, mkdtemp, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { createHttpApp } from '../../infra/http/app.ts';
import { serveWebApp, WEB_DIST_DIR } from '../../infra/http/web-app.ts';
import { type AppName, webApp } from '../apps.ts';
import { startBrowserSystem } from '../testing/browser.ts';

const { origins, phone, browser } = await startBrowserSystem(t);

/** The active worker once it has precached the shell; none within 20 s is a failure, not a hang. */
async function workerReady(page: Page): Promise<string> {
  return page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? ''),
      new Promise<string>((resolve) => setTimeout(() => resolve('no worker within 20 s'), 20_000)),
    ]),
  );
}
const controlled = (page: Page): Promise<boolean> => page.evaluate(() => navigator.serviceWorker.controller !== null);
/** The app's own script ran, drew its header and named the page: the shell is open. */
async function shellOpen(page: Page, title: string): Promise<void> {
  await page.locator('.app-header h1').waitFor();
  // the questionnaire names the page after its form once the questions (or their kept copy) are in
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 }).catch(async () => {
    throw new Error(`the page is ${await page.title()}, not ${title}`);
  });
}

const PAGES: readonly { readonly app: AppName; readonly route: string; readonly title: string; readonly deeper: string }[] = [
  { app: 'forms', route: '/f/welcome', title: 'Club season survey', deeper: '/f/welcome' },
  { app: 'gym', route: '/', title: 'Gym log', deeper: '/history' },
  { app: 'shows', route: '/', title: 'Shows', deeper: '/shows/45039' },
  { app: 'club', route: '/app', title: 'Club nights: app', deeper: '/app/people' },
  { app: 'club', route: '/', title: 'Club nights', deeper: '/' },
];

for (const { app, route, title, deeper } of PAGES) {
  t.test(`${app} ${route}: the service worker controls the page; offline, the shell still opens and /api fails`, async (t) => {
    const context = await phone();
    const page = await context.newPage();
    const origin = origins[app];
    await page.goto(`${origin}${route}`);
    t.equal(await workerReady(page), `${origin}/sw.js`, 'registered and active');
    await page.reload();
    t.ok(await controlled(page), 'controls the page');
    t.equal(await page.evaluate(() => fetch('/api/health').then((response) => response.status)), 200, 'the API answers online');

    await context.setOffline(true);
    try {
      await page.reload();
      await shellOpen(page, title);
      t.pass(`${route} opens with no network`);
      await page.goto(`${origin}${deeper}`);
      await page.locator('.app-header h1').waitFor();
      t.pass(`${deeper}, never opened before, opens with no network`);
      t.equal(await page.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'failed')), 'failed', 'GET /api/health is never answered from a cache');
      await t.rejects(page.goto(`${origin}/api/health`), 'opening /api/health is not answered by the worker either');
      await t.rejects(page.goto(`${origin}/nowhere`), 'a path that is no page of the app is not answered with its shell');
    } finally {
      await context.setOffline(false);
    }
    await page.goto(`${origin}${route}`);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    t.ok(cached.includes('/index.html'), 'the shell is precached');
    t.same(cached.filter((url) => url.startsWith('/api')), [], 'nothing of /api is in any cache');
  });
}

for (const name of ['forms', 'gym', 'shows', 'club'] as const) {
  t.test(`${name}: the page links its manifest and icons, and they load`, async (t) => {
    const page = await (await phone()).newPage();
    const origin = origins[name];
    await page.goto(`${origin}${name === 'forms' ? '/f/welcome' : '/'}`);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="manifest"], link[rel="icon"], link[rel="apple-touch-icon"]')].map((link) => ({ rel: link.rel, href: link.href })),
    );
    const manifestLink = links.find((link) => link.rel === 'manifest');
    t.ok(manifestLink, 'a manifest link');
    t.ok(links.some((link) => link.rel === 'icon') && links.some((link) => link.rel === 'apple-touch-icon'), 'icon links');
    const manifestAnswer = await page.request.get(manifestLink!.href);
    t.equal(manifestAnswer.status(), 200);
    const manifest = (await manifestAnswer.json()) as { name: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] };
    t.equal(manifest.name, webApp(name).title);
    t.equal(manifest.theme_color, webApp(name).accent);
    t.ok(manifest.icons.some((icon) => icon.sizes === '192x192') && manifest.icons.some((icon) => icon.sizes === '512x512'), '192 and 512 px icons');
    for (const href of [...manifest.icons.map((icon) => new URL(icon.src, manifestLink!.href).href), ...links.filter((link) => link.rel !== 'manifest').map((link) => link.href)]) {
      const icon = await page.request.get(href);
      t.equal(icon.status(), 200, href);
      t.match(icon.headers()['content-type'], /^image\//, href);
      t.ok((await icon.body()).length > 100, `${href} is an image, not an empty answer`);
    }
  });
}

t.test('a new build is offered with "A new version is ready", and Reload switches to it', async (t) => {
  // a copy of the gym build on a server of its own, so its sw.js can change under a running page
  const dir = await mkdtemp(path.join(tmpdir(), 'ledger-pwa-update-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await cp(path.join(WEB_DIST_DIR, 'gym'), dir, { recursive: true });
  const server = await createHttpApp({ title: 'gym build under update', logger: false, secure: false });
  await serveWebApp(server, { web: webApp('gym'), dir });
  await server.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => server.close());
  const address = server.server.address();
  const origin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;

  const context = await browser.newContext();
  t.teardown(() => context.close().catch(() => undefined));
  const page = await context.newPage();
  await page.goto(origin);
  await workerReady(page);
  await page.reload();
  t.ok(await controlled(page));
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  t.equal(await prompt.count(), 0, 'no offer while the build is the same');

  await appendFile(path.join(dir, 'sw.js'), '\n// the next build\n');
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await prompt.waitFor();
  t.pass('the offer appears once the new worker waits');
  t.ok(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null), 'the new worker waits: the page did not change under the user');

  await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await page.locator('.app-header h1').waitFor();
  t.equal(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded ?? false), false, 'the page reloaded');
  t.equal(await prompt.count(), 0, 'no offer after the switch');
  t.ok(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting === null && registration.active !== null && navigator.serviceWorker.controller !== null;
    }),
    'the new worker is the active one and controls the page',
  );
});
