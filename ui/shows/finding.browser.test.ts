// Schedule (a date picker, most popular first), Trending, and on a show's page its similar shows
// and the per-show notify switch, on a phone; axe in both themes.
import t from 'tap';
import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import { accessibilityInBothThemes, overflow, signUp, smallTargets, startShowsBrowserSystem } from '../testing/shows.ts';

const env = await startShowsBrowserSystem(t);
const SHOTS = process.env['SCREENSHOTS_DIR'];

const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

async function checks(t: Test, page: Page, where: string): Promise<void> {
  t.same(await accessibilityInBothThemes(page), [], `${where}: no serious axe violation, light or dark`);
  t.same(await smallTargets(page), [], `${where}: every control at least 44 px`);
  t.ok((await overflow(page)) <= 0, `${where}: no sideways scrolling at 390 px`);
}

t.test('schedule by date, trending, similar shows and the per-show notify switch', async (t) => {
  const page = await (await env.phoneOffline()).newPage();
  await signUp(page, env.origin, 'finding');

  await menu(page, 'Schedule');
  await page.getByTestId('schedule-entry').first().waitFor();
  const names = await page.getByTestId('schedule-entry').getByRole('heading').allTextContents();
  t.equal(names[0], 'The Suspect', 'the most popular show first (weight 97)');
  t.equal(names.length, 14, 'every broadcast and web episode of the day');
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/shows/schedule?date=2026-09-30'));
  await page.getByLabel('Date').fill('2026-09-30');
  await page.waitForURL(/\/schedule\?date=2026-09-30$/);
  t.equal((await asked).status(), 200, 'the page asked the API for that date');
  await page.getByTestId('schedule-entry').first().waitFor();
  t.ok(env.tvmaze.requests.some((path) => path.startsWith('/schedule?') && path.includes('date=2026-09-30')), 'the chosen date was asked of the TV data provider');
  await checks(t, page, 'schedule');

  await menu(page, 'Trending');
  await page.getByTestId('trending-show').first().waitFor();
  t.equal(await page.getByTestId('trending-show').first().getByRole('heading').textContent(), 'The Suspect');
  await checks(t, page, 'trending');

  await page.goto(`${env.origin}/shows/45039`);
  await page.getByRole('button', { name: 'Track this show' }).click();
  await page.getByTestId('show-status').getByText('Saved', { exact: true }).waitFor();
  await page.getByRole('switch', { name: 'Notify me when an episode of this show airs' }).click();
  await page.getByTestId('show-status').getByText('Saved', { exact: true }).waitFor();
  t.notOk(await page.getByRole('switch', { name: 'Notify me when an episode of this show airs' }).isChecked(), 'the switch is off');
  const { tracked } = (await (await page.request.get(`${env.origin}/api/shows/45039/tracked`)).json()) as { tracked: { notify: boolean } };
  t.equal(tracked.notify, false, 'the API stored the opt-out');
  await page.getByTestId('similar-show').first().waitFor();
  t.ok((await page.getByTestId('similar-show').count()) > 0, 'similar shows are listed');
  await checks(t, page, 'show with similar shows');
});

t.test('at 1280 px every screen keeps to its column: no sideways scrolling, 44 px targets', async (t) => {
  const page = await (await env.phoneOffline({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })).newPage();
  await signUp(page, env.origin, 'desktop');
  await page.request.post(`${env.origin}/api/shows/track`, { data: { showId: 45039 }, headers: { origin: env.origin } });
  const screens: Array<[string, string, () => Promise<void>]> = [
    ['dashboard', '/', () => page.getByTestId('tracked-card').first().waitFor()],
    ['show', '/shows/45039', () => page.getByTestId('similar-show').first().waitFor()],
    ['search', '/search?q=slow', () => page.getByRole('link', { name: 'Slow Horses' }).waitFor()],
    ['suggestions', '/suggestions', () => page.getByTestId('suggestion').first().waitFor()],
    ['settings', '/settings', () => page.getByRole('heading', { name: 'Password' }).waitFor()],
  ];
  for (const [where, path, ready] of screens) {
    await page.goto(`${env.origin}${path}`);
    await ready();
    t.same(await smallTargets(page), [], `${where}: every control at least 44 px`);
    t.ok((await overflow(page)) <= 0, `${where}: no sideways scrolling at 1280 px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/shows-${where}-1280.png`, fullPage: true });
  }
});
