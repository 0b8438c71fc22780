import t from 'tap';
import { editDistance, exactEntry, LIBRARY, libraryEntry, nameScore, normalise, suggest } from './exercise-match.ts';

const first = (query: string) => suggest(query)[0]?.entry.id;

t.test('the bundled library: 150 or more entries, unique ids, every field filled', async (t) => {
  t.ok(LIBRARY.length >= 150, `${LIBRARY.length} entries`);
  t.equal(new Set(LIBRARY.map((entry) => entry.id)).size, LIBRARY.length, 'ids are unique');
  for (const entry of LIBRARY) {
    t.match(entry.id, /^[a-z0-9-]+$/);
    t.ok(entry.name && entry.muscle && entry.equipment, entry.id);
  }
});

t.test('names are compared by their letters and digits only', async (t) => {
  t.equal(normalise("  Farmer's  Walk! "), 'farmers walk');
  t.equal(normalise('Pull-Up'), 'pull up');
  t.equal(editDistance('romainan', 'romanian'), 2);
  t.equal(editDistance('', 'abc'), 3);
  t.equal(nameScore('Bench Press', 'bench press'), 100);
  t.equal(nameScore('pullup', 'Pull-up'), 95);
  t.equal(nameScore('xyz', 'Squat'), 0);
});

t.test('suggestions as one types: names, aliases, word prefixes, typos', async (t) => {
  t.equal(first('Bench Press'), 'bench-press', 'the exact name');
  t.equal(first('squat'), 'back-squat', 'an alias: Squat is the back squat');
  t.equal(first('OHP'), 'overhead-press');
  t.equal(first('rdl'), 'romanian-deadlift');
  t.equal(first('pullup'), 'pull-up');
  t.equal(first('lat pull'), 'lat-pulldown', 'a prefix');
  t.equal(first('press bench'), 'bench-press', 'words in any order');
  t.equal(first('romainan deadlift'), 'romanian-deadlift', 'a typo');
  t.same(
    suggest('incline').slice(0, 3).map((each) => each.entry.id).sort(),
    ['incline-bench-press', 'incline-dumbbell-curl', 'incline-dumbbell-press'],
    'the entries starting with the word come first',
  );
  t.same(suggest(''), [], 'nothing typed, nothing suggested');
  t.same(suggest('zzzz'), []);
  t.equal(suggest('curl', LIBRARY, 3).length, 3, 'at most the limit');
  const viaAlias = suggest('skullcrusher')[0]!;
  t.same([viaAlias.entry.id, viaAlias.via], ['skull-crusher', 'Skullcrusher']);
});

t.test('an exact name or alias links without asking; anything less asks', async (t) => {
  t.equal(exactEntry('Barbell Row')?.id, 'barbell-row');
  t.equal(exactEntry('bent over row')?.id, 'barbell-row');
  t.equal(exactEntry('Squat')?.id, 'back-squat');
  t.equal(exactEntry('Bench'), LIBRARY.find((entry) => entry.id === 'bench-press') ?? null, 'an alias');
  t.equal(exactEntry('My Odd Machine'), null);
  t.equal(exactEntry('lat pull'), null, 'a prefix is only a suggestion');
  t.equal(libraryEntry('deadlift')?.name, 'Deadlift');
  t.equal(libraryEntry('no-such'), null);
  t.equal(libraryEntry(null), null);
});
