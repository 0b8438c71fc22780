import t from 'tap';
import fc from 'fast-check';
import { basesOf, edit, emptyState, type FormDocument, leave, outgoingFor, patchOf, pending, receive, sameValue, saved, type SyncState, textFieldsOf } from './model.ts';

const doc = (version: number, answers: FormDocument['answers'], more: Partial<FormDocument> = {}): FormDocument => ({
  answers,
  notes: {},
  respondent: '',
  summary: '',
  version,
  updatedAt: `2026-11-26T10:00:0${version % 10}.000Z`,
  ...more,
});

/** A page that has loaded version 1 of a form where q1 is 'a' and the grid q3 has one row answered. */
const loaded = (): SyncState => receive(emptyState, doc(1, { q1: 'a', q3: { food: 'good', music: 'poor' } }), null);

t.test('sameValue compares by content: an object with its keys in any order is the same answer', async (t) => {
  const sent = { food: 'good', music: 'poor', venue: 'great' };
  const stored = { venue: 'great', music: 'poor', food: 'good' };
  t.not(JSON.stringify(sent), JSON.stringify(stored), 'their serialised strings differ');
  t.ok(sameValue(sent, stored), 'the same answer');
  t.notOk(sameValue(sent, { ...stored, music: 'good' }), 'one row answered differently is another answer');
  t.notOk(sameValue(sent, { food: 'good', music: 'poor' }), 'a row fewer is another answer');
  t.notOk(sameValue({ food: 'good', music: 'poor' }, { food: 'good', drinks: 'poor' }), 'the same count of other rows is another answer');
  t.ok(sameValue(['mon', 'wed'], ['mon', 'wed']));
  t.notOk(sameValue(['mon', 'wed'], ['mon']));
  t.notOk(sameValue('mon', ['mon']), 'text is not a list');
  t.ok(sameValue(undefined, ''), 'a question never answered equals an empty answer');
  t.ok(sameValue([], {}));
  t.notOk(sameValue(undefined, 'x'));
});

t.test('a copy from the server with its keys reordered leaves nothing to send (no save loop)', async (t) => {
  let state = loaded();
  state = edit(state, 'a:q3', { food: 'good', music: 'great' });
  t.same(pending(state), { 'a:q3': { food: 'good', music: 'great' } });
  state = saved(state, pending(state), doc(2, { q1: 'a', q3: { music: 'great', food: 'good' } }), null);
  t.same(pending(state), {}, 'the merged document came back with the keys in another order: nothing differs');
  state = receive(state, doc(3, { q3: { music: 'great', food: 'good' }, q1: 'a' }), null);
  t.same(pending(state), {}, 'nor after a poll');
});

t.test('only the questions that differ are sent, each in its place', async (t) => {
  let state = loaded();
  state = edit(state, 'a:q2', ['mon']);
  state = edit(state, 'n:q1', 'see me');
  state = edit(state, 'respondent', 'Ada');
  t.same(patchOf(pending(state)), { answers: { q2: ['mon'] }, notes: { q1: 'see me' }, respondent: 'Ada' });
});

t.test('rule 4: the server value for every question this page did not change, its own for those it did', async (t) => {
  let state = edit(loaded(), 'a:q2', ['tue']);
  state = receive(state, doc(2, { q1: 'b', q2: ['mon'], q4: 'new' }, { summary: 'theirs' }), null);
  t.equal(state.shown['a:q1'], 'b', 'a question this page did not change takes the server value');
  t.equal(state.shown['a:q4'], 'new', 'so does one answered elsewhere for the first time');
  t.equal(state.shown['summary'], 'theirs');
  t.same(state.shown['a:q3'], undefined, 'and one cleared elsewhere (the server no longer has it)');
  t.same(state.shown['a:q2'], ['tue'], 'the question this page changed keeps its own value');
  t.same(pending(state), { 'a:q2': ['tue'] }, 'and is still to be sent');
  t.same(state.confirmed['a:q2'], ['mon'], 'the confirmed copy is the server one');
});

t.test('the field being typed in keeps what is shown and catches up when it is left', async (t) => {
  let state = loaded();
  state = receive(state, doc(2, { q1: 'from the other phone', q3: { food: 'great' } }), 'a:q1');
  t.equal(state.shown['a:q1'], 'a', 'the field being typed in is not changed under the cursor');
  t.same(state.shown['a:q3'], { food: 'great' }, 'another field updates at once');
  t.same(pending(state), {}, 'a deferred field is not this page’s change: nothing to send');
  t.same(leave(state, 'a:q3'), state, 'leaving another field changes nothing');
  state = leave(state, 'a:q1');
  t.equal(state.shown['a:q1'], 'from the other phone', 'leaving the field catches it up');
  t.same([...state.deferred], []);
});

t.test('a field this page changed while the other phone changed it too keeps this page’s value on leave', async (t) => {
  let state = edit(loaded(), 'a:q1', 'mine');
  state = receive(state, doc(2, { q1: 'theirs' }), 'a:q1');
  state = leave(state, 'a:q1');
  t.equal(state.shown['a:q1'], 'mine');
  t.same(pending(state), { 'a:q1': 'mine' }, 'and it is sent');
});

t.test('a newer copy that waits for the field is dropped by a later edit of that field', async (t) => {
  let state = receive(loaded(), doc(2, { q1: 'theirs' }), 'a:q1');
  state = edit(state, 'a:q1', 'typed on');
  state = leave(state, 'a:q1');
  t.equal(state.shown['a:q1'], 'typed on', 'what the user typed after the copy came stays');
  t.same(pending(state), { 'a:q1': 'typed on' });
});

t.test('saved() keeps to send what changed again while the save was on its way', async (t) => {
  let state = edit(loaded(), 'a:q1', 'ab');
  state = edit(state, 'a:q4', 'x');
  const sent = pending(state);
  state = edit(state, 'a:q1', 'abc');
  state = saved(state, sent, doc(2, { q1: 'ab', q3: { food: 'good', music: 'poor' }, q4: 'x' }), 'a:q1');
  t.equal(state.shown['a:q1'], 'abc', 'what was typed since is shown');
  t.same(pending(state), { 'a:q1': 'abc' }, 'and goes in the next save; q4 was confirmed');
  t.equal(state.version, 2);
});

t.test('an edit back to the server value leaves nothing to send', async (t) => {
  let state = edit(loaded(), 'a:q1', 'ab');
  t.same(pending(state), { 'a:q1': 'ab' });
  state = edit(state, 'a:q1', 'a');
  t.same(pending(state), {});
  state = edit(state, 'a:q3', { food: 'great', music: 'poor' });
  state = edit(state, 'a:q3', { music: 'poor', food: 'good' });
  t.same(pending(state), {}, 'a grid set back row by row, in another order');
});

t.test('an older copy than the one held changes nothing', async (t) => {
  const state = receive(edit(loaded(), 'a:q2', ['mon']), doc(5, { q1: 'five' }), null);
  t.equal(receive(state, doc(4, { q1: 'four', q2: ['tue'] }), null), state, 'a slow poll answered after a newer save');
  t.equal(saved(state, {}, doc(3, { q1: 'three' }), null).shown['a:q1'], 'five');
});

/** q5 is a long text question, q1 a choice */
const isText = textFieldsOf([
  { id: 'q1', t: 'one' },
  { id: 'q5', t: 'long' },
]);
const withText = (): SyncState => receive(emptyState, doc(1, { q1: 'a', q5: 'The food was good.' }), null, isText);

t.test('two pages typing in one text answer: the copy from the server is merged with what is typed here, and the merge is sent', async (t) => {
  let state = edit(withText(), 'a:q5', 'The food was good. Music too loud.', isText);
  state = receive(state, doc(2, { q1: 'a', q5: 'Venue: The food was good.' }), 'a:q5', isText);
  t.equal(state.shown['a:q5'], 'Venue: The food was good. Music too loud.', 'both people’s words are shown, while typing too');
  t.same(pending(state), { 'a:q5': 'Venue: The food was good. Music too loud.' }, 'and the merge is what goes next');
  t.equal(state.confirmed['a:q5'], 'Venue: The food was good.');
  const again = receive(state, doc(2, { q1: 'a', q5: 'Venue: The food was good.' }), 'a:q5', isText);
  t.equal(again.shown['a:q5'], state.shown['a:q5'], 'the same copy polled again merges nothing twice');
  state = saved(state, pending(state), doc(3, { q1: 'a', q5: 'Venue: The food was good. Music too loud.' }), 'a:q5', isText);
  t.same(pending(state), {}, 'once saved, nothing is left to send');
});

t.test('text typed while the save was on its way is merged on what was sent, not on the older text', async (t) => {
  let state = edit(withText(), 'a:q5', 'The food was good. Music', isText);
  const sent = pending(state);
  state = edit(state, 'a:q5', 'The food was good. Music too loud.', isText);
  // the answer to that save: someone else saved in between, the server's copy has both
  state = saved(state, sent, doc(3, { q1: 'a', q5: 'Venue: The food was good. Music' }), 'a:q5', isText);
  t.equal(state.shown['a:q5'], 'Venue: The food was good. Music too loud.', 'no word doubled, none lost');
  t.same(pending(state), { 'a:q5': 'Venue: The food was good. Music too loud.' });
});

t.test('text typed over a copy whose catch-up waited for the field to be left keeps the other person’s words', async (t) => {
  let state = receive(withText(), doc(2, { q1: 'a', q5: 'Venue: The food was good.' }), 'a:q5', isText);
  t.equal(state.shown['a:q5'], 'The food was good.', 'the field being typed in is not changed under the cursor (spec 002)');
  state = edit(state, 'a:q5', 'The food was good. Music too loud.', isText);
  t.equal(state.shown['a:q5'], 'Venue: The food was good. Music too loud.', 'typing in it merges what waited');
  t.same(pending(state), { 'a:q5': 'Venue: The food was good. Music too loud.' });
  t.same([...state.deferred], []);
});

t.test('a choice keeps the last save; the page whose shown choice someone else replaced is told, until it changes it', async (t) => {
  let state = withText();
  t.same([...state.changedElsewhere], [], 'the first copy a page sees is nobody’s change');
  state = receive(state, doc(2, { q1: 'b', q5: 'Venue' }), null, isText);
  t.equal(state.shown['a:q1'], 'b', 'the other save’s choice is shown');
  t.same([...state.changedElsewhere], ['a:q1'], 'and the choice is marked; a text answer replaced is not (its words were not lost)');
  state = receive(state, doc(3, { q1: 'b', q5: 'Venue' }), null, isText);
  t.same([...state.changedElsewhere], ['a:q1'], 'the mark stays while nothing changes there');
  state = edit(state, 'a:q1', 'c', isText);
  t.same([...state.changedElsewhere], [], 'this page’s next change there clears it');
  state = receive(state, doc(4, { q1: 'd', q5: 'Venue' }), null, isText);
  t.equal(state.shown['a:q1'], 'c', 'a choice this page changed and has not sent keeps its value: it is saved last, and wins');
  t.same(pending(state), { 'a:q1': 'c' });
});

t.test('a page that never had a copy from the server is told when the answer to its own choice holds someone else’s later choice', async (t) => {
  // the sync simulation's seed 32036: the page's reads were lost, so the answer to its save was the first copy it saw
  let state = edit(emptyState, 'a:q1', 'red', isText);
  state = edit(state, 'a:q5', 'Mine', isText);
  const sent = pending(state);
  state = saved(state, sent, doc(3, { q1: 'green', q5: 'Theirs. Mine' }), null, isText);
  t.equal(state.shown['a:q1'], 'green', 'the later save’s choice is shown');
  t.same([...state.changedElsewhere], ['a:q1'], 'and the choice this page saved is marked; the text (merged on the server) is not');
  t.same(pending(state), {}, 'nothing is left to send');

  const fresh = receive(emptyState, doc(0, {}), null, isText);
  t.same([...fresh.changedElsewhere], [], 'a form nobody has saved yet: its first copy is nobody’s change');
  const answered = saved(edit(fresh, 'a:q1', 'red', isText), { 'a:q1': 'red' }, doc(2, { q1: 'green' }), null, isText);
  t.same([...answered.changedElsewhere], ['a:q1'], 'nor is its own save’s answer: a choice replaced there is marked');

  const own = saved(edit(emptyState, 'a:q1', 'red', isText), { 'a:q1': 'red' }, doc(1, { q1: 'red' }), null, isText);
  t.same([...own.changedElsewhere], [], 'an answer that holds this page’s own choice marks nothing');
  const late = receive(emptyState, doc(5, { q1: 'blue' }), null, isText);
  const older = saved(edit(late, 'a:q1', 'red', isText), { 'a:q1': 'red' }, doc(4, { q1: 'green' }), null, isText);
  t.same([...older.changedElsewhere], [], 'an answer older than the copy held changes nothing, and marks nothing');
});

t.test('property: whatever each page inserted into one text answer, the merge that is sent holds both', async () => {
  const words = fc.array(fc.constantFrom('food', 'music', 'good', 'loud', 'and', '.'), { maxLength: 12 }).map((list) => list.join(' '));
  fc.assert(
    fc.property(words, fc.nat(), fc.nat(), fc.boolean(), (base, i, j, typing) => {
      const at = (n: number): number => n % (base.length + 1);
      const mine = `${base.slice(0, at(i))} MINE ${base.slice(at(i))}`;
      const theirs = `${base.slice(0, at(j))} THEIRS ${base.slice(at(j))}`;
      let state = receive(emptyState, doc(1, { q5: base }), null, isText);
      state = edit(state, 'a:q5', mine, isText);
      state = receive(state, doc(2, { q5: theirs }), typing ? 'a:q5' : null, isText);
      const sent = String(pending(state)['a:q5']);
      return sent.includes('MINE') && sent.includes('THEIRS') && state.shown['a:q5'] === sent;
    }),
    { numRuns: 300 },
  );
});

t.test('a send carries the text each text field was changed from, and the same changes keep their save id', async (t) => {
  let state = edit(withText(), 'a:q5', 'The food was good. Music too loud.', isText);
  state = edit(state, 'a:q1', 'b', isText);
  t.same(basesOf(state, pending(state), isText), { 'a:q5': 'The food was good.' }, 'a base for the text question only: a one-line answer is replaced, as the spec says');
  let ids = 0;
  const newId = () => `save-${++ids}`;
  const first = outgoingFor(null, pending(state), newId);
  t.equal(outgoingFor(first, { ...pending(state) }, newId), first, 'the same changes sent again: the same id');
  const changed = outgoingFor(first, pending(edit(state, 'a:q1', 'c', isText)), newId);
  t.equal(changed.id, 'save-2', 'other changes: a new id');
});
