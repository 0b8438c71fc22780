// `npm run screenshots`: every screen of every app, light and dark, on a phone (390 × 844) and a
// desktop (1280 × 800), as PNGs in .screenshots/ with an index.html to look at them side by side.
// The services run on a throwaway embedded PostgreSQL holding the demo data of `npm run demo`
// (ops/demo/), TV data from TVmaze's recorded answers; the screens are taken signed in as the demo
// accounts, the sign-in screens signed out. `-- --readme` also writes the README's four phone
// pictures into docs/images/.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { loadConfig } from '../../infra/config.ts';
import { freePort } from '../../infra/postgres/free-port.ts';
import { startThrowawayPostgres } from '../../infra/postgres/throwaway-postgres.ts';
import { type AppName, WEB_APPS } from '../../ui/apps.ts';
import { DESKTOP, launchBrowser, PHONE } from '../../ui/testing/chromium.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../demo/accounts.ts';
import { serviceClient, type ServiceAddress, type ServiceClient } from '../demo/http.ts';
import type { Pages } from '../demo/pages.ts';
import { demoTargets, seedDemo } from '../demo/seed.ts';
import { demoTvmaze } from '../demo/tvmaze.ts';
import { startSystem } from '../system.ts';
import { SAMPLE_FORM } from './addresses.ts';
import { ensureWebApps } from './build.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '../../.screenshots');
const README_DIR = path.resolve(import.meta.dirname, '../../docs/images');
/** what a route's parameters are filled with when the demo gives none */
const SAMPLE_PARAMS: Readonly<Record<string, string>> = { id: '45039', username: 'alice', name: SAMPLE_FORM };
/** the screens a signed-in person is sent away from: taken signed out */
const SIGN_IN_ROUTES: readonly string[] = ['/login', '/signup', '/recover', '/app/login'];

export type Screen = { readonly app: AppName; readonly route: string; readonly name: string; readonly path: string; readonly signedOut: boolean };
/** each app's ids to open (ops/demo/pages.ts): by a route's first segment, its parameters */
export type ScreenParams = Readonly<Partial<Record<AppName, Pages>>>;

/** Every page route of every app with its parameters filled, plus the questionnaire that does not exist. */
export function screens(params: ScreenParams = {}): Screen[] {
  const all = WEB_APPS.flatMap((app) =>
    app.pages.flatMap((page) =>
      page.routes.map((route) => {
        const given = params[app.name]?.[route.split('/')[1] ?? ''] ?? {};
        const filled = route.replace(/:(\w+)/g, (_match, param: string) => given[param] ?? SAMPLE_PARAMS[param] ?? 'sample');
        const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-').replaceAll(':', '');
        return { app: app.name, route, name, path: filled, signedOut: SIGN_IN_ROUTES.includes(route) };
      }),
    ),
  );
  return [...all, { app: 'forms', route: '/f/no-such-questionnaire', name: 'not-found', path: '/f/no-such-questionnaire', signedOut: true }];
}

/**
 * The README's picture of each app (docs/images/<file>): a phone, light, the first screen's height.
 * The club's is a night as it stood mid-evening: the demo's nights are closed, with nobody on court.
 */
export const README_SCREENS: readonly { readonly app: AppName; readonly route: string; readonly file: string }[] = [
  { app: 'gym', route: '/exercises/:id', file: 'gym-exercise.png' },
  { app: 'shows', route: '/', file: 'shows-dashboard.png' },
  { app: 'club', route: '/app/session/:id/history/:version', file: 'club-night.png' },
  { app: 'forms', route: '/f/:name', file: 'forms-questionnaire.png' },
];

type Origins = Readonly<Record<AppName, string>>;
type Cookie = { readonly name: string; readonly value: string; readonly url: string };

/** The demo accounts' session cookies, from signing in as each app's login page does. */
type DemoSessions = {
  readonly cookies: readonly Cookie[];
  /** the gym's: its theme is the account's (Settings), not the phone's, so the dark views set it */
  readonly gym: ServiceClient;
};

async function demoSessions(targets: Readonly<Record<AppName, ServiceAddress>>): Promise<DemoSessions> {
  const sessions = [
    { app: 'gym', path: '/api/auth/login', body: { email: DEMO_LOGINS.gym, password: DEMO_PASSWORD }, cookie: 'gym_sid' },
    { app: 'shows', path: '/api/auth/login', body: { email: DEMO_LOGINS.shows, password: DEMO_PASSWORD }, cookie: 'sid' },
    { app: 'club', path: '/api/auth/login', body: { username: DEMO_LOGINS.club, password: DEMO_PASSWORD }, cookie: 'club_sid' },
  ] as const;
  const signedIn = await Promise.all(
    sessions.map(async ({ app, path: route, body, cookie }) => {
      const client = serviceClient(targets[app]);
      await client.send('POST', route, body);
      const value = client.cookie(cookie);
      if (!value) throw new Error(`signing in to ${app} set no ${cookie} cookie`);
      return { client, cookie: { name: cookie, value, url: targets[app].origin } };
    }),
  );
  return { cookies: signedIn.map((session) => session.cookie), gym: signedIn[0]!.client };
}

async function settle(page: Page): Promise<void> {
  await page.locator('.app-header h1, main h1').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  // a string: this file is type-checked without the DOM's types
  await page.evaluate('document.fonts.ready.then(() => true)');
}

const VIEWS: readonly { readonly theme: 'light' | 'dark'; readonly width: number; readonly device: BrowserContextOptions }[] = [
  { theme: 'light', width: 390, device: PHONE },
  { theme: 'dark', width: 390, device: PHONE },
  { theme: 'light', width: 1280, device: DESKTOP },
  { theme: 'dark', width: 1280, device: DESKTOP },
];

function indexPage(files: readonly { screen: Screen; file: string }[]): string {
  const rows = Object.entries(Object.groupBy(files, (entry) => `${entry.screen.app}-${entry.screen.name}`)).map(
    ([name, entries]) =>
      `<section><h2>${name}</h2><div>${(entries ?? []).map((entry) => `<a href="${entry.file}"><img src="${entry.file}" alt="${entry.file}" loading="lazy"></a>`).join('')}</div></section>`,
  );
  return `<!doctype html><meta charset="utf-8"><title>Screens</title>
<style>body{font-family:system-ui;margin:1rem;background:#888}section div{display:flex;gap:1rem;align-items:flex-start;overflow-x:auto}img{max-height:420px;border:1px solid #333}</style>
<h1>Every screen, light and dark, 390 and 1280 px</h1>${rows.join('\n')}`;
}

const readmeFile = (screen: Screen): string | null => README_SCREENS.find((chosen) => chosen.app === screen.app && chosen.route === screen.route)?.file ?? null;

async function shoot(origins: Origins, sessions: DemoSessions, params: ScreenParams, readme: boolean): Promise<number> {
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await launchBrowser();
  const written: { screen: Screen; file: string }[] = [];
  try {
    for (const shown of ['light', 'dark'] as const) {
      await sessions.gym.send('PATCH', '/api/settings', { appearance: shown });
      await Promise.all(
        VIEWS.filter((view) => view.theme === shown).map(async ({ theme, width, device }) => {
          const contextOf = async (signedIn: boolean): Promise<BrowserContext> => {
            const context = await browser.newContext({ ...device, colorScheme: theme });
            if (signedIn) await context.addCookies([...sessions.cookies]);
            return context;
          };
          const contexts = { signedIn: await contextOf(true), signedOut: await contextOf(false) };
          const pages = { signedIn: await contexts.signedIn.newPage(), signedOut: await contexts.signedOut.newPage() };
          for (const screen of screens(params)) {
            const page = screen.signedOut ? pages.signedOut : pages.signedIn;
            await page.goto(`${origins[screen.app]}${screen.path}`, { waitUntil: 'networkidle' });
            await settle(page);
            const file = `${screen.app}-${screen.name}-${theme}-${width}.png`;
            await page.screenshot({ path: path.join(OUT_DIR, file), fullPage: true, scale: 'css' });
            written.push({ screen, file });
            const forReadme = readme && theme === 'light' && width === 390 ? readmeFile(screen) : null;
            if (forReadme) await page.screenshot({ path: path.join(README_DIR, forReadme), scale: 'css' });
          }
          await Promise.all([contexts.signedIn.close(), contexts.signedOut.close()]);
        }),
      );
    }
  } finally {
    await browser.close();
  }
  written.sort((a, b) => a.file.localeCompare(b.file));
  await writeFile(path.join(OUT_DIR, 'index.html'), indexPage(written));
  return written.length;
}

if (import.meta.main) {
  const started = performance.now();
  const readme = process.argv.includes('--readme');
  await ensureWebApps({ log: console.log });
  const closers: (() => Promise<void> | void)[] = [];
  const tvmaze = await demoTvmaze({ teardown: (close) => void closers.push(close) });
  const postgres = await startThrowawayPostgres('ledger-screenshots-');
  const dir = postgres.dir;
  try {
    const ports = { gym: await freePort(), shows: await freePort(), club: await freePort(), forms: await freePort() };
    const origins = Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, `http://localhost:${port}`])) as Record<AppName, string>;
    const config = loadConfig({
      DATABASE_URL: postgres.url,
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      ROLES: 'api,projector',
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      COOKIE_SECURE: 'false',
      SESSION_SECRET: 'screenshots-session-secret-of-32-characters',
      TVMAZE_URL: tvmaze.url,
      GYM_PORT: String(ports.gym),
      SHOWS_PORT: String(ports.shows),
      CLUB_PORT: String(ports.club),
      FORMS_PORT: String(ports.forms),
    });
    const system = await startSystem(config, pino({ level: 'silent' }));
    try {
      const targets = demoTargets(config, system.services);
      const demo = await seedDemo(targets, system.core);
      console.log(`demo data added: ${[demo.gym, demo.shows, demo.club, demo.forms].map((outcome) => outcome.app).join(', ')}`);
      const params: ScreenParams = { gym: demo.gym.pages, shows: demo.shows.pages, club: demo.club.pages };
      const count = await shoot(origins, await demoSessions(targets), params, readme);
      console.log(`wrote ${count} screenshots to ${path.relative(process.cwd(), OUT_DIR)}/ in ${((performance.now() - started) / 1000).toFixed(0)} s; open ${path.relative(process.cwd(), path.join(OUT_DIR, 'index.html'))} to see them all`);
      if (readme) console.log(`and the README's pictures: ${README_SCREENS.map((chosen) => path.relative(process.cwd(), path.join(README_DIR, chosen.file))).join(', ')}`);
    } finally {
      await system.stop();
    }
  } finally {
    await postgres.stop();
    for (const close of closers) await close();
  }
}
