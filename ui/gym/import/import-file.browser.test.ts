// Importing a Strong or Hevy CSV export in the gym app (issue 19): the committed fixture is picked,
// the dry run's preview shows what would come in (the unit a Strong file is read in switchable),
// Confirm writes it, a second pick of the same file has nothing left to import, a bad row is refused
// in the API's words, and with no network the screen says so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { startBrowserSystem } from '../../testing/browser.ts';
import { checkScreen, navTo, serverGet, serverSend, signUp } from '../../testing/gym.ts';

const env = await startBrowserSystem(t);
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'command-api', 'gym', 'fixtures');
const strong = path.join(fixtures, 'strong.csv');

type Summary = { id: string; date: string; setCount: number };

t.test('a Strong export: picked, previewed, its unit switched, confirmed, and a second pick finds nothing new', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'csv-import');
  await serverSend(env, context, 'POST', '/api/exercises', { name: 'squat (barbell)' });
  await navTo(page, 'Settings');
  await page.getByRole('link', { name: 'Import a CSV export' }).click();
  await page.getByRole('heading', { name: 'Import a CSV export', level: 2 }).waitFor();
  t.same(await checkScreen(page, 'import-file'), []);

  await page.getByLabel('CSV file').setInputFiles(strong);
  const preview = page.getByTestId('import-preview');
  await preview.getByRole('heading', { name: 'Preview', level: 3 }).waitFor();
  t.match(await preview.innerText(), /Strong export: 3 workouts, 2 cardio sessions/);
  t.ok(await page.getByLabel('kilograms (kg)').isChecked(), 'the unit setting is assumed for a Strong file');
  t.same(await page.getByTestId('import-workout').allInnerTexts(), [
    'Tue, Mar 5, 2024: Push Day\n11 sets, new',
    'Thu, Mar 7, 2024: Pull Day\n10 sets, new',
    'Sat, Mar 9, 2024: Leg Day\n8 sets, new',
  ]);
  t.equal(await page.getByTestId('exercises-created').innerText(), 'Bench Press (Barbell), Overhead Press (Barbell), Triceps Pushdown (Cable - Straight Bar), Deadlift (Barbell), Pull Up, Bent Over Row (Barbell), Leg Press');
  t.equal(await page.getByTestId('exercises-matched').innerText(), 'squat (barbell)');
  t.equal(
    await page.getByTestId('import-cardio-summary').innerText(),
    '2 sessions on 2 machines named after the exercise, logged under Cardio; machines to add: Running (Treadmill), Plank.',
    'the treadmill and the plank rows are cardio sessions',
  );
  t.same(await page.getByTestId('import-cardio').allInnerTexts(), ['Thu, Mar 7, 2024: Running (Treadmill)\n15 min, 2.5 km, new', 'Sat, Mar 9, 2024: Plank\n1 min, new']);
  await page.getByText('1 row left out').click();
  t.same(await page.getByTestId('import-skipped').locator('li').allInnerTexts(), ['Line 7: a rest timer, not a set']);
  t.same(await serverGet<Summary[]>(env, context, '/api/sessions?from=2024-01-01&to=2024-12-31'), [], 'the preview wrote nothing');
  t.same(await checkScreen(page, 'import-file-preview'), []);

  // by keyboard: the arrow moves the choice, the preview is asked again, the focus stays on the choice
  await page.getByLabel('kilograms (kg)').focus();
  await page.keyboard.press('ArrowRight');
  await page.getByText('Strong does not write the unit into its export: as you chose.', { exact: false }).waitFor();
  t.ok(await page.getByLabel('pounds (lb)').isChecked(), 'the preview is asked again in pounds');
  t.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value), 'lb', 'the focus stayed on the choice');
  t.equal(await page.getByRole('button', { name: 'Import 3 workouts (29 sets) and 2 cardio sessions' }).count(), 1);
  await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/import')), page.keyboard.press('ArrowLeft')]);
  await page.waitForFunction(() => (document.querySelector('input[value="kg"]') as HTMLInputElement | null)?.checked === true && !document.querySelector('button.primary[disabled]'));

  await page.getByRole('button', { name: 'Import 3 workouts (29 sets) and 2 cardio sessions' }).click();
  await page.getByRole('status').getByText('Imported 3 workouts and 29 sets, and 2 cardio sessions on 2 machines.').waitFor();
  const logs = await serverGet<Array<{ machineName: string; date: string; minutes: number; distanceKm: number | null }>>(env, context, '/api/cardio/logs');
  t.same(logs.map((log) => [log.date, log.machineName, log.minutes, log.distanceKm]), [['2024-03-09', 'Plank', 1, null], ['2024-03-07', 'Running (Treadmill)', 15, 2.5]]);
  const listed = await serverGet<Summary[]>(env, context, '/api/sessions?from=2024-01-01&to=2024-12-31');
  t.same(listed.map((workout) => [workout.date, workout.setCount]), [['2024-03-09', 8], ['2024-03-07', 10], ['2024-03-05', 11]]);
  const push = await serverGet<{ sets: Array<{ kg: number; unit: string; rpe: number | null }> }>(env, context, `/api/sessions/${listed[2]!.id}`);
  t.same(push.sets.slice(0, 3).map((set) => [set.kg, set.unit, set.rpe]), [[40, 'kg', null], [80, 'kg', 7], [80, 'kg', 7.5]], 'kilograms, as confirmed');
  t.same(await page.getByTestId('import-workout').getByRole('link').allInnerTexts(), ['Tue, Mar 5, 2024: Push Day', 'Thu, Mar 7, 2024: Pull Day', 'Sat, Mar 9, 2024: Leg Day']);
  t.same(await checkScreen(page, 'import-file-done'), []);

  await page.getByLabel('CSV file').setInputFiles(strong);
  await page.getByText('Everything in this file is in your log already: there is nothing to import.').waitFor();
  t.equal(await page.getByRole('button', { name: /^Import / }).count(), 0, 'nothing left to confirm');
  t.same(await page.getByTestId('import-workout').allInnerTexts(), [
    'Tue, Mar 5, 2024: Push Day\n11 sets, already in your log',
    'Thu, Mar 7, 2024: Pull Day\n10 sets, already in your log',
    'Sat, Mar 9, 2024: Leg Day\n8 sets, already in your log',
  ]);
  t.same(await page.getByTestId('import-cardio').allInnerTexts(), ['Thu, Mar 7, 2024: Running (Treadmill)\n15 min, 2.5 km, already in your log', 'Sat, Mar 9, 2024: Plank\n1 min, already in your log']);

  // a set of Push Day deleted here: the file brings it back into the workout, which keeps the rest
  const pushSets = (await serverGet<{ sets: Array<{ id: string }> }>(env, context, `/api/sessions/${listed[2]!.id}`)).sets;
  await serverSend(env, context, 'DELETE', `/api/sets/${pushSets[1]!.id}`, {});
  await page.getByLabel('CSV file').setInputFiles(strong);
  await page.getByTestId('import-workout').first().getByText('to merge with the one in your log').waitFor();
  await page.getByRole('button', { name: 'Import 1 workout (1 set)' }).click();
  await page.getByTestId('import-workout').first().getByText('merged with the one in your log').waitFor();
  t.equal((await serverGet<{ sets: unknown[] }>(env, context, `/api/sessions/${listed[2]!.id}`)).sets.length, 11, 'the deleted set is back');
});

t.test('a bad row is refused in the API’s words; with no network the screen says so; the way from the screenshot import', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'csv-refused');
  await page.goto(`${env.origins.gym}/import`);
  await page.getByRole('link', { name: 'Import the whole history' }).click();
  await page.getByRole('heading', { name: 'Import a CSV export', level: 2 }).waitFor();

  const lines = readFileSync(strong, 'utf8').split('\n');
  lines[6] = '2024-03-05 07:12:44,"Push Day",1h 5m,"Overhead Press (Barbell)",1,45.0,five,0,0,"","",';
  await page.getByLabel('CSV file').setInputFiles({ name: 'strong-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  t.equal(await page.getByRole('alert').innerText(), 'csv: line 7, column Reps: "five" is not a number');
  t.equal(await page.getByTestId('import-preview').count(), 0, 'no preview of a file that cannot be read');
  // a header no exporter writes: the refusal quotes the headers it reads, long words that must wrap
  await page.getByLabel('CSV file').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from('Exercise;Weight;Reps\nSquat;100;5\n') });
  await page.getByRole('alert').getByText('this is not a Strong or Hevy export', { exact: false }).waitFor();
  t.same(await checkScreen(page, 'import-file-refused'), [], 'the refusal wraps within the phone’s width');
  await page.getByLabel('CSV file').setInputFiles({ name: 'sheet.xlsx', mimeType: 'text/csv', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x21, 0x00, 0x62, 0xee, 0x9d, 0x68]) });
  await page.getByRole('alert').getByText('this is not a text file', { exact: false }).waitFor();
  t.equal(await page.getByRole('alert').innerText(), 'csv: line 1: this is not a text file; export a CSV from Strong or Hevy and choose that');

  await page.getByLabel('CSV file').setInputFiles(path.join(fixtures, 'hevy-lbs.csv'));
  await page.getByTestId('import-preview').getByRole('heading', { name: 'Preview' }).waitFor();
  t.equal(await page.getByTestId('import-unit').innerText(), 'Weights in pounds (lb), as the file says.');
  t.equal(await page.getByRole('radio').count(), 0, 'a Hevy file names its unit: nothing to switch');

  await context.setOffline(true);
  await page.getByText('No connection: importing needs the network. Try again when you are online.').waitFor();
  t.ok(await page.getByRole('button', { name: 'Import 3 workouts (21 sets) and 1 cardio session' }).isDisabled(), 'confirming waits for the network');
  await page.getByLabel('CSV file').setInputFiles(strong);
  t.equal(await page.getByRole('alert').innerText(), 'No connection: importing needs the network. Try again when you are online.');
  t.equal(await page.getByText('No connection: importing needs the network.', { exact: false }).count(), 1, 'said once');
  t.same(await checkScreen(page, 'import-file-offline'), []);
  await context.setOffline(false);
});
