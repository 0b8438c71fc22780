// Settings in the gym app (issue 14): pounds with 0.45359237 kg/lb exactly (135 lb typed is 135 lb
// shown again), the accent colour and the dark theme applied at once and kept, the rest timer's
// length after a tick; and a set whose answer comes after the 10 s deadline is queued and then
// stored once.
import t from 'tap';
import type { Page } from 'playwright-core';
import { until } from '../../../testing/until.ts';
import { startBrowserSystem } from '../../testing/browser.ts';
import { DEADLINE_MS } from '../../shared/api.ts';
import { checkScreen, navTo, PASSWORD, serverGet, type ServerSet, signUp, untilWorkout, workoutIdOf } from '../../testing/gym.ts';

/** the app's save badge in the header (a screen may have its own, as Settings does) */
const headerBadge = (page: Page) => page.getByRole('banner').getByTestId('save-state');

const env = await startBrowserSystem(t);

const accent = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
const saved = (page: Page) => page.getByTestId('save-state').getByText(/^Saved \d/).waitFor();

async function freeWorkoutWith(page: Page, exercise: string): Promise<string> {
  await navTo(page, 'Today');
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  await page.getByLabel('Add an exercise').fill(exercise);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('heading', { name: exercise, level: 3 }).waitFor();
  return workoutIdOf(page);
}

t.test('pounds: 135 lb is stored as 135 × 0.45359237 kg and shown as 135 lb again; accent, theme and rest timer apply at once', async (t) => {
  const context = await env.phone();
  const { page, email } = await signUp(env, context, 'settings');
  await navTo(page, 'Settings');
  await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
  t.same(await checkScreen(page, 'settings'), []);

  await page.getByLabel('Pounds (lb)').check();
  await saved(page);
  await page.getByLabel('Purple').check();
  t.equal(await accent(page), '#6d28d9', 'the accent applies at once');
  await saved(page);
  await page.getByLabel('Dark').check();
  t.equal(await page.evaluate(() => document.documentElement.dataset['theme']), 'dark', 'the dark theme applies at once');
  t.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(17, 19, 24)', 'and is drawn');
  await page.getByLabel('Rest between sets (seconds; 0 for no timer)').fill('');
  await page.getByRole('button', { name: 'Save rest' }).click();
  await page.getByText('Rest timer: type the seconds of rest, or 0 for no timer.').waitFor();
  t.pass('an emptied rest field is refused, not taken as 0 (no timer)');
  await page.getByLabel('Rest between sets (seconds; 0 for no timer)').fill('30');
  t.equal(await page.getByText('Rest timer: type the seconds of rest, or 0 for no timer.').count(), 0, 'the message goes once the field is typed in again');
  await page.getByRole('button', { name: 'Save rest' }).click();
  await saved(page);
  // "Saved" may still be the dark theme's: the server is asked until the rest has landed
  const me = await until('the rest of 30 s on the server', async () => {
    const read = await serverGet<{ settings: Record<string, unknown> }>(env, context, '/api/me');
    return read.settings['restTimerSec'] === 30 && read;
  });
  t.match(me.settings, { unit: 'lb', accent: 'purple', appearance: 'dark', restTimerSec: 30 }, 'the server holds every setting');
  await page.reload();
  await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
  t.equal(await accent(page), '#6d28d9', 'the accent is kept over a reload');
  t.equal(await page.evaluate(() => document.documentElement.dataset['theme']), 'dark', 'so is the theme');

  // another phone: the account's theme is there at sign-in, and its header button changes the account's
  const other = await env.phone();
  const second = await other.newPage();
  await second.goto(`${env.origins.gym}/login`);
  await second.getByLabel('Email').fill(email);
  await second.getByLabel('Password').fill(PASSWORD);
  await second.getByRole('button', { name: 'Log in' }).click();
  await second.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
  await second.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
  t.pass('a phone signing in shows the dark theme saved with the account');
  await second.getByRole('button', { name: 'Theme: dark' }).click();
  await second.waitForFunction(() => document.documentElement.dataset['theme'] === 'light');
  await until('the light theme on the server', async () => (await serverGet<{ settings: { appearance: string } }>(env, other, '/api/me')).settings.appearance === 'light');
  t.pass('its header button saved light with the account');
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'light');
  t.pass('and the first phone follows at its next load');
  await other.close();

  const id = await freeWorkoutWith(page, 'Bench Press');
  await page.getByLabel('Bench Press set 1 weight (lb)').fill('135');
  await page.getByLabel('Bench Press set 1 reps').fill('5');
  await page.getByRole('button', { name: 'Tick Bench Press set 1' }).click();
  // 0:30 to 0:10, counting down: a loaded machine may take seconds to look, and 90 s would read 1:xx
  await page.getByTestId('rest-timer').getByText(/^Rest 0:([12]\d|30)$/).waitFor();
  t.pass('the rest timer runs for the 30 s chosen');
  const [set] = await untilWorkout(env, context, id, (sets) => sets.length === 1);
  t.equal(set?.kg, 135 * 0.45359237, 'stored in kilograms, converted with 0.45359237 exactly');
  await page.reload();
  await page.getByTestId('set-row').getByText('Saved').waitFor();
  t.equal(await page.getByLabel('Bench Press set 1 weight (lb)').inputValue(), '135', '135 lb comes back as 135 lb');
  await navTo(page, 'Settings');
  await page.getByLabel('Kilograms (kg)').check();
  await saved(page);
  await navTo(page, 'Today');
  await page.goto(`${env.origins.gym}/workout/${id}`);
  t.equal(await page.getByLabel('Bench Press set 1 weight (kg)').inputValue(), '61.235', 'in kilograms it reads 61.235 kg');
});

t.test('issue 35: a set of 100 kg ticked again unchanged in pounds is stored as 100 kg, not 99.99988', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'retick');
  const id = await freeWorkoutWith(page, 'Squat');
  await page.getByLabel('Squat set 1 weight (kg)').fill('100');
  await page.getByLabel('Squat set 1 reps').fill('5');
  await page.getByRole('button', { name: 'Tick Squat set 1' }).click();
  const [first] = await untilWorkout(env, context, id, (sets) => sets.length === 1);
  t.equal(first?.kg, 100);

  await navTo(page, 'Settings');
  await page.getByLabel('Pounds (lb)').check();
  await saved(page);
  await page.goto(`${env.origins.gym}/workout/${id}`);
  await page.getByTestId('set-row').getByText('Saved').waitFor();
  t.equal(await page.getByLabel('Squat set 1 weight (lb)').inputValue(), '220.462', '100 kg reads 220.462 lb');
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/sessions/${id}/sets`);
  await page.getByRole('button', { name: 'Tick Squat set 1' }).click();
  const sent = (await answered).request().postDataJSON() as { kg: number; reps: number };
  t.same([sent.kg, sent.reps], [100, 5], 'the unchanged weight is sent as stored');
  const [set] = await serverGet<{ sets: ServerSet[] }>(env, context, `/api/sessions/${id}`).then((workout) => workout.sets);
  t.equal(set?.kg, 100, 'the server holds exactly 100 kg');
  t.equal(await page.getByLabel('Squat set 1 weight (lb)').inputValue(), '220.462');
});

t.test('a set answered after the 10 s deadline is queued, then stored once', async (t) => {
  // the page's own requests, not the service worker's, so that the test can delay the answer
  const context = await env.phone({ serviceWorkers: 'block' });
  // the deadline passes on the page's clock, which the test moves
  await context.clock.install();
  const { page } = await signUp(env, context, 'deadline');
  const id = await freeWorkoutWith(page, 'Squat');
  // the first tick reaches the server, but its answer is held until the page's deadline has passed;
  // retries find no network until the test lets them through
  let reached = 0;
  let network = false;
  let first = true;
  let stored = () => {};
  const reachedServer = new Promise<void>((resolve) => (stored = resolve));
  let answerLate = () => {};
  const late = new Promise<void>((resolve) => (answerLate = resolve));
  await page.route(
    (url) => url.pathname === `/api/sessions/${id}/sets`,
    async (route) => {
      if (first) {
        first = false;
        reached += 1;
        const response = await route.fetch();
        stored();
        await late;
        return route.fulfill({ response }).catch(() => undefined);
      }
      if (!network) return route.abort('internetdisconnected');
      reached += 1;
      return route.continue();
    },
  );
  await page.getByLabel('Squat set 1 weight (kg)').fill('80');
  await page.getByLabel('Squat set 1 reps').fill('8');
  await page.getByRole('button', { name: 'Tick Squat set 1' }).click();
  await page.getByTestId('set-row').getByText('Saving…').waitFor();
  await reachedServer;
  await page.clock.fastForward(DEADLINE_MS);
  await page
    .getByTestId('set-row')
    .getByText('Queued: will send')
    .waitFor()
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the rows say ${(await page.getByTestId('set-row').allInnerTexts()).join(' | ')}`);
    });
  t.pass('no answer within 10 s: queued');
  // the answer comes after the deadline: the page has given up on it
  answerLate();
  network = true;
  // a tap sends it now; the 8 s retry may get there first, and then the button is gone: either way
  // it is saved, once
  const saved = page.getByTestId('set-row').getByText('Saved').waitFor();
  await Promise.race([page.getByRole('button', { name: '1 set waiting to be sent; send now' }).click().catch(() => saved), saved]);
  await saved;
  const sets = await untilWorkout(env, context, id, (sets) => sets.length >= 1);
  t.same(
    sets.map((set) => [set.setNumber, set.kg, set.reps]),
    [[1, 80, 8]],
    'stored once',
  );
  t.equal(reached, 2, 'the server had it twice: the late one and the retry, the same upsert');
  await headerBadge(page).getByText('Saved', { exact: true }).waitFor();
});

t.test('change the password (a wrong one refused in the API’s words), then delete the account with the password', async (t) => {
  const context = await env.phone();
  const { page, email } = await signUp(env, context, 'account');
  await navTo(page, 'Settings');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('another-long-passphrase');
  await page.getByRole('button', { name: 'Change the password' }).click();
  const wrong = await env.system.apps.gym!.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': '203.0.113.40' }, payload: { email, password: 'not-my-password' } });
  t.equal(await page.getByRole('alert').innerText(), (wrong.json() as { message: string }).message, 'refused in the API’s words');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await page.getByText('Password changed. Your other devices are signed out.').waitFor();
  const login = await env.system.apps.gym!.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': '203.0.113.41' }, payload: { email, password: 'another-long-passphrase' } });
  t.equal(login.statusCode, 200, 'the new password logs in');
  t.same(await checkScreen(page, 'settings-account'), []);

  await page.getByLabel('Your password, to confirm').fill('another-long-passphrase');
  await page.getByRole('button', { name: 'Delete my account and everything in it' }).click();
  await page.getByRole('heading', { name: 'Log in', level: 2 }).waitFor();
  const gone = await env.system.apps.gym!.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': '203.0.113.42' }, payload: { email, password: 'another-long-passphrase' } });
  t.equal(gone.statusCode, 401, 'the account is gone');
});
