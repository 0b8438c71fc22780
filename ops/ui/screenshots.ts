// `npm run screenshots`: every screen of every app, light and dark, on a phone (390 × 844) and a
// desktop (1280 × 800), as PNGs in .screenshots/ with an index.html to look at them side by side.
// The services run on a throwaway embedded PostgreSQL with sample data, so the screens show some.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { loadConfig } from '../../infra/config.ts';
import { freePort, startThrowawayPostgres } from '../../infra/postgres/embedded.ts';
import { type AppName, WEB_APPS } from '../../ui/apps.ts';
import { DESKTOP, launchBrowser, PHONE } from '../../ui/testing/chromium.ts';
import { startSystem } from '../system.ts';
import { SAMPLE_FORM } from './addresses.ts';
import { ensureWebApps } from './build.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '../../.screenshots');
/** what a route's parameters are filled with */
const SAMPLE_PARAMS: Readonly<Record<string, string>> = { id: '45039', username: 'alice', name: SAMPLE_FORM };

export type Screen = { readonly app: AppName; readonly name: string; readonly path: string };

/** Every page route of every app with sample parameters, plus the questionnaire that does not exist. */
export function screens(): Screen[] {
  const all = WEB_APPS.flatMap((app) =>
    app.pages.flatMap((page) =>
      page.routes.map((route) => {
        const filled = route.replace(/:(\w+)/g, (_match, param: string) => SAMPLE_PARAMS[param] ?? 'sample');
        return { app: app.name, name: filled === '/' ? 'home' : filled.slice(1).replaceAll('/', '-'), path: filled };
      }),
    ),
  );
  return [...all, { app: 'forms', name: 'not-found', path: '/f/no-such-questionnaire' }];
}

type Origins = Readonly<Record<AppName, string>>;

/** Answers in the sample questionnaire, one of each kind its definition asks. */
async function seedForms(origins: Origins): Promise<string> {
  const base = `${origins.forms}/api/forms/${SAMPLE_FORM}`;
  const definition = await fetch(`${base}/questions`);
  if (!definition.ok) return `no questions for ${SAMPLE_FORM} (HTTP ${definition.status}): the questionnaire screens show no answers`;
  type Question = { id: string; t: string; o?: string[] | { rows: string[]; columns: string[] } };
  const { questions } = (await definition.json()) as { questions: Question[] };
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    const options = question.o;
    if (question.t === 'one' && Array.isArray(options)) answers[question.id] = options[0];
    else if (question.t === 'many' && Array.isArray(options)) answers[question.id] = options.slice(0, 2);
    else if (question.t === 'short') answers[question.id] = 'Thursday evenings';
    else if (question.t === 'long') answers[question.id] = 'More doubles nights, and a beginners’ hour before the club night starts.';
    else if (question.t === 'grid' && options && !Array.isArray(options)) {
      answers[question.id] = Object.fromEntries(options.rows.map((row, index) => [row, options.columns[index % options.columns.length]]));
    }
  }
  const firstId = questions[0]?.id;
  const response = await fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origins.forms },
    body: JSON.stringify({ respondent: 'Sam Rivera', answers, notes: firstId ? { [firstId]: 'Asked the others too.' } : {}, summary: 'Keen to keep Thursdays.' }),
  });
  return response.ok ? `answered ${Object.keys(answers).length} questions of ${SAMPLE_FORM}` : `the sample answers were refused: HTTP ${response.status} ${await response.text()}`;
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

async function shoot(origins: Origins): Promise<number> {
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await launchBrowser();
  const written: { screen: Screen; file: string }[] = [];
  try {
    await Promise.all(
      VIEWS.map(async ({ theme, width, device }) => {
        const context = await browser.newContext({ ...device, colorScheme: theme });
        const page = await context.newPage();
        for (const screen of screens()) {
          await page.goto(`${origins[screen.app]}${screen.path}`, { waitUntil: 'networkidle' });
          await settle(page);
          const file = `${screen.app}-${screen.name}-${theme}-${width}.png`;
          await page.screenshot({ path: path.join(OUT_DIR, file), fullPage: true, scale: 'css' });
          written.push({ screen, file });
        }
        await context.close();
      }),
    );
  } finally {
    await browser.close();
  }
  written.sort((a, b) => a.file.localeCompare(b.file));
  await writeFile(path.join(OUT_DIR, 'index.html'), indexPage(written));
  return written.length;
}

if (import.meta.main) {
  const started = performance.now();
  await ensureWebApps({ log: console.log });
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
      // the screens never reach the TV data provider
      TVMAZE_URL: 'http://127.0.0.1:9',
      GYM_PORT: String(ports.gym),
      SHOWS_PORT: String(ports.shows),
      CLUB_PORT: String(ports.club),
      FORMS_PORT: String(ports.forms),
      GYM_BASE_URL: origins.gym,
      SHOWS_BASE_URL: origins.shows,
      CLUB_BASE_URL: origins.club,
      FORMS_BASE_URL: origins.forms,
    });
    const system = await startSystem(config, pino({ level: 'silent' }));
    try {
      console.log(await seedForms(origins));
      const count = await shoot(origins);
      console.log(`wrote ${count} screenshots to ${path.relative(process.cwd(), OUT_DIR)}/ in ${((performance.now() - started) / 1000).toFixed(0)} s; open ${path.relative(process.cwd(), path.join(OUT_DIR, 'index.html'))} to see them all`);
    } finally {
      await system.stop();
    }
  } finally {
    await postgres.stop();
  }
}
