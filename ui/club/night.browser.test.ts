// A night courtside (issue 15): open tonight's slot, who came (from People and new ones made
// offline), the shuffle and its refusal, a hand swap across courts, the round timer from its
// stored anchor across a reload, and the time-up bar at zero on a faked clock.
import t from 'tap';
import { accessibilityInBothThemes, phoneSignals, recordPhoneSignals, startBrowserSystem, untilPhoneSignals } from '../testing/browser.ts';
import { addFromPeople, addNewPerson, addVenue, logIn, openTonight, saveBadge, serverNight, setUpClub, sheet, untilServer } from '../testing/club.ts';
import { cuid } from '../../command-api/club/test-client.ts';

const env = await startBrowserSystem(t);
const club = await setUpClub(env);

t.test('open tonight → 8 people (two added offline) → shuffle → swap → timer → reload: everything back', async (t) => {
  const context = await env.phone();
  const page = await logIn(env, context);
  const id = await openTonight(page);
  for (const name of club.names) await addFromPeople(page, name);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await addNewPerson(page, 'Gus', 'Middle');
  // 7 people: the shuffle refuses and says how many are missing
  await page.getByRole('button', { name: 'Shuffle' }).click();
  t.match(await page.getByRole('alert').textContent(), /1 more person/, 'the refusal says 1 more person');
  await addNewPerson(page, 'Hal', 'Middle', true);
  await saveBadge(page).getByText('Offline (will sync)', { exact: true }).waitFor();
  t.pass('with no signal the badge says Offline (will sync)');
  await context.setOffline(false);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  let night = await untilServer(club, id, (night) => night.people.length === 8);
  t.same(night.people.map((person) => person.name), [...club.names, 'Gus', 'Hal'], 'the two made offline reach the server');
  t.match(night.people.find((person) => person.name === 'Hal'), { guest: true }, 'Hal came as a guest');

  // Fay plays as Strong tonight; People keeps her Middle
  await page.getByLabel('Tonight’s level of Fay').selectOption({ label: 'Strong' });
  night = await untilServer(club, id, (night) => night.people.find((person) => person.name === 'Fay')?.levelId === club.level('Strong'));
  const fay = night.people.find((person) => person.name === 'Fay')!;
  t.match(await club.ok('GET', `/api/players/${fay.id}`), { levelId: club.level('Middle') }, 'tonight’s level is the night’s own');

  await page.getByRole('button', { name: 'Shuffle' }).click();
  const drawn = await sheet(page);
  t.equal(drawn.length, 2, 'two courts of four');
  t.same(drawn.flat().sort(), [...club.names, 'Gus', 'Hal'].sort(), 'everyone is on court once');

  // hand swap: the first of court 1 and the last of court 2
  const [first, last] = [drawn[0]![0]!, drawn[1]![3]!];
  await page.getByRole('button', { name: `${first}, court 1 team A` }).click();
  await page.getByRole('button', { name: `${last}, court 2 team B` }).click();
  const swapped = await sheet(page);
  t.equal(swapped[0]![0], last, 'court 1 has the one tapped second');
  t.equal(swapped[1]![3], first, 'court 2 has the one tapped first');
  t.same(swapped[0]!.slice(1), drawn[0]!.slice(1), 'nobody else moved');

  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  night = await untilServer(club, id, (night) => night.timer?.startedAt != null && night.lineUp.length === 2);
  const anchor = night.timer!.startedAt!;
  t.same(await accessibilityInBothThemes(page), [], 'the night: no serious accessibility problem (light and dark)');

  await page.reload();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  t.same(await sheet(page), swapped, 'after a reload the sheet is as it was, swap included');
  t.equal(await page.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (8)');
  // the countdown and the instant it is read, both in the browser: this process may hear of them
  // seconds late on a busy machine, while the page repaints the countdown four times a second
  const { shown, readAt } = await page.getByRole('timer').evaluate((element) => ({ shown: element.textContent ?? '', readAt: Date.now() }));
  const expected = 600 - (readAt - Date.parse(anchor)) / 1000;
  const [minutes, seconds] = shown.split(':').map(Number) as [number, number];
  t.ok(Math.abs(minutes * 60 + seconds - expected) <= 3, `the countdown ${shown} runs from the stored anchor`);
  t.equal((await serverNight(club, id)).timer!.startedAt, anchor, 'the anchor is never ticked into the snapshot');

  // Next round files round 1 as it stood and draws round 2 against it
  await page.getByRole('button', { name: 'Next round' }).click();
  await page.getByRole('heading', { name: 'Round 2' }).waitFor();
  t.match(await page.getByRole('heading', { name: /^Round 1 · / }).textContent(), /^Round 1 · \d\d:\d\d( [AP]M)?–\d\d:\d\d( [AP]M)?$/, 'round 1 is listed with its times');
  await page.getByText('Why this line-up').click();
  const why = await page.locator('.why li').allTextContents();
  t.same(why.map((line) => line.replace(/:.*/, '')), ['Court 1', 'Court 2'], 'each court explains its score');
  t.match(why[0], /^Court 1: score \d+ \(\d+ repeated partners?, \d+ repeated opponents?, \d+ repeated court-mates?\)$/);
  night = await untilServer(club, id, (night) => night.rounds.length === 1 && night.timer?.roundNumber === 2);
  t.equal(night.rounds[0]!.lineUp.length, 2, 'round 1 is saved with its two courts');

  // the Calendar lists the night by month with its counts, and opens it
  await page.getByRole('link', { name: 'Today' }).click();
  await page.getByRole('link', { name: 'Calendar' }).click();
  const entry = page.getByRole('listitem').filter({ hasText: 'Hall' });
  t.match(await entry.textContent(), /8 people, 1 round/, 'the night with its people and round counts');
  t.same(await accessibilityInBothThemes(page), [], 'Calendar: no serious accessibility problem (light and dark)');
  await entry.getByRole('button', { name: /^Open/ }).click();
  await page.getByRole('heading', { name: 'Round 2' }).waitFor();
  t.equal(new URL(page.url()).pathname, `/app/session/${id}`, 'and opens it');

  // someone leaves before round 2 started: nothing filed, the courts cleared, they are gone
  await page.getByRole('button', { name: 'Ada leaves' }).click();
  t.equal(await page.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (7)');
  t.equal(await page.locator('.court').count(), 0, 'the courts are cleared');
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Close night' }).click();
  await page.getByText('This night is closed.').waitFor();
  t.ok(await page.getByRole('button', { name: 'Shuffle' }).isDisabled(), 'a closed night cannot be changed');
  night = await untilServer(club, id, (night) => night['status'] === 'closed');
  t.same([night.people.length, night.rounds.length], [7, 1], 'saved before closing');
  await page.getByRole('button', { name: 'Reopen night' }).click();
  await page.getByRole('button', { name: 'Shuffle' }).and(page.locator(':enabled')).waitFor();
  t.equal((await serverNight(club, id))['status'], 'open', 'reopened');
});

t.test('the time-up bar appears at zero, on a faked clock, with a sound and a vibration; the screen stays on while a round runs', async (t) => {
  await addVenue(club, 'Barn', '10:00', '12:00');
  const context = await env.phone();
  await context.clock.install();
  await context.addInitScript(recordPhoneSignals);
  const page = await logIn(env, context);
  const signals = () => phoneSignals(page);
  await openTonight(page, 'Barn 10:00');
  t.ok(await page.getByRole('button', { name: 'Next round' }).isDisabled(), 'Next round is disabled while nobody has a level');
  t.match(await page.locator('#next-blocked').textContent(), /Nobody here has a level/, 'and the reason is shown');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  t.equal(await page.getByText('Time is up').count(), 0, 'no bar while time is left');
  await untilPhoneSignals(page, 1);
  t.same(await signals(), [['wake lock', 'screen']], 'the round runs: the screen is kept on, nothing sounds');
  await page.clock.fastForward('09:59');
  t.equal(await page.getByText('Time is up').count(), 0, 'none a second before zero');
  await page.clock.fastForward('00:02');
  await page.getByText('Time is up').waitFor();
  await untilPhoneSignals(page, 3);
  t.equal(await page.getByRole('timer').textContent(), '0:00', 'the countdown stops at 0:00');
  t.equal(await page.locator('.time-up-bar').evaluate((bar) => getComputedStyle(bar).backgroundColor), 'rgb(234, 88, 12)', 'the bar is orange');
  t.same((await signals()).slice(1), [['vibrate', [400, 200, 400]], ['tone', 880]], 'at zero: one vibration and one tone');
  await page.clock.fastForward('00:30');
  t.equal((await signals()).length, 3, 'once per round: no more while the bar stays');
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Resume' }).waitFor();
  await untilPhoneSignals(page, 4);
  t.same((await signals()).at(-1), ['wake lock released'], 'paused: the screen may sleep again');
});

t.test('issue 32: a round of four played with no signal; one leaves, another leaves and is deleted from People; the finished round still names all four, on the night and in its history', async (t) => {
  await addVenue(club, 'Pier', '15:00', '17:00');
  const four = ['Ines', 'Jon', 'Kim', 'Lou'];
  const ids = new Map<string, string>();
  for (const name of four) {
    const person = await club.ok<{ id: string }>('POST', '/api/players', { id: cuid(name.toLowerCase()), name, levelId: club.level('Strong') }, 201);
    ids.set(name, person.id);
  }
  const context = await env.phone();
  const page = await logIn(env, context);
  const id = await openTonight(page, 'Pier 15:00');
  await page.getByRole('button', { name: 'Add Lou', exact: true }).waitFor();

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  for (const name of four) await addFromPeople(page, name);
  await page.getByRole('button', { name: 'Shuffle' }).click();
  t.same((await sheet(page)).flat().sort(), four, 'the four are on court');
  await page.getByRole('button', { name: 'End round' }).click();
  await page.getByRole('heading', { name: /^Round 1 · / }).waitFor();
  await page.getByRole('button', { name: 'Ines leaves' }).click();
  await page.getByRole('button', { name: 'Jon leaves' }).click();
  t.equal(await page.getByRole('heading', { name: /^Here tonight/ }).textContent(), 'Here tonight (2)');
  // Jon was in no saved night yet, so the desk may delete him from People meanwhile
  t.same(await club.ok('DELETE', `/api/players/${ids.get('Jon')!}`), { ok: true });

  const finished = page.locator('.rounds > li').first();
  // the shuffle may spread the four over the night's courts: every name on the round, and no stand-in
  const namesIn = async (): Promise<string[]> => {
    const text = await finished.innerText();
    return [...four.filter((name) => text.includes(name)), ...(text.includes('Someone who left') ? ['Someone who left'] : [])];
  };
  t.same((await namesIn()).sort(), four, 'offline, the finished round names all four');

  await context.setOffline(false);
  await saveBadge(page).getByText('Saved', { exact: true }).waitFor();
  const night = await untilServer(club, id, (night) => night.rounds.length === 1 && night.people.length === 2);
  t.equal((await club.call('GET', `/api/players/${ids.get('Jon')!}`)).statusCode, 404, 'Jon is not in People');

  await page.reload();
  await page.getByRole('heading', { name: /^Round 1 · / }).waitFor();
  t.same((await namesIn()).sort(), four, 'after a reload from the server’s copy: all four, none is “Someone who left”');

  await page.goto(`${env.origins.club}/app/session/${id}/history/${night.version}`);
  await page.getByRole('heading', { name: 'The night at this version' }).waitFor();
  t.same((await namesIn()).sort(), four, 'the night’s history shows the four names too');
});
