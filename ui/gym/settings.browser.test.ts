// Settings in the gym app (issue 14): pounds with 0.45359237 kg/lb exactly (135 lb typed is 135 lb
// shown again), the accent colour and the dark theme applied at once and kept, the rest timer's
// length after a tick; and a set whose answer comes after the 10 s deadline is queued and then
// stored once.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startBrowserSystem } from '../testing/browser.ts';
import { checkScreen, serverGet, signUp, untilWorkout, workoutIdOf } from '../testing/gym.ts';

const env = await startBrowserSystem(t);

const accent = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
const saved = (page: Page) => page.getByTestId('save-state').getByText(/^Saved \d/).waitFor();

async function freeWorkoutWith(page: Page, exercise: string): Promise<string> {
  await page.getByRole('link', { name: 'Today' }).click();
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  await page.getByLabel('Add an exercise').fill(exercise);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('heading', { name: exercise, level: 3 }).waitFor();
  return workoutIdOf(page);
}

t.test('pounds: 135 lb is stored as 135 × 0.45359237 kg and shown as 135 lb again; accent, theme and rest timer apply at once', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'settings');
  await page.getByRole('link', { name: 'Settings' }).click();
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
  await page.getByLabel('Rest between sets (seconds; 0 for no timer)').fill('30');
  await page.getByRole('button', { name: 'Save rest' }).click();
  await saved(page);
  const me = await serverGet<{ settings: Record<string, unknown> }>(env, context, '/api/me');
  t.match(me.settings, { unit: 'lb', accent: 'purple', appearance: 'dark', restTimerSec: 30 }, 'the server holds every setting');
  await page.reload();
  await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
  t.equal(await accent(page), '#6d28d9', 'the accent is kept over a reload');
  t.equal(await page.evaluate(() => document.documentElement.dataset['theme']), 'dark', 'so is the theme');

  const id = await freeWorkoutWith(page, 'Bench Press');
  await page.getByLabel('Bench Press set 1 weight (lb)').fill('135');
  await page.getByLabel('Bench Press set 1 reps').fill('5');
  await page.getByRole('button', { name: 'Tick Bench Press set 1' }).click();
  await page.getByTestId('rest-timer').getByText(/^Rest 0:(30|29|28)$/).waitFor();
  t.pass('the rest timer runs for the 30 s chosen');
  const [set] = await untilWorkout(env, context, id, (sets) => sets.length === 1);
  t.equal(set?.kg, 135 * 0.45359237, 'stored in kilograms, converted with 0.45359237 exactly');
  await page.reload();
  await page.getByTestId('set-row').getByText('Saved').waitFor();
  t.equal(await page.getByLabel('Bench Press set 1 weight (lb)').inputValue(), '135', '135 lb comes back as 135 lb');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Kilograms (kg)').check();
  await saved(page);
  await page.getByRole('link', { name: 'Today' }).click();
  await page.goto(`${env.origins.gym}/workout/${id}`);
  t.equal(await page.getByLabel('Bench Press set 1 weight (kg)').inputValue(), '61.235', 'in kilograms it reads 61.235 kg');
});

t.test('a set answered after the 10 s deadline is queued, then stored once', async (t) => {
  // the page's own requests, not the service worker's, so that the test can delay the answer
  const context = await env.phone({ serviceWorkers: 'block' });
  const { page } = await signUp(env, context, 'deadline');
  const id = await freeWorkoutWith(page, 'Squat');
  let posts = 0;
  let late = true;
  await page.route(
    (url) => url.pathname === `/api/sessions/${id}/sets`,
    async (route) => {
      posts += 1;
      if (!late) return route.continue();
      late = false;
      // the server takes the set; its answer reaches the phone only after the deadline
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      await route.fulfill({ response }).catch(() => undefined);
    },
  );
  await page.getByLabel('Squat set 1 weight (kg)').fill('80');
  await page.getByLabel('Squat set 1 reps').fill('8');
  await page.getByRole('button', { name: 'Tick Squat set 1' }).click();
  await page.getByTestId('set-row').getByText('Saving…').waitFor();
  await page
    .getByTestId('set-row')
    .getByText('Queued: will send')
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the row says ${await page.getByTestId('set-row').innerText()}; ${posts} posts`);
    });
  t.pass('no answer within 10 s: queued');
  await page.getByRole('button', { name: '1 set waiting to be sent; send now' }).click();
  await page.getByTestId('set-row').getByText('Saved').waitFor();
  const sets = await untilWorkout(env, context, id, (sets) => sets.length >= 1);
  t.same(
    sets.map((set) => [set.setNumber, set.kg, set.reps]),
    [[1, 80, 8]],
    'stored once',
  );
  t.equal(posts, 2, 'sent late once, then once more from the outbox');
  await page.getByTestId('outbox-badge').waitFor({ state: 'detached' });
});
