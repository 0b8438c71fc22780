// A workout at the rack (issue 14): sign up → plan from a template → start today → tick sets, each
// sent at once and shown saved; with the network cut they wait in the outbox (the badge counts
// them), survive a reload with no network, and reach the server once each on reconnect. Then a
// correction, a deletion, an added exercise, finish and reopen.
import t from 'tap';
import type { Page } from 'playwright-core';
import { phoneSignals, recordPhoneSignals, startBrowserSystem, untilPhoneSignals } from '../../testing/browser.ts';
import { checkScreen, navTo, nextWorkoutRead, serverGet, serverSend, type ServerSet, signUp, untilWorkout, workoutIdOf, workoutOnServer } from '../../testing/gym.ts';
import { localDate } from '../model.ts';

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

/** A 90 s rest begun within the last 30 s; an exact second would fail whenever the machine is slow to look. */
const RESTING_90 = /^Rest 1:([0-2]\d|30)$/;

const summary = (sets: readonly ServerSet[]) =>
  sets
    .map((set) => `${set.exerciseName} #${set.setNumber} ${set.kg}×${set.reps}`)
    .sort()
    .join(', ');

t.test('template plan, today, three ticks saved; offline ticks queued, kept over an offline reload, sent once on reconnect', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'rack');
  // the service worker must hold the shell before the network goes
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await navTo(page, 'Plans');
  await page.getByRole('button', { name: 'Use 5×5' }).waitFor();
  t.same(await checkScreen(page, 'plans-empty'), []);
  await page.getByRole('button', { name: 'Use 5×5' }).click();
  await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
  await page.getByText('Next: Day 1: A').waitFor();
  t.equal(await page.getByTestId('week').innerText(), 'Trained 0 of 3 days this week');
  const plans = await serverGet<{ name: string; active: boolean; days: { title: string; slots: unknown[] }[] }[]>(env, context, '/api/plans');
  t.same(
    plans.map((plan) => [plan.name, plan.active, plan.days.map((day) => `${day.title}:${day.slots.length}`)]),
    [['5×5', true, ['A:3', 'B:3']]],
    'one tap made the active plan with its days',
  );
  t.same(await checkScreen(page, 'today'), []);

  await page.getByRole('button', { name: 'Start Day 1: A' }).click();
  await page.getByRole('heading', { name: /5×5: Day 1 A/ }).waitFor();
  const id = workoutIdOf(page);
  await page.getByLabel('Squat set 1 reps').waitFor();
  const workout = await workoutOnServer<{ date: string }>(env, context, id);
  t.equal(workout.date, localDate(new Date()), "the workout is dated by the phone's calendar");
  t.equal(await page.getByTestId('set-row').count(), 5 + 5 + 5, 'five rows for each of squat, bench press, barbell row');

  await tick(page, 'Squat', 1, '100', '5');
  await stateOf(page, 'Squat', 1).getByText('Saved').waitFor();
  await page.getByTestId('rest-timer').getByText(RESTING_90).waitFor();
  t.pass('the rest timer runs after a tick (90 s by default)');
  await tick(page, 'Squat', 2, '100', '5');
  await tick(page, 'Squat', 3, '102,5', '4');
  await stateOf(page, 'Squat', 3).getByText('Saved').waitFor();
  t.same(await checkScreen(page, 'workout'), []);
  await page.reload();
  for (const set of [1, 2, 3]) await stateOf(page, 'Squat', set).getByText('Saved').waitFor();
  t.equal(await page.getByLabel('Squat set 3 weight (kg)').inputValue(), '102.5', 'the reloaded page shows what was stored');
  t.equal(summary(await untilWorkout(env, context, id, (sets) => sets.length === 3)), 'Squat #1 100×5, Squat #2 100×5, Squat #3 102.5×4', 'the server holds the three sets');

  // the set numbers of the ticks that reached the server and were answered; tries cut off by the
  // network do not count, however many the outbox made while offline
  const delivered: number[] = [];
  page.on('requestfinished', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/sessions/${id}/sets`) {
      delivered.push((request.postDataJSON() as { setNumber: number }).setNumber);
    }
  });
  await context.setOffline(true);
  await tick(page, 'Squat', 4, '102.5', '4');
  await tick(page, 'Squat', 5, '102.5', '3');
  await stateOf(page, 'Squat', 5).getByText('Queued: will send').waitFor();
  await stateOf(page, 'Squat', 4).getByText('Queued: will send').waitFor();
  await page.getByRole('button', { name: '2 sets waiting to be sent; send now' }).waitFor();
  t.same(await checkScreen(page, 'workout-queued'), []);

  await page.reload();
  await stateOf(page, 'Squat', 5).getByText('Queued: will send').waitFor();
  await page.getByText('Offline: showing the last copy kept on this phone.').waitFor();
  t.equal(await page.getByLabel('Squat set 5 reps').inputValue(), '3', 'the queued set is shown after a reload with no network');
  await page.getByRole('button', { name: '2 sets waiting to be sent; send now' }).waitFor();
  for (const set of [1, 2, 3]) await stateOf(page, 'Squat', set).getByText('Saved').waitFor();
  t.pass('the sets saved before are still shown saved, from the copy kept on the phone');

  await context.setOffline(false);
  await headerBadge(page).getByText('Saved', { exact: true }).waitFor();
  t.pass('the badge is gone: nothing waits');
  await stateOf(page, 'Squat', 5).getByText('Saved').waitFor();
  await stateOf(page, 'Squat', 4).getByText('Saved').waitFor();
  await page.getByText('Offline: showing the last copy kept on this phone.').waitFor({ state: 'detached' });
  t.pass('back online, the page no longer says it shows a kept copy');
  const sets = await untilWorkout(env, context, id, (sets) => sets.length >= 5);
  t.equal(summary(sets), 'Squat #1 100×5, Squat #2 100×5, Squat #3 102.5×4, Squat #4 102.5×4, Squat #5 102.5×3', 'every set stored once, none doubled');
  t.same([...delivered].sort((a, b) => a - b), [4, 5], 'each queued set was delivered once');

  await navTo(page, 'Today');
  await page.getByText('Trained 1 of 3 days this week').waitFor();

  // a slow connection: Today opens at once from the copy kept on the phone, then the answer replaces it
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const isHome = (url: URL) => url.pathname === '/api/home';
  await page.route(isHome, (route) => held.then(() => route.continue()));
  await serverSend(env, context, 'PATCH', '/api/settings', { weeklyGoal: 4 });
  await page.reload();
  await page.getByText('Trained 1 of 3 days this week').waitFor();
  t.pass('while the server has not answered, Today shows the last copy');
  answer();
  await page.getByText('Trained 1 of 4 days this week').waitFor();
  t.pass('and the answer refreshes it');
  await page.unroute(isHome);
  await page.getByRole('button', { name: 'Continue today’s workout' }).click();
  t.equal(workoutIdOf(page), id, "today's workout continues where it was");

  await navTo(page, 'History');
  await page.getByTestId('history-workout').first().waitFor();
  t.same(
    await page.getByTestId('history-workout').allInnerTexts(),
    [`${new Date().toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })}: 5×5: Day 1 A\n5 sets, 2,128 kg, not finished\nSquat`],
    'History lists the workout: its plan and day, 5 sets, 2,127.5 kg of volume rounded, and its exercises',
  );
  const link = await page.getByTestId('history-workout').getByRole('link').boundingBox();
  t.ok((link?.height ?? 0) >= 44, `its link is a thumb tall (${link?.height} px)`);
  t.match(await page.getByTestId('history-range').innerText(), /^1 workout since /);
  t.same(await checkScreen(page, 'history'), []);
  await page.getByRole('button', { name: 'Show 12 earlier weeks' }).click();
  await page.getByTestId('history-range').getByText(/^1 workout since /).waitFor();
  await page.getByTestId('history-workout').getByRole('link').click();
  t.equal(workoutIdOf(page), id, 'and opens it');
  t.equal(await page.getByRole('region', { name: 'Squat' }).getByTestId('slot-target').innerText(), '5 sets of 5 reps', "the plan slot's target is above its sets");

  // the next day has squats too: each row says what that set was last time
  await page.getByRole('button', { name: 'Finish workout' }).click();
  await page.getByRole('button', { name: 'Reopen workout' }).waitFor();
  await navTo(page, 'Today');
  await page.getByRole('button', { name: 'Start Day 2: B' }).click();
  await page.getByRole('heading', { name: /5×5: Day 2 B/ }).waitFor();
  await row(page, 'Squat', 5).getByTestId('set-last').waitFor();
  t.same(
    await page.getByRole('region', { name: 'Squat' }).getByTestId('set-last').allInnerTexts(),
    ['last: 100 × 5', 'last: 100 × 5', 'last: 102.5 × 4', 'last: 102.5 × 4', 'last: 102.5 × 3'],
    'last time, set by set',
  );
  t.equal(await page.getByRole('region', { name: 'Overhead Press' }).getByTestId('set-last').count(), 0, 'an exercise never done has no last time');
  t.same(await checkScreen(page, 'workout-last-time'), []);
});

t.test('correct a set, delete one, add an exercise, finish and reopen; the rest timer ends with a vibration and a tone', async (t) => {
  const context = await env.phone();
  await context.clock.install();
  await context.addInitScript(recordPhoneSignals);
  const { page } = await signUp(env, context, 'edits');
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  const id = workoutIdOf(page);
  t.equal(await page.getByTestId('set-row').count(), 0, 'a workout without a plan starts empty');

  await page.getByLabel('Add an exercise').fill('Face Pull');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('heading', { name: 'Face Pull', level: 3 }).waitFor();
  // the first save's answer is held until the lifter has started typing a correction
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route((url) => url.pathname === `/api/sessions/${id}/sets`, async (route) => held.then(() => route.continue()), { times: 1 });
  await tick(page, 'Face Pull', 1, '20', '15');
  await stateOf(page, 'Face Pull', 1).getByText('Saving…').waitFor();
  await page.getByLabel('Face Pull set 1 reps').fill('14');
  answer();
  await stateOf(page, 'Face Pull', 1).getByText('Saved').waitFor();
  await untilWorkout(env, context, id, (sets) => sets.length === 1);
  t.equal(await page.getByLabel('Face Pull set 1 reps').inputValue(), '14', 'the answer arriving mid-typing leaves what is typed');
  await tick(page, 'Face Pull', 1, '20', '15');
  await tick(page, 'Face Pull', 2, '20', '12');
  await page.getByRole('button', { name: 'Add a set of Face Pull' }).click();
  await tick(page, 'Face Pull', 4, '22.5', '10');
  await stateOf(page, 'Face Pull', 4).getByText('Saved').waitFor();
  await untilWorkout(env, context, id, (sets) => sets.length === 3);

  await tick(page, 'Face Pull', 2, '21', '12');
  await untilWorkout(env, context, id, (sets) => sets.some((set) => set.setNumber === 2 && set.kg === 21));
  t.pass('a tick of a saved row corrects it');
  await page.getByRole('button', { name: 'Delete Face Pull set 1' }).click();
  const left = await untilWorkout(env, context, id, (sets) => sets.length === 2);
  t.equal(summary(left), 'Face Pull #2 21×12, Face Pull #4 22.5×10');
  t.equal(await page.getByLabel('Face Pull set 1 reps').count(), 1, 'the deleted row stays as a row to tick again');
  t.equal(await stateOf(page, 'Face Pull', 1).innerText(), '', 'and it no longer says saved');

  await page.getByLabel('Notes').fill('Shoulders felt good');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await page.getByRole('button', { name: 'Finish workout' }).click();
  await page.getByRole('button', { name: 'Reopen workout' }).waitFor();
  const finished = await serverGet<{ finishedAt: string | null; notes: string }>(env, context, `/api/sessions/${id}`);
  t.ok(finished.finishedAt, 'finished on the server');
  t.equal(finished.notes, 'Shoulders felt good');
  t.same(await checkScreen(page, 'workout-finished'), []);
  await page.getByRole('button', { name: 'Reopen workout' }).click();
  await page.getByRole('button', { name: 'Finish workout' }).waitFor();
  t.equal((await serverGet<{ finishedAt: string | null }>(env, context, `/api/sessions/${id}`)).finishedAt, null, 'reopened');

  await tick(page, 'Face Pull', 1, '20', '15');
  await page.getByTestId('rest-timer').getByText(RESTING_90).waitFor();
  t.same(await phoneSignals(page), [], 'nothing sounds while the rest runs');
  await page.clock.fastForward('01:31');
  await page.getByTestId('rest-timer').getByText('Rest over: next set').waitFor();
  // the signal comes from an effect, run just after the screen says it
  await untilPhoneSignals(page, 1);
  t.same(await phoneSignals(page), [['vibrate', [300, 150, 300]], ['tone', 880]], 'the rest is over: one vibration and one tone');

  await page.getByRole('link', { name: 'Changes' }).click();
  await page.getByRole('heading', { name: 'Changes to this workout', level: 2 }).waitFor();
  const entries = page.getByTestId('history-entry');
  await entries.first().waitFor();
  t.same(
    (await entries.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.querySelector('.timeline-text')!.textContent))),
    [
      'Face Pull set 1: 20 kg × 15',
      'Reopened the workout',
      'Finished the workout',
      'Notes: “Shoulders felt good”',
      'Removed Face Pull set 1 (20 kg × 15)',
      'Face Pull set 2: 20 kg × 12 → 21 kg × 12',
      'Face Pull set 4: 22.5 kg × 10',
      'Face Pull set 2: 20 kg × 12',
      'Face Pull set 1: 20 kg × 15',
      'Started the workout',
    ],
    'every change, newest first; the repeated tick that changed nothing is not one',
  );
  t.match(await entries.first().innerText(), /Chrome on Linux/, 'with the device it came from');
  await page.getByRole('button', { name: /^Removed Face Pull set 1/ }).click();
  const version = page.getByTestId('workout-version');
  await version.waitFor();
  t.same((await version.getByRole('listitem').allInnerTexts()), ['Set 2: 21 kg × 12', 'Set 4: 22.5 kg × 10'], 'the workout as it stood right after that change');
  t.equal(await page.getByRole('button', { name: /^Removed Face Pull set 1/ }).getAttribute('aria-expanded'), 'true');
  t.same(await checkScreen(page, 'workout-changes'), []);
  await page.getByRole('link', { name: 'Back to the workout' }).click();
  await page.getByRole('button', { name: 'Finish workout' }).waitFor();

  page.once('dialog', (dialog) => {
    t.equal(dialog.message(), 'Delete this workout and its 3 sets? This cannot be undone.', 'deleting asks first, saying what goes');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete workout' }).click();
  await page.getByText('No workout with a set in these weeks.').waitFor();
  t.equal(new URL(page.url()).pathname, '/history', 'and History follows');
  await t.rejects(serverGet(env, context, `/api/sessions/${id}`), /404/, 'the workout is gone from the server');
});

t.test('a warm-up, a set to failure and a note, chosen on the row: told by a letter, kept over a reload, the warm-up in no volume; the workout named', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'kinds');
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  const id = workoutIdOf(page);
  await page.getByLabel('Add an exercise').fill('Squat');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('heading', { name: 'Squat', level: 3 }).waitFor();

  await page.getByRole('button', { name: 'Squat set 1: kind, RPE and note' }).click();
  await page.getByRole('group', { name: 'Kind of Squat set 1' }).getByRole('radio', { name: 'Warm-up' }).check();
  t.equal(await page.getByRole('button', { name: 'Squat set 1, warm-up: kind, RPE and note' }).innerText(), 'W', 'a warm-up row shows W where the number was');
  t.same(await checkScreen(page, 'workout-set-details'), []);
  await tick(page, 'Squat', 1, '60', '5');
  await stateOf(page, 'Squat', 1).getByText('Saved').waitFor();
  t.equal(await page.getByTestId('rest-timer').count(), 0, 'a warm-up starts no rest');
  await tick(page, 'Squat', 2, '100', '5');
  await stateOf(page, 'Squat', 2).getByText('Saved').waitFor();

  // a set already saved takes its kind at once, its note when saved
  await page.getByRole('button', { name: 'Squat set 2: kind, RPE and note' }).click();
  t.equal(await page.getByTestId('set-details').count(), 1, 'a tick closed the first set’s details');
  await page.getByRole('group', { name: 'Kind of Squat set 2' }).getByRole('radio', { name: 'To failure' }).check();
  await page.getByLabel('RPE of Squat set 2').selectOption('9.5');
  await page.getByLabel('Note on Squat set 2').fill('grindy');
  await page.getByRole('button', { name: 'Save set note' }).click();
  type KindSet = ServerSet & { kind: string; note: string; rpe: number | null };
  const kinds = (sets: ServerSet[]) => (sets as KindSet[]).map((set) => `${set.setNumber} ${set.kind} ${set.rpe ?? '-'} ${set.note}`.trim()).sort();
  await untilWorkout(env, context, id, (sets) => kinds(sets).join() === '1 warmup -,2 failure 9.5 grindy');
  t.pass('the server holds the warm-up, and set 2 to failure at RPE 9.5 with its note');

  await page.getByLabel('Name').fill('Heavy legs');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('heading', { name: /^Heavy legs ·/, level: 2 }).waitFor();

  await page.reload();
  await stateOf(page, 'Squat', 2).getByText('Saved').waitFor();
  t.equal(await page.getByRole('button', { name: 'Squat set 1, warm-up: kind, RPE and note' }).innerText(), 'W');
  t.equal(await page.getByRole('button', { name: 'Squat set 2, to failure: kind, RPE and note' }).innerText(), 'F');
  t.equal(await page.getByTestId('set-note').innerText(), '“grindy”', 'the note shows under its set');
  t.equal(await row(page, 'Squat', 2).getByTestId('set-rpe').innerText(), 'RPE 9.5');
  t.same(await checkScreen(page, 'workout-kinds'), []);
  const listed = await serverGet<Array<{ id: string; title: string; volumeKg: number; setCount: number }>>(env, context, '/api/sessions');
  t.same(
    listed.map((workout) => [workout.title, workout.setCount, workout.volumeKg]),
    [['Heavy legs', 2, 500]],
    'two sets, and the volume of the working one only',
  );

  // the places of every day are tabs along the bottom, the rest under More, the workout one tap away
  const nav = page.getByRole('navigation', { name: 'Main' });
  t.same(await nav.locator(':scope > a, summary').allInnerTexts(), ['Today', 'History', 'Exercises', 'Stats', 'More']);
  const box = await nav.boundingBox();
  t.equal(Math.round((box?.y ?? 0) + (box?.height ?? 0)), page.viewportSize()?.height, 'the tab bar lies along the bottom of the screen');
  t.equal(await nav.getByRole('link', { name: 'Today' }).getAttribute('aria-current'), 'page', 'a workout is under Today');
  await navTo(page, 'Plates');
  t.equal(await nav.locator('summary').getAttribute('aria-current'), 'page', 'a place under More marks More');
  t.equal(await nav.getByRole('link', { name: 'Settings' }).isVisible(), false, 'and More closes once a place is chosen');
  t.same(await checkScreen(page, 'tab-bar-more'), []);
  await page.getByRole('link', { name: 'Workout under way: back to it' }).click();
  await page.getByRole('heading', { name: /^Heavy legs ·/, level: 2 }).waitFor();
  t.equal(await page.getByRole('link', { name: 'Workout under way: back to it' }).count(), 0, 'on the workout itself, no way back to it is needed');
});

t.test('a refused tick says why in the lifter’s words and unit, and goes once the set is ticked right', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'refused-tick');
  await serverSend(env, context, 'PATCH', '/api/settings', { unit: 'lb' });
  await page.reload();
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  await page.getByLabel('Add an exercise').fill('Squat');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Squat set 1 weight (lb)').fill('5000');
  await page.getByLabel('Squat set 1 reps').fill('5');
  await page.getByRole('button', { name: 'Tick Squat set 1', exact: true }).click();
  await stateOf(page, 'Squat', 1).getByText(/^Not saved/).waitFor();
  t.equal(await stateOf(page, 'Squat', 1).innerText(), 'Not saved: The weight must be at most 2,204.623 lb.', 'in pounds, in words');
  t.same(await checkScreen(page, 'workout-refused-tick'), []);
  await page.getByLabel('Squat set 1 weight (lb)').fill('225');
  await page.getByRole('button', { name: 'Tick Squat set 1', exact: true }).click();
  await stateOf(page, 'Squat', 1).getByText('Saved').waitFor();
  await headerBadge(page).getByText('Saved', { exact: true }).waitFor();
  t.equal(await page.getByText(/Not saved/).count(), 0, 'nothing refused is left on the screen');
});

t.test('a read of the workout that left before a tick reached the server does not hide the tick once it is saved', async (t) => {
  const context = await env.phone();
  // the workout's reads come every 8 s by the page's clock: this test says when (nextWorkoutRead)
  await context.clock.install();
  const { page } = await signUp(env, context, 'read-race');
  await page.getByRole('button', { name: 'Start a workout' }).click();
  await page.getByRole('heading', { name: /^Workout ·/, level: 2 }).waitFor();
  const id = workoutIdOf(page);
  await page.getByLabel('Add an exercise').fill('Squat');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await tick(page, 'Squat', 1, '100', '5');
  await stateOf(page, 'Squat', 1).getByText('Saved').waitFor();

  // a slow network, made certain: the read is answered by the server before the tick gets there, and
  // reaches the page only once the tick's answer has
  let readTaken = (): void => undefined;
  const taken = new Promise<void>((resolve) => (readTaken = resolve));
  let tickShownSaved = (): void => undefined;
  const shownSaved = new Promise<void>((resolve) => (tickShownSaved = resolve));
  let held = 0;
  await page.route(`**/api/sessions/${id}`, async (route) => {
    if (route.request().method() !== 'GET' || held++ > 0) return route.continue();
    const response = await route.fetch();
    readTaken();
    await shownSaved;
    await route.fulfill({ response });
  });
  await page.route(`**/api/sessions/${id}/sets`, async (route) => {
    await taken;
    await route.continue();
  });
  await tick(page, 'Squat', 2, '100', '5');
  await nextWorkoutRead(page);
  await stateOf(page, 'Squat', 2).getByText('Saved').waitFor();
  tickShownSaved();
  // the older read has come in; whatever the page does about it is done once the network is quiet
  await page.waitForLoadState('networkidle');
  t.equal(held > 0, true, 'the read was held behind the tick');
  t.equal(await stateOf(page, 'Squat', 2).innerText(), 'Saved', 'the tick is still shown saved');
  t.equal(await page.getByLabel('Squat set 2 reps').inputValue(), '5', 'with its numbers');
  t.equal(summary(await untilWorkout(env, context, id, (sets) => sets.length === 2)), 'Squat #1 100×5, Squat #2 100×5', 'the server holds both sets');
});
