// Issue 32 on two real phones: both file a round, one of them with no signal, and neither round is
// lost; what the conflict banner says is what the screen shows; a change made just before the tab
// is closed still reaches the server.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startBrowserSystem } from '../testing/browser.ts';
import { addFromPeople, addVenue, logIn, openTonight, saveBadge, serverNight, setUpClub, untilServer } from '../testing/club.ts';

const env = await startBrowserSystem(t);
const club = await setUpClub(env);

/** The headings of the Finished rounds list as the screen shows them, numbers only, last first. */
const finishedRounds = (page: Page) =>
  page
    .getByRole('region', { name: 'Finished rounds' })
    .getByRole('heading', { level: 3 })
    .allTextContents()
    .then((texts) => texts.map((text) => /^Round (\d+)/.exec(text)?.[1] ?? text));

async function fileRound(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  await page.getByRole('button', { name: 'End round' }).click();
  await page.getByText('Nobody is on court. Shuffle to draw a line-up.').waitFor();
}

t.test('two phones each file a round, one with no signal: both rounds are kept, by start, and both phones show them', async (t) => {
  await addVenue(club, 'Loft', '20:00', '22:00');
  const contextA = await env.phone();
  const a = await logIn(env, contextA);
  const id = await openTonight(a, 'Loft 20:00');
  for (const name of ['Ada', 'Ben', 'Cleo', 'Dev']) await addFromPeople(a, name);
  await untilServer(club, id, (night) => night.people.length === 4);
  await saveBadge(a).getByText('Saved', { exact: true }).waitFor();
  const contextB = await env.phone();
  const b = await logIn(env, contextB);
  t.equal(await openTonight(b, 'Loft 20:00'), id);
  await b.getByRole('heading', { name: 'Here tonight (4)' }).waitFor();

  // B files round 1 with no signal, then A files its own round 1 online
  await contextB.setOffline(true);
  await b.waitForFunction(() => !navigator.onLine);
  await fileRound(b);
  await saveBadge(b).getByText('Offline (will sync)', { exact: true }).waitFor();
  await fileRound(a);
  await untilServer(club, id, (night) => night.rounds.length === 1);
  await saveBadge(a).getByText('Saved', { exact: true }).waitFor();

  await contextB.setOffline(false);
  const night = await untilServer(club, id, (night) => night.rounds.length === 2);
  t.same(
    night.rounds.map((round) => round.number),
    [1, 2],
    'both rounds on the server',
  );
  await saveBadge(b).getByText('Saved', { exact: true }).waitFor();
  t.same(await finishedRounds(b), ['2', '1'], 'B shows both rounds');
  const alert = b.getByRole('alert').filter({ hasText: 'changed on another phone' });
  t.match(await alert.textContent(), /Both phones’ changes are combined and shown here\./);
  t.same(
    await alert.getByRole('list', { name: 'Combined from the other phone' }).getByRole('listitem').allTextContents(),
    ['Round 1 was filed on the other phone.', 'Round 1 from the other phone is round 2 now: both phones filed a round 1.'],
    'the banner names what the screen shows: the other phone’s round, now round 2',
  );
  t.equal(await b.getByRole('heading', { name: /^Round \d+$/, level: 2 }).textContent(), 'Round 3', 'the next round comes after both');

  // A catches up when its signal comes back (or on becoming visible, or within 8 s)
  await contextA.setOffline(true);
  await contextA.setOffline(false);
  await a.getByRole('heading', { name: 'Round 3', level: 2 }).waitFor();
  t.same(await finishedRounds(a), ['2', '1'], 'A shows both rounds');
  t.equal(await saveBadge(a).textContent(), 'Saved');
});

t.test('closing the tab 100 ms after a change: the server has it', async (t) => {
  await addVenue(club, 'Tent', '17:00', '19:00');
  const context = await env.phone();
  const page = await logIn(env, context);
  // as on a phone with the app installed: the service worker controls the night screen
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const id = await openTonight(page, 'Tent 17:00');
  const before = await serverNight(club, id);
  let sentBeforeClose = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT') sentBeforeClose++;
  });
  await addFromPeople(page, 'Ada');
  await page.getByRole('button', { name: 'Ada leaves' }).waitFor();
  // the scenario itself, not a wait for a state: the tab is closed well inside the 1 s debounce
  await page.waitForTimeout(100);
  t.equal(sentBeforeClose, 0, 'nothing was sent before the tab closed');
  await page.close({ runBeforeUnload: true });
  const night = await untilServer(club, id, (night) => night.version > before.version);
  t.same(
    night.people.map((person) => person.name),
    ['Ada'],
    'the change made 100 ms before closing is saved',
  );
});
