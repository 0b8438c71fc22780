// Saving the night as a whole snapshot (spec 002 "Snapshot save", issue 15) on two real phones:
// the other phone's copy on a conflict, a network cut mid-night, and a save whose answer was lost.
import t from 'tap';
import type { Page } from 'playwright-core';
import { phoneOnClock, startBrowserSystem } from '../testing/browser.ts';
import { addFromPeople, addVenue, endSaveDebounce, logIn, openTonight, saveBadge, serverNight, setUpClub, untilServer } from '../testing/club.ts';

const env = await startBrowserSystem(t);
const club = await setUpClub(env);

/** The PUTs of the night this page sends from now on, and their answers' statuses. */
function watchSaves(page: Page, id: string) {
  const sent: string[] = [];
  const answered: number[] = [];
  /** the snapshot id of each save answered 200 */
  const accepted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === `/api/sessions/${id}`) sent.push(request.postData() ?? '');
  });
  page.on('response', (response) => {
    if (response.request().method() !== 'PUT' || new URL(response.url()).pathname !== `/api/sessions/${id}`) return;
    answered.push(response.status());
    if (response.status() === 200) accepted.push(String(JSON.parse(response.request().postData() ?? '{}').snapshotId));
  });
  return { sent, answered, accepted };
}

/**
 * Until this phone's kept copy of the night (IndexedDB) holds a running timer. The copy is written
 * a moment after the change is shown; a reload before that moment loses the change, which a test of
 * what survives a reload must not confuse with the reload itself.
 */
const keptWithTimer = (page: Page, id: string) =>
  page.waitForFunction(async (nightId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('club-nights');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      const kept = await new Promise<unknown>((resolve, reject) => {
        const reading = db.transaction('nights').objectStore('nights').get(nightId);
        reading.onsuccess = () => resolve(reading.result);
        reading.onerror = () => reject(reading.error);
      });
      return Boolean((kept as { night?: { timer?: { startedAt?: string | null } | null } } | undefined)?.night?.timer?.startedAt);
    } finally {
      db.close();
    }
  }, id);

t.test('phone B saves first: phone A merges both copies, saves them, and says what it combined', async (t) => {
  await addVenue(club, 'Loft', '20:00', '22:00');
  // one after the other: two argon2 sign-ins and two browser starts at once can outlast a wait on a busy machine
  const a = await logIn(env, await phoneOnClock(env));
  const b = await logIn(env, await phoneOnClock(env));
  const id = await openTonight(a, 'Loft 20:00');
  t.equal(await openTonight(b, 'Loft 20:00'), id, 'both phones are on the same night');
  // B's save lands first; A's change was made on the copy both had
  await addFromPeople(b, 'Ben');
  await endSaveDebounce(b);
  await untilServer(club, id, (night) => night.people.length === 1);
  await addFromPeople(a, 'Ada');
  await endSaveDebounce(a);
  const alert = a.getByRole('alert').filter({ hasText: 'changed on another phone' });
  await alert.waitFor();
  t.match(await alert.textContent(), /This night was changed on another phone\. Both phones’ changes are combined and shown here\./, 'the message says what is shown');
  t.equal(await alert.getByRole('list', { name: 'Combined from the other phone' }).textContent(), 'Ben was added on the other phone.');
  t.match(await alert.textContent(), /Nothing of this phone’s was dropped/);
  await saveBadge(a).getByText('Saved', { exact: true }).waitFor();
  t.equal(await a.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (2)', 'the combined copy is shown');
  const night = await serverNight(club, id);
  t.same(night.people.map((person) => person.name), ['Ben', 'Ada'], 'both people are on the server');
  t.equal(night.version, 3, 'one more version');

  // their copy, looked at before anything of this phone's is dropped
  await alert.getByRole('button', { name: 'Show their copy' }).click();
  const theirs = a.getByRole('alert').filter({ hasText: 'Their copy is shown' });
  await theirs.waitFor();
  t.equal(await a.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (1)', 'their copy is what the screen shows');
  t.ok(await a.getByRole('button', { name: 'Ben leaves' }).isDisabled(), 'read-only while it is shown');
  await theirs.getByRole('button', { name: 'Back to the combined copy' }).click();
  await alert.getByRole('button', { name: 'OK' }).click();
  await alert.waitFor({ state: 'detached' });
  t.equal(await a.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (2)');
});

t.test('Keep theirs, from their copy shown, saves their night', async (t) => {
  await addVenue(club, 'Barn', '21:00', '23:00');
  const a = await logIn(env, await phoneOnClock(env));
  const b = await logIn(env, await phoneOnClock(env));
  const id = await openTonight(a, 'Barn 21:00');
  await openTonight(b, 'Barn 21:00');
  await addFromPeople(b, 'Ben');
  await endSaveDebounce(b);
  await untilServer(club, id, (night) => night.people.length === 1);
  await addFromPeople(a, 'Ada');
  await endSaveDebounce(a);
  const alert = a.getByRole('alert').filter({ hasText: 'changed on another phone' });
  await alert.getByRole('button', { name: 'Show their copy' }).click();
  await a.getByRole('button', { name: 'Keep theirs' }).click();
  await a.getByRole('alert').filter({ hasText: 'another phone' }).waitFor({ state: 'detached' });
  await untilServer(club, id, (night) => night.people.length === 1);
  await saveBadge(a).getByText('Saved', { exact: true }).waitFor();
  t.same((await serverNight(club, id)).people.map((person) => person.name), ['Ben'], 'their copy is the night');
  t.equal(await a.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (1)');
});

t.test('network cut mid-night: Offline, changes kept, reconnect: one save, version +1, nothing lost', async (t) => {
  await addVenue(club, 'Dome', '18:00', '20:00');
  const context = await phoneOnClock(env);
  const page = await logIn(env, context);
  const id = await openTonight(page, 'Dome 18:00');
  await addFromPeople(page, 'Ada');
  await endSaveDebounce(page);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  const before = (await untilServer(club, id, (night) => night.people.length === 1)).version;
  const saves = watchSaves(page, id);

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await addFromPeople(page, 'Ben');
  await endSaveDebounce(page);
  await saveBadge(page).getByText('Offline (will sync)', { exact: true }).waitFor();
  // with no signal, Today still leads back to the night this phone holds
  await page.getByRole('link', { name: 'Today' }).click();
  await page.getByRole('button', { name: 'Continue night at Dome 18:00' }).click();
  await addFromPeople(page, 'Cleo');
  await page.getByRole('button', { name: 'Start' }).click();
  // the round is running on this phone before it reloads: what is checked is that offline changes
  // survive a reload, not a reload in the same instant as the tap (the local copy is written then)
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  await keptWithTimer(page, id);
  await page.reload().catch(() => undefined);
  // Chromium's offline emulation can let a request through that the service worker passes on; its
  // answer never arrives, and what follows carries the same snapshot id: the server knows it as this
  // phone's own save, never as another phone's
  t.ok((await serverNight(club, id)).version <= before + 1, 'at most one save reached the server');

  await context.setOffline(false);
  await page.reload();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  t.equal(await page.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (3)', 'the reload kept the offline changes: the local copy wins over the older server copy');
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  const night = await serverNight(club, id);
  t.ok([before + 1, before + 2].includes(night.version), 'one save, version +1 (+2 if an earlier copy got through while offline)');
  t.same(night.people.map((person) => person.name), ['Ada', 'Ben', 'Cleo'], 'nothing lost');
  t.ok(night.timer?.startedAt, 'the timer started offline is saved');
  // the reconnect and the reopened night may both send it: a second send of the same snapshot is
  // answered as the retry it is (same snapshot id, no new version)
  t.equal(new Set(saves.accepted).size, 1, 'one snapshot was saved');
});

t.test('a save whose answer was lost is retried and shown as saved, never as changed on another phone', async (t) => {
  await addVenue(club, 'Shed', '16:00', '18:00');
  const context = await phoneOnClock(env);
  const page = await logIn(env, context);
  const id = await openTonight(page, 'Shed 16:00');
  const before = (await serverNight(club, id)).version;
  let lost = 0;
  // the first save reaches the server, then its answer is lost on the way back
  await page.route(
    (url) => url.pathname === `/api/sessions/${id}`,
    async (route) => {
      if (route.request().method() !== 'PUT' || lost > 0) return route.continue();
      lost++;
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
  const saves = watchSaves(page, id);
  await addFromPeople(page, 'Dev');
  await endSaveDebounce(page);
  await saveBadge(page).getByText('Offline (will sync)', { exact: true }).waitFor();
  t.equal((await serverNight(club, id)).version, before + 1, 'the lost save was stored');
  // the retry comes every 8 s; going online again sends it at once
  await context.setOffline(true);
  await context.setOffline(false);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  t.equal(await page.getByText('changed on another phone').count(), 0, 'no conflict shown');
  t.equal((await serverNight(club, id)).version, before + 1, 'the retry stored nothing twice');
  t.equal(saves.sent.length, 2, 'the same snapshot was sent twice');
  t.equal(JSON.parse(saves.sent[0]!).snapshotId, JSON.parse(saves.sent[1]!).snapshotId, 'with the same snapshot id');

  // lost again, and the night changes before the retry: the newer copy goes on top of its own save
  lost = 0;
  await addFromPeople(page, 'Eli');
  await endSaveDebounce(page);
  await saveBadge(page).getByText('Offline (will sync)', { exact: true }).waitFor();
  t.equal((await serverNight(club, id)).version, before + 2, 'the second lost save was stored');
  await addFromPeople(page, 'Fay');
  await endSaveDebounce(page);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  t.equal(await page.getByText('changed on another phone').count(), 0, 'still no conflict: the version it missed was its own');
  const night = await serverNight(club, id);
  t.same(night.people.map((person) => person.name), ['Dev', 'Eli', 'Fay'], 'nothing lost');
  t.equal(night.version, before + 3, 'one version for each change');
});

t.test('a 5xx and a captive portal’s 200 are Offline (will sync), retried every 8 s', async (t) => {
  await addVenue(club, 'Yard', '14:00', '16:00');
  const context = await env.phone();
  await context.clock.install();
  const page = await logIn(env, context);
  const id = await openTonight(page, 'Yard 14:00');
  const before = (await serverNight(club, id)).version;
  const answers = [
    { status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', error: 'Service Unavailable', message: 'down' }) },
    { status: 200, contentType: 'text/html', body: '<html><body>Log in to the hotel Wi-Fi</body></html>' },
  ];
  const isSave = (url: URL) => url.pathname === `/api/sessions/${id}`;
  await page.route(isSave, (route) => (route.request().method() === 'PUT' && answers.length > 0 ? route.fulfill(answers.shift()!) : route.continue()));
  const saves = watchSaves(page, id);
  await addFromPeople(page, 'Eli');
  await endSaveDebounce(page);
  await saveBadge(page).getByText('Offline (will sync)', { exact: true }).waitFor();
  t.equal(saves.sent.length, 1, 'a 503: offline');
  await page.clock.runFor(8_000);
  await t.resolves(untilCount(() => saves.answered.length, 2), 'retried 8 s later');
  await saveBadge(page).getByText('Offline (will sync)', { exact: true }).waitFor();
  t.equal((await serverNight(club, id)).version, before, 'a portal’s page is not a save: still Offline (will sync)');
  await page.clock.runFor(8_000);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  t.equal(saves.sent.length, 3, 'the third try, 8 s later, is saved');
  t.equal((await serverNight(club, id)).version, before + 1, 'once');
});

t.test('changes go out about 1 s after the last one, as one save of the newest night', async (t) => {
  await addVenue(club, 'Court', '12:00', '14:00');
  const context = await env.phone();
  await context.clock.install();
  const page = await logIn(env, context);
  const id = await openTonight(page, 'Court 12:00');
  const before = (await serverNight(club, id)).version;
  const saves = watchSaves(page, id);
  // the page's clock stands still: only runFor moves it
  await page.clock.pauseAt(Date.now() + 60_000);
  for (const name of ['Ada', 'Ben', 'Cleo']) {
    await addFromPeople(page, name);
    await page.clock.runFor(500);
  }
  t.equal(saves.sent.length, 0, 'three changes half a second apart: nothing sent yet');
  await page.clock.runFor(499);
  t.equal(saves.sent.length, 0, 'nor 999 ms after the last');
  await page.clock.runFor(1);
  await t.resolves(untilCount(() => saves.answered.length, 1), '1 s after the last change: a save');
  t.same(
    saves.sent.map((body) => (JSON.parse(body) as { people: { name: string }[] }).people.map((person) => person.name)),
    [['Ada', 'Ben', 'Cleo']],
    'one save, of the newest night',
  );
  t.equal((await serverNight(club, id)).version, before + 1);
  await page.clock.resume();
});

async function untilCount(count: () => number, at: number): Promise<void> {
  for (const deadline = Date.now() + 10_000; count() < at; ) {
    if (Date.now() > deadline) throw new Error(`only ${count()} of ${at}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
