import t from 'tap';
import fc from 'fast-check';
import { mergeText, moveCaret } from './text-merge.ts';

/** text of words and spaces, the kind people type in a questionnaire */
const prose = fc.array(fc.constantFrom('the', 'gym', 'was', 'cold', 'music', 'loud', 'and', 'good', 'food', '.', ','), { maxLength: 30 }).map((words) => words.join(' '));
const insertAt = (text: string, at: number, words: string): string => `${text.slice(0, at)}${words}${text.slice(at)}`;

t.test('two people typing in one answer at once both keep their words', async (t) => {
  t.equal(mergeText('The food was good.', 'The food was good. Music too loud.', 'Venue: The food was good.'), 'Venue: The food was good. Music too loud.');
  t.equal(mergeText('', 'mine', 'theirs'), 'theirs mine', 'from an empty answer, both texts: the other one first, this page’s after it');
  t.equal(mergeText('Parking', 'Parking was easy', 'Parking was hard'), 'Parking was hard was easy', 'both endings stay, even where they say different things');
});

t.test('property: an insertion on each side survives the merge, wherever each was made', async () => {
  fc.assert(
    fc.property(fc.oneof(prose, fc.string({ maxLength: 200 })), fc.nat(), fc.nat(), (base, i, j) => {
      const mine = insertAt(base, i % (base.length + 1), ' «MINE» ');
      const theirs = insertAt(base, j % (base.length + 1), ' «THEIRS» ');
      const merged = mergeText(base, mine, theirs);
      return merged.includes('«MINE»') && merged.includes('«THEIRS»');
    }),
    { numRuns: 500 },
  );
});

t.test('property: nothing changed on the other side gives this page’s text; nothing changed here gives theirs', async () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), (base, other) => mergeText(base, other, base) === other && mergeText(base, base, other) === other),
    { numRuns: 500 },
  );
  fc.assert(fc.property(fc.string(), fc.string(), (base, same) => mergeText(base, same, same) === same), { numRuns: 200 });
});

t.test('a change the other side rewrote around keeps its words after the other person’s instead of dropping them', async (t) => {
  const base = 'We liked the food very much and the band was great';
  const mine = 'We liked the food very much and the band was great, especially the drummer';
  const theirs = 'Completely different text now';
  const merged = mergeText(base, mine, theirs);
  t.match(merged, /^Completely different text now/, 'the other person’s text is kept');
  t.match(merged, /especially the drummer/, 'and so are this page’s words');
});

t.test('a word one side replaced, next to words the other side added, is the replaced word: no fragment of it is kept', async (t) => {
  // found by the sync simulation (seed 32006): the character merge could not place C1w → C3w and kept only the inserted "3"
  t.equal(mergeText('C1w', 'C3w', 'C1w B3w B4w B6w B8w'), 'C3w B3w B4w B6w B8w');
  t.equal(mergeText('C1w B3w B4w B6w B8w', 'C1w B3w B4w B6w B8w C4w', 'C1w B3w B4w B8w'), 'C1w B3w B4w B8w C4w', 'a word taken out on one side, one added on the other');
  t.equal(mergeText('the gym was cold', 'the gym was warm', 'the gym was cold and loud'), 'the gym was warm and loud');
});

/** the words (runs of non-whitespace) of a text */
const wordsOf = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');
/** text whose words share letters, so a character merge would find pieces of words to reuse */
const wordy = fc.array(fc.constantFrom('C1w', 'C3w', 'B3w', 'B13w', 'cold', 'colder', 'old', 'A1w', '\n', 'gym.', 'gym'), { maxLength: 12 }).map((words) => words.join(' '));
/** a change to a text: words taken out, replaced or added anywhere */
const changed = (text: string): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom('out', 'replace', 'add'), fc.nat(), fc.constantFrom('C3w', 'B8w', 'colder', 'mine', 'X')), { maxLength: 4 })
    .map((edits) => {
      const words = wordsOf(text);
      for (const [kind, at, word] of edits) {
        const index = words.length === 0 ? 0 : at % words.length;
        if (kind === 'out') words.splice(index, 1);
        else if (kind === 'replace' && words.length > 0) words[index] = word;
        else words.splice(at % (words.length + 1), 0, word);
      }
      return words.join(' ');
    });

t.test('property: every word of the merge is a word one of the two people has in their text, never a piece of one', async () => {
  const triple = fc.oneof(wordy, prose).chain((base) => fc.tuple(fc.constant(base), changed(base), changed(base)));
  fc.assert(
    fc.property(triple, ([base, mine, theirs]) => {
      const either = new Set([...wordsOf(mine), ...wordsOf(theirs)]);
      return wordsOf(mergeText(base, mine, theirs)).every((word) => either.has(word));
    }),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (base, mine, theirs) => {
      const either = new Set([...wordsOf(mine), ...wordsOf(theirs)]);
      return wordsOf(mergeText(base, mine, theirs)).every((word) => either.has(word));
    }),
    { numRuns: 1000 },
  );
});

t.test('property: a word added on one side and not touched by the other survives', async () => {
  fc.assert(
    fc.property(
      fc.oneof(wordy, prose).chain((base) => fc.tuple(fc.constant(base), changed(base), fc.nat())),
      ([base, theirs, at]) => {
        const words = wordsOf(base);
        words.splice(at % (words.length + 1), 0, '«MINE»');
        return mergeText(base, words.join(' '), theirs).includes('«MINE»');
      },
    ),
    { numRuns: 1000 },
  );
});

t.test('a deletion on one side and an insertion elsewhere on the other both apply', async (t) => {
  t.equal(mergeText('one two three four', 'one three four', 'one two three four five'), 'one three four five');
});

t.test('the caret keeps its place in the text around it', async (t) => {
  const before = 'The food was good';
  const at = before.indexOf(' was');
  t.equal(moveCaret(before, `Venue ok. ${before}`, at), at + 'Venue ok. '.length, 'words arriving before the caret move it on with its text');
  t.equal(moveCaret(before, `${before}, music loud`, at), at, 'words arriving after it leave it where it is');
  t.equal(moveCaret(before, before, 3), 3);
  t.equal(moveCaret('abc', '', 3), 0, 'never past the end of the text');
});
