// The path on a phone: sign up → search (debounced) → the show → track → mark season 1
// watched → the dashboard says how many behind → reload on the deep link; then one episode, "up to
// here" watched and unwatched, and a season unwatched, each checked against what the API stored. Posters cannot load here
// (no internet), so the placeholder must hold the layout. Axe in both themes on every screen.
import t from 'tap';
import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import { accessibilityInBothThemes, overflow, signUp, smallTargets, startShowsBrowserSystem, tabTo } from '../testing/shows.ts';

const env = await startShowsBrowserSystem(t);
const SHOTS = process.env['SCREENSHOTS_DIR'];

/** Slow Horses as the API holds it for this browser's user. */
async function stored(page: Page): Promise<{ watchedEpisodeIds: number[]; episodesBehind: number; latestWatchedEpisodeId: number | null } | null> {
  const response = await page.request.get(`${env.origin}/api/shows/45039/tracked`);
  return ((await response.json()) as { tracked: { watchedEpisodeIds: number[]; episodesBehind: number; latestWatchedEpisodeId: number | null } | null }).tracked;
}

const saved = (page: Page) => page.getByTestId('show-status').getByText('Saved', { exact: true }).waitFor();

async function screenChecks(t: Test, page: Page, where: string): Promise<void> {
  t.same(await accessibilityInBothThemes(page), [], `${where}: no serious axe violation, light or dark`);
  t.same(await smallTargets(page), [], `${where}: every control at least 44 px`);
  t.ok((await overflow(page)) <= 0, `${where}: no sideways scrolling at 390 px`);
  if (SHOTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/shows-${where.replace(/\W+/g, '-')}-${colorScheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: null });
  }
}

t.test('sign up, search, track, season 1 watched, dashboard behind, deep link reload, marks', async (t) => {
  const page = await (await env.phoneOffline()).newPage();
  await signUp(page, env.origin, 'search');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  const before = env.tvmaze.requests.filter((path) => path.startsWith('/search/shows')).length;
  // typed a key at a time, faster than the debounce: one search for the whole word
  await page.getByLabel('Show name').pressSequentially('slow', { delay: 30 });
  await page.getByRole('link', { name: 'Slow Horses' }).waitFor();
  t.same(env.tvmaze.requests.filter((path) => path.startsWith('/search/shows')).slice(before), ['/search/shows?q=slow'], 'one request after typing stops');
  t.equal(new URL(page.url()).search, '?q=slow', 'the query is in the address');
  await screenChecks(t, page, 'search');

  await page.getByRole('link', { name: 'Slow Horses' }).click();
  await page.getByRole('heading', { level: 2, name: 'Slow Horses' }).waitFor();
  t.equal(new URL(page.url()).pathname, '/shows/45039');
  await page.getByText('You do not track this show.').waitFor();
  t.same(await page.locator('.season h3').allTextContents(), ['Season 1', 'Season 5', 'Season 6'], 'the seasons');
  t.ok(await page.getByText('Next: S06E03 Resurrection, 2026-09-30').isVisible(), 'the next episode');
  t.equal(await page.locator('.show-head').getByTestId('artwork-placeholder').count(), 1, 'the poster did not load: a placeholder');
  await screenChecks(t, page, 'show, not tracked');

  await page.getByRole('button', { name: 'Track this show' }).click();
  await saved(page);
  t.match(await page.getByTestId('progress').textContent(), /Watched 0 episodes\. 4 episodes behind\./, 'tracked: 4 aired, none watched');

  await page.getByRole('button', { name: 'Mark season 1 watched' }).click();
  await saved(page);
  t.same((await stored(page))?.watchedEpisodeIds, [2270552], 'the API stored season 1 (S1E1)');
  t.ok(await page.getByRole('checkbox', { name: "S01E01 Failure's Contagious" }).isChecked(), 'its episode is ticked');
  t.ok(await page.getByRole('button', { name: 'Mark season 1 unwatched' }).isVisible(), 'the season can be unmarked');
  await screenChecks(t, page, 'show, tracked');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const card = page.getByTestId('tracked-card').filter({ hasText: 'Slow Horses' });
  await card.waitFor();
  t.equal(await card.getByTestId('behind').textContent(), '3 episodes behind', 'S5E6, S6E1 and S6E2 aired and unwatched');
  t.ok(await card.getByText('Next: S06E03 Resurrection, 2026-09-30').isVisible());
  // the provider's poster fails (no network beyond the service): the placeholder comes when it does
  const placeholder = card.getByTestId('artwork-placeholder');
  await placeholder.waitFor();
  t.same(await placeholder.boundingBox().then((box) => box && [Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10]), [72, 100.8], 'no artwork: a placeholder the size of a small poster (4.5 × 6.3 rem)');
  await screenChecks(t, page, 'dashboard');

  await page.goto(`${env.origin}/shows/45039`);
  await page.getByRole('heading', { level: 2, name: 'Slow Horses' }).waitFor();
  await page.getByTestId('progress').waitFor();
  t.ok(await page.getByRole('checkbox', { name: "S01E01 Failure's Contagious" }).isChecked(), 'a reload on the deep link opens the show with its progress');

  // by keyboard: Tab to the episode, Space ticks it; Tab to "up to here", Enter
  await tabTo(page, 'S06E01 Circle of Life');
  await page.keyboard.press('Space');
  await saved(page);
  t.same((await stored(page))?.watchedEpisodeIds, [2270552, 3643494], 'one episode, out of order');

  await tabTo(page, 'Up to here: watched up to S06E04');
  await page.keyboard.press('Enter');
  await saved(page);
  const upTo = await stored(page);
  t.same(upTo?.watchedEpisodeIds, [2270552, 3267485, 3643494, 3643506, 3643507, 3643508], 'up to here: season 5 and S6E2 to S6E4');
  t.equal(upTo?.latestWatchedEpisodeId, 3643508, 'the latest-watched marker moved there');
  t.equal(upTo?.episodesBehind, 0);
  t.match(await page.getByTestId('progress').textContent(), /Watched 6 episodes\. Up to date\./);

  await page.getByRole('checkbox', { name: 'S06E04 Lost and Found' }).uncheck();
  await saved(page);
  await page.getByRole('button', { name: 'Mark season 1 unwatched' }).click();
  await saved(page);
  t.same((await stored(page))?.watchedEpisodeIds, [3267485, 3643494, 3643506, 3643507], 'an episode and a season unwatched');
  t.ok(await page.getByRole('button', { name: 'Mark season 1 watched' }).isVisible());

  await page.getByRole('button', { name: 'Up to here: watched up to S06E03' }).click();
  await saved(page);
  t.same((await stored(page))?.watchedEpisodeIds, [2270552, 3267485, 3643494, 3643506, 3643507], 'S1E1 marked again by up to here');
  // everything up to S6E2 is watched: the same button now takes it back
  await page.getByRole('button', { name: 'Unmark to here: unwatched up to S06E02' }).click();
  await saved(page);
  t.same((await stored(page))?.watchedEpisodeIds, [3643507], 'unwatched up to here: only S6E3 after it stays watched');
});

t.test('a refusal of a mark says so and the tick goes back', async (t) => {
  const page = await (await env.phoneOffline()).newPage();
  await signUp(page, env.origin, 'refused');
  await page.goto(`${env.origin}/shows/45039`);
  await page.getByRole('button', { name: 'Track this show' }).click();
  await saved(page);
  // the show is untracked behind the page's back (another phone): the next mark is refused
  const { tracked } = (await (await page.request.get(`${env.origin}/api/shows/45039/tracked`)).json()) as { tracked: { id: string } };
  await page.request.delete(`${env.origin}/api/shows/tracked/${tracked.id}`, { headers: { origin: env.origin } });
  // a click, not check(): the refusal can untick the box before check() looks at it again
  await page.getByRole('checkbox', { name: 'S06E01 Circle of Life' }).click();
  await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor();
  t.equal(await page.getByRole('alert').filter({ hasText: 'Not saved' }).textContent(), 'Not saved: No such tracked show', "the API's message");
  t.notOk(await page.getByRole('checkbox', { name: 'S06E01 Circle of Life' }).isChecked(), 'the tick does not pretend it was saved');
});
