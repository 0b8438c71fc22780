// Browser tests: real headless Chromium (the binary shipped in @sparticuz/chromium, driven by
// playwright-core) against the real services listening on localhost, on a throwaway database.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Test } from 'tap';
import { startTestSystem, type TestSystem } from '../../testing/harness.ts';
import type { SessionCookie } from '../../testing/sign-in.ts';
import type { CoreOptions } from '../../ops/system.ts';
import type { AppName } from '../apps.ts';
import { holdPort } from '../../infra/postgres/free-port.ts';
import { DESKTOP, launchBrowser, PHONE } from './chromium.ts';

export { DESKTOP, launchBrowser, PHONE };

export type BrowserSystem = {
  readonly system: TestSystem;
  readonly browser: Browser;
  /** each service's origin, as the browser opens it */
  readonly origins: Readonly<Record<AppName, string>>;
  /** a new phone (its own cookies, storage, service workers), closed at the end of the test */
  phone(options?: BrowserContextOptions): Promise<BrowserContext>;
};

/**
 * Every service listening on a free port of localhost, each configured with that origin as its
 * own (the forms service refuses writes from any other), and one browser for the test file.
 */
export async function startBrowserSystem(t: Test, env: Record<string, string> = {}, options: CoreOptions = {}): Promise<BrowserSystem> {
  const held = { gym: await holdPort(), shows: await holdPort(), club: await holdPort(), forms: await holdPort() };
  const ports = { gym: held.gym.port, shows: held.shows.port, club: held.club.port, forms: held.forms.port };
  const origins = {
    gym: `http://localhost:${ports.gym}`,
    shows: `http://localhost:${ports.shows}`,
    club: `http://localhost:${ports.club}`,
    forms: `http://localhost:${ports.forms}`,
  };
  const system = await startTestSystem(
    t,
    { GYM_BASE_URL: origins.gym, SHOWS_BASE_URL: origins.shows, CLUB_BASE_URL: origins.club, FORMS_BASE_URL: origins.forms, ...env },
    options,
  );
  for (const name of ['gym', 'shows', 'club', 'forms'] as const) {
    await held[name].release();
    await system.apps[name]!.listen({ host: '127.0.0.1', port: ports[name] });
  }
  const browser = await launchBrowser();
  // closed before the apps (teardowns run in reverse order): no request is cut off mid-way
  t.teardown(() => browser.close());
  return {
    system,
    browser,
    origins,
    async phone(contextOptions = {}) {
      const context = await browser.newContext({ ...PHONE, ...contextOptions });
      t.teardown(() => context.close().catch(() => undefined));
      return context;
    },
  };
}

/** The axe rules whose answer depends on colour: the only ones another theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's own build, put into a page once per document (see `accessibilityProblems`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeViolation = { id: string; help: string; impact?: string | null; nodes: { target: unknown[] }[] };

/**
 * Serious and critical accessibility violations on the page as it stands, as readable lines: every
 * WCAG 2.2 AA rule, or only `rules`. axe-core runs in the page itself, put there once per document:
 * `@axe-core/playwright` put its 550 kB there again at every check and finished each in a new blank
 * page, which took about 350 ms of the browser's time per check against 45 ms here, about a third
 * of every browser test's CPU. Only the violations are asked for (`resultTypes`); which are found is
 * the same. The apps have no frames, which that package's per-frame run was for.
 */
export async function accessibilityProblems(page: Page, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: WCAG_22_AA };
  const violations = await page.evaluate(
    async (only) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run(document, { runOnly: only, resultTypes: ['violations'] })).violations;
    },
    runOnly,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/**
 * Axe on the page as it stands in the light theme, then the colour rules again in the dark (the
 * structure is the same in both); problems are prefixed with the theme.
 */
export async function accessibilityInBothThemes(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const found = await accessibilityProblems(page, colorScheme === 'dark' ? COLOUR_RULES : undefined);
    problems.push(...found.map((problem) => `${colorScheme}: ${problem}`));
  }
  await page.emulateMedia({ colorScheme: null });
  return problems;
}

/**
 * What the page asks of the phone, recorded: vibrations, tones started and the screen wake lock
 * (headless Chromium has no vibration motor, no speaker and no screen to keep on).
 */
export function recordPhoneSignals(): void {
  const signals: unknown[][] = [];
  Object.assign(window, { phoneSignals: signals });
  navigator.vibrate = (pattern) => (signals.push(['vibrate', pattern]), true);
  const Original = window.AudioContext;
  window.AudioContext = class extends Original {
    override createOscillator(): OscillatorNode {
      const tone = super.createOscillator();
      const start = tone.start.bind(tone);
      tone.start = (when?: number) => (signals.push(['tone', tone.frequency.value]), start(when));
      return tone;
    }
  };
  // like a browser's, a lock held is let go when the page is hidden (see `setPageVisibility`)
  const held: Array<{ released: boolean }> = [];
  const wakeLock = {
    request: async (type: string) => {
      signals.push(['wake lock', type]);
      const sentinel = {
        type,
        released: false,
        release: async () => {
          if (sentinel.released) return;
          sentinel.released = true;
          signals.push(['wake lock released']);
        },
      };
      held.push(sentinel);
      return sentinel;
    },
  };
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
  let visibility: DocumentVisibilityState = 'visible';
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
  Object.defineProperty(document, 'hidden', { get: () => visibility === 'hidden', configurable: true });
  Object.assign(window, {
    setPageVisibility(state: DocumentVisibilityState) {
      visibility = state;
      if (state === 'hidden') {
        for (const sentinel of held.filter((each) => !each.released)) {
          sentinel.released = true;
          signals.push(['wake lock dropped']);
        }
      }
      document.dispatchEvent(new Event('visibilitychange'));
    },
  });
}

/**
 * The page hidden (the phone switched apps, the screen blinked off) or shown again, as the page sees
 * it: `document.visibilityState` and a visibilitychange; hidden drops a wake lock held, as a browser
 * does. Needs `recordPhoneSignals` as an init script.
 */
export async function setPageVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => (window as unknown as { setPageVisibility(state: string): void }).setPageVisibility(next), state);
}

/** What the page asked of the phone since it loaded (with `recordPhoneSignals` as an init script). */
export function phoneSignals(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { phoneSignals: unknown[][] }).phoneSignals);
}

/**
 * Puts a session the test made over HTTP (testing/sign-in.ts) into this phone, as the service's
 * sign-in answer would: for tests whose subject is not the sign-in screen.
 */
export async function holdSession(context: BrowserContext, origin: string, session: Pick<SessionCookie, 'name' | 'sid'>): Promise<void> {
  await context.addCookies([{ name: session.name, value: session.sid, url: origin, httpOnly: true, sameSite: 'Lax' }]);
}

/** Waits until the page has asked the phone for at least `count` signals (they come from effects, after the render). */
export async function untilPhoneSignals(page: Page, count: number): Promise<void> {
  await page.waitForFunction((atLeast) => (window as unknown as { phoneSignals: unknown[] }).phoneSignals.length >= atLeast, count);
}

/** A phone whose page clock the test moves past the page's own timers (a poll, a debounce); until then its time runs as a real one's. */
export async function phoneOnClock(env: BrowserSystem): Promise<BrowserContext> {
  const context = await env.phone();
  await context.clock.install();
  return context;
}
