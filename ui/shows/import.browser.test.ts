// Bringing a history (issue 19) on a phone: from the settings to the import screen, a TV Time zip
// picked and sent, the progress while TVmaze is slow, then the outcome with every title that was
// not imported; a reload follows the same job; the keyboard alone; a refusal in the API's words;
// offline said plainly. Axe in both themes, 44 px targets, no sideways scroll on every state.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import t from 'tap';
import type { Test } from 'tap';
import { accessibilityInBothThemes, overflow, signUp, smallTargets, startShowsBrowserSystem, tabTo } from '../testing/shows.ts';

const env = await startShowsBrowserSystem(t);
// screenshots only when asked for (npm run screenshots), as the other screens' tests do
const SHOTS = process.env['SCREENSHOTS_DIR'];
const FIXTURES = path.join(import.meta.dirname, '../../command-api/shows/fixtures/tvtime');
const zip = Buffer.from(
  zipSync({
    'tv-time/tracking-prod-records-v2.csv': readFileSync(path.join(FIXTURES, 'tracking-prod-records-v2.csv')),
    'tv-time/followed_tv_show.csv': readFileSync(path.join(FIXTURES, 'followed_tv_show.csv')),
  }),
);

async function checks(t: Test, page: Page, where: string): Promise<void> {
  t.same(await accessibilityInBothThemes(page), [], `${where}: no serious axe violation, light or dark`);
  t.same(await smallTargets(page), [], `${where}: every control at least 44 px`);
  t.ok((await overflow(page)) <= 0, `${where}: no sideways scrolling at 390 px`);
  if (!SHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/shows-import-${where.replace(/\W+/g, '-')}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

const items = (page: Page, testId: string) => page.getByTestId(testId).getByRole('listitem').allTextContents();

/** How often the import screen asks for its job (`POLL_MS` of ui/shows/import.tsx, which Node cannot load). */
const PAGE_POLL_MS = 2_000;

/** A phone whose page clock the test moves (`untilPolled`); otherwise it runs as a real one. */
async function phoneOnClock(): Promise<BrowserContext> {
  const context = await env.phoneOffline();
  await context.clock.install();
  return context;
}

/**
 * Until the import screen shows `shown`: the page's clock moves a poll at a time rather than the
 * test waiting 2 s for each, while the job at the server runs in real time. A move made while the
 * screen's question is on its way brings nothing forward; the next one does.
 */
async function untilPolled(page: Page, shown: Locator): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await shown.isVisible()); ) {
    if (Date.now() > deadline) throw new Error(`the import screen never showed ${shown}`);
    await page.clock.runFor(PAGE_POLL_MS);
    await shown.waitFor({ timeout: 100 }).catch(() => undefined);
  }
}

t.test('from the settings: pick the TV Time zip, follow the progress, see what came in and what did not', async (t) => {
  const page = await (await phoneOnClock()).newPage();
  await signUp(page, env.origin, 'import');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Import their export' }).click();
  await page.getByRole('heading', { level: 2, name: 'Bring your history' }).waitFor();
  t.equal(new URL(page.url()).pathname, '/import');
  await checks(t, page, 'pick');

  await page.getByLabel('Export files').setInputFiles({ name: 'tv-time-export.zip', mimeType: 'application/zip', buffer: zip });
  t.match(await page.getByRole('list', { name: 'Picked files' }).textContent(), /^tv-time-export\.zip \(\d+ bytes\)$/);

  // TVmaze slow to answer for the fourth show: the job is seen under way
  let release: () => void = () => undefined;
  env.tvmaze.hold = { until: new Promise((resolve) => (release = resolve)), when: (request) => request.startsWith('/singlesearch/shows?q=Designated') };
  t.teardown(() => release());
  await page.getByRole('button', { name: 'Import' }).click();
  await untilPolled(page, page.getByText('Importing… 3 of 5 shows'));
  const jobId = new URL(page.url()).searchParams.get('job');
  t.match(jobId, /^[a-z0-9]{25}$/, 'the job is in the address');
  t.same([await page.locator('progress').getAttribute('max'), await page.locator('progress').getAttribute('value')], ['5', '3']);
  await checks(t, page, 'progress');
  env.tvmaze.hold = null;
  release();

  await untilPolled(page, page.getByTestId('import-outcome'));
  t.equal(await page.locator('.import-counts').textContent(), 'Imported 3 shows, 5 episodes watched, 1 on the watchlist.');
  t.same(await items(page, 'unresolved'), [
    'Murder, She Baked: TVmaze knows neither its id nor a show of that name',
    'Gilmore Girls: The "Fan" Cut: TVmaze knows neither its id nor a show of that name',
  ], 'every title not found is listed');
  t.same(await items(page, 'not-imported'), [
    'An Old Show I Dropped, the show: no longer followed in TV Time, and no episode of it is watched',
    'Slow Horses, the episode S00E01: TVmaze lists no such episode of this show (specials are numbered differently there)',
  ]);
  t.same(await items(page, 'matched-by-name'), ['Designated Survivor']);
  await checks(t, page, 'done');

  await page.reload();
  await page.getByTestId('import-outcome').waitFor();
  t.equal(await page.locator('.import-counts').textContent(), 'Imported 3 shows, 5 episodes watched, 1 on the watchlist.', 'a reload follows the same import');

  await page.getByTestId('matched-by-name').getByRole('link', { name: 'Designated Survivor' }).click();
  await page.getByRole('heading', { level: 2, name: 'Designated Survivor' }).waitFor();
  t.equal(new URL(page.url()).pathname, '/shows/8167', 'a show matched by name can be checked');
  await page.goBack();
  await page.getByRole('link', { name: 'Go to your shows' }).click();
  await page.getByRole('heading', { name: 'Your shows' }).waitFor();
  await page.getByRole('link', { name: 'Slow Horses' }).waitFor();
  t.pass('the imported shows are on the dashboard');
});

t.test('by keyboard the same file again: nothing new; a file that cannot be read, refused in the API\'s words; offline said plainly', async (t) => {
  const context = await phoneOnClock();
  const page = await context.newPage();
  await signUp(page, env.origin, 'again');
  await page.goto(`${env.origin}/import`);
  await page.getByLabel('Export files').setInputFiles({ name: 'tv-time-export.zip', mimeType: 'application/zip', buffer: zip });
  await tabTo(page, 'Import');
  await page.keyboard.press('Enter');
  await untilPolled(page, page.getByTestId('import-outcome'));
  await page.getByRole('link', { name: 'Import another' }).click();
  await page.getByLabel('Export files').setInputFiles({ name: 'tv-time-export.zip', mimeType: 'application/zip', buffer: zip });
  await tabTo(page, 'Import');
  await page.keyboard.press('Enter');
  await untilPolled(page, page.getByTestId('import-outcome'));
  t.equal(await page.locator('.import-counts').textContent(), 'Nothing new: your library already had all of it.', 'importing the same file twice changes nothing');
  t.equal(await page.getByTestId('unresolved').getByRole('listitem').count(), 2, 'the titles not found are listed again');

  await page.getByRole('link', { name: 'Import another' }).click();
  const bad = 'key,s_id,series_name,season_number,episode_number,created_at\nwatch-episode-1,1,A,1,1,2020-01-01 10:00:00\nwatch-episode-2,1,A,x,2,2020-01-01 10:00:00\n';
  await page.getByLabel('Export files').setInputFiles({ name: 'tracking-prod-records.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('alert').waitFor();
  t.equal(await page.getByRole('alert').textContent(), 'tracking-prod-records.csv line 3: season_number: expected a whole number up to 10000, got "x"');
  await checks(t, page, 'refused');

  await page.getByLabel('Export files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: 'Import' }).click();
  t.equal(await page.getByRole('alert').textContent(), 'notes.txt is not part of an export: pick the zip, or its .csv or .json files.', 'checked before sending');

  await context.setOffline(true);
  await page.getByText('You are offline. Importing needs the network: connect, then try again.').waitFor();
  t.ok(await page.getByRole('button', { name: 'Import' }).isDisabled(), 'nothing to press while offline');
  await checks(t, page, 'offline');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Import' }).and(page.locator(':enabled')).waitFor();
  t.pass('back online, the import can be sent');
});

t.test("another account's import is not shown", async (t) => {
  const owner = await (await phoneOnClock()).newPage();
  await signUp(owner, env.origin, 'owner');
  await owner.goto(`${env.origin}/import`);
  await owner.getByLabel('Export files').setInputFiles({ name: 'tv-time-export.zip', mimeType: 'application/zip', buffer: zip });
  await owner.getByRole('button', { name: 'Import' }).click();
  await untilPolled(owner, owner.getByTestId('import-outcome'));
  const address = owner.url();
  const stranger = await (await env.phoneOffline()).newPage();
  await signUp(stranger, env.origin, 'stranger');
  await stranger.goto(address);
  await stranger.getByText('There is no such import of yours').waitFor();
  t.pass('a 404 says so');
});
