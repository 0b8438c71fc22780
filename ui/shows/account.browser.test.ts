// Suggestions with their source (the AI stand-in answering, then down: popular shows) and "not
// interested"; the settings (username, public profile and its link, the email switch, "email me
// my list", the password); the public profile seen by someone signed out, only while it is on.
import t from 'tap';
import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import { chatStandIn } from '../../infra/chat/testing.ts';
import { accessibilityInBothThemes, overflow, PASSWORD, signUp, smallTargets, startShowsBrowserSystem } from '../testing/shows.ts';

const chat = await chatStandIn(t, JSON.stringify({ shows: ['Slow Horses', 'Verses and Flow'] }));
const env = await startShowsBrowserSystem(t, { AI_PRIMARY_URL: chat.url, AI_PRIMARY_KEY: 'test-key', AI_PRIMARY_MODEL: 'test-model' });

const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
const suggested = (page: Page) => page.getByTestId('suggestion').getByRole('heading').allTextContents();

async function checks(t: Test, page: Page, where: string): Promise<void> {
  t.same(await accessibilityInBothThemes(page), [], `${where}: no serious axe violation, light or dark`);
  t.same(await smallTargets(page), [], `${where}: every control at least 44 px`);
  t.ok((await overflow(page)) <= 0, `${where}: no sideways scrolling at 390 px`);
}

t.test('suggestions say where they come from; not interested removes the show at once and for good', async (t) => {
  const page = await (await env.phoneOffline()).newPage();
  await signUp(page, env.origin, 'suggest');
  await menu(page, 'Suggestions');
  await page.getByTestId('suggestion').first().waitFor();
  t.equal(await page.getByTestId('suggestion-source').textContent(), 'Picked for you by AI from the shows you track.');
  t.same(await suggested(page), ['Slow Horses', 'Verses and Flow'], 'the AI picks, resolved by name');
  await checks(t, page, 'suggestions');

  await page.getByRole('button', { name: 'Not interested in Slow Horses' }).click();
  t.same(await suggested(page), ['Verses and Flow'], 'gone at once');
  const dismissed = async () => ((await (await page.request.get(`${env.origin}/api/shows/dismissed`)).json()) as Array<{ showId: number }>).map((entry) => entry.showId);
  for (let tries = 0; tries < 50 && !(await dismissed()).includes(45039); tries++) await page.waitForTimeout(100);
  t.same(await dismissed(), [45039], 'the API stored it');
  await page.getByRole('link', { name: 'Shows you are not interested in' }).click();
  await page.getByTestId('dismissed-show').first().waitFor();
  t.same(await page.getByTestId('dismissed-show').getByRole('heading').allTextContents(), ['Slow Horses'], 'listed as not interested');
  await checks(t, page, 'not interested');

  chat.setMode('fail');
  await page.goto(`${env.origin}/suggestions`);
  await page.getByTestId('suggestion').first().waitFor();
  t.equal(await page.getByTestId('suggestion-source').textContent(), 'Popular shows airing today: the AI picks are not available right now.', 'the fallback says so');
  t.equal(await page.getByTestId('suggestion-source').getAttribute('data-source'), 'popular');
  t.equal((await suggested(page))[0], 'The Suspect', "the most popular of today's shows first");
  t.notOk((await suggested(page)).includes('Slow Horses'), 'a dismissed show never returns');
  await checks(t, page, 'suggestions, popular');
  chat.setMode('answer');
});

t.test('settings: username, public profile with its link seen signed out, email switch, my list, password', async (t) => {
  const context = await env.phoneOffline();
  const page = await context.newPage();
  const email = await signUp(page, env.origin, 'settings');
  const tracked = (await (await page.request.post(`${env.origin}/api/shows/track`, { data: { showId: 45039 }, headers: { origin: env.origin } })).json()) as { id: string };
  // started (Slow Horses S1E1 watched): the profile's watching list is spec 001's watching, started and not finished
  await page.request.put(`${env.origin}/api/shows/tracked/${tracked.id}/episode`, { data: { episodeId: 2270552, watched: true }, headers: { origin: env.origin } });
  await menu(page, 'Settings');
  await page.getByRole('heading', { level: 2, name: 'Settings' }).waitFor();

  await page.getByRole('switch', { name: 'Anyone with the link can see what I watch' }).click();
  await page.getByRole('alert').waitFor();
  t.match(await page.getByRole('alert').textContent(), /^Not saved: body\.publicProfile/, "no username yet: the API's refusal");
  t.notOk(await page.getByRole('switch', { name: 'Anyone with the link can see what I watch' }).isChecked(), 'the switch stays off');

  const username = `viewer${Date.now() % 100000}`;
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Save username' }).click();
  await page.getByText(`Username saved: ${username}`).waitFor();
  await page.getByRole('switch', { name: 'Anyone with the link can see what I watch' }).click();
  await page.getByText('Your profile is public').waitFor();
  const link = page.getByRole('link', { name: `${env.origin}/u/${username}` });
  t.equal(await link.getAttribute('href'), `/u/${username}`, 'the link to the public page');

  await page.getByRole('switch', { name: 'Email me when an episode of a show I track airs' }).click();
  await page.getByText('No more emails about episodes').waitFor();
  await page.getByRole('button', { name: 'Email me my list' }).click();
  await page.getByText(`Sent to ${email}`).waitFor();
  await checks(t, page, 'settings');
  const me = (await (await page.request.get(`${env.origin}/api/auth/me`)).json()) as { emailNotifications: boolean; publicProfile: boolean; username: string };
  t.same([me.username, me.publicProfile, me.emailNotifications], [username, true, false], 'the API stored each change');

  const stranger = await (await env.phoneOffline()).newPage();
  await stranger.goto(`${env.origin}/u/${username}`);
  await stranger.getByRole('heading', { level: 2, name: username }).waitFor();
  t.same(await stranger.getByTestId('public-show').getByRole('heading').allTextContents(), ['Slow Horses'], 'signed out, the public profile shows what they watch');
  await checks(t, stranger, 'public profile');

  await page.getByRole('switch', { name: 'Anyone with the link can see what I watch' }).click();
  await page.getByText('Your profile is private').waitFor();
  await stranger.reload();
  await stranger.getByRole('heading', { name: 'No public profile here' }).waitFor();
  t.pass('turned off, the profile is not shown');

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('another long password');
  await page.getByRole('button', { name: 'Change password' }).click();
  t.equal(await page.locator('#password-outcome').getByText('Not saved').textContent(), 'Not saved: Wrong email or password');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password changed; every other device is signed out').waitFor();
  t.pass('the password changed');
});
