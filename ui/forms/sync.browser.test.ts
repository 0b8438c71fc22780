// The questionnaire's client rules (spec 002 Part B, issue 13 §4) on real phones: two browser
// contexts against the real forms service.
import t from 'tap';
import { phoneOnClock, startBrowserSystem } from '../testing/browser.ts';
import {
  holdSaves,
  label,
  newForm,
  nextPoll,
  openForm,
  pollNowReaching,
  saveBadge,
  saveElsewhere,
  serverCopy,
  untilServer,
  untilValue,
  valueOf,
  watchTraffic,
} from '../testing/forms.ts';

const env = await startBrowserSystem(t);
const { phone } = env;

t.test('two phones answering different questions both end with both answers', async (t) => {
  const name = await newForm(env, 'two-phones');
  const [a, b] = await Promise.all([openForm(env, await phoneOnClock(env), name), openForm(env, await phoneOnClock(env), name)]);
  await Promise.all([
    a.getByRole('radio', { name: 'Adult', exact: true }).check(),
    b.getByRole('checkbox', { name: 'Friday social' }).check(),
  ]);
  const copy = await untilServer(env, name, (copy) => 'membership' in copy.answers && 'nights' in copy.answers);
  t.same(copy.answers, { membership: 'Adult', nights: ['Friday social'] }, 'the server holds both answers');
  // each sees the other's answer at its next poll (every 5 s), brought forward
  await Promise.all([nextPoll(a), nextPoll(b)]);
  await a.getByRole('checkbox', { name: 'Friday social', checked: true }).waitFor({ timeout: 15_000 });
  await b.getByRole('radio', { name: 'Adult', exact: true, checked: true }).waitFor({ timeout: 15_000 });
  t.ok(await a.getByRole('radio', { name: 'Adult', exact: true }).isChecked(), 'A keeps its own answer');
  t.ok(await b.getByRole('checkbox', { name: 'Friday social' }).isChecked(), 'B keeps its own answer');
});

t.test('typing in a field while the other phone changes another field keeps what is typed', async (t) => {
  const name = await newForm(env, 'typing');
  const a = await openForm(env, await phoneOnClock(env), name);
  const contact = a.getByLabel(label('contact'), { exact: true });
  await contact.click();
  const saved = await saveElsewhere(env, name, { answers: { improve: 'More courts' } });
  // keystroke after keystroke until the other phone's change shows: the poll lands mid-typing
  let typed = '';
  const deadline = Date.now() + 15_000;
  for (let i = 0; (await valueOf(a, label('improve'))) !== 'More courts'; i++) {
    if (Date.now() > deadline) throw new Error('the other phone’s change never arrived');
    const key = '0123456789'[i % 10]!;
    // about a person's pace: each save of what is typed so far comes back while typing goes on
    await a.keyboard.type(key, { delay: 30 });
    typed += key;
    // brought forward a few keystrokes in, with more to come
    if (i === 2) await nextPoll(a);
  }
  await a.keyboard.type('@end');
  typed += '@end';
  t.equal(await contact.inputValue(), typed, 'every keystroke is in the field');
  t.ok(await contact.evaluate((element) => element === document.activeElement), 'the field still has the focus');
  const copy = await untilServer(env, name, (copy) => copy.answers['contact'] === typed);
  t.same(copy.answers, { improve: 'More courts', contact: typed }, 'the server holds both');
  t.ok(copy.version > saved.version);
});

t.test('a change to the field being typed in applies when it loses focus, unless this page changed it (rule 4)', async (t) => {
  const name = await newForm(env, 'same-field');
  const a = await openForm(env, await phoneOnClock(env), name);

  t.test('this page did not change it: it catches up when left', async (t) => {
    await a.getByLabel(label('improve'), { exact: true }).click();
    const theirs = await saveElsewhere(env, name, { answers: { improve: 'Theirs' } });
    await pollNowReaching(a, name, theirs.version);
    t.equal(await valueOf(a, label('improve')), '', 'nothing changes under the cursor');
    await a.keyboard.press('Tab');
    await untilValue(a, label('improve'), 'Theirs');
    t.pass('on leaving the field it shows the other phone’s answer');
  });

  t.test('this page changed it too: both texts stay, merged, and the merge is saved (issue 32)', async (t) => {
    const gate = await holdSaves(a, name);
    await a.getByLabel(label('contact'), { exact: true }).click();
    await a.keyboard.type('mine');
    await gate.held();
    const theirs = await saveElsewhere(env, name, { answers: { contact: 'theirs' } });
    await pollNowReaching(a, name, theirs.version);
    await gate.open();
    const copy = await untilServer(env, name, (copy) => copy.answers['contact'] === 'theirs mine');
    t.pass('the server holds both people’s words');
    t.equal(copy.answers['improve'], 'Theirs', 'the other question is untouched');
    await untilValue(a, label('contact'), 'theirs mine');
    await a.keyboard.press('Tab');
    t.equal(await valueOf(a, label('contact')), 'theirs mine', 'and so does the page, after leaving the field');
  });
});

t.test('edits made offline arrive after reconnect, none lost; the badge says Offline (will sync), then Saved', async (t) => {
  const name = await newForm(env, 'offline');
  const context = await phone();
  const a = await openForm(env, context, name);
  await context.setOffline(true);
  await a.getByRole('radio', { name: 'Student', exact: true }).check();
  await a.getByLabel('Your name', { exact: true }).fill('Olga');
  await saveBadge(a).getByText('Offline (will sync)').waitFor();
  // more edits while the retries fail
  await a.getByRole('radio', { name: 'Coaching: Good' }).check();
  await a.getByRole('checkbox', { name: 'Newsletter' }).check();
  await a.getByLabel('Summary', { exact: true }).fill('written on the bus');
  t.equal(await saveBadge(a).innerText(), 'Offline (will sync)');
  t.equal((await serverCopy(env, name)).version, 0, 'nothing reached the server');
  await context.setOffline(false);
  await saveBadge(a).getByText(/^Saved \d/).waitFor({ timeout: 15_000 });
  const copy = await serverCopy(env, name);
  t.same(
    { answers: copy.answers, respondent: copy.respondent, summary: copy.summary },
    { answers: { membership: 'Student', ratings: { Coaching: 'Good' }, help: ['Newsletter'] }, respondent: 'Olga', summary: 'written on the bus' },
  );
});

t.test('closing the tab right after typing still saves (keepalive flush on pagehide)', async (t) => {
  const name = await newForm(env, 'close');
  const context = await phone();
  const a = await openForm(env, context, name);
  await a.getByLabel(label('improve'), { exact: true }).fill('said just before closing');
  // well inside the 0.7 s debounce: only the flush can send it
  await a.close({ runBeforeUnload: true });
  const copy = await untilServer(env, name, (copy) => copy.version > 0);
  t.same(copy.answers, { improve: 'said just before closing' });

  const b = await openForm(env, context, name);
  await b.getByLabel(label('contact'), { exact: true }).fill('left for another page');
  await b.goto('about:blank');
  const after = await untilServer(env, name, (copy) => 'contact' in copy.answers);
  t.same(after.answers, { improve: 'said just before closing', contact: 'left for another page' }, 'and leaving for another page');
  t.equal(after.version, 2, 'one save each: the page hidden and then closed sends its changes once');
});

t.test('a reload shows the shared answers and sends only what differs, after 0.7 s, one save at a time', async (t) => {
  const name = await newForm(env, 'reload');
  const a = await openForm(env, await phone(), name);
  await a.getByRole('radio', { name: 'Adult', exact: true }).check();
  await saveElsewhere(env, name, { answers: { nights: ['Monday at the sports hall'], ratings: { 'Value for money': 'Good', Coaching: 'Excellent' } }, respondent: 'Bea' });
  await untilServer(env, name, (copy) => 'membership' in copy.answers);
  await a.reload();
  await a.getByRole('heading', { level: 1 }).waitFor();
  await a.getByRole('checkbox', { name: 'Monday at the sports hall', checked: true }).waitFor();
  t.ok(await a.getByRole('radio', { name: 'Adult', exact: true }).isChecked(), 'its own answer');
  t.ok(await a.getByRole('radio', { name: 'Coaching: Excellent' }).isChecked(), 'the other phone’s grid');
  t.ok(await a.getByRole('radio', { name: 'Value for money: Good' }).isChecked());
  t.equal(await valueOf(a, 'Your name'), 'Bea');
  await saveBadge(a).getByText(/^Saved \d{2}:\d{2}/).waitFor();

  const traffic = watchTraffic(a, name);
  await a.getByRole('radio', { name: 'Advanced', exact: true }).check();
  await saveBadge(a).getByText(/^Saved/).waitFor();
  await untilServer(env, name, (copy) => copy.answers['level'] === 'Advanced');
  t.same(traffic.posts, [{ answers: { level: 'Advanced' }, notes: {} }], 'one question changed: only it is sent');

  // many keystrokes, one save, no sooner than 0.7 s after the last one
  const field = a.getByLabel(label('improve'), { exact: true });
  await field.click();
  // both instants on the browser's clock: the test process may see them late on a busy machine
  await a.evaluate(() => document.addEventListener('input', () => Reflect.set(window, 'lastInputAt', Date.now()), true));
  const sending = a.waitForRequest((request) => request.method() === 'POST');
  await a.keyboard.type('a longer night');
  const sent = await sending;
  await sent.response();
  const lastKey = (await a.evaluate(() => Reflect.get(window, 'lastInputAt'))) as number;
  const waited = sent.timing().startTime - lastKey;
  t.ok(waited >= 700, `the save waits 0.7 s after the last keystroke (waited ${Math.round(waited)} ms)`);
  await saveBadge(a).getByText(/^Saved/).waitFor();
  t.same(traffic.posts.at(-1), { answers: { improve: 'a longer night' }, notes: {} }, 'fourteen keystrokes: one save');
  t.equal(traffic.posts.length, 2);

  // a slow network: what is typed while a save is on its way waits for it
  const gate = await holdSaves(a, name);
  await a.keyboard.type(', please');
  await gate.held();
  await saveBadge(a).getByText('Saving', { exact: true }).waitFor();
  // the later changes' debounce on a clock the test moves: the 0.7 s above were timed on a real one
  await a.clock.install();
  await a.keyboard.type('!');
  await a.getByRole('radio', { name: 'Probably', exact: true }).check();
  // long past the debounce of the later changes: still the one save on its way
  await a.clock.runFor(1_500);
  t.equal(await gate.count(), 1, 'no second save while the first is on its way');
  await gate.open();
  const copy = await untilServer(env, name, (copy) => copy.answers['next-season'] === 'Probably');
  t.equal(copy.answers['improve'], 'a longer night, please!');
  await saveBadge(a).getByText(/^Saved/).waitFor();
  t.equal(traffic.mostInFlight(), 1, 'never two saves in flight');
  t.same(traffic.posts.slice(2), [{ answers: { improve: 'a longer night, please' }, notes: {} }, { answers: { improve: 'a longer night, please!', 'next-season': 'Probably' }, notes: {} }]);
});

t.test('a refusal is said plainly: a save past the 10,240-byte cap is not saved, a smaller one is', async (t) => {
  const name = await newForm(env, 'too-large');
  const a = await openForm(env, await phone(), name);
  // 6,000 characters (the field takes 10,000) but 12,000 bytes of UTF-8
  await a.getByLabel(label('improve'), { exact: true }).fill('é'.repeat(6_000));
  const refusal = a.getByRole('alert');
  await refusal.waitFor();
  t.match(await refusal.innerText(), /^Not saved: a form holds at most 10,240 bytes/);
  t.equal(await saveBadge(a).innerText(), 'Not saved (tap to retry)');
  t.equal((await serverCopy(env, name)).version, 0);
  await a.getByLabel(label('improve'), { exact: true }).fill('é'.repeat(1_000));
  await saveBadge(a).getByText(/^Saved \d/).waitFor();
  t.equal(await refusal.count(), 0, 'the message goes once saved');
  t.equal((await serverCopy(env, name)).answers['improve'], 'é'.repeat(1_000));
});

t.test('two pages typing in one text question at the same time: both people’s words end up on the server and on both pages (issue 32)', async (t) => {
  const name = await newForm(env, 'same-text');
  const [a, b] = await Promise.all([openForm(env, await phoneOnClock(env), name), openForm(env, await phoneOnClock(env), name)]);
  const field = label('improve');
  await Promise.all([a.getByLabel(field, { exact: true }).click(), b.getByLabel(field, { exact: true }).click()]);
  await Promise.all([a.keyboard.type('More courts', { delay: 20 }), b.keyboard.type('Longer nights', { delay: 20 })]);
  const both = (text: unknown): boolean => typeof text === 'string' && text.includes('More courts') && text.includes('Longer nights');
  const copy = await untilServer(env, name, (copy) => both(copy.answers['improve']));
  t.ok(both(copy.answers['improve']), `the server holds both: ${JSON.stringify(copy.answers['improve'])}`);
  // the field being typed in catches up when it is left (spec 002)
  await Promise.all([a.keyboard.press('Tab'), b.keyboard.press('Tab')]);
  const settled = await untilServer(env, name, (now) => both(now.answers['improve']));
  await Promise.all([nextPoll(a), nextPoll(b)]);
  await untilValue(a, field, String(settled.answers['improve']));
  await untilValue(b, field, String(settled.answers['improve']));
  t.pass('both pages show the same text, with both people’s words');
});

t.test('a choice the other page changed says so on that question, until this page changes it', async (t) => {
  const name = await newForm(env, 'choice-notice');
  const [a, b] = await Promise.all([openForm(env, await phoneOnClock(env), name), openForm(env, await phoneOnClock(env), name)]);
  await a.getByRole('radio', { name: 'Adult', exact: true }).check();
  await untilServer(env, name, (copy) => copy.answers['membership'] === 'Adult');
  await nextPoll(b);
  await b.getByRole('radio', { name: 'Adult', exact: true, checked: true }).waitFor({ timeout: 15_000 });
  await b.getByRole('radio', { name: 'Student', exact: true }).check();
  await untilServer(env, name, (copy) => copy.answers['membership'] === 'Student');
  const question = a.getByRole('group', { name: 'Which membership did you have this season?' });
  const notice = question.getByText('Someone else changed this answer just now.');
  await nextPoll(a);
  await notice.waitFor({ timeout: 15_000 });
  t.ok(await question.getByRole('radio', { name: 'Student', exact: true }).isChecked(), 'the last save wins: the other page’s choice is shown');
  t.equal(await notice.evaluate((element) => element.getAttribute('aria-live')), 'polite', 'and a screen reader hears the notice');
  t.equal(await b.getByText('Someone else changed this answer just now.').count(), 0, 'the page that made the change is not told it');
  await question.getByRole('radio', { name: 'Adult', exact: true }).check();
  await notice.waitFor({ state: 'detached' });
  t.pass('this page’s next change there takes the notice away');
});
