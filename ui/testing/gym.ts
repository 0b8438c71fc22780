// What the gym app's browser tests share: a new account signed up over HTTP and held by a phone, the
// server's copy read with that phone's own session, and the screens' accessibility in both themes.
import type { BrowserContext, Page } from 'playwright-core';
import { logIn as logInOverHttp, SESSION_COOKIE, type Session, signUp as signUpOverHttp } from '../../testing/sign-in.ts';
import { accessibilityProblems, type BrowserSystem, COLOUR_RULES, holdSession } from './browser.ts';
import { RETRY_MS } from '../shared/sync-moments.ts';

export const PASSWORD = 'lifting-at-the-rack-42';

let accounts = 0;
/** An address no other test of this run uses. */
export const newEmail = (what: string): string => `${what}-${++accounts}-${process.pid}@example.org`;

/** This phone holds the session and opens the app, which is on Today. */
async function openToday(env: BrowserSystem, context: BrowserContext, session: Session): Promise<Page> {
  await holdSession(context, env.origins.gym, session);
  const page = await context.newPage();
  await page.goto(env.origins.gym);
  await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
  return page;
}

/** Signs a new account up and opens the app on this phone with its session; the page is on Today. (The sign-up screen's own tests fill its form.) */
export async function signUp(env: BrowserSystem, context: BrowserContext, what: string): Promise<{ page: Page; email: string }> {
  const email = newEmail(what);
  const page = await openToday(env, context, await signUpOverHttp('gym', env.origins.gym, { email, password: PASSWORD }));
  return { page, email };
}

/** Logs an account in again for this phone (another phone of the same lifter); the page is on Today. */
export async function logIn(env: BrowserSystem, context: BrowserContext, email: string): Promise<Page> {
  return openToday(env, context, await logInOverHttp('gym', env.origins.gym, { email, password: PASSWORD }));
}

/** A GET of the gym API with this phone's session cookie, as the server answers it. */
export async function serverGet<T>(env: BrowserSystem, context: BrowserContext, url: string): Promise<T> {
  const cookie = (await context.cookies(env.origins.gym)).find((each) => each.name === SESSION_COOKIE.gym);
  if (!cookie) throw new Error('this phone is not signed in');
  const response = await env.system.apps.gym!.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE.gym}=${cookie.value}` } });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

export type ServerSet = { id: string; exerciseId: string; exerciseName: string | null; setNumber: number; kg: number; reps: number };

/** Waits (up to 15 s) for the server's workout to pass `check`; the last copy says what was missing. */
export async function untilWorkout(env: BrowserSystem, context: BrowserContext, id: string, check: (sets: ServerSet[]) => boolean): Promise<ServerSet[]> {
  const read = async () => (await workoutOnServer<{ sets: ServerSet[] }>(env, context, id)).sets;
  let sets = await read();
  for (const deadline = Date.now() + 15_000; !check(sets); sets = await read()) {
    if (Date.now() > deadline) throw new Error(`the server's workout never came: ${JSON.stringify(sets)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sets;
}

/**
 * The server's copy of a workout, once it has one: a workout is started on the phone at once and
 * reaches the server through the outbox a moment later (up to 15 s).
 */
export async function workoutOnServer<T>(env: BrowserSystem, context: BrowserContext, id: string): Promise<T> {
  for (const deadline = Date.now() + 15_000; ; ) {
    try {
      return await serverGet<T>(env, context, `/api/sessions/${id}`);
    } catch (error) {
      if (Date.now() > deadline || !String(error).includes(': 404 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The id of the workout the page shows (/workout/:id). */
export function workoutIdOf(page: Page): string {
  const found = /\/workout\/([^/?]+)/.exec(page.url());
  if (!found?.[1]) throw new Error(`not on a workout: ${page.url()}`);
  return found[1];
}

/**
 * The workout screen's next read of the server's copy now rather than up to 8 s later: the page's
 * clock jumps one retry interval ahead. A read made on reconnect may have left before the queued sets
 * arrived, and the rows say Saved from the copy. The page of a phone whose clock the test installed
 * (`context.clock.install()`).
 */
export async function nextWorkoutRead(page: Page): Promise<void> {
  await page.clock.fastForward(RETRY_MS);
}

/** Controls smaller than 44 × 44 px; a link inside a sentence is exempt (WCAG 2.5.8, inline). */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="radio"]), select, textarea, summary, [role="button"]');
    return [...controls]
      .filter((element) => element.offsetParent !== null)
      .filter((element) => !(element instanceof HTMLAnchorElement && element.closest('p, li')))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.getAttribute('aria-label')}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  });
}

/**
 * The screen as it stands, checked in light and then dark (the theme chosen on the page as the
 * header's button does): no serious axe violation, every control 44 px, nothing wider than the
 * screen. With SCREENSHOTS_DIR set, a PNG of each lands there.
 */
export async function checkScreen(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  // the screen as it opens: scrolled down, the sticky rest timer lies over rows, which axe counts
  // as targets too small
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => {
      document.documentElement.dataset['theme'] = chosen;
    }, theme);
    // the structure is the same in both themes: the dark one is checked for its colours
    const found = await accessibilityProblems(page, theme === 'dark' ? COLOUR_RULES : undefined);
    problems.push(...found.map((problem) => `${name} ${theme}: ${problem}`));
    problems.push(...(await smallTargets(page)).map((problem) => `${name} ${theme}: small target ${problem}`));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${name} ${theme}: ${overflow} px wider than the screen`);
    const shots = process.env['SCREENSHOTS_DIR'];
    if (shots) await page.screenshot({ path: `${shots}/gym-${name}-${theme}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
  }
  await page.evaluate(() => {
    delete document.documentElement.dataset['theme'];
  });
  return problems;
}

/** Goes to a place of the app as a person does: its tab along the bottom, or under More. */
export async function navTo(page: Page, place: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: place, exact: true });
  if (!(await link.isVisible())) await nav.getByText('More', { exact: true }).click();
  await link.click();
}

/** A write to the gym API with this phone's session, as its page would send it; the answer's JSON (undefined for a 204). */
export async function serverSend<T>(env: BrowserSystem, context: BrowserContext, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: object): Promise<T> {
  const cookie = (await context.cookies(env.origins.gym)).find((each) => each.name === SESSION_COOKIE.gym);
  if (!cookie) throw new Error('this phone is not signed in');
  const response = await env.system.apps.gym!.inject({
    method,
    url,
    headers: { cookie: `${SESSION_COOKIE.gym}=${cookie.value}`, origin: env.origins.gym, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.statusCode === 204 ? undefined : response.json()) as T;
}
