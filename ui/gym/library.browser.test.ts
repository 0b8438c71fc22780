// Exercises and body weight in the gym app (issue 14): search, history with the best set, Epley's
// estimate and volume, rename, a refused delete explained in the API's words, a merge that says what
// moves, a delete; the stats' totals; body-weight readings, one per date, none dated in the future (issue 37).
import t from 'tap';
import { startBrowserSystem } from '../testing/browser.ts';
import { checkScreen, navTo, serverGet, serverSend, signUp } from '../testing/gym.ts';
import { addDays } from '../../domain/shared/calendar.ts';
import { localDate } from './model.ts';

const env = await startBrowserSystem(t);

t.test('search, history, rename, refused delete, merge, delete', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'exercises');
  const bench = await serverSend<{ id: string }>(env, context, 'POST', '/api/exercises', { name: 'Bench' });
  const press = await serverSend<{ id: string }>(env, context, 'POST', '/api/exercises', { name: 'Bench Press' });
  await serverSend(env, context, 'POST', '/api/exercises', { name: 'Squat' });
  const workout = await serverSend<{ id: string }>(env, context, 'POST', '/api/sessions', { date: '2026-03-02' });
  await serverSend(env, context, 'POST', `/api/sessions/${workout.id}/sets`, { exerciseId: bench.id, setNumber: 1, kg: 60, reps: 5 });
  await serverSend(env, context, 'POST', `/api/sessions/${workout.id}/sets`, { exerciseId: bench.id, setNumber: 2, kg: 62.5, reps: 5 });
  await serverSend(env, context, 'POST', `/api/sessions/${workout.id}/sets`, { exerciseId: press.id, setNumber: 1, kg: 70, reps: 3 });

  await navTo(page, 'Exercises');
  await page.getByRole('link', { name: 'Bench Press' }).waitFor();
  t.same(await page.locator('.link-list a').allInnerTexts(), ['Bench', 'Bench Press', 'Squat']);
  t.same(await checkScreen(page, 'exercises'), []);
  await page.getByLabel('Search by name or code').fill('press');
  await page.locator('.link-list a').filter({ hasText: 'Squat' }).waitFor({ state: 'detached' });
  t.same(await page.locator('.link-list a').allInnerTexts(), ['Bench Press'], 'the search asks the server');
  await page.getByLabel('Search by name or code').fill('');
  await page.getByRole('link', { name: 'Bench', exact: true }).click();

  await page.getByRole('heading', { name: 'Bench', level: 2 }).waitFor();
  t.same(await page.getByTestId('history-row').first().locator('th, td').allInnerTexts(), ['2026-03-02', '60×5, 62.5×5', '62.5×5', '72.9', '613'], 'best set, Epley 62.5 × (1 + 5/30), volume 612.5');
  t.same(await checkScreen(page, 'exercise'), []);

  await page.getByRole('button', { name: 'Delete Bench' }).click();
  t.equal(await page.getByRole('alert').innerText(), 'Sets are logged against this exercise; merge it into another instead', 'the refusal in the API’s words');

  await page.getByLabel('Name', { exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Rename' }).click();
  t.equal(await page.getByRole('alert').innerText(), 'Give the exercise a name.', 'an empty name is refused in words, not the schema’s');
  await page.getByLabel('Name', { exact: true }).fill('Flat Bench');
  t.equal(await page.getByRole('alert').count(), 0, 'the message goes once the name is typed again');
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('heading', { name: 'Flat Bench', level: 2 }).waitFor();

  await page.getByLabel('Merge into another exercise').selectOption({ label: 'Bench Press' });
  t.equal(
    await page.getByTestId('merge-effect').innerText(),
    '2 sets move to Bench Press (numbered after its own), plan slots of Flat Bench point at Bench Press, and Flat Bench is removed.',
  );
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Merge' }).click();
  t.same(asked, ['Merge Flat Bench into Bench Press? 2 sets of Flat Bench move to Bench Press, its plan slots follow, and Flat Bench is removed. This cannot be undone.'], 'a merge asks first, saying what moves');
  t.equal(await page.getByRole('heading', { name: 'Flat Bench', level: 2 }).count(), 1, 'declined: nothing merged');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Merge' }).click();
  await page.getByRole('heading', { name: 'Bench Press', level: 2 }).waitFor();
  await page.getByTestId('history-row').getByText('70×3, 60×5, 62.5×5').waitFor();
  const names = (await serverGet<{ name: string }[]>(env, context, '/api/exercises')).map((each) => each.name);
  t.same(names.sort(), ['Bench Press', 'Squat'], 'the merged exercise is gone');

  await page.getByRole('link', { name: 'All exercises' }).click();
  await page.getByLabel('New exercise').fill('Cable Fly');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: 'Cable Fly', level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Delete Cable Fly' }).click();
  await page.getByRole('heading', { name: 'Exercises', level: 2 }).waitFor();
  await page.getByRole('link', { name: 'Squat' }).waitFor();
  t.same(await page.locator('.link-list a').allInnerTexts(), ['Bench Press', 'Squat'], 'deleted');

  await navTo(page, 'Stats');
  await page.getByTestId('totals').waitFor();
  t.same(
    (await page.getByTestId('totals').locator('dd').allInnerTexts()).slice(1),
    ['1', '3', '823 kg'],
    'one workout, three sets (the merge moved two), 60×5 + 62.5×5 + 70×3 = 822.5 kg',
  );
  t.same(await checkScreen(page, 'stats'), []);
});

t.test('body weight: one reading per date, overwritten, deleted', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'body');
  await navTo(page, 'Body');
  await page.getByText('No readings yet.').waitFor();
  t.equal(await page.getByLabel('Date').inputValue(), localDate(new Date()), "today by the phone's calendar");
  await page.getByLabel('Weight (kg)').fill('80.4');
  await page.getByRole('button', { name: 'Record' }).click();
  await page.getByTestId('reading').getByText(`${localDate(new Date())}: 80.4 kg`).waitFor();
  await page.getByLabel('Weight (kg)').fill('81');
  await page.getByRole('button', { name: 'Record' }).click();
  await page.getByTestId('reading').getByText(`${localDate(new Date())}: 81 kg`).waitFor();
  t.equal(await page.getByTestId('reading').count(), 1, 'the same date again replaces the reading');
  t.same(await serverGet(env, context, '/api/bodyweight'), [{ date: localDate(new Date()), kg: 81 }]);
  t.same(await checkScreen(page, 'body'), []);
  await page.getByRole('button', { name: `Delete the reading of ${localDate(new Date())}` }).click();
  await page.getByText('No readings yet.').waitFor();
  t.same(await serverGet(env, context, '/api/bodyweight'), []);
});

t.test("body weight dated in the future: the date field stops at the phone's today, a later one typed is refused in words, and so is one the server knows is the future everywhere", async (t) => {
  // a phone in Kiribati (UTC+14), the calendar furthest ahead: its today is let through by the server whatever the server's date
  const context = await env.phone({ timezoneId: 'Pacific/Kiritimati' });
  const { page } = await signUp(env, context, 'body-future');
  await navTo(page, 'Body');
  await page.getByText('No readings yet.').waitFor();
  const phoneToday = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const date = page.getByLabel('Date');
  t.equal(await date.getAttribute('max'), phoneToday, "the date field offers no day after the phone's today");
  await page.getByLabel('Weight (kg)').fill('80.4');
  await page.getByRole('button', { name: 'Record' }).click();
  await page.getByTestId('reading').getByText(`${phoneToday}: 80.4 kg`).waitFor();
  t.same(await serverGet(env, context, '/api/bodyweight'), [{ date: phoneToday, kg: 80.4 }], `recorded: ${phoneToday} is a day that has begun at UTC+14`);

  const tomorrow = addDays(phoneToday, 1);
  await date.fill(tomorrow);
  const problem = page.locator('#body-date-problem');
  await problem.waitFor();
  t.match(await problem.textContent(), /^A reading cannot be dated in the future: today is \w{3}, \w{3} \d{1,2}, \d{4}\.$/, 'said as it is typed');
  t.equal(await date.getAttribute('aria-describedby'), 'body-date-problem', 'the field points at its message');
  await page.getByLabel('Weight (kg)').fill('81');
  await page.getByRole('button', { name: 'Record' }).click();
  t.ok(await date.evaluate((input) => input === document.activeElement), 'Record goes back to the date');
  t.same(await checkScreen(page, 'body-future-date'), []);
  t.same(await serverGet(env, context, '/api/bodyweight'), [{ date: phoneToday, kg: 80.4 }], 'nothing was sent');
  await date.fill(phoneToday);
  await problem.waitFor({ state: 'detached' });
  t.pass('the message goes once the date is fixed');

  // a phone whose clock runs three days ahead: its "today" is the future everywhere, and the API says so
  const ahead = await env.phone();
  const { page: wrong } = await signUp(env, ahead, 'body-clock-ahead');
  await wrong.clock.setFixedTime(new Date(Date.now() + 3 * 86_400_000));
  await wrong.reload();
  await navTo(wrong, 'Body');
  await wrong.getByText('No readings yet.').waitFor();
  const wrongToday = await wrong.getByLabel('Date').inputValue();
  const latest = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
  await wrong.getByLabel('Weight (kg)').fill('80');
  await wrong.getByRole('button', { name: 'Record' }).click();
  const refusal = wrong.locator('.problem[role="alert"]');
  await refusal.waitFor();
  t.equal(await refusal.textContent(), `The date must not be in the future (after ${latest}).`, `the API's refusal of ${wrongToday}, in words`);
  t.same(await checkScreen(wrong, 'body-future-refused'), []);
  t.same(await serverGet(env, ahead, '/api/bodyweight'), [], 'nothing was recorded');
});

t.test('plans: two templates, make the first active again, copy it as the next block, delete one and its workout stays', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'plans');
  await navTo(page, 'Plans');
  await page.getByRole('button', { name: 'Use Upper / lower' }).click();
  await page.getByText('Next: Day 1: Upper').waitFor();
  await navTo(page, 'Plans');
  await page.getByRole('button', { name: 'Use Push / pull / legs' }).click();
  await page.getByText('Next: Day 1: Push').waitFor();
  const ppl = (await serverGet<{ name: string; days: { id: string }[] }[]>(env, context, '/api/plans')).find((plan) => plan.name === 'Push / pull / legs')!;
  const workout = await serverSend<{ id: string }>(env, context, 'POST', '/api/sessions', { date: '2026-03-02', planDayId: ppl.days[0]!.id });
  await navTo(page, 'Plans');
  await page.getByRole('button', { name: 'Make Upper / lower active' }).click();
  await page.getByText('Upper / lower is now the active plan.').waitFor();
  const active = async () => (await serverGet<{ name: string; active: boolean }[]>(env, context, '/api/plans')).map((plan) => `${plan.name}${plan.active ? ' (active)' : ''}`);
  t.same(await active(), ['Upper / lower (active)', 'Push / pull / legs']);
  await page.getByRole('button', { name: 'Copy Upper / lower as the next block' }).click();
  await page.getByText(/starts today as the next block\.$/).waitFor();
  t.equal((await active()).filter((plan) => plan.endsWith('(active)')).length, 1, 'exactly one plan is active: the copy');
  t.equal((await active()).length, 3);
  t.same(await checkScreen(page, 'plans'), []);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Push / pull / legs' }).click();
  await page.getByText('Push / pull / legs is deleted; its workouts stay.').waitFor();
  t.equal((await active()).length, 2);
  const kept = await serverGet<{ id: string; planDayId: string | null }>(env, context, `/api/sessions/${workout.id}`);
  t.same([kept.id, kept.planDayId], [workout.id, null], 'the workout of the deleted plan stays, unlinked from its day');
});
