import t from 'tap';
import { initialLoadState, type KeptCopy, type LoadEvent, type LoadState, nextLoadState, shownSince, waitsForAnswer } from './load-state.ts';

const copy: KeptCopy<string> = { value: 'kept', savedAt: '2026-11-27T20:00:00.000Z' };
const run = (start: LoadState<string>, ...events: LoadEvent<string>[]): LoadState<string> => events.reduce(nextLoadState, start);
const noAnswer = (found: KeptCopy<string> | null = null): LoadEvent<string> => ({ type: 'failure', retryable: true, message: 'No connection to the server. Try again when you are online.', copy: found });
const refusal: LoadEvent<string> = { type: 'failure', retryable: false, message: 'No such show.', copy };

t.test('the copy is drawn at once, the answer replaces it', async (t) => {
  const opened = initialLoadState(copy);
  t.same(opened, { kind: 'ok', value: 'kept', fromCopy: true, keptAt: copy.savedAt, offline: false }, 'a copy in memory is the first frame');
  t.same(initialLoadState<string>(null), { kind: 'loading' }, 'no copy: loading');
  const answered = run(opened, { type: 'answer', value: 'fresh' });
  t.same(answered, { kind: 'ok', value: 'fresh', fromCopy: false, keptAt: null, offline: false });
  t.equal(shownSince(opened), null, 'while the ask is on its way the copy is not called old');
  t.notOk(waitsForAnswer(opened), 'nor asked again every 8 s');
});

t.test('a copy read late never covers an answer', async (t) => {
  const state = run(initialLoadState<string>(null), { type: 'answer', value: 'fresh' }, { type: 'copy', copy });
  t.equal(state.kind === 'ok' && state.value, 'fresh');
});

t.test('no answer: the copy stays and says since when', async (t) => {
  const state = run(initialLoadState<string>(null), noAnswer(copy));
  t.same(state, { kind: 'ok', value: 'kept', fromCopy: true, keptAt: copy.savedAt, offline: true });
  t.equal(shownSince(state), copy.savedAt);
  t.ok(waitsForAnswer(state), 'asked again at every retry moment');
  const drawn = run(initialLoadState(copy), noAnswer(copy));
  t.equal(shownSince(drawn), copy.savedAt, 'the copy drawn at once is now known to be unconfirmed');
  const back = run(state, { type: 'answer', value: 'fresh' });
  t.equal(shownSince(back), null, 'the answer ends it');
  t.notOk(waitsForAnswer(back));
});

t.test('no answer and no copy: said in a sentence, and a copy read later is shown', async (t) => {
  const state = run(initialLoadState<string>(null), noAnswer());
  t.same(state, { kind: 'not-kept', message: 'No connection to the server. Try again when you are online.' });
  t.ok(waitsForAnswer(state));
  t.same(run(state, { type: 'copy', copy }), { kind: 'ok', value: 'kept', fromCopy: true, keptAt: copy.savedAt, offline: true });
});

t.test('a refresh with no answer keeps the last answer on screen', async (t) => {
  const state = run(initialLoadState<string>(null), { type: 'answer', value: 'fresh' }, noAnswer(copy));
  t.same(state, { kind: 'ok', value: 'fresh', fromCopy: false, keptAt: null, offline: true });
  t.equal(shownSince(state), null, 'the server said it in this visit: not a kept copy');
});

t.test('a refusal is never hidden behind a copy', async (t) => {
  t.same(run(initialLoadState(copy), refusal), { kind: 'failed', message: 'No such show.' });
  t.notOk(waitsForAnswer(run(initialLoadState(copy), refusal)), 'nor asked again on its own');
});

t.test('something else to load starts afresh; a value the screen got itself is kept', async (t) => {
  t.same(run(initialLoadState(copy), { type: 'start' }), { kind: 'loading' });
  t.same(run(initialLoadState<string>(null), noAnswer(), { type: 'set', value: 'mine' }), { kind: 'ok', value: 'mine', fromCopy: false, keptAt: null, offline: false });
});
