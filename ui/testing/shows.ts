// What the shows app's browser tests share: the TV data stand-in wired in, a phone that cannot reach
// the internet (posters fail, as on a bad connection), signing up, and the checks every screen gets.
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Test } from 'tap';
import type { TvmazeStandIn } from '../../infra/tvmaze/recorded-server.ts';
import { showsStandIns } from '../../testing/shows/system.ts';
import { signUp as signUpOverHttp } from '../../testing/sign-in.ts';
import { type BrowserSystem, holdSession, startBrowserSystem } from './browser.ts';
export { accessibilityInBothThemes } from './browser.ts';

/** Slow Horses S6E3 airs 2026-09-30T12:00Z; the service's clock sits between S6E2 and S6E3. */
export const SHOWS_NOW = '2026-09-25T10:00:00.000Z';

export type ShowsBrowserSystem = BrowserSystem & { readonly tvmaze: TvmazeStandIn; readonly origin: string; phoneOffline(options?: BrowserContextOptions): Promise<BrowserContext>; advance(ms: number): void };

export async function startShowsBrowserSystem(t: Test, env: Record<string, string> = {}): Promise<ShowsBrowserSystem> {
  const { tvmaze, env: standInsEnv } = await showsStandIns(t, { env });
  let clock = new Date(SHOWS_NOW);
  const system = await startBrowserSystem(t, standInsEnv, { now: () => clock });
  const origin = system.origins.shows;
  return {
    ...system,
    tvmaze,
    origin,
    advance(ms) {
      clock = new Date(clock.getTime() + ms);
    },
    async phoneOffline(options = {}) {
      const context = await system.phone(options);
      // only the service is reachable: the provider's posters fail, and the placeholder must hold the layout
      await context.route(/^https?:\/\//, (route) => (route.request().url().startsWith(origin) ? route.fallback() : route.abort('internetdisconnected')));
      return context;
    },
  };
}

let accounts = 0;
export const PASSWORD = 'a long enough password';
const newEmail = (what: string): string => `${what}-${++accounts}-${process.pid}@example.org`;

/** Signs up a new account through the app's own form, as the sign-up screen's tests do; the page ends on the dashboard. */
export async function signUpWithForm(page: Page, origin: string, what = 'viewer'): Promise<string> {
  const email = newEmail(what);
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Your shows' }).waitFor();
  return email;
}

/** Signs up a new account over HTTP and opens the app with its session on this page's phone; the page ends on the dashboard. */
export async function signUp(page: Page, origin: string, what = 'viewer'): Promise<string> {
  const { email, ...session } = await signUpOverHttp('shows', origin, { email: newEmail(what), password: PASSWORD });
  await holdSession(page.context(), origin, session);
  await page.goto(origin);
  await page.getByRole('heading', { name: 'Your shows' }).waitFor();
  return email;
}

/**
 * Controls under 44 × 44 px. A link inside a sentence is exempt (WCAG 2.5.8, inline), and a checkbox
 * counts by its label, which is what a finger taps.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"]');
    return [...controls]
      .filter((element) => element.offsetParent !== null)
      .filter((element) => !(element instanceof HTMLAnchorElement && element.closest('p')))
      .map((element) => {
        const target = element instanceof HTMLInputElement && element.type === 'checkbox' ? (element.closest('label') ?? element) : element;
        return { element, box: target.getBoundingClientRect() };
      })
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.getAttribute('aria-label')}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  });
}

/** How far the page is wider than the screen (0 or less: no sideways scrolling). */
export const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Presses Tab (at most 80 times) until the focused element has this accessible label: reachable by keyboard. */
export async function tabTo(page: Page, label: string): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement)) return '';
      const labelled = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
      return (element.getAttribute('aria-label') ?? labelled ?? element.textContent ?? '').trim();
    });
    if (focused === label) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${label}"`);
}
