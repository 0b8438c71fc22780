import t from 'tap';
import { accessibilityProblems, startBrowserSystem } from '../testing/browser.ts';

const { origins, phone } = await startBrowserSystem(t);

t.test('the sample questionnaire opens on a phone', async (t) => {
  const page = await (await phone()).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${origins.forms}/f/welcome`);
  await page.getByLabel('Your name').waitFor();
  t.same(await accessibilityProblems(page), []);
  t.same(errors, []);
});
