// Watching, Watchlist, Completed (with the rating), the dashboard (completed shows marked so) and
// History (newest first) on a phone, each filled through the show page's own buttons; untracking
// says the history goes with it, and it does.
import t from 'tap';
import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import { accessibilityInBothThemes, overflow, signUp, smallTargets, startShowsBrowserSystem } from '../testing/shows.ts';

const env = await startShowsBrowserSystem(t);

const saved = (page: Page) => page.getByTestId('show-status').getByText('Saved', { exact: true }).waitFor();
const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
const cardNames = (page: Page) => page.getByTestId('tracked-card').getByRole('heading').allTextContents();

async function openTracked(page: Page, showId: number, name: string): Promise<void> {
  await page.goto(`${env.origin}/shows/${showId}`);
  await page.getByRole('heading', { level: 2, name }).waitFor();
  await page.getByRole('button', { name: 'Track this show' }).click();
  await saved(page);
}

t.test('watching, watchlist, completed with rating, history newest first, untrack takes the history', async (t) => {
  const page = await (await env.phoneOffline()).newPage();
  await signUp(page, env.origin, 'lists');

  await openTracked(page, 45039, 'Slow Horses');
  await page.getByRole('checkbox', { name: "S01E01 Failure's Contagious" }).check();
  await saved(page);
  env.advance(60_000);
  await page.getByRole('checkbox', { name: 'S06E01 Circle of Life' }).check();
  await saved(page);

  await openTracked(page, 1, 'Under the Dome');
  await page.getByRole('button', { name: 'Save to watchlist' }).click();
  await saved(page);
  t.match(await page.getByTestId('progress').textContent(), /^On your watchlist\./);

  await openTracked(page, 8167, 'Designated Survivor');
  await page.getByRole('button', { name: 'Finish and rate' }).click();
  await page.getByLabel('Your rating (1 to 10)').selectOption('9');
  await page.getByRole('button', { name: 'Mark completed' }).click();
  await saved(page);
  t.match(await page.getByTestId('progress').textContent(), /^Completed, rated 9\/10\./);

  await menu(page, 'Watching');
  await page.getByRole('heading', { level: 2, name: 'Watching' }).waitFor();
  await page.getByTestId('tracked-card').first().waitFor();
  t.same(await cardNames(page), ['Slow Horses'], 'watching: started, not finished, not on the watchlist');
  await checks(t, page, 'watching');

  await menu(page, 'Watchlist');
  await page.getByTestId('tracked-card').first().waitFor();
  t.same(await cardNames(page), ['Under the Dome'], 'the watchlist');
  await checks(t, page, 'watchlist');

  await menu(page, 'Completed');
  await page.getByTestId('tracked-card').first().waitFor();
  t.same(await cardNames(page), ['Designated Survivor']);
  t.ok(await page.getByText('Rated 9/10, finished 2026-09-25').isVisible(), 'with its rating');
  await checks(t, page, 'completed');

  await menu(page, 'Dashboard');
  await page.getByTestId('tracked-card').first().waitFor();
  t.same((await cardNames(page)).sort(), ['Designated Survivor', 'Slow Horses'], 'the dashboard leaves out the watchlist, not the completed');
  const finished = page.getByTestId('tracked-card').filter({ hasText: 'Designated Survivor' });
  t.equal(await finished.getByTestId('completed-mark').textContent(), 'Completed, rated 9/10', 'the completed show is marked so');
  t.equal(await finished.getByTestId('behind').count(), 0, 'and not counted behind');

  await menu(page, 'History');
  await page.locator('.history-entry').first().waitFor();
  t.same(await page.locator('.history-entry > span').allTextContents(), ['Slow Horses S06E01 Circle of Life', "Slow Horses S01E01 Failure's Contagious"], 'newest first');
  await checks(t, page, 'history');

  await page.getByRole('link', { name: 'Slow Horses' }).first().click();
  await page.getByRole('heading', { level: 2, name: 'Slow Horses' }).waitFor();
  await page.getByRole('button', { name: 'Untrack' }).click();
  t.equal(await page.locator('#untrack-question').textContent(), 'Stop tracking Slow Horses? Your history of its 2 watched episodes goes with it.', 'it says the history goes');
  t.same(await accessibilityInBothThemes(page), [], 'the question: no serious axe violation');
  await page.getByRole('button', { name: 'Untrack and delete history' }).click();
  await page.getByText('You do not track this show.').waitFor();
  await menu(page, 'History');
  await page.getByText('Nothing watched yet.', { exact: false }).waitFor();
  t.pass('the history went with it');
});

async function checks(t: Test, page: Page, where: string): Promise<void> {
  t.same(await accessibilityInBothThemes(page), [], `${where}: no serious axe violation, light or dark`);
  t.same(await smallTargets(page), [], `${where}: every control at least 44 px`);
  t.ok((await overflow(page)) <= 0, `${where}: no sideways scrolling at 390 px`);
}
