// Issue 32, the gym from the lifter's side: a basement with no signal and a second phone. A workout
// starts and is ticked with no network, survives a reload with no network, and reaches the server
// exactly once on reconnect with the earlier saved sets shown throughout; a second phone continues
// today's workout instead of starting another; a tick that lost to a later one from another phone
// is not written over it, and its phone says so; a set is deleted offline and brought back.
import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { startBrowserSystem } from '../../testing/browser.ts';
import { logIn, navTo, serverGet, type ServerSet, signUp, untilWorkout, workoutIdOf } from '../../testing/gym.ts';

/** the app's save badge in the header (a screen may have its own, as Settings does) */
const headerBadge = (page: Page) => page.getByRole('banner').getByTestId('save-state');

const env = await startBrowserSystem(t);

const row = (page: Page, exercise: string, set: number) => page.getByTestId('set-row').filter({ has: page.getByLabel(`${exercise} set ${set} reps`) });
const stateOf = (page: Page, exercise: string, set: number) => row(page, exercise, set).getByTestId('set-state');

async function tick(page: Page, exercise: string, set: number, weight: string, reps: string): Promise<void> {
  await page.getByLabel(`${exercise} set ${set} weight (kg)`).fill(weight);
  await page.getByLabel(`${exercise} set ${set} reps`).fill(reps);
  await page.getByRole('button', { name: `Tick ${exercise} set ${set}`, exact: true }).click();
}

const summary = (sets: readonly ServerSet[]) =>
  sets
    .map((set) => `${set.exerciseName} #${set.setNumber} ${set.kg}×${set.reps}`)
    .sort()
    .join(', ');

/** Signs up, takes the 5×5 template and lets the service worker hold the shell, so the app opens with no network. */
async function lifter(context: BrowserContext, what: string): Promise<{ page: Page; email: string }> {
  const signed = await signUp(env, context, what);
  const { page } = signed;
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await navTo(page, 'Plans');
  await page.getByRole('button', { name: 'Use 5×5' }).click();
  await page.getByText('Next: Day 1: A').waitFor();
  return signed;
}

t.test('no signal from the start: start Day 1, tick, reload offline, reconnect: exactly those sets on the server', async (t) => {
  const context = await env.phone();
  const { page } = await lifter(context, 'basement');
  await context.setOffline(true);
  await page.reload();
  await page.getByText('Offline: showing the last copy kept on this phone.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Start Day 1: A' }).click();
  await page.getByRole('heading', { name: /5×5: Day 1 A/ }).waitFor();
  const id = workoutIdOf(page);
  await page.getByText('Started on this phone: the server gets it with the first signal.').waitFor();
  await tick(page, 'Squat', 1, '60', '5');
  await stateOf(page, 'Squat', 1).getByText('Queued: will send').waitFor();
  await tick(page, 'Squat', 2, '60', '5');
  await stateOf(page, 'Squat', 2).getByText('Queued: will send').waitFor();

  await page.reload();
  await page.getByRole('heading', { name: /5×5: Day 1 A/ }).waitFor();
  for (const set of [1, 2]) await stateOf(page, 'Squat', set).getByText('Queued: will send').waitFor();
  t.equal(await page.getByLabel('Squat set 2 reps').inputValue(), '5', 'the ticks made offline are shown after an offline reload');

  await context.setOffline(false);
  await headerBadge(page).getByText('Saved', { exact: true }).waitFor();
  for (const set of [1, 2]) await stateOf(page, 'Squat', set).getByText('Saved').waitFor();
  const sets = await untilWorkout(env, context, id, (sets) => sets.length >= 2);
  t.equal(summary(sets), 'Squat #1 60×5, Squat #2 60×5', 'the server has exactly the sets ticked offline, under the id the phone made');
  await page.getByText('Started on this phone', { exact: false }).waitFor({ state: 'detached' });
});

t.test('saved sets stay shown through an offline reload; offline ticks join them on reconnect', async (t) => {
  const context = await env.phone();
  const { page } = await lifter(context, 'tunnel');
  await page.getByRole('button', { name: 'Start Day 1: A' }).click();
  await page.getByLabel('Squat set 1 reps').waitFor();
  const id = workoutIdOf(page);
  await tick(page, 'Squat', 1, '80', '5');
  await stateOf(page, 'Squat', 1).getByText('Saved').waitFor();
  await tick(page, 'Squat', 2, '80', '5');
  await stateOf(page, 'Squat', 2).getByText('Saved').waitFor();

  await context.setOffline(true);
  await page.reload();
  for (const set of [1, 2]) await stateOf(page, 'Squat', set).getByText('Saved').waitFor();
  t.equal(await page.getByLabel('Squat set 1 weight (kg)').inputValue(), '80', 'a set confirmed before the signal went is shown with its numbers');
  await tick(page, 'Squat', 3, '82.5', '4');
  await stateOf(page, 'Squat', 3).getByText('Queued: will send').waitFor();
  await context.setOffline(false);
  await headerBadge(page).getByText('Saved', { exact: true }).waitFor();
  await stateOf(page, 'Squat', 3).getByText('Saved').waitFor();
  for (const set of [1, 2]) await stateOf(page, 'Squat', set).getByText('Saved').waitFor();
  t.equal(summary(await untilWorkout(env, context, id, (sets) => sets.length >= 3)), 'Squat #1 80×5, Squat #2 80×5, Squat #3 82.5×4');
});

t.test('a second phone continues today’s workout; an older offline tick does not overwrite a later one, and its phone is told', async (t) => {
  const phoneA = await env.phone();
  const { page: a, email } = await lifter(phoneA, 'two-phones');
  await a.getByRole('button', { name: 'Start Day 1: A' }).click();
  await a.getByLabel('Bench Press set 1 reps').waitFor();
  const id = workoutIdOf(a);
  await tick(a, 'Bench Press', 1, '50', '8');
  await stateOf(a, 'Bench Press', 1).getByText('Saved').waitFor();
  await tick(a, 'Bench Press', 2, '50', '8');
  await stateOf(a, 'Bench Press', 2).getByText('Saved').waitFor();

  const phoneB = await env.phone();
  const b = await logIn(env, phoneB, email);
  await b.getByRole('button', { name: 'Continue today’s workout' }).click();
  t.equal(workoutIdOf(b), id, "the second phone opens today's workout, not a new one");
  t.equal(await b.getByRole('button', { name: /^Start Day/ }).count(), 0);
  await stateOf(b, 'Bench Press', 2).getByText('Saved').waitFor();

  await phoneA.setOffline(true);
  await tick(a, 'Bench Press', 3, '50', '8');
  await stateOf(a, 'Bench Press', 3).getByText('Queued: will send').waitFor();
  await tick(b, 'Bench Press', 3, '55', '6');
  await stateOf(b, 'Bench Press', 3).getByText('Saved').waitFor();
  await phoneA.setOffline(false);
  await a.getByTestId('sync-notice').getByText('Set 3 of Bench Press was changed on another device after your 50 kg × 8: it keeps 55 kg × 6.').waitFor({ timeout: 20_000 });
  await a.waitForFunction(() => document.querySelector<HTMLInputElement>('input[aria-label="Bench Press set 3 weight (kg)"]')?.value === '55');
  t.equal(await a.getByLabel('Bench Press set 3 reps').inputValue(), '6', 'the phone whose tick lost shows the server’s value');
  const sets = await untilWorkout(env, phoneA, id, (sets) => sets.length === 3);
  t.equal(summary(sets), 'Bench Press #1 50×8, Bench Press #2 50×8, Bench Press #3 55×6', 'the later tick stays on the server');
  await a.getByTestId('sync-notice').getByRole('button', { name: 'OK' }).click();
  await a.getByTestId('sync-notice').waitFor({ state: 'detached' });
});

t.test('a set deleted with no signal leaves the server on reconnect; a deletion can be undone; ✕ is far from ✓', async (t) => {
  const context = await env.phone();
  const { page } = await lifter(context, 'undo');
  await page.getByRole('button', { name: 'Start Day 1: A' }).click();
  await page.getByLabel('Squat set 1 reps').waitFor();
  const id = workoutIdOf(page);
  // each set saved before the next is typed, as at the rack: a row's suggestion follows the set above
  // when its answer comes, and typing into it at that very moment is another test's subject
  for (const set of [1, 2, 3]) {
    await tick(page, 'Squat', set, '70', '5');
    await stateOf(page, 'Squat', set).getByText('Saved').waitFor();
  }
  await untilWorkout(env, context, id, (sets) => sets.length === 3);

  const box = async (name: string) => (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  const [cross, check] = [await box('Delete Squat set 1'), await box('Tick Squat set 1')];
  t.ok(check.x - (cross.x + cross.width) > 150, 'the weight and reps fields lie between ✕ and ✓');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Delete Squat set 3' }).click();
  await page.getByTestId('undo-delete').getByText('Deleted set 3 of Squat.').waitFor();
  await page.getByRole('button', { name: 'Delete Squat set 2' }).click();
  await page.getByTestId('undo-delete').getByRole('button', { name: 'Undo' }).click();
  await stateOf(page, 'Squat', 2).getByText('Queued: will send').waitFor();
  await context.setOffline(false);
  await headerBadge(page).getByText('Saved', { exact: true }).waitFor({ timeout: 20_000 });
  const sets = await untilWorkout(env, context, id, (sets) => sets.length === 2);
  t.equal(summary(sets), 'Squat #1 70×5, Squat #2 70×5', 'the deleted set is gone, the one brought back stays');
  const workout = await serverGet<{ sets: ServerSet[] }>(env, context, `/api/sessions/${id}`);
  t.equal(workout.sets.length, 2);
});
