// The gym, shows and club shells and the club's public page, light on a phone (390 px) and dark on
// a desktop (1280 px): no serious accessibility problem, the theme toggle reachable and usable
// from the keyboard, every control at least 44 px square, nothing wider than the phone.
import t from 'tap';
import type { Page } from 'playwright-core';
import type { AppName } from '../apps.ts';
import { accessibilityProblems, DESKTOP, PHONE, startBrowserSystem } from '../testing/browser.ts';

const { origins, browser } = await startBrowserSystem(t);

const PAGES: readonly { readonly app: AppName; readonly route: string }[] = [
  { app: 'gym', route: '/' },
  { app: 'shows', route: '/' },
  { app: 'club', route: '/app' },
  { app: 'club', route: '/' },
];
const TOUCH_PX = 44;

/** Controls smaller than 44 × 44 px; a link inside a sentence is exempt (WCAG 2.5.8, inline). */
function smallTargets(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])');
    return [...controls]
      .filter((element) => element.offsetParent !== null)
      .filter((element) => !(element instanceof HTMLAnchorElement && element.closest('p, li')))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < minimum || box.height < minimum)
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.getAttribute('aria-label')}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  }, minimum);
}

/** Tabs from the top of the page until the theme toggle has focus; the number of presses, or null. */
async function tabToThemeToggle(page: Page): Promise<number | null> {
  for (let presses = 1; presses <= 10; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('theme-toggle') ?? false)) return presses;
  }
  return null;
}

const background = (page: Page): Promise<string> => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

// each theme once and each width once: the apps' own tests check every screen in both themes at 390 px
for (const [colorScheme, width, device] of [
  ['light', 390, PHONE],
  ['dark', 1280, DESKTOP],
] as const) {
  t.test(`${colorScheme} theme at ${width} px`, async (t) => {
    const context = await browser.newContext({ ...device, colorScheme });
    t.teardown(() => context.close());
    for (const { app, route } of PAGES) {
      const page = await context.newPage();
      await page.goto(`${origins[app]}${route}`);
      await page.locator('.app-header h1').waitFor();
      const where = `${app} ${route}`;
      t.same(await accessibilityProblems(page), [], `${where}: no serious or critical axe violation`);
      t.same(await smallTargets(page, TOUCH_PX), [], `${where}: every control is at least ${TOUCH_PX} px square`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      t.ok(overflow <= 0, `${where}: nothing is wider than the ${width} px screen (by ${overflow} px)`);

      const systemBackground = await background(page);
      t.ok(await tabToThemeToggle(page), `${where}: the theme toggle is reached with Tab`);
      t.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Theme: system');
      const other = colorScheme === 'light' ? 'dark' : 'light';
      // system → light → dark: one or two presses reach the theme the device does not use
      await page.keyboard.press('Enter');
      if (other === 'dark') await page.keyboard.press(' ');
      t.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Theme: ${other}`, `${where}: Enter and Space change the theme`);
      t.equal(await page.evaluate(() => document.documentElement.dataset['theme']), other);
      t.not(await background(page), systemBackground, `${where}: the ${other} theme is drawn`);
      await page.reload();
      t.equal(await page.evaluate(() => document.documentElement.dataset['theme']), other, `${where}: the choice is kept over a reload`);
      await page.evaluate(() => localStorage.removeItem('theme'));
      await page.close();
    }
  });
}
