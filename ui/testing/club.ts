// What the club app's browser tests share: a club with levels, a venue playing every weekday,
// people in People, a login, and the night as the server holds it.
import type { BrowserContext, Page } from 'playwright-core';
import { clubClient, cuid } from '../../testing/club/client.ts';
import { SAVE_DEBOUNCE_MS } from '../club/night-sync-model.ts';
import { logIn as logInOverHttp } from '../../testing/sign-in.ts';
import { type BrowserSystem, holdSession } from './browser.ts';

export const PASSWORD = 'a long password';

type Settings = { levels: Array<{ id: string; name: string }>; venues: Array<{ id: string; name: string }> };
export type ServerNight = {
  id: string;
  version: number;
  courts: number;
  people: Array<{ id: string; name: string; levelId: string | null; guest: boolean }>;
  lineUp: Array<{ court: number; teamA: string[]; teamB: string[] }>;
  timer: { roundNumber: number; startedAt: string | null; roundStartedAt: string | null; pausedRemainingSec: number | null } | null;
  rounds: Array<{ number: number; lineUp: unknown[] }>;
  [key: string]: unknown;
};

export type Club = Awaited<ReturnType<typeof setUpClub>>;

/**
 * Levels Strong and Middle, the venue "Hall" with a 19:00–21:30 slot on every weekday (so tonight
 * has one whatever the day), and six people, three of each level. The login is `desk`.
 */
export async function setUpClub(env: BrowserSystem, username = 'desk') {
  const api = await clubClient(env.system, username);
  await api.ok('PUT', '/api/settings/club', { defaultCourts: 2, roundLengthSec: 600 });
  await api.ok('POST', '/api/levels', { name: 'Strong' }, 201);
  await api.ok('POST', '/api/levels', { name: 'Middle' }, 201);
  const settings = await api.ok<Settings>('POST', '/api/venues', { name: 'Hall' }, 201);
  const hall = settings.venues[0]!.id;
  for (let weekday = 0; weekday < 7; weekday++) await api.ok('POST', `/api/venues/${hall}/slots`, { weekday, start: '19:00', end: '21:30' }, 201);
  const level = (name: string) => settings.levels.find((candidate) => candidate.name === name)!.id;
  const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay'];
  for (const [index, name] of names.entries()) {
    await api.ok('POST', '/api/players', { id: cuid(name.toLowerCase()), name, levelId: level(index < 3 ? 'Strong' : 'Middle') }, 201);
  }
  return { ...api, hall, level, names, username };
}

/** Logs the login in over HTTP and opens the app with its session on this phone; waits for Today. (The login screen's own test fills its form.) */
export async function logIn(env: BrowserSystem, context: BrowserContext, username = 'desk'): Promise<Page> {
  await holdSession(context, env.origins.club, await logInOverHttp('club', env.origins.club, { username, password: PASSWORD }));
  const page = await context.newPage();
  await page.goto(`${env.origins.club}/app`);
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  return page;
}

export const saveBadge = (page: Page) => page.getByTestId('save-state');

/**
 * The night's last change goes now rather than a second later: the page's clock jumps past its
 * save's debounce. The page of a phone whose clock the test installed (`context.clock.install()`).
 */
export async function endSaveDebounce(page: Page): Promise<void> {
  await page.clock.fastForward(SAVE_DEBOUNCE_MS);
}

/** Opens (or continues) tonight's night at a venue (the Hall's 19:00) from Today; answers the night's id. */
export async function openTonight(page: Page, slot = 'Hall 19:00'): Promise<string> {
  await page.getByRole('button', { name: new RegExp(`^(Open|Continue) night at ${slot}$`) }).click();
  await page.waitForURL(/\/app\/session\/[a-z0-9]+$/);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Another venue playing every weekday at `start`, for a test wanting a night of its own. */
export async function addVenue(club: Club, name: string, start: string, end: string): Promise<void> {
  const settings = await club.ok<Settings>('POST', '/api/venues', { name }, 201);
  const venue = settings.venues.find((candidate) => candidate.name === name)!.id;
  for (let weekday = 0; weekday < 7; weekday++) await club.ok('POST', `/api/venues/${venue}/slots`, { weekday, start, end }, 201);
}

/** Adds someone from People by name. */
export async function addFromPeople(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
}

/** Adds someone not in People yet: the phone makes their id. */
export async function addNewPerson(page: Page, name: string, level: string, guest = false): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Level', { exact: true }).selectOption({ label: level });
  if (guest) await page.getByLabel(/^Guest/).check();
  await page.getByRole('button', { name: 'Add new person' }).click();
}

/** The night as the server holds it. */
export async function serverNight(club: Club, id: string): Promise<ServerNight> {
  return club.ok<ServerNight>('GET', `/api/sessions/${id}`);
}

/** Waits (up to 15 s) for the server's night to pass `check`. */
export async function untilServer(club: Club, id: string, check: (night: ServerNight) => boolean): Promise<ServerNight> {
  let night = await serverNight(club, id);
  for (const deadline = Date.now() + 15_000; !check(night); night = await serverNight(club, id)) {
    if (Date.now() > deadline) throw new Error(`the server's night never came: ${JSON.stringify(night)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return night;
}

/** The names on the sheet, court by court: [[A1, A2, B1, B2], …]. */
export async function sheet(page: Page): Promise<string[][]> {
  return page.locator('.court').evaluateAll((courts) =>
    courts.map((court) => Array.from(court.querySelectorAll('button.person'), (button) => button.firstChild?.textContent ?? '')),
  );
}

/**
 * With SCREENSHOTS_DIR set: the page as it stands in both themes, club-<screen>-<name>-light.png and
 * -dark.png (`fullPage` false for a modal: the screen only).
 */
export async function clubScreenshots(page: Page, screen: string, name: string, fullPage = true): Promise<void> {
  const shots = process.env['SCREENSHOTS_DIR'];
  if (!shots) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${shots}/club-${screen}-${name}-${colorScheme}.png`, fullPage });
  }
  await page.emulateMedia({ colorScheme: null });
}
