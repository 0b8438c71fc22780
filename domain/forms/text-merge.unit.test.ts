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

t.test('a change the other side rewrote around keeps its words at the end instead of dropping them', async (t) => {
  const base = 'We liked the food very much and the band was great';
  const mine = 'We liked the food very much and the band was great, especially the drummer';
  const theirs = 'Completely different text now';
  const merged = mergeText(base, mine, theirs);
  t.match(merged, /^Completely different text now/, 'the other person’s text is kept');
  t.match(merged, /especially the drummer/, 'and so are this page’s words');
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
