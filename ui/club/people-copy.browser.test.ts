// People and levels of a club login are kept on the phone per login (the shared replica): a night
// reopened with no signal still offers the club's people, People shows the phone's copy, and the next login on the same phone is
// never offered the last one's.
import t from 'tap';
import { startBrowserSystem } from '../testing/browser.ts';
import { logIn, openTonight, setUpClub } from '../testing/club.ts';
import { clubClient, cuid } from '../../testing/club/client.ts';

const env = await startBrowserSystem(t);
const desk = await setUpClub(env);
// a second login of the same club (another volunteer's phone, or the same phone passed on)
await clubClient(env.system, 'other');
await desk.ok('POST', '/api/players', { id: cuid('quinn'), name: 'Quinn', levelId: desk.level('Strong') }, 201);

t.test('the night offers the login’s people with no signal; the next login on the phone never sees them', async (t) => {
  const context = await env.phone();
  const page = await logIn(env, context);
  // as on a phone with the app installed: the service worker holds the shell for an offline reload
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await openTonight(page);
  await page.getByRole('button', { name: 'Add Quinn', exact: true }).waitFor();

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Add Quinn', exact: true }).waitFor();
  t.pass('reopened with no signal, the night still offers Quinn from People');
  // People itself, with no signal: the phone's copy, said to be one, and a change that cannot go keeps what was typed
  await page.getByRole('link', { name: 'Today' }).click();
  await page.getByRole('link', { name: 'People' }).click();
  await page.getByRole('button', { name: 'Edit Quinn' }).waitFor();
  t.match(await page.getByRole('status').filter({ hasText: 'Offline' }).textContent(), /^Offline: People as this phone last had it at .+\. Changes need the network\.$/);
  await page.getByLabel('Name', { exact: true }).fill('Rosa');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  t.equal(await page.getByRole('alert').textContent(), 'No connection: changes to People need the network. Try again in a moment.');
  t.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Rosa', 'the name not saved stays typed');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Edit Rosa' }).waitFor();
  t.equal(await page.getByRole('status').filter({ hasText: 'Offline' }).count(), 0, 'with signal, the list is the server’s again');
  t.same((await desk.ok<{ players: Array<{ name: string }> }>('GET', '/api/players')).players.map((player) => player.name).filter((name) => name === 'Rosa'), ['Rosa'], 'added once, with signal');

  await page.goto(`${env.origins.club}/app`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByLabel('Username').waitFor();
  await page.getByLabel('Username').fill('other');
  await page.getByLabel('Password').fill('a long password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  // People never answer for this login: all the phone could offer is what it kept
  await page.route('**/api/players', (route) => route.abort());
  await openTonight(page);
  await page.getByLabel('Name', { exact: true }).waitFor();
  t.equal(await page.getByRole('button', { name: 'Add Quinn', exact: true }).count(), 0, 'the last login’s people are not offered');
  t.equal(await page.getByRole('button', { name: /^Add / }).filter({ hasNotText: 'new person' }).count(), 0, 'nor anyone else kept by it');
});
