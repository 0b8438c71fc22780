// Issue 32, "screens render from the replica, never from a fetch alone": the gym's Body weight,
// Stats and Exercises screens, once seen with signal, open with no signal on their last answer (the shared
// useLoad over the gym replica), with no alert over them.
import t from 'tap';
import { localDate } from './model.ts';
import { navTo, serverSend, signUp } from '../testing/gym.ts';
import { startBrowserSystem } from '../testing/browser.ts';

const env = await startBrowserSystem(t);

t.test('Body weight, Stats and Exercises reopened with no signal show their last answer', async (t) => {
  const context = await env.phone();
  const { page } = await signUp(env, context, 'scale');
  // as on a phone with the app installed: the service worker holds the shell for an offline reload
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const today = localDate(new Date());
  await serverSend(env, context, 'PUT', '/api/bodyweight', { date: today, kg: 81.6 });
  await serverSend(env, context, 'POST', '/api/exercises', { name: 'Zercher squat' });

  await navTo(page, 'Exercises');
  await page.getByRole('link', { name: 'Zercher squat' }).waitFor();

  await navTo(page, 'Body');
  await page.getByTestId('reading').getByText(`${today}: 81.6 kg`).waitFor();
  await navTo(page, 'Stats');
  await page.getByTestId('totals').waitFor();
  const totals = await page.getByTestId('totals').innerText();

  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('totals').waitFor();
  t.equal(await page.getByTestId('totals').innerText(), totals, 'Stats shows the totals it last had');
  t.equal(await page.getByRole('alert').count(), 0, 'and no alert over them');
  await navTo(page, 'Body');
  await page.getByTestId('reading').getByText(`${today}: 81.6 kg`).waitFor();
  t.pass('Body weight shows the reading it last had');
  t.equal(await page.getByRole('alert').count(), 0, 'and no alert over it');
  await navTo(page, 'Exercises');
  await page.getByRole('link', { name: 'Zercher squat' }).waitFor();
  t.pass('Exercises lists what it last had');
});
