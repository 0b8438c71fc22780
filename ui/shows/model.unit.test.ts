import t from 'tap';
import { artworkUrl, base64Of, behindLabel, type Episode, episodeCode, episodesUpTo, importableName, importedLabel, nextLabel, plainText, seasonsOf, upToHere } from './model.ts';

const episode = (id: number, season: number, number: number | null): Episode => ({ id, name: `E${id}`, season, number, airdate: null, airstamp: null });
// two seasons of three, a special in season 1, listed out of order as a provider may
const EPISODES = [episode(23, 2, 3), episode(11, 1, 1), episode(10, 1, null), episode(12, 1, 2), episode(21, 2, 1), episode(13, 1, 3), episode(22, 2, 2)];

t.test('seasons in order, episodes by number, specials last', async (t) => {
  t.same(
    seasonsOf(EPISODES).map((season) => [season.season, season.episodes.map((entry) => entry.id)]),
    [
      [1, [11, 12, 13, 10]],
      [2, [21, 22, 23]],
    ],
  );
  t.same(seasonsOf([]), []);
});

t.test('"up to here": whole earlier seasons in one request each, then each unwatched episode of the season up to the target', async (t) => {
  t.same(upToHere(EPISODES, new Set(), 22), [
    { kind: 'season', season: 1 },
    { kind: 'episode', episodeId: 21 },
    { kind: 'episode', episodeId: 22 },
  ]);
  t.same(upToHere(EPISODES, new Set([11, 12, 13, 10, 21]), 22), [{ kind: 'episode', episodeId: 22 }], 'nothing watched is sent again');
  t.same(upToHere(EPISODES, new Set([12]), 13), [
    { kind: 'episode', episodeId: 11 },
    { kind: 'episode', episodeId: 13 },
  ], 'out-of-order watching is kept');
  t.same(upToHere(EPISODES, new Set(), 999), [], 'an unknown episode asks nothing');
  t.same(upToHere(EPISODES, new Set([11, 12, 21, 23]), 22, false), [
    { kind: 'season', season: 1 },
    { kind: 'episode', episodeId: 21 },
  ], 'unwatched up to here: only what is watched is unmarked; S02E03 after it stays');
  t.same(episodesUpTo(EPISODES, 21).map((entry) => entry.id), [11, 12, 13, 10, 21], 'watching order: seasons, numbers, specials last in their season');
});

t.test('the words for progress and the next episode', async (t) => {
  t.equal(behindLabel({ episodesBehind: 3, airedCount: 4 }), '3 episodes behind');
  t.equal(behindLabel({ episodesBehind: 1, airedCount: 4 }), '1 episode behind');
  t.equal(behindLabel({ episodesBehind: 0, airedCount: 4 }), 'Up to date');
  t.equal(behindLabel({ episodesBehind: 0, airedCount: 0 }), 'Nothing aired yet');
  t.equal(behindLabel({ episodesBehind: null, airedCount: null }), 'Progress not known yet', 'the cache has no episode list');
  t.equal(episodeCode({ season: 1, number: 4 }), 'S01E04');
  t.equal(episodeCode({ season: 12, number: null }), 'S12 special');
  t.equal(nextLabel({ ...episode(1, 6, 3), name: 'Resurrection', airdate: '2026-09-30' }), 'Next: S06E03 Resurrection, 2026-09-30');
  t.equal(nextLabel(null), 'No next episode announced');
});

t.test('the provider summary as plain text; artwork only over https', async (t) => {
  t.equal(plainText('<p><b>Slow Horses</b> follows a team &amp; its&nbsp;boss.</p>'), 'Slow Horses follows a team & its boss.');
  t.equal(plainText(null), '');
  t.equal(artworkUrl('http://static.tvmaze.com/a.jpg'), 'https://static.tvmaze.com/a.jpg');
  t.equal(artworkUrl('https://static.tvmaze.com/a.jpg'), 'https://static.tvmaze.com/a.jpg');
  t.equal(artworkUrl(null), null);
  t.equal(artworkUrl('javascript:alert(1)'), null);
});

t.test('an import said in words; files read as base64 in slices', async (t) => {
  const job = { imported: { shows: 3, episodes: 1, watchlist: 1, ratings: 2 }, unchanged: 0 };
  t.equal(importedLabel(job), 'Imported 3 shows, 1 episode watched, 1 on the watchlist, 2 ratings.');
  t.equal(importedLabel({ imported: { shows: 0, episodes: 4, watchlist: 0, ratings: 0 }, unchanged: 2 }), 'Imported 4 episodes watched.');
  t.equal(importedLabel({ imported: { shows: 0, episodes: 0, watchlist: 0, ratings: 0 }, unchanged: 2 }), 'Nothing new: your library already had all of it.');
  t.equal(importedLabel({ imported: { shows: 0, episodes: 0, watchlist: 0, ratings: 0 }, unchanged: 0 }), 'Nothing was imported.');
  const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256);
  t.equal(base64Of(bytes), Buffer.from(bytes).toString('base64'));
  t.same(['export.zip', 'tracking-prod-records.csv', 'watched-shows.JSON', 'notes.txt'].map(importableName), [true, true, true, false]);
});
