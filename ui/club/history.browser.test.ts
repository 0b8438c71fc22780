// A night's history on a phone: a few saves, the timeline newest first, an older version as it
// stood, restoring it (with a confirmation) and the night back as it was; by keyboard, in light and
// dark, at 390 px, and a plain word when there is no signal.
import t from 'tap';
import type { Page } from 'playwright-core';
import { accessibilityInBothThemes, startBrowserSystem } from '../testing/browser.ts';
import { addFromPeople, clubScreenshots, logIn, openTonight, saveBadge, serverNight, setUpClub, sheet, untilServer } from '../testing/club.ts';

const env = await startBrowserSystem(t);
const club = await setUpClub(env);

const screenshots = (page: Page, name: string, fullPage = true) => clubScreenshots(page, 'history', name, fullPage);

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

t.test('a few saves → History → an older version → restore it → the night is that version again', async (t) => {
  const context = await env.phone();
  const page = await logIn(env, context);
  const id = await openTonight(page);
  // version 2: four people; 3: a line-up on one court; 4: two more people
  for (const name of ['Ada', 'Ben', 'Cleo', 'Dev']) await addFromPeople(page, name);
  await untilServer(club, id, (night) => night.people.length === 4);
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await untilServer(club, id, (night) => night.lineUp.length === 1);
  const drawn = await sheet(page);
  for (const name of ['Eli', 'Fay']) await addFromPeople(page, name);
  const latest = await untilServer(club, id, (night) => night.people.length === 6);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  t.equal(latest.version, 4, 'four versions');
  await screenshots(page, 'night');

  // the night screen leads to its history, by keyboard
  const link = page.getByRole('link', { name: 'History' });
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/app/session/${id}/history`);
  const items = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
  await items.first().waitFor();
  const texts = (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  t.equal(texts.length, 4, 'one entry per version');
  t.match(texts[0], /^Version 4 Saved \d\d:\d\d( [AP]M)? The night now Added Eli and Fay$/, 'newest first, with the time, the kind and what changed');
  t.match(texts[1], /^Version 3 Saved .* New line-up on 1 court$/);
  t.match(texts[2], /^Version 2 Saved .* Added Ada, Ben, Cleo and Dev$/);
  t.match(texts[3], /^Version 1 Opened .* 2 courts, 19:00–21:30, rounds of 10 min$/);
  t.equal(await fitsThePhone(page), 390, 'nothing sticks out sideways at 390 px');
  t.same(await accessibilityInBothThemes(page), [], 'the timeline: no serious accessibility problem (light and dark)');
  await screenshots(page, 'timeline');

  // version 3, by keyboard: the night as it stood then, read-only
  await page.getByRole('link', { name: /^Version 3 / }).focus();
  t.not(await page.getByRole('link', { name: /^Version 3 / }).evaluate((element) => getComputedStyle(element).outlineStyle), 'none', 'the focused entry shows it');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/app/session/${id}/history/3`);
  await page.getByRole('heading', { level: 1, name: 'Version 3' }).waitFor();
  await page.getByRole('heading', { name: 'Here that night (4)' }).waitFor();
  t.same(await page.locator('.court').evaluateAll((courts) => courts.map((court) => Array.from(court.querySelectorAll('.person'), (person) => person.textContent))), drawn, 'the line-up as it was drawn');
  t.equal(await page.locator('.court button').count(), 0, 'nobody on it is a button: nothing here changes the night');
  t.match(await page.getByRole('heading', { name: /^Saved at / }).textContent(), /^Saved at \d\d:\d\d/);
  t.equal(await fitsThePhone(page), 390);
  t.same(await accessibilityInBothThemes(page), [], 'one version: no serious accessibility problem (light and dark)');
  await screenshots(page, 'version');

  // Restore asks first; Escape and Cancel leave the night as it is
  const restore = page.getByRole('button', { name: 'Restore this version' });
  await restore.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Restore version 3?' });
  await dialog.waitFor();
  t.match(await dialog.textContent(), /saved as version 5\. Version 4 stays in the history: nothing is lost\./, 'it says what happens');
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', 'the safe choice has the focus');
  t.same(await accessibilityInBothThemes(page), [], 'the confirmation: no serious accessibility problem (light and dark)');
  await screenshots(page, 'confirm', false);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  t.equal((await serverNight(club, id)).version, 4, 'nothing restored yet');

  await restore.click();
  await dialog.getByRole('button', { name: 'Restore version 3' }).click();
  await page.waitForURL(`**/app/session/${id}`);
  await page.getByRole('heading', { name: 'Here tonight (4)' }).waitFor();
  t.same(await sheet(page), drawn, 'the night screen shows version 3 again');
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  const restored = await serverNight(club, id);
  t.same([restored.version, restored.people.map((person) => person.name), restored.lineUp.length], [5, ['Ada', 'Ben', 'Cleo', 'Dev'], 1], 'the server holds it as version 5');

  await page.getByRole('link', { name: 'History' }).click();
  await items.first().waitFor();
  t.match((await items.first().innerText()).replace(/\s+/g, ' '), /^Version 5 Restored version 3 .* Removed Eli and Fay$/, 'the timeline says it was restored from version 3');
  t.equal(await items.count(), 5, 'and keeps every version before it');

  // the night goes on from the restored version
  await page.getByRole('link', { name: 'Night', exact: true }).click();
  await addFromPeople(page, 'Eli');
  await untilServer(club, id, (night) => night.version === 6 && night.people.length === 5);
  t.pass('a change after the restore saves as version 6');
});

t.test('with no signal the history says it needs a connection, and comes when the signal is back', async (t) => {
  const context = await env.phone();
  const page = await logIn(env, context);
  const id = await openTonight(page);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.getByRole('link', { name: 'History' }).click();
  const note = page.getByRole('alert').filter({ hasText: 'The history needs a connection' });
  await note.waitFor();
  t.match(await note.textContent(), /The history needs a connection, and this phone is offline\. The night itself still works/, 'it says so plainly');
  t.same(await accessibilityInBothThemes(page), [], 'offline: no serious accessibility problem (light and dark)');
  await screenshots(page, 'offline');
  await context.setOffline(false);
  await page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem').first().waitFor();
  t.equal(await note.count(), 0, 'the note goes once the history is there');
  t.equal(new URL(page.url()).pathname, `/app/session/${id}/history`);
});
