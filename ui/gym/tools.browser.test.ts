// Plans, cardio, the plate calculator, export and logging out in the gym app (issue 14): a plan
// made and edited day by day and slot by slot (its bounds refused in the API's words), cardio
// machines and sessions, plates per side from the workout, JSON and CSV as real downloads, and a
// log-out that drops what this phone still holds for the account.
import { readFile } from 'node:fs/promises';
import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { type BrowserSystem, DESKTOP, PHONE, startBrowserSystem } from '../testing/browser.ts';
import { checkScreen, navTo, newEmail, PASSWORD, serverGet, serverSend, signUp, workoutIdOf } from '../testing/gym.ts';
import { signUp as signUpOverHttp } from '../../testing/sign-in.ts';

/** the app's save badge in the header (a screen may have its own, as Settings does) */
const headerBadge = (page: Page) => page.getByRole('banner').getByTestId('save-state');

const env = await startBrowserSystem(t);

type ServerPlan = { id: string; name: string; days: { id: string; title: string | null; slots: { id: string; exerciseName: string | null; targetSets: number; repMin: number; repMax: number }[] }[] };
type Refusal = { message: string };

/** What the API answers this phone's session to a write it refuses: the words the page must show. */
async function refusalOf(env: BrowserSystem, context: BrowserContext, method: 'PATCH' | 'POST' | 'DELETE', url: string, body?: object): Promise<string> {
  const cookie = (await context.cookies(env.origins.gym)).find((each) => each.name === 'gym_sid');
  const response = await env.system.apps.gym!.inject({
    method,
    url,
    headers: { cookie: `gym_sid=${cookie?.value}`, origin: env.origins.gym, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  if (response.statusCode < 400) throw new Error(`${method} ${url} was not refused: ${response.statusCode}`);
  return (response.json() as Refusal).message;
}

/** The calculator's answer, line by line, once it shows `last`. */
async function plates(page: Page, shown: string): Promise<string[]> {
  const result = page.getByTestId('plates-result');
  await result.getByText(shown, { exact: true }).waitFor();
  return result.locator('p').allInnerTexts();
}

/** How many requests wait in this phone's outbox (IndexedDB), as the app stored them. */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('gym-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
}

const shape = (plan: ServerPlan) => plan.days.map((day) => [day.title, day.slots.map((slot) => `${slot.exerciseName} ${slot.targetSets}×${slot.repMin}-${slot.repMax}`)]);

t.test('a plan of two days made and edited in the page: days added, reordered, removed; a slot out of bounds refused in the API’s words', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'planner');
  for (const name of ['Squat', 'Bench Press']) await serverSend(env, context, 'POST', '/api/exercises', { name });
  await navTo(page, 'Plans');
  await page.getByLabel('A new plan of your own').fill('My split');
  await page.getByRole('button', { name: 'Create the plan' }).click();
  await page.getByRole('heading', { name: 'Edit My split', level: 2 }).waitFor();
  const id = /\/plans\/([^/]+)$/.exec(page.url())?.[1] ?? '';

  for (let day = 0; day < 3; day++) await page.getByRole('button', { name: 'Add a day' }).click();
  await page.getByLabel('Day 1 title (optional)').fill('Legs');
  await page.getByRole('button', { name: 'Add an exercise to Day 1' }).click();
  await page.getByRole('combobox', { name: 'Day 1 exercise 1', exact: true }).selectOption({ label: 'Squat' });
  await page.getByLabel('Day 1 exercise 1 sets').fill('5');
  await page.getByLabel('Day 1 exercise 1 reps from').fill('5');
  await page.getByLabel('Day 1 exercise 1 reps to').fill('5');
  await page.getByLabel('Day 2 title (optional)').fill('Push');
  await page.getByRole('button', { name: 'Add an exercise to Day 2' }).click();
  await page.getByRole('combobox', { name: 'Day 2 exercise 1', exact: true }).selectOption({ label: 'Bench Press' });
  await page.getByRole('button', { name: 'Add an exercise to Day 2' }).click();
  await page.getByRole('combobox', { name: 'Day 2 exercise 2', exact: true }).selectOption({ label: 'Squat' });
  await page.getByLabel('Day 2 exercise 2 sets').fill('2');
  await page.getByLabel('Day 3 title (optional)').fill('Spare');
  await page.getByRole('button', { name: 'Save the plan' }).click();
  await page.getByText('My split is saved.').waitFor();
  const first = await serverGet<ServerPlan>(env, context, `/api/plans/${id}`);
  t.same(
    shape(first),
    [
      ['Legs', ['Squat 5×5-5']],
      ['Push', ['Bench Press 3×8-12', 'Squat 2×8-12']],
      ['Spare', []],
    ],
    'the server holds the three days and their slots',
  );
  t.same(await checkScreen(page, 'plan-editor'), []);
  await page.setViewportSize(DESKTOP.viewport!);
  t.same(await checkScreen(page, 'plan-editor-desktop'), [], 'and at 1280 px');
  await page.setViewportSize(PHONE.viewport!);

  await page.getByLabel('Day 2 exercise 1 sets').fill('25');
  await page.getByRole('button', { name: 'Save the plan' }).click();
  const tooMany = {
    name: 'My split',
    days: first.days.map((day, d) => ({
      id: day.id,
      title: day.title,
      slots: day.slots.map((slot, s) => ({ ...slot, exerciseName: undefined, note: null, targetSets: d === 1 && s === 0 ? 25 : slot.targetSets })),
    })),
  };
  t.match(await refusalOf(env, context, 'PATCH', `/api/plans/${id}`, tooMany), /targetSets: Too big: expected number to be <=20$/, 'the API names the field and its bound');
  t.equal(await page.getByRole('alert').innerText(), 'The number of sets must be at most 20.', '25 sets refused in words, from the API’s field and bound');

  await page.getByLabel('Day 2 exercise 1 sets').fill('4');
  await page.getByLabel('Day 2 exercise 1 reps to').fill('10');
  await page.getByRole('button', { name: 'Move Day 2 up' }).click();
  await page.getByRole('button', { name: 'Remove Day 3' }).click();
  await page.getByRole('button', { name: 'Remove Day 2 exercise 1' }).click();
  await page.getByRole('button', { name: 'Save the plan' }).click();
  await page.getByText('My split is saved.').waitFor();
  const second = await serverGet<ServerPlan>(env, context, `/api/plans/${id}`);
  t.same(
    shape(second),
    [
      ['Push', ['Bench Press 4×8-10', 'Squat 2×8-12']],
      ['Legs', []],
    ],
    'the edited slot, Push moved first, Spare and Legs’ squat removed',
  );
  t.equal(second.days[0]?.id, first.days[1]?.id, 'the moved day keeps its id');
  t.equal(second.days[0]?.slots[0]?.id, first.days[1]?.slots[0]?.id, 'the edited slot keeps its id');
});

t.test('plates per side from the workout; cardio machines and sessions, a refusal in the API’s words', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'cardio');
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  await page.getByLabel('Add an exercise').fill('Bench');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Bench set 1 weight (kg)').fill('60');
  await page.getByLabel('Bench set 1 reps').fill('5');
  await page.getByRole('button', { name: 'Tick Bench set 1', exact: true }).click();
  await page.getByRole('link', { name: 'Plate calculator' }).click();
  t.equal(await page.getByLabel('Target weight (kg)').inputValue(), '60', 'the calculator opens on the weight of the set at hand');
  t.same(await plates(page, 'Makes 60 kg exactly.'), ['Each side: 20 kg', 'Makes 60 kg exactly.']);
  await page.getByLabel('Target weight (kg)').fill('1000000');
  t.same(await plates(page, 'That is more than a set can hold: the calculator works up to 1,000 kg.'), ['That is more than a set can hold: the calculator works up to 1,000 kg.'], 'an absurd target gets a sentence');
  await page.getByLabel('Target weight (kg)').fill('100');
  t.same(await plates(page, 'Makes 100 kg exactly.'), ['Each side: 25 + 15 kg', 'Makes 100 kg exactly.'], '100 kg on the 20 kg bar');
  await page.getByLabel('Target weight (kg)').fill('101');
  t.same(await plates(page, '100 kg loaded: 1 kg short of 101 kg, the nearest these plates make.'), ['Each side: 25 + 15 kg', '100 kg loaded: 1 kg short of 101 kg, the nearest these plates make.'], '101 kg cannot be made');
  await page.getByLabel('Target weight (kg)').fill('100');
  await page.getByLabel('Bar weight (kg)').fill('15');
  t.same(await plates(page, 'Each side: 25 + 15 + 2.5 kg'), ['Each side: 25 + 15 + 2.5 kg', 'Makes 100 kg exactly.'], 'a 15 kg bar');
  t.same(await checkScreen(page, 'plates'), []);

  await navTo(page, 'Cardio');
  for (const name of ['Treadmill', 'Bike']) {
    await page.getByLabel('New machine').fill(name);
    await page.getByRole('button', { name: 'Add machine' }).click();
    await page.getByText(`${name} is added.`).waitFor();
  }
  await page.getByLabel('New name for Bike').fill('Spin bike');
  await page.getByRole('button', { name: 'Rename' }).first().click();
  await page.getByText('Bike is now Spin bike.').waitFor();
  t.same((await serverGet<{ name: string }[]>(env, context, '/api/cardio/machines')).map((each) => each.name), ['Spin bike', 'Treadmill']);

  await page.getByLabel('Machine', { exact: true }).selectOption({ label: 'Treadmill' });
  await page.getByLabel('Minutes (0.5 to 1440)').fill('2000');
  await page.getByRole('button', { name: 'Log the session' }).click();
  const treadmill = (await serverGet<{ id: string; name: string }[]>(env, context, '/api/cardio/machines')).find((each) => each.name === 'Treadmill')!;
  const date = await page.getByLabel('Date').inputValue();
  const refused = await refusalOf(env, context, 'POST', '/api/cardio/logs', { machineId: treadmill.id, date, minutes: 2000, distanceKm: null, calories: null, level: null });
  t.equal(refused, 'body.minutes: Too big: expected number to be <=1440', 'the API names the field and its bound');
  t.equal(await page.getByRole('alert').innerText(), 'The minutes must be at most 1,440.', '2000 minutes refused in words');
  await page.getByLabel('Minutes (0.5 to 1440)').fill('30');
  await page.getByLabel('Distance in km (optional, up to 1000)').fill('5.2');
  await page.getByLabel('Calories (optional, a whole number up to 20000)').fill('310');
  await page.getByRole('button', { name: 'Log the session' }).click();
  await page.getByTestId('cardio-log').waitFor();
  type Log = { id: string; machineName: string; date: string; minutes: number; distanceKm: number | null; calories: number | null; level: number | null };
  const [logged] = await serverGet<Log[]>(env, context, '/api/cardio/logs');
  t.match(logged, { machineName: 'Treadmill', date, minutes: 30, distanceKm: 5.2, calories: 310, level: null }, 'the session is stored as typed');
  t.same(await checkScreen(page, 'cardio'), []);
  await page.setViewportSize(DESKTOP.viewport!);
  t.same(await checkScreen(page, 'cardio-desktop'), [], 'and at 1280 px');
  await page.setViewportSize(PHONE.viewport!);

  await page.getByRole('button', { name: /^Edit / }).click();
  await page.getByLabel('Minutes (0.5 to 1440)').fill('35');
  await page.getByLabel('Distance in km (optional, up to 1000)').fill('');
  await page.getByRole('button', { name: 'Save the changes' }).click();
  await page.getByText('Session changed.').waitFor();
  const [changed] = await serverGet<Log[]>(env, context, '/api/cardio/logs');
  t.match(changed, { id: logged!.id, minutes: 35, distanceKm: null, calories: 310 }, 'edited: the distance cleared');

  await page.getByRole('button', { name: 'Delete Treadmill' }).click();
  t.equal(await page.getByRole('alert').innerText(), await refusalOf(env, context, 'DELETE', `/api/cardio/machines/${treadmill.id}`), 'a machine with a session: refused in the API’s words');
  await page.getByRole('button', { name: /^Delete .*Treadmill: 35 min/ }).click();
  await page.getByText('Session deleted.').waitFor();
  await page.getByRole('button', { name: 'Delete Treadmill' }).click();
  await page.getByText('Treadmill is deleted.').waitFor();
  t.same(await serverGet<unknown[]>(env, context, '/api/cardio/logs'), [], 'no session left');
  t.same((await serverGet<{ name: string }[]>(env, context, '/api/cardio/machines')).map((each) => each.name), ['Spin bike']);
});

t.test('export as real downloads; log out drops the sets still waiting, and the next account neither sends nor sees them', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'export');
  await serverSend(env, context, 'PUT', '/api/bodyweight', { date: '2026-11-02', kg: 81.5 });
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  const workoutId = workoutIdOf(page);
  await page.getByLabel('Add an exercise').fill('Squat');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Squat set 1 weight (kg)').fill('100');
  await page.getByLabel('Squat set 1 reps').fill('5');
  await page.getByRole('button', { name: 'Tick Squat set 1' }).click();
  await page.getByTestId('set-state').getByText('Saved').waitFor();

  await navTo(page, 'Settings');
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download JSON' }).click()]);
  t.equal(json.suggestedFilename(), 'gym-export.json');
  const exported = JSON.parse(await readFile((await json.path())!, 'utf8')) as { workouts: { sets: unknown[] }[]; bodyweights: unknown[] };
  t.same(exported, await serverGet(env, context, '/api/export'), 'the JSON file is the server’s export');
  t.equal(exported.workouts[0]?.sets.length, 1, 'with the set');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const csvText = await readFile((await csv.path())!, 'utf8');
  t.match(csvText, /^date,session_id,plan,day,exercise,code,set_number,weight_kg,reps,rpe,set_type,note,title\r\n/, 'the CSV names the unit');
  t.match(csvText, new RegExp(`,${workoutId},,,Squat,,1,100,5,,normal,,\\r\\n$`), 'one row for the set');
  t.same(await checkScreen(page, 'settings-export'), []);

  // two sets ticked while their requests find no network wait in the outbox
  const cookieOfA = (await context.cookies(env.origins.gym)).find((each) => each.name === 'gym_sid')!.value;
  await page.goto(`${env.origins.gym}/workout/${workoutId}`);
  await page.getByLabel('Squat set 1 reps').waitFor();
  let loggedOut = false;
  const sent: string[] = [];
  const setsPath = (url: URL) => url.pathname.endsWith('/sets');
  await page.route(setsPath, (route) => route.abort('internetdisconnected'));
  page.on('request', (request) => {
    if (loggedOut && request.method() === 'POST' && setsPath(new URL(request.url()))) sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Add a set of Squat' }).click();
  await page.getByRole('button', { name: 'Tick Squat set 2' }).click();
  await page.getByRole('button', { name: 'Add a set of Squat' }).click();
  await page.getByRole('button', { name: 'Tick Squat set 3' }).click();
  await page.getByRole('button', { name: '2 sets waiting to be sent; send now' }).waitFor();
  t.equal(await outboxCount(page), 2, 'two sets wait in the outbox');

  await navTo(page, 'Settings');
  const dialogs: string[] = [];
  // the question comes after the page has counted the outbox (IndexedDB): each answer waits for it,
  // so that the next click's question cannot meet a handler left over from this one
  const logOut = async (answer: 'accept' | 'dismiss') => {
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      dialogs.push(dialog.message());
      await dialog[answer]();
    });
    await page.getByRole('button', { name: 'Log out' }).click();
    await asked;
  };
  await logOut('dismiss');
  await page.getByRole('button', { name: '2 sets waiting to be sent; send now' }).waitFor();
  t.equal(await page.getByRole('heading', { name: 'Settings', level: 2 }).count(), 1, 'declined: still signed in, the sets still wait');
  await context.setOffline(true);
  await logOut('accept');
  t.equal(await page.getByRole('alert').innerText(), 'Not logged out: logging out needs a connection. Nothing was dropped.', 'with no network the server could not end the session: nothing is dropped');
  await page.getByRole('button', { name: '2 sets waiting to be sent; send now' }).waitFor();
  await context.setOffline(false);
  await logOut('accept');
  await page.getByRole('heading', { name: 'Log in', level: 2 }).waitFor();
  loggedOut = true;
  t.same(dialogs, Array(3).fill('2 sets not sent yet will be lost. Log out anyway?'), 'log out says what will be lost, each time');
  t.same(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('gym:'))), [], 'no copy of the account is kept');
  t.equal(await outboxCount(page), 0, 'the outbox on this phone is empty');

  const other = newEmail('next-person');
  await signUpOverHttp('gym', env.system.apps.gym!, { email: other, password: PASSWORD });
  await page.getByLabel('Email').fill(other);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
  // back online, the outbox is asked to send what it holds: it holds nothing
  await page.unroute(setsPath);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('button', { name: 'Start a workout' }).waitFor();
  t.equal(await outboxCount(page), 0, 'the outbox on this phone is still empty');
  t.equal(await headerBadge(page).innerText(), 'Saved', 'nothing waits for the next person');
  t.same(sent, [], 'nothing was sent after logging out');
  t.same(await serverGet(env, context, '/api/sessions'), [], 'the next account holds no workout');
  const a = await env.system.apps.gym!.inject({ method: 'GET', url: `/api/sessions/${workoutId}`, headers: { cookie: `gym_sid=${cookieOfA}` } });
  t.equal(a.statusCode, 401, 'the first account was signed out on the server too');
});

t.test('a session that ended without a log out here: the next account to sign in on the phone neither sends nor sees the sets left waiting', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'expired');
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByLabel('Add an exercise').fill('Deadlift');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const setsPath = (url: URL) => url.pathname.endsWith('/sets');
  await page.route(setsPath, (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Deadlift set 1 weight (kg)').fill('140');
  await page.getByLabel('Deadlift set 1 reps').fill('3');
  await page.getByRole('button', { name: 'Tick Deadlift set 1' }).click();
  await page.getByRole('button', { name: '1 set waiting to be sent; send now' }).waitFor();

  await context.clearCookies();
  await page.reload();
  await page.getByRole('heading', { name: 'Log in', level: 2 }).waitFor();
  const other = newEmail('after-expiry');
  await signUpOverHttp('gym', env.system.apps.gym!, { email: other, password: PASSWORD });
  await page.getByLabel('Email').fill(other);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && setsPath(new URL(request.url()))) sent.push(request.url());
  });
  await page.unroute(setsPath);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByRole('button', { name: 'Start a workout' }).waitFor();
  await headerBadge(page).getByText('Saved', { exact: true }).waitFor();
  t.equal(await outboxCount(page), 0, 'the outbox is emptied when another account signs in');
  t.same(sent, [], 'the first account’s set was not sent with the second one’s session');
});
