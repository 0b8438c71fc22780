// An open questionnaire that nobody touches makes only its polls: a GET every 5 s, never a save,
// even when the server hands back a grid answer with its keys in another order, and even after
// another phone changed something (spec 002 Part B: comparing serialised strings saves forever).
import t from 'tap';
import type { Page } from 'playwright-core';
import { until } from '../../testing/until.ts';
import { phoneOnClock, startBrowserSystem } from '../testing/browser.ts';
import { newForm, openForm, PAGE_POLL_MS, saveBadge, saveElsewhere, untilServer, watchTraffic } from '../testing/forms.ts';

const env = await startBrowserSystem(t);

type Sent = { readonly path: string; readonly at: number };

/** Records each request the page's script makes, with when it left by the page's clock: `window.sent`. */
function recordRequests(): void {
  const sent: Sent[] = [];
  Object.assign(window, { sent });
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    sent.push({ path: new URL(input instanceof Request ? input.url : String(input), location.href).pathname, at: Date.now() });
    return send(input, init);
  };
}

/**
 * The page's clock moved on one poll interval, each of its timers run at its own time on the way
 * (a page polling sooner polls more than once), and the poll's answer back.
 */
async function onePollLater(page: Page, name: string): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/forms/${name}` && response.request().method() === 'GET');
  await page.clock.runFor(PAGE_POLL_MS);
  await answered;
}

t.test('an idle open page makes only its polls, about every 5 s, and no save', async (t) => {
  const name = await newForm(env, 'idle');
  // the time passing is the page's own clock, moved by the test: five seconds in no time
  const phone = await phoneOnClock(env);
  await phone.addInitScript(recordRequests);
  const a = await openForm(env, phone, name);
  // rows answered in this order come back from the store in another (PostgreSQL's jsonb orders keys)
  await a.getByRole('radio', { name: 'Value for money: Good' }).check();
  await a.getByRole('radio', { name: 'Coaching: Fair' }).check();
  await a.getByRole('checkbox', { name: 'Tournament day' }).check();
  const mine = await untilServer(env, name, (copy) => Object.keys(copy.answers['ratings'] ?? {}).length === 2 && 'help' in copy.answers);
  t.same(Object.keys(mine.answers['ratings'] ?? {}), ['Coaching', 'Value for money'], 'the server’s copy has the rows in another order than they were answered');
  await saveBadge(a).getByText(/^Saved/).waitFor();

  const traffic = watchTraffic(a, name);
  // the copy's requests as the page timed them, by its clock. Saves go there too, and are counted
  // apart (traffic.posts).
  const since = await a.evaluate(() => Date.now());
  const requestsToCopy = () =>
    a.evaluate(
      ({ path, since }) => (window as unknown as { sent: Sent[] }).sent.filter((each) => each.path === path && each.at >= since).map((each) => each.at),
      { path: `/api/forms/${name}`, since },
    );
  await saveElsewhere(env, name, { answers: { ratings: { 'Court booking': 'Poor', Coaching: 'Fair', 'Value for money': 'Good' } }, notes: { ratings: 'nets are torn' } });
  await onePollLater(a, name);
  await a.getByRole('radio', { name: 'Court booking: Poor', checked: true }).waitFor();
  t.pass('the other phone’s change shows');
  // the stimulus: time passing with the page open, three polls' worth (two gaps at least)
  for (let more = 0; more < 2; more++) await onePollLater(a, name);
  const polls = await until('three polls of the idle page', async () => {
    const times = await requestsToCopy();
    return times.length >= 3 && times;
  });
  t.same(traffic.posts, [], 'no save meanwhile');
  const gaps = polls.slice(1).map((at, index) => Math.round(at - polls[index]!));
  t.ok(
    gaps.every((gap) => gap >= 4_000),
    `polls about 5 s apart, never sooner (${gaps.join(', ')} ms)`,
  );
  t.ok(await a.getByRole('radio', { name: 'Coaching: Fair' }).isChecked(), 'this page’s answers stay');
  t.equal(await saveBadge(a).innerText().then((text) => text.startsWith('Saved')), true, 'and it still says Saved');
});
