// The questionnaire page itself: every question type rendered accessibly and answered by keyboard
// only, axe in both themes at a phone's and a desktop's size, no sideways scrolling at 390 px, an
// unknown form, and the rate-limit refusal. With SCREENSHOTS_DIR set, a PNG of each screen lands there
// (light and dark, 390 and 1280 px wide) for a person to look at.
import t from 'tap';
import type { Page } from 'playwright-core';
import { accessibilityProblems, COLOUR_RULES, DESKTOP, PHONE, startBrowserSystem } from '../testing/browser.ts';
import { label, newForm, openForm, saveBadge, serverCopy, untilServer, WELCOME } from '../testing/forms.ts';

const env = await startBrowserSystem(t);
const SHOTS = process.env['SCREENSHOTS_DIR'];

/** What has the focus, as a user hears it: its role or kind, then its label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return '';
    const labelText = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.labels?.[0]?.textContent : element.textContent;
    const kind = element instanceof HTMLInputElement ? element.type : element.tagName.toLowerCase();
    return `${kind}:${(labelText ?? '').trim()}`;
  });

/** Presses Tab until the focus is on `target` (at most 60 times): it is reachable by keyboard. */
async function tabTo(page: Page, target: string): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if ((await focused(page)) === target) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

t.test('every question type renders with its own accessible control', async (t) => {
  const name = await newForm(env, 'types');
  const page = await openForm(env, await env.phone(), name);
  for (const question of WELCOME.questions) {
    switch (question.t) {
      case 'one':
      case 'many': {
        const group = page.getByRole('group', { name: question.q, exact: true });
        const role = question.t === 'one' ? 'radio' : 'checkbox';
        t.same(await group.getByRole(role).evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent)), question.o, `${question.id}: a ${role} per option, labelled`);
        break;
      }
      case 'grid': {
        const group = page.getByRole('group', { name: question.q, exact: true });
        for (const row of question.o.rows) {
          const radios = group.getByRole('radio', { name: `${row}:` });
          t.equal(await radios.count(), question.o.columns.length, `${question.id}: a radio per column in row ${row}`);
          t.equal(new Set(await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name))).size, 1, 'one choice per row');
        }
        break;
      }
      case 'short':
      case 'long':
        t.equal(
          await page.getByRole('textbox', { name: question.q, exact: true }).evaluate((element) => element.tagName),
          question.t === 'short' ? 'INPUT' : 'TEXTAREA',
          `${question.id}: ${question.t} text`,
        );
    }
    t.equal(await page.getByRole('textbox', { name: `Note on: ${question.q}`, includeHidden: true }).count(), 1, `${question.id}: a note`);
  }
  t.equal(await page.getByRole('textbox', { name: 'Your name', exact: true }).count(), 1, 'the respondent’s name');
  t.equal(await page.getByRole('textbox', { name: 'Summary', exact: true }).count(), 1, 'the summary');
});

t.test('the whole form is answered by keyboard only at 390 px: name, every type, a note, the summary', async (t) => {
  const name = await newForm(env, 'keyboard');
  const page = await openForm(env, await env.phone(), name);
  await tabTo(page, 'text:Your name');
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  t.equal(await focused(page), 'radio:Adult', 'Tab enters the choice');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await tabTo(page, 'summary:Note');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  t.equal(await focused(page), `textarea:Note on: ${label('membership')}`, 'Enter opens the note');
  await page.keyboard.type('first season');
  await tabTo(page, 'checkbox:Monday at the sports hall');
  await page.keyboard.press('Space');
  await tabTo(page, 'checkbox:Friday social');
  await page.keyboard.press('Space');
  await tabTo(page, 'radio:Court booking: Poor');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  t.equal(await focused(page), 'radio:Coaching: Poor', 'Tab goes to the next row of the grid');
  await page.keyboard.press('Space');
  await tabTo(page, `text:${label('contact')}`);
  await page.keyboard.type('kim@example.org');
  await tabTo(page, `textarea:${label('improve')}`);
  await page.keyboard.type('More');
  await page.keyboard.press('Enter');
  await page.keyboard.type('courts');
  await tabTo(page, 'textarea:Summary');
  await page.keyboard.type('All good');
  await page.keyboard.press('Tab');
  const copy = await untilServer(env, name, (copy) => copy.summary === 'All good');
  t.same(
    { answers: copy.answers, notes: copy.notes, respondent: copy.respondent, summary: copy.summary },
    {
      answers: {
        membership: 'Junior (under 18)',
        nights: ['Monday at the sports hall', 'Friday social'],
        ratings: { 'Court booking': 'Fair', Coaching: 'Poor' },
        contact: 'kim@example.org',
        improve: 'More\ncourts',
      },
      notes: { membership: 'first season' },
      respondent: 'Kim',
      summary: 'All good',
    },
  );
  await saveBadge(page).getByText(/^Saved/).waitFor();
});

t.test('axe finds nothing serious, light and dark, at 390 × 844 and 1280 × 800; nothing overflows at 390 px', async (t) => {
  const name = await newForm(env, 'looks');
  for (const [size, options] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openForm(env, await env.phone({ ...options, colorScheme }), name);
      // answered, with a note open: the states a respondent sees
      await page.getByRole('radio', { name: 'Intermediate', exact: true }).check();
      await page.getByRole('radio', { name: 'Shuttlecocks and nets: Excellent' }).check();
      await page.locator('.note summary').first().click();
      await saveBadge(page).getByText(/^Saved/).waitFor();
      // the structure is the same in both themes: the dark one is checked for its colours
      t.same(await accessibilityProblems(page, colorScheme === 'dark' ? COLOUR_RULES : undefined), [], `${colorScheme} at ${size} px`);
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      t.ok(width <= options.viewport!.width, `no sideways scrolling at ${size} px, ${colorScheme} (${width} px wide)`);
      if (SHOTS) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/forms-${colorScheme}-${size}.png`, fullPage: true });
        await page.screenshot({ path: `${SHOTS}/forms-${colorScheme}-${size}-top.png` });
        await page.getByRole('group', { name: label('ratings') }).screenshot({ path: `${SHOTS}/forms-${colorScheme}-${size}-grid.png` });
      }
      await page.context().close();
    }
  }
});

// Web Vitals' bound of a "good" cumulative layout shift (web.dev/articles/cls), what a person does not
// feel as the page jumping, instead of an exact 0: a busy machine measured 0.00099 (the intro moved
// down 4 px as it filled in), as does a processor slowed 20 times, every time. The whole screen
// pushed down by a tenth of its height scores about 0.1 (impact 1 × distance 0.1).
const GOOD_CLS = 0.1;

t.test('opening the form shifts nothing a person feels (cumulative layout shift within the Web Vitals "good" bound), on a processor 20 times slower too', async (t) => {
  for (const slowdown of [1, 20]) {
    const name = await newForm(env, `shift-${slowdown}`);
    const context = await env.phone();
    // counted from the first paint on, as the browser reports it; a shift right after input is not counted
    await context.addInitScript(() => {
      Reflect.set(window, 'layoutShift', 0);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) Reflect.set(window, 'layoutShift', (Reflect.get(window, 'layoutShift') as number) + entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(`${env.origins.forms}/f/${name}`);
    await page.getByRole('heading', { level: 1, name: WELCOME.title }).waitFor();
    await saveBadge(page).getByText(/^Saved/).waitFor();
    t.ok(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift')), 'the browser reports layout shifts');
    const shift = (await page.evaluate(() => Reflect.get(window, 'layoutShift'))) as number;
    t.ok(shift <= GOOD_CLS, `a processor ${slowdown} × slower: cumulative layout shift ${shift}, at most ${GOOD_CLS}`);
    await context.close();
  }
});

t.test('a form without a questionnaire: the page says so, the server answered 404', async (t) => {
  const page = await (await env.phone()).newPage();
  const questions = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/forms/no-such-form/questions');
  const response = await page.goto(`${env.origins.forms}/f/no-such-form`);
  t.equal(response?.status(), 404, 'the page');
  t.equal((await questions).status(), 404, 'the questions');
  await page.getByText('There is no questionnaire at this address.').waitFor();
  t.equal(await saveBadge(page).count(), 0, 'no save state where there is nothing to save');
  t.same(await accessibilityProblems(page), []);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forms-missing-390.png` });
});

// last: it spends this address's saves for the next 10 minutes
t.test('past 600 saves in 10 minutes from one address, the page says it was refused', async (t) => {
  const name = await newForm(env, 'rate');
  const page = await openForm(env, await env.phone(), name);
  // saves from this address (to no form: cheap) until the service refuses one; the tests above spent some
  let accepted = 0;
  for (let refused = false; !refused; ) {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const response = await env.system.apps.forms!.inject({ method: 'POST', url: '/api/forms/no-such-form', headers: { origin: env.origins.forms }, payload: {} });
        return response.statusCode;
      }),
    );
    accepted += statuses.filter((status) => status !== 429).length;
    refused = statuses.includes(429);
    if (accepted > 600) break;
  }
  t.ok(accepted > 0 && accepted <= 600, `refused within 600 saves (${accepted} let through here)`);
  await page.getByLabel(label('contact'), { exact: true }).fill('one too many');
  const refusal = page.getByRole('alert');
  await refusal.waitFor();
  t.equal(await refusal.innerText(), 'Not saved: Too many saves from this address; try again later');
  t.equal(await saveBadge(page).innerText(), 'Not saved (tap to retry)');
  t.equal((await serverCopy(env, name)).version, 0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forms-refused-390.png` });
});
