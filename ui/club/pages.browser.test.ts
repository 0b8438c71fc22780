// The club app's public page and its way in (issue 15): the schedule without a login, readable on
// a phone and printable; log in and out; Today; the password change only for a login allowed it.
import t from 'tap';
import { accessibilityInBothThemes, DESKTOP, startBrowserSystem } from '../testing/browser.ts';
import { logIn, PASSWORD, setUpClub } from '../testing/club.ts';

const env = await startBrowserSystem(t);
const club = await setUpClub(env);
await club.ok('POST', '/api/venues', { name: 'Annex', active: false }, 201);
const riverside = (await club.ok<{ venues: Array<{ id: string; name: string }> }>('POST', '/api/venues', { name: 'Riverside' }, 201)).venues.find(
  (venue) => venue.name === 'Riverside',
)!.id;
await club.ok('POST', `/api/venues/${riverside}/slots`, { weekday: 2, start: '18:30', end: '20:00' }, 201);

t.test('the public page lists the active venues and their weekly slots, on a phone and in print', async (t) => {
  const page = await (await env.phone()).newPage();
  await page.goto(`${env.origins.club}/`);
  await page.getByRole('heading', { level: 2, name: 'Riverside' }).waitFor();
  t.same(await page.getByRole('heading', { level: 2 }).allTextContents(), ['Hall', 'Riverside'], 'active venues in sort order; the inactive Annex is not listed');
  const riversideSlots = await page.getByRole('region', { name: 'Riverside' }).getByRole('listitem').allInnerTexts();
  t.same(riversideSlots.map((text) => text.replace(/\s+/g, ' ')), ['Tuesday 18:30–20:00'], 'a slot reads as weekday and times');
  t.equal(await page.getByRole('region', { name: 'Hall' }).getByRole('listitem').count(), 7, 'Hall plays every day of the week');
  t.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing sticks out sideways at 390 px');

  await page.emulateMedia({ media: 'print' });
  t.notOk(await page.getByRole('link', { name: 'open the club app' }).isVisible(), 'printed, the members link is left out');
  t.notOk(await page.getByRole('button', { name: /^Theme/ }).isVisible(), 'and so is the theme button');
  t.ok(await page.getByRole('heading', { name: 'Riverside' }).isVisible(), 'the schedule is printed');
  // issue 34: printed, the heading lines up with the rest, on a phone and on a page of paper's width
  for (const width of [390, 794]) {
    await page.setViewportSize({ width, height: 844 });
    const left = (selector: string) => page.locator(selector).first().evaluate((element) => Math.round(element.getBoundingClientRect().left));
    t.equal(await left('h1'), await left('.lead'), `printed at ${width} px: the heading starts where the page does`);
    t.equal(await left('h1'), await left('.venue'), `printed at ${width} px: and where the venues do`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ media: 'screen' });

  t.same(await accessibilityInBothThemes(page), [], 'no serious accessibility problem (light and dark)');
});

t.test('log in, Today with tonight’s slot, log out', async (t) => {
  const context = await env.phone();
  const page = await context.newPage();
  await page.goto(`${env.origins.club}/app`);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  t.pass('the app asks for a login first');
  await page.getByLabel('Username').fill('desk');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  t.equal(await page.getByRole('alert').textContent(), 'Wrong username or password', 'a refusal shows the API’s message');
  t.same(await accessibilityInBothThemes(page), [], 'login: no serious accessibility problem (light and dark)');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

  const weekday = await page.evaluate(() => new Date().toLocaleDateString('en', { weekday: 'long' }));
  t.ok(await page.getByText(new Date().getFullYear().toString(), { exact: false }).first().isVisible(), 'the client’s date is shown');
  await page.getByRole('heading', { name: `${weekday}’s nights` }).waitFor();
  t.ok(await page.getByRole('button', { name: 'Open night at Hall 19:00' }).isVisible(), 'tonight’s slot opens with one tap');
  t.equal(await page.getByRole('link', { name: 'Account' }).count(), 0, 'no password change for a login without the permission');
  t.same(await accessibilityInBothThemes(page), [], 'Today: no serious accessibility problem (light and dark)');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  t.pass('logged out, the app asks for a login again after a reload');
});

t.test('a login allowed to change its password can, on a desktop too', async (t) => {
  await env.system.core.accounts.create('club', 'coach', PASSWORD, { canChangePassword: true });
  const page = await logIn(env, await env.phone(DESKTOP), 'coach');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByLabel('Current password').fill('wrong one');
  await page.getByLabel('New password').fill('another long password');
  await page.getByRole('button', { name: 'Change password' }).click();
  t.equal(await page.getByRole('alert').textContent(), 'Wrong username or password', 'the refusal in the API’s words');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password changed.', { exact: false }).waitFor();
  t.same(await accessibilityInBothThemes(page), [], 'Account: no serious accessibility problem (light and dark)');
  const verified = await env.system.core.accounts.verify('club', 'coach', 'another long password');
  t.ok(verified, 'the new password is the one that works');
});

t.test('People: add, edit, archive, delete, and a refusal for someone in a night says to archive', async (t) => {
  // Ada played a night: she is in history
  const ada = (await club.ok<{ players: Array<{ id: string; name: string }> }>('GET', '/api/players')).players.find((player) => player.name === 'Ada')!;
  const night = await club.ok<{ id: string; version: number; venueId: string; date: string; startTime: string; endTime: string }>(
    'POST',
    '/api/sessions',
    { venueId: club.hall, date: '2026-11-02' },
    201,
  );
  const { id: _id, ...head } = night;
  await club.ok('PUT', `/api/sessions/${night.id}`, { ...head, courts: 2, roundLengthSec: 600, people: [{ id: ada.id, name: 'Ada', levelId: club.level('Strong') }], lineUp: [], timer: null, rounds: [] });

  const page = await logIn(env, await env.phone());
  await page.getByRole('link', { name: 'People' }).click();
  await page.getByRole('button', { name: 'Edit Ada' }).waitFor();
  await page.getByLabel('Name').fill('Ivy');
  await page.getByLabel('Level').selectOption({ label: 'Strong' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Edit Ivy' }).waitFor();
  t.pass('a person added in People is listed');

  await page.getByRole('button', { name: 'Edit Ivy' }).click();
  await page.getByRole('group', { name: 'Edit Ivy' }).getByLabel('Name').fill('Ivy Rose');
  await page.getByRole('group', { name: 'Edit Ivy' }).getByLabel('Level').selectOption({ label: 'Middle' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Edit Ivy Rose' }).waitFor();
  t.match(await page.getByRole('listitem').filter({ hasText: 'Ivy Rose' }).textContent(), /Middle/, 'edited: the new name and level');

  await page.getByRole('button', { name: 'Delete Ada' }).click();
  await page.getByRole('button', { name: 'Yes, delete Ada' }).click();
  t.match(await page.getByRole('alert').textContent(), /in 1 night\(s\).*archive them instead/, 'the refusal in the API’s words: archive instead');
  await page.getByRole('button', { name: 'Archive Ada' }).click();
  await page.getByRole('button', { name: 'Edit Ada' }).waitFor({ state: 'detached' });
  await page.getByLabel('Show the archived instead').check();
  await page.getByRole('button', { name: 'Unarchive Ada' }).waitFor();
  t.pass('archived, Ada is listed with the archived');
  await page.getByLabel('Show the archived instead').uncheck();
  await page.getByRole('button', { name: 'Delete Ivy Rose' }).click();
  t.equal(await page.getByRole('button', { name: 'Edit Ivy Rose' }).count(), 1, 'nothing is deleted before the second tap');
  await page.getByRole('button', { name: 'Yes, delete Ivy Rose' }).click();
  await page.getByRole('button', { name: 'Edit Ivy Rose' }).waitFor({ state: 'detached' });
  t.pass('someone in no night is deleted');
  t.same(await accessibilityInBothThemes(page), [], 'People: no serious accessibility problem (light and dark)');
});

t.test('Settings: defaults, levels in order, a level in use refused, a venue and its slot on the public page', async (t) => {
  const context = await env.phone();
  const page = await logIn(env, context);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Round length (minutes)').fill('15');
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await page.getByText('Saved.').waitFor();
  t.match(await club.ok('GET', '/api/settings'), { club: { roundLengthSec: 900 } }, 'the round length is stored in seconds');

  await page.getByLabel('New level').fill('Beginner');
  await page.getByRole('button', { name: 'Add level' }).click();
  await page.getByRole('button', { name: 'Move Beginner up' }).click();
  await page.getByRole('button', { name: 'Move Beginner down', disabled: false }).waitFor();
  const levels = (await club.ok<{ levels: Array<{ name: string; rank: number }> }>('GET', '/api/settings')).levels;
  t.same(levels.map((level) => level.name), ['Strong', 'Beginner', 'Middle'], 'moved up one: the ranks follow');
  await page.getByRole('button', { name: 'Remove Strong' }).click();
  t.match(await page.getByRole('alert').textContent(), /^\d+ people hold this level; move them to another level first$/, 'a level someone holds is refused in the API’s words');

  await page.getByLabel('New venue').fill('Pavilion');
  await page.getByRole('button', { name: 'Add venue' }).click();
  const pavilion = page.getByRole('group', { name: 'Pavilion' });
  await pavilion.getByLabel('Weekday').selectOption({ label: 'Saturday' });
  await pavilion.getByLabel('Starts').fill('10:00');
  await pavilion.getByLabel('Ends').fill('12:00');
  // issue 34: a slot that ends before it starts is refused beside the slot form, not at the top of Settings
  await pavilion.getByLabel('Starts').fill('12:00');
  await pavilion.getByLabel('Ends').fill('10:00');
  await pavilion.getByRole('button', { name: 'Add slot at Pavilion' }).click();
  t.equal(await pavilion.getByRole('alert').textContent(), 'The slot must end after it starts (12:00).', 'the refusal is in the slot form');
  t.equal(await page.getByRole('alert').count(), 1, 'and nowhere else');
  await pavilion.getByLabel('Starts').fill('10:00');
  await pavilion.getByLabel('Ends').fill('12:00');
  await pavilion.getByRole('button', { name: 'Add slot at Pavilion' }).click();
  await pavilion.getByText('Saturday 10:00–12:00').waitFor();
  t.equal(await pavilion.getByRole('alert').count(), 0, 'added: the refusal is gone');
  t.same(await accessibilityInBothThemes(page), [], 'Settings: no serious accessibility problem (light and dark)');

  const publicPage = await context.newPage();
  await publicPage.goto(`${env.origins.club}/`);
  await publicPage.getByRole('heading', { name: 'Pavilion' }).waitFor();
  const slots = await publicPage.getByRole('region', { name: 'Pavilion' }).getByRole('listitem').allInnerTexts();
  t.same(slots.map((text) => text.replace(/\s+/g, ' ')), ['Saturday 10:00–12:00'], 'the slot is on the public page');
  const stored = page.waitForResponse((response) => response.url().includes('/api/venues/') && response.request().method() === 'PATCH');
  await pavilion.getByLabel('Active').uncheck();
  await stored;
  await publicPage.reload();
  await publicPage.getByRole('heading', { name: 'Hall' }).waitFor();
  t.equal(await publicPage.getByRole('heading', { name: 'Pavilion' }).count(), 0, 'an inactive venue leaves the public page');
});
