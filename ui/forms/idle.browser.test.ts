// An open questionnaire that nobody touches makes only its polls: a GET every 5 s, never a save,
// even when the server hands back a grid answer with its keys in another order, and even after
// another phone changed something (spec 002 Part B: comparing serialised strings saves forever).
import t from 'tap';
import { until } from '../../testing/until.ts';
import { startBrowserSystem } from '../testing/browser.ts';
import { newForm, openForm, saveBadge, saveElsewhere, untilServer, watchTraffic } from '../testing/forms.ts';

const env = await startBrowserSystem(t);

t.test('an idle open page makes only its polls, about every 5 s, and no save', async (t) => {
  const name = await newForm(env, 'idle');
  const a = await openForm(env, await env.phone(), name);
  // rows answered in this order come back from the store in another (PostgreSQL's jsonb orders keys)
  await a.getByRole('radio', { name: 'Value for money: Good' }).check();
  await a.getByRole('radio', { name: 'Coaching: Fair' }).check();
  await a.getByRole('checkbox', { name: 'Tournament day' }).check();
  const mine = await untilServer(env, name, (copy) => Object.keys(copy.answers['ratings'] ?? {}).length === 2 && 'help' in copy.answers);
  t.same(Object.keys(mine.answers['ratings'] ?? {}), ['Coaching', 'Value for money'], 'the server’s copy has the rows in another order than they were answered');
  await saveBadge(a).getByText(/^Saved/).waitFor();

  const traffic = watchTraffic(a, name);
  // the copy's requests as the browser timed them: this process may hear of two polls at once on a
  // busy machine. Saves go there too, and are counted apart (traffic.posts).
  const since = await a.evaluate(() => performance.now());
  const requestsToCopy = () =>
    a.evaluate(
      ({ path, since }) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname === path && entry.startTime >= since)
          .map((entry) => entry.startTime),
      { path: `/api/forms/${name}`, since },
    );
  await saveElsewhere(env, name, { answers: { ratings: { 'Court booking': 'Poor', Coaching: 'Fair', 'Value for money': 'Good' } }, notes: { ratings: 'nets are torn' } });
  await a.getByRole('radio', { name: 'Court booking: Poor', checked: true }).waitFor({ timeout: 15_000 });
  t.pass('the other phone’s change shows');
  // the stimulus: time passing with the page open, three polls' worth (two gaps at least)
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
