// Progress in the gym app (issue 14): the e1RM and volume of an exercise, the last 12 weeks of volume
// and the body weight drawn as uPlot charts, loaded only when a chart screen opens; each chart's
// table holds the numbers the pure series function (progress.ts) returns for the server's sets.
// The exercise library: names suggested as one types, the chosen entry's id stored on the exercise.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startBrowserSystem } from '../../testing/browser.ts';
import { checkScreen, navTo, serverGet, serverSend, signUp } from '../../testing/gym.ts';
import { addDays } from '../../../domain/shared/calendar.ts';
import { localDate } from '../model.ts';
import { bodyWeightSeries, exerciseProgress, weeklyVolume, type WorkoutProgress } from './progress.ts';

const env = await startBrowserSystem(t);

/** Waits for the chart to be drawn; the number of its points and of the canvas pixels painted. */
async function drawn(page: Page, testId: string): Promise<{ points: number; painted: number }> {
  const canvas = page.getByTestId(testId).locator('.chart-canvas[data-state="drawn"]');
  await canvas.waitFor().catch(async (error: unknown) => {
    await page.screenshot({ path: '/tmp/chart-fail.png', fullPage: true });
    throw new Error(`${String(error)} ${await page.locator('main').innerHTML()}`);
  });
  const points = Number(await canvas.getAttribute('data-points'));
  const painted = await canvas.locator('canvas').evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
    let count = 0;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) count++;
    return count;
  });
  return { points, painted };
}

const daysAgo = (days: number) => localDate(new Date(Date.now() - days * 86_400_000));

t.test('charts of an exercise, of the weeks and of the body weight; their tables are the series', async (t) => {
  // a British phone: the charts' dates follow the phone's language
  const context = await env.phone({ locale: 'en-GB' });
  const { page } = await signUp(env, context, 'progress');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const bench = await serverSend<{ id: string }>(env, context, 'POST', '/api/exercises', { name: 'Bench Press' });
  const logged: [string, [number, number][]][] = [
    [daysAgo(15), [[60, 5], [62.5, 5]]],
    [daysAgo(8), [[65, 5], [65, 4]]],
    [daysAgo(1), [[70, 3], [67.5, 5], [60, 8]]],
  ];
  for (const [date, sets] of logged) {
    const workout = await serverSend<{ id: string }>(env, context, 'POST', '/api/sessions', { date });
    for (const [index, [kg, reps]] of sets.entries()) await serverSend(env, context, 'POST', `/api/sessions/${workout.id}/sets`, { exerciseId: bench.id, setNumber: index + 1, kg, reps });
  }
  await serverSend(env, context, 'PUT', '/api/bodyweight', { date: daysAgo(9), kg: 82.4 });
  await serverSend(env, context, 'PUT', '/api/bodyweight', { date: daysAgo(2), kg: 81.6 });
  t.same(scripts.filter((name) => name.includes('draw-chart')), [], 'Today loads no chart code');

  await navTo(page, 'Exercises');
  await page.getByRole('link', { name: 'Bench Press' }).click();
  const exercise = await drawn(page, 'progress-chart');
  t.ok(scripts.some((name) => name.includes('draw-chart')), 'the chart code loads when a chart opens');
  t.equal(exercise.points, 3, 'one point per workout');
  t.ok(exercise.painted > 500, `the canvas is drawn (${exercise.painted} pixels)`);
  const history = await serverGet<{ workouts: WorkoutProgress[] }>(env, context, `/api/exercises/${bench.id}/history`);
  const series = exerciseProgress(history.workouts, 'kg');
  // 70×3 → 77, 67.5×5 → 78.75: the best set by Epley is 67.5×5; 210 + 337.5 + 480 = 1027.5
  t.same(series.lines, [
    [72.9, 75.8, 78.8],
    [613, 585, 1028],
  ]);
  const rows = await page.getByTestId('history-row').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(2).map((td) => Number(td.textContent))));
  t.same(
    rows.reverse(),
    series.x.map((_, index) => [series.lines[0]![index], series.lines[1]![index]]),
    'the table prints the series the chart draws',
  );
  t.same(await checkScreen(page, 'exercise-chart'), []);
  t.ok((await drawn(page, 'progress-chart')).painted > 500, 'drawn again after the theme changes');

  await navTo(page, 'Stats');
  const weeks = await drawn(page, 'volume-chart');
  const stats = await serverGet<{ weeks: { weekStart: string; volumeKg: number }[] }>(env, context, `/api/stats?date=${localDate(new Date())}`);
  const volume = weeklyVolume(stats.weeks, 'kg');
  t.equal(weeks.points, 12, 'twelve weeks');
  t.same(
    volume.lines[0]!.filter((each) => each !== 0),
    [613, 585, 1028],
    'three weeks trained, a week apart: 612.5, 585 and 1027.5 kg',
  );
  const weekCells = await page.getByTestId('week-row').evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll('td')[2]!.textContent!.replace(/[^\d.]/g, ''))));
  t.same(weekCells.reverse(), volume.lines[0], 'the weeks table prints the series');
  t.same(await checkScreen(page, 'stats-chart'), []);

  await navTo(page, 'Body');
  const body = await drawn(page, 'body-chart');
  t.equal(body.points, 2);
  const readings = bodyWeightSeries(await serverGet<{ date: string; kg: number }[]>(env, context, '/api/bodyweight'), 'kg');
  t.same(readings.lines, [[82.4, 81.6]]);
  const listed = await page.getByTestId('reading').allInnerTexts();
  t.same(
    listed.reverse().map((text) => Number(/: ([\d.]+) kg/.exec(text)![1])),
    readings.lines[0],
    'the list prints the series',
  );
  t.same(await checkScreen(page, 'body-chart'), []);

  // at a desktop's width the chart follows the wider column
  const width = () => page.getByTestId('body-chart').locator('canvas').evaluate((element) => element.getBoundingClientRect().width);
  const narrow = await width();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction((before) => (document.querySelector('[data-testid="body-chart"] canvas')?.getBoundingClientRect().width ?? 0) > before, narrow);
  t.ok((await width()) > narrow, `wider at 1280 px (${narrow} → ${await width()} px)`);
  t.same(await checkScreen(page, 'body-chart-desktop'), []);
});

t.test('one body-weight reading: the chart spans the week around it, not years each labelled "Jan 1", and the kilograms around it, not from 0', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'one-reading');
  await serverSend(env, context, 'PUT', '/api/bodyweight', { date: daysAgo(4), kg: 80.4 });
  await navTo(page, 'Body');
  t.equal((await drawn(page, 'body-chart')).points, 1);
  const canvas = page.getByTestId('body-chart').locator('.chart-canvas');
  const day = (offset: number) => addDays(daysAgo(4), offset);
  t.same([await canvas.getAttribute('data-from'), await canvas.getAttribute('data-to')], [day(-3), day(3)], 'three days either side');
  const [low, high] = [Number(await canvas.getAttribute('data-low')), Number(await canvas.getAttribute('data-high'))];
  t.ok(low > 70 && low < 80.4 && high > 80.4 && high < 90, `the weight axis from ${low} to ${high} kg, around the reading, not from 0`);
  await page.getByTestId('body-chart').screenshot({ path: '/tmp/gym-body-chart-one-reading.png' });

  await serverSend(env, context, 'PUT', '/api/bodyweight', { date: daysAgo(1), kg: 80.1 });
  await page.reload();
  t.equal((await drawn(page, 'body-chart')).points, 2);
  t.same([await canvas.getAttribute('data-from'), await canvas.getAttribute('data-to')], [daysAgo(4), daysAgo(1)], 'two readings: from the first to the last');
});

t.test('issue 35: a chart draws whatever language the browser reports, a tag Intl refuses included', async (t) => {
  for (const reported of ['en-US@posix', '', 'xx-invalid_tag']) {
    const context = await env.phone();
    // as a browser would report it, for every page of this phone
    await context.addInitScript((tag) => Object.defineProperty(Navigator.prototype, 'language', { get: () => tag, configurable: true }), reported);
    const { page } = await signUp(env, context, 'language');
    await serverSend(env, context, 'PUT', '/api/bodyweight', { date: daysAgo(9), kg: 82.4 });
    await serverSend(env, context, 'PUT', '/api/bodyweight', { date: daysAgo(2), kg: 81.6 });
    await navTo(page, 'Body');
    const canvas = page.getByTestId('body-chart').locator('.chart-canvas:not([data-state="loading"])');
    await canvas.waitFor();
    t.equal(await canvas.getAttribute('data-state'), 'drawn', `${JSON.stringify(reported)}: the chart is drawn`);
    t.equal(await page.getByText('The chart could not load').count(), 0, `${JSON.stringify(reported)}: no "could not load"`);
    t.equal(await page.evaluate(() => navigator.language), reported, 'the page still reads the language the browser reports');
    await context.close();
  }
});

t.test('the exercise library: suggested while typing a new exercise, linked later by its name', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'library');
  await navTo(page, 'Exercises');
  await page.getByLabel('New exercise').fill('bench pr');
  const suggestions = page.getByTestId('suggestions').getByRole('button');
  await suggestions.first().waitFor();
  t.equal(await suggestions.first().innerText(), 'Bench Press chest, barbell', 'the best match first');
  t.same(await checkScreen(page, 'exercises-suggestions'), []);
  await suggestions.first().click();
  t.equal(await page.getByLabel('New exercise').inputValue(), 'Bench Press');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: 'Bench Press', level: 2 }).waitFor();
  t.equal(await page.getByTestId('library-link').locator('p').innerText(), 'Library: Bench Press (chest, barbell)');
  const stored = async () => (await serverGet<{ name: string; libraryId: string | null }[]>(env, context, '/api/exercises')).map((each) => [each.name, each.libraryId]);
  t.same(await stored(), [['Bench Press', 'bench-press']], 'the server stores only the library id');

  // a name typed with a typo is not linked by itself; its page offers the entry it is close to
  await page.getByRole('link', { name: 'All exercises' }).click();
  await page.getByLabel('New exercise').fill('Romainan Deadlift');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: 'Romainan Deadlift', level: 2 }).waitFor();
  t.equal(await page.getByTestId('library-link').locator('p').innerText(), 'Not linked to the exercise library.');
  t.same(await checkScreen(page, 'exercise-unlinked'), []);
  await page.getByRole('button', { name: 'Link to Romanian Deadlift', exact: true }).click();
  await page.getByText('Library: Romanian Deadlift (hamstrings, barbell)').waitFor();
  t.same((await stored()).sort(), [['Bench Press', 'bench-press'], ['Romainan Deadlift', 'romanian-deadlift']]);
  await page.getByRole('button', { name: 'Unlink' }).click();
  await page.getByText('Not linked to the exercise library.').waitFor();
  t.same((await stored()).sort(), [['Bench Press', 'bench-press'], ['Romainan Deadlift', null]], 'unlinked: null clears it');
});
