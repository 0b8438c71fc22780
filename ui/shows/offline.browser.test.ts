// The installed shows app with no signal (issue 32): it opens signed in from this phone's copy of the
// library, the dashboard and the show pages it saw, says it is offline and since when; a page it never
// saw says so, not that something failed; an episode marked offline is queued (kept across a reload)
// and reaches the server when the network is back. Signing out leaves nothing to open offline.
import t from 'tap';
import type { Test } from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { signUp, startShowsBrowserSystem } from '../testing/shows.ts';

const env = await startShowsBrowserSystem(t);

const S1E1 = 2270552;
const S6E1 = 3643494;

/** Slow Horses' watched episodes as the server holds them, asked outside the page (whose network may be off). */
async function watchedOnServer(context: BrowserContext): Promise<number[] | null> {
  const cookie = (await context.cookies(env.origin)).map((each) => `${each.name}=${each.value}`).join('; ');
  const answer = await fetch(`${env.origin}/api/shows/45039/tracked`, { headers: { cookie } });
  const body = (await answer.json()) as { tracked: { watchedEpisodeIds: number[] } | null };
  return body.tracked?.watchedEpisodeIds ?? null;
}

const offlineLine = (page: Page) => page.getByTestId('offline-line');
const saved = (page: Page) => page.getByTestId('show-status').getByText('Saved', { exact: true }).waitFor();

/** The service worker has the shell and controls the page, as on an installed app. */
async function installed(t: Test, page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  t.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
}

t.test('offline: library, dashboard and a show from the phone, a mark queued, sent when back online', async (t) => {
  const context = await env.phone();
  const page = await context.newPage();
  await signUp(page, env.origin, 'offline');
  await installed(t, page);

  // online: track Slow Horses, watch S1E1, open the show, the Watching list and the dashboard
  await page.goto(`${env.origin}/shows/45039`);
  await page.getByRole('button', { name: 'Track this show' }).click();
  await saved(page);
  await page.getByRole('checkbox', { name: "S01E01 Failure's Contagious" }).check();
  await saved(page);
  t.same(await watchedOnServer(context), [S1E1]);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Watching' }).click();
  await page.getByTestId('tracked-card').filter({ hasText: 'Slow Horses' }).waitFor();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByTestId('tracked-card').filter({ hasText: 'Slow Horses' }).getByTestId('behind').waitFor();
  t.equal(await offlineLine(page).count(), 0, 'online: no offline line');

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Your shows' }).waitFor();
  t.equal(await page.getByText('Cannot tell whether you are signed in').count(), 0, 'not the old dead end');
  const dashboardCard = page.getByTestId('tracked-card').filter({ hasText: 'Slow Horses' });
  await dashboardCard.waitFor();
  t.equal(await dashboardCard.getByTestId('behind').textContent(), '3 episodes behind', 'the dashboard as the phone last saw it');
  await offlineLine(page).waitFor();
  t.match(await offlineLine(page).textContent(), /^Offline: showing what this phone last saw \(.+\)$/, 'says it is offline, and since when');
  t.ok(await page.getByRole('button', { name: 'Log out' }).isVisible(), 'signed in as the phone last saw it');

  await nav.getByRole('link', { name: 'Watching' }).click();
  await page.getByRole('heading', { name: 'Watching' }).waitFor();
  await page.getByTestId('tracked-card').filter({ hasText: 'Slow Horses' }).waitFor();
  t.ok(await offlineLine(page).isVisible(), 'the Watching list from the phone, with the offline line');

  await nav.getByRole('link', { name: 'History' }).click();
  await page.getByText('Offline, and this phone has no copy of your history').waitFor();
  t.equal(await page.getByRole('alert').count(), 0, 'a page never opened here is not saved on this phone, not an error');

  // a deep link, opened afresh with no network
  await page.goto(`${env.origin}/shows/45039`);
  await page.getByRole('heading', { level: 2, name: 'Slow Horses' }).waitFor();
  await page.getByTestId('progress').waitFor();
  t.ok(await page.getByRole('checkbox', { name: "S01E01 Failure's Contagious" }).isChecked(), 'the show page with its progress, from the phone');
  t.ok(await offlineLine(page).isVisible(), 'the show page says it is offline');

  await page.getByRole('checkbox', { name: 'S06E01 Circle of Life' }).check();
  const episode = page.locator('.episode').filter({ hasText: 'S06E01' });
  await episode.getByTestId('queued-mark').waitFor();
  t.equal(await episode.getByTestId('queued-mark').textContent(), 'Queued', 'the mark shows as queued');
  t.equal(await page.getByTestId('show-status').textContent(), 'Offline: 1 mark kept on this phone, sent when it is online');
  t.match(await page.getByTestId('progress').textContent(), /Watched 2 episodes\./, 'the progress counts the queued mark');
  t.same(await watchedOnServer(context), [S1E1], 'nothing reached the server');

  await page.reload();
  await page.getByTestId('progress').waitFor();
  await episode.getByTestId('queued-mark').waitFor();
  t.ok(await page.getByRole('checkbox', { name: 'S06E01 Circle of Life' }).isChecked(), 'reopened offline, the queued mark is still there');

  await context.setOffline(false);
  await saved(page);
  t.same(await watchedOnServer(context), [S1E1, S6E1], 'back online: the server has the mark');
  t.equal(await episode.getByTestId('queued-mark').count(), 0, 'no longer queued');
  await offlineLine(page).waitFor({ state: 'detached' });
  t.pass('online again: the offline line is gone');
});

t.test('signed out, the phone opens nothing of the last account offline', async (t) => {
  const context = await env.phone();
  const page = await context.newPage();
  await signUp(page, env.origin, 'leaving');
  await installed(t, page);
  await page.getByText('You track no shows yet.').waitFor();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Log in' }).waitFor();

  await context.setOffline(true);
  await page.goto(`${env.origin}/`);
  await page.getByText('Cannot tell whether you are signed in').waitFor();
  t.equal(await page.getByRole('button', { name: 'Log out' }).count(), 0, 'nobody is signed in from the copy');
  t.equal(await page.getByText('You track no shows yet.').count(), 0, "the last account's dashboard is not shown");
});
