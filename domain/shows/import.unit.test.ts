import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { decideLibrary } from './decide-library.ts';
import { exportInstant, firstEpisodesSeen, type ImportShowCommand, ImportFormatError, matchEpisodes, planShowImport, titleKey, withoutYear } from './import.ts';
import { parseTrakt } from './import-trakt.ts';
import { parseTvTime } from './import-tvtime.ts';
import { initialLibraryState, libraryAggregate, type LibraryEvent } from './library.ts';

const FIXTURES = path.join(import.meta.dirname, '../../command-api/shows/fixtures');
const fixture = (name: string): string => readFileSync(path.join(FIXTURES, name), 'utf8');
const tvTimeFiles = () => ['followed_tv_show.csv', 'tracking-prod-records-v2.csv'].map((name) => ({ name, text: fixture(`tvtime/${name}`) }));

t.test('a TV Time file that is not CSV is refused naming the file and the line', async (t) => {
  t.throws(() => parseTvTime([{ name: 'followed_tv_show.csv', text: 'tv_show_id,tv_show_name\n1,"open\n2,3' }]), /followed_tv_show\.csv line 2: /);
});

t.test('instants: TV Time without a zone is UTC, ISO with an offset, out-of-range and impossible dates refused', async (t) => {
  t.equal(exportInstant('2021-03-14 20:11:05'), '2021-03-14T20:11:05.000Z');
  t.equal(exportInstant('2021-03-14T20:11:05.123+02:00'), '2021-03-14T18:11:05.123Z');
  t.equal(exportInstant('2021-03-14 20:11:05 UTC'), '2021-03-14T20:11:05.000Z');
  t.equal(exportInstant('2021-03-14'), '2021-03-14T00:00:00.000Z');
  // older TV Time files, as Go prints a time: the offset, then the zone's name
  t.equal(exportInstant('2017-05-02 21:24:51 +0000 UTC'), '2017-05-02T21:24:51.000Z');
  t.equal(exportInstant('2017-05-02 21:24:51 +0200 CEST'), '2017-05-02T19:24:51.000Z');
  for (const bad of ['2021-02-30 10:00:00', '1899-12-31 23:59:59', '3000-01-01T00:00:00Z', 'yesterday', '', '2017-05-02 21:24:51 CEST']) t.equal(exportInstant(bad), null, bad);
  t.same(withoutYear('The Flash (2014)'), { title: 'The Flash', year: 2014 });
  t.equal(titleKey('  The  FLASH (2014) '), 'the flash');
});

t.test('TV Time: follows and watched episodes joined by TheTVDB id, else by name; the rest skipped or listed', async (t) => {
  const parsed = parseTvTime(tvTimeFiles());
  t.equal(parsed.source, 'tvtime');
  t.same(
    parsed.shows.map((show) => [show.title, show.ids.tvdb, show.watched.length, show.watchlist]),
    [
      ['Slow Horses', 372264, 4, false],
      ['Under the Dome', 264492, 0, true],
      ['Murder, She Baked', 999991, 0, true],
      ['Designated Survivor', null, 3, false],
      ['Gilmore Girls: The "Fan" Cut', 999993, 1, false],
    ],
    'the user-series row skipped; a rewatch kept for the decision to fold; the followed show with nothing watched saved for later',
  );
  t.same(parsed.shows[0]!.watched[0], { season: 1, number: 1, at: '2022-04-03T20:15:00.000Z' });
  t.same(parsed.notImported, [{ title: 'An Old Show I Dropped', what: 'the show', reason: 'no longer followed in TV Time, and no episode of it is watched' }]);
});

t.test('TV Time: the older column names, no key column, the episode file alone', async (t) => {
  const text = 'tv_show_name,series_id,episode_season_number,episode_number,episode_id,created_at\nLost,73739,1,1,127131,2010-01-01 10:00:00\n"Lost",,1,2,127132,\n';
  const parsed = parseTvTime([{ name: 'tracking-prod-records.csv', text }]);
  t.same(parsed.shows.map((show) => [show.title, show.ids.tvdb, show.watched]), [
    [
      'Lost',
      73739,
      [
        { season: 1, number: 1, at: '2010-01-01T10:00:00.000Z' },
        { season: 1, number: 2, at: null },
      ],
    ],
  ]);
});

t.test('TV Time: the first row that cannot be read is named by file, line and column', async (t) => {
  const header = 'key,s_id,series_name,season_number,episode_number,created_at\n';
  const cases: Array<[string, string]> = [
    [`${header}watch-episode-1,1,A,1,1,2020-01-01 10:00:00\nwatch-episode-2,1,A,one,2,2020-01-01 10:00:00\n`, 'tracking-prod-records.csv line 3: season_number: expected a whole number up to 10000, got "one"'],
    [`${header}watch-episode-1,1,A,1,1,2020-13-01 10:00:00\n`, 'tracking-prod-records.csv line 2: created_at: expected a date and time between 1900 and 2999, got "2020-13-01 10:00:00"'],
    [`${header}watch-episode-1,,,1,1,\n`, 'tracking-prod-records.csv line 2: series_name: a watched episode that names no show'],
    [`${header}watch-episode-1,x1,A,1,1,\n`, 'tracking-prod-records.csv line 2: s_id: expected a whole number up to 2147483647, got "x1"'],
    [`${header}watch-episode-1,1,A,,1,\n`, 'tracking-prod-records.csv line 2: season_number: a watched episode needs its season'],
    ['key,s_id,series_name,episode_number\n', 'tracking-prod-records.csv: no season_number or episode_season_number column in the first line'],
    [`${header}watch-episode-1,1,"A,1,1,\n`, 'tracking-prod-records.csv line 2: a quoted field opened on line 2 is never closed'],
    ['', 'tracking-prod-records.csv: the file is empty'],
  ];
  for (const [text, message] of cases) t.throws(() => parseTvTime([{ name: 'tracking-prod-records.csv', text }]), new ImportFormatError(message), message);
  t.throws(
    () => parseTvTime([{ name: 'followed_tv_show.csv', text: 'tv_show_id,tv_show_name\n12,A\n,\n' }]),
    new ImportFormatError('followed_tv_show.csv line 3: tv_show_name: a followed show with neither a name nor an id'),
  );
});

t.test('Trakt: watched with episodes, watchlist, ratings joined by ids; movies and lone ratings listed', async (t) => {
  const parsed = parseTrakt({
    watched: { file: 'watched-shows.json', value: fixture('trakt/watched-shows.json') },
    watchlist: { file: 'watchlist.json', value: fixture('trakt/watchlist.json') },
    ratings: { file: 'ratings-shows.json', value: fixture('trakt/ratings-shows.json') },
  });
  t.same(
    parsed.shows.map((show) => [show.title, show.year, show.ids.tvdb, show.ids.imdb, show.watched.length, show.watchlist, show.rating]),
    [
      ['Under the Dome', 2013, 264492, 'tt1553656', 5, false, 8],
      ['Designated Survivor', 2016, 311876, 'tt5296406', 2, false, 7],
      ['An Obscure Local Show', 2019, 999994, 'tt0000001', 1, false, null],
      ['Slow Horses', 2022, null, 'tt5875444', 0, true, null],
    ],
  );
  t.same(parsed.shows[0]!.watched.at(-1), { season: 3, number: 13, at: '2015-09-12T02:41:00.000Z' });
  t.same(parsed.notImported, [
    { title: 'Inception', what: 'a movie on the watchlist', reason: 'this service tracks shows, not movies' },
    { title: 'A Show I Only Rated', what: 'the rating 9', reason: 'rated on Trakt, but not watched there: a rating is kept with a finished show' },
  ]);
});

t.test('Trakt: what cannot be read is named by file, item and field', async (t) => {
  t.throws(() => parseTrakt({ watched: { file: 'watched-shows.json', value: '[{' } }), ImportFormatError);
  t.throws(() => parseTrakt({ watched: { file: 'watched-shows.json', value: '{}' } }), new ImportFormatError('watched-shows.json: expected a JSON array of items'));
  const items = [{ show: { title: 'A', ids: { tvdb: 1 } } }, { show: { title: 'B', ids: { tvdb: 'two' } } }];
  t.throws(
    () => parseTrakt({ watched: { file: 'watched-shows.json', value: JSON.stringify(items) } }),
    new ImportFormatError('watched-shows.json item 2: show.ids.tvdb: Invalid input: expected number, received string'),
  );
  t.throws(
    () => parseTrakt({ ratings: { file: 'ratings-shows.json', value: [{ rating: 11, type: 'show', show: { title: 'A' } }] } }),
    /^ratings-shows\.json item 1: rating: /,
  );
  t.throws(
    () => parseTrakt({ watched: { file: 'watched-shows.json', value: [{ show: { title: 'A' }, seasons: [{ number: 1, episodes: [{ number: 1, last_watched_at: '2021-02-30T00:00:00Z' }] }] }] } }),
    new ImportFormatError('watched-shows.json item 1: seasons.0.episodes.0.last_watched_at: expected an ISO 8601 date and time between 1900 and 2999'),
  );
});

t.test("episodes matched on TVmaze's season and number: a rewatch once at its first watch, specials listed", async (t) => {
  const episodes = [
    { id: 10, season: 1, number: 1 },
    { id: 11, season: 1, number: 2 },
    { id: 12, season: 1, number: null },
  ];
  const { matched, missing } = matchEpisodes(
    [
      { season: 1, number: 1, at: '2024-01-02T00:00:00.000Z' },
      { season: 1, number: 1, at: '2022-01-01T00:00:00.000Z' },
      { season: 1, number: 2, at: null },
      { season: 0, number: 1, at: '2022-01-01T00:00:00.000Z' },
    ],
    episodes,
    '2026-09-25T10:00:00.000Z',
  );
  t.same(matched, [
    { id: 10, season: 1, number: 1, at: '2022-01-01T00:00:00.000Z' },
    { id: 11, season: 1, number: 2, at: '2026-09-25T10:00:00.000Z' },
  ]);
  t.same(missing, [{ season: 0, number: 1, at: '2022-01-01T00:00:00.000Z' }]);
});

// The decision, given/when/then: what the library holds, the show of the export, the events.
const now = '2026-09-25T10:00:00.000Z';
let ids = 0;
const command = (change: Partial<ImportShowCommand> = {}): ImportShowCommand => ({
  type: 'import-show',
  trackedShowId: 'ts-new',
  showId: 1,
  episodes: [
    { id: 1, season: 1, number: 1, at: '2013-06-25T03:05:00.000Z' },
    { id: 2, season: 1, number: 2, at: '2013-07-02T03:05:00.000Z' },
  ],
  watchlist: false,
  rating: null,
  ended: true,
  aired: [1, 2],
  newId: () => `we${++ids}`,
  now,
  ...change,
});
const library = deciderSpec({ initialState: initialLibraryState, evolve: libraryAggregate.evolve, decide: decideLibrary });
const types = (events: readonly LibraryEvent[]) => events.map((event) => event.type);
const tracked: LibraryEvent = { type: 'show-tracked', data: { trackedShowId: 'ts1', showId: 1, at: now } };

t.test('import decision: a new show is tracked with its episodes, dated as the export says, in one decision', async (t) => {
  const { events } = library([]).when(command()).decided();
  t.same(types(events), ['show-tracked', 'episode-watched', 'episode-watched']);
  t.same(
    events.slice(1).map((event) => event.type === 'episode-watched' && [event.data.trackedShowId, event.data.episodeId, event.data.at]),
    [
      ['ts-new', 1, '2013-06-25T03:05:00.000Z'],
      ['ts-new', 2, '2013-07-02T03:05:00.000Z'],
    ],
  );
  library(events).when(command()).then(t, [], 'everything already there: nothing is decided');
});

t.test('import decision: an already tracked show gets only what it lacks, under its own id', async (t) => {
  const watchedOne: LibraryEvent = { type: 'episode-watched', data: { trackedShowId: 'ts1', watchedEpisodeId: 'w1', episodeId: 1, season: 1, number: 1, at: now } };
  const { events, rating } = planShowImport(command(), library([tracked, watchedOne]).state);
  t.same(
    events.map((event) => [event.type, event.type === 'episode-watched' ? event.data.episodeId : null, 'trackedShowId' in event.data ? event.data.trackedShowId : null]),
    [['episode-watched', 2, 'ts1']],
  );
  t.same(rating, { kind: 'none' });
});

t.test('import decision: the watchlist only for a show it starts tracking with nothing watched; watching takes one off', async (t) => {
  const watchlisted = library([]).when(command({ episodes: [], watchlist: true })).decided().events;
  t.same(types(watchlisted), ['show-tracked', 'watchlist-changed']);
  library(watchlisted).when(command({ episodes: [], watchlist: true })).then(t, [], 'twice is once');
  const off: LibraryEvent = { type: 'watchlist-changed', data: { trackedShowId: 'ts1', onWatchlist: false, at: now } };
  const on: LibraryEvent = { type: 'watchlist-changed', data: { trackedShowId: 'ts1', onWatchlist: true, at: now } };
  library([tracked, on, off]).when(command({ episodes: [], watchlist: true })).then(t, [], "the user's own choice about a show they track stands");
  const { events } = library([tracked, on]).when(command({ watchlist: true })).decided();
  t.same(types(events), ['episode-watched', 'episode-watched', 'watchlist-changed'], 'episodes watched start a watchlisted show');
  t.same(events.at(-1)!.data, { trackedShowId: 'ts1', onWatchlist: false, at: now });
});

t.test('import decision: a rating only with a finished show, else listed with the reason', async (t) => {
  let plan = planShowImport(command({ rating: 8 }), library([]).state);
  t.same(types(plan.events), ['show-tracked', 'episode-watched', 'episode-watched', 'show-completed']);
  t.same(plan.events.at(-1)!.data, { trackedShowId: 'ts-new', rating: 8, at: '2013-07-02T03:05:00.000Z' }, 'completed when the last episode was watched');
  t.same(plan.rating, { kind: 'applied' });
  const after = library(plan.events).state;
  t.same(planShowImport(command({ rating: 8 }), after), { events: [], rating: { kind: 'already' } });
  t.same(planShowImport(command({ rating: 6 }), after).rating, { kind: 'not-imported', reason: 'already completed here with your rating 8, which is kept' });

  plan = planShowImport(command({ rating: 8, ended: false }), library([]).state);
  t.same(types(plan.events), ['show-tracked', 'episode-watched', 'episode-watched']);
  t.same(plan.rating, { kind: 'not-imported', reason: 'a rating is kept with a finished show, and this one is still running' });
  plan = planShowImport(command({ rating: 8, aired: [1, 2, 3] }), library([]).state);
  t.same(plan.rating, { kind: 'not-imported', reason: 'a rating is kept with a finished show, and 2 of its 3 episodes are watched' });
  plan = planShowImport(command({ rating: 8, episodes: [], aired: [] }), library([]).state);
  t.same(plan.rating, { kind: 'not-imported', reason: 'a rating is kept with a finished show, and TVmaze lists no aired episode of this one' });
});

t.test('Trakt: text that PostgreSQL cannot store is refused, even written as a JSON escape', async (t) => {
  t.throws(
    () => parseTrakt({ watched: { file: 'watched-shows.json', value: '[{"show": {"title": "A\\u0000B"}}]' } }),
    new ImportFormatError('watched-shows.json item 1: show.title: must not contain NUL characters'),
  );
  t.throws(
    () => parseTrakt({ watched: { file: 'watched-shows.json', value: '[{"show": {"title": "A\\ud800"}}]' } }),
    new ImportFormatError('watched-shows.json item 1: show.title: must be valid Unicode text (no unpaired surrogates)'),
  );
});

t.test("Trakt's account export under its own names: play events, lists-watchlist, and ratings of shows watched only in the history", async (t) => {
  const show = { title: 'Slow Horses', year: 2022, ids: { trakt: 180770, slug: 'slow-horses', tvdb: 372264, imdb: 'tt5875444', tmdb: 95480 } };
  const play = (id: number, season: number, number: number, watchedAt: string, action = 'watch') => ({
    id,
    watched_at: watchedAt,
    action,
    type: 'episode',
    episode: { season, number, title: `Episode ${number}`, ids: { trakt: id, tvdb: null, imdb: null, tmdb: null } },
    show,
  });
  const history = [
    play(9_000_003, 1, 2, '2022-04-09T21:00:00.000Z', 'scrobble'),
    play(9_000_002, 1, 1, '2022-04-02T21:00:00.000Z', 'checkin'),
    play(9_000_004, 1, 1, '2023-01-05T20:00:00.000Z'),
    { id: 9_000_005, watched_at: '2022-05-01T19:00:00.000Z', action: 'watch', type: 'movie', movie: { title: 'Tinker Tailor Soldier Spy', year: 2011, ids: { trakt: 1 } } },
    { id: 9_000_006, watched_at: '2022-05-02T19:00:00.000Z', action: 'watch', type: 'movie', movie: { title: 'Tinker Tailor Soldier Spy', year: 2011, ids: { trakt: 1 } } },
  ];
  const lists = [
    { rank: 1, listed_at: '2024-01-01T10:00:00.000Z', type: 'show', show: { title: 'Severance', year: 2022, ids: { trakt: 154997, tvdb: 371980 } } },
    { rank: 2, listed_at: '2024-01-01T10:00:00.000Z', type: 'movie', movie: { title: 'Dune', year: 2021 } },
    { rank: 3, listed_at: '2024-01-01T10:00:00.000Z', type: 'season', season: { number: 2 }, show: { title: 'Andor', year: 2022 } },
    { rank: 4, listed_at: '2024-01-01T10:00:00.000Z', type: 'episode', episode: { season: 1, number: 1 }, show: { title: 'Andor', year: 2022 } },
    { rank: 5, listed_at: '2024-01-01T10:00:00.000Z', type: 'person', person: { name: 'Gary Oldman' } },
  ];
  const parsed = parseTrakt({
    history: { file: 'watched-history.json', value: JSON.stringify(history) },
    watchlist: { file: 'lists-watchlist.json', value: JSON.stringify(lists) },
    ratings: { file: 'ratings-shows.json', value: JSON.stringify([{ rated_at: '2024-02-01T10:00:00.000Z', rating: 9, type: 'show', show }]) },
    episodeRatings: { file: 'ratings-episodes.json', value: JSON.stringify([{ rated_at: '2024-02-01T10:00:00.000Z', rating: 8, type: 'episode', episode: { season: 1, number: 1 }, show }]) },
  });
  const slow = parsed.shows.find((entry) => entry.title === 'Slow Horses')!;
  t.same(slow.watched, [
    { season: 1, number: 2, at: '2022-04-09T21:00:00.000Z' },
    { season: 1, number: 1, at: '2022-04-02T21:00:00.000Z' },
    { season: 1, number: 1, at: '2023-01-05T20:00:00.000Z' },
  ], 'every play of an episode, a rewatch too (the import counts it once, at its first)');
  t.equal(slow.rating, 9, 'rated, and watched in the same export: the rating is kept');
  t.same(slow.ids, { tvdb: 372264, imdb: 'tt5875444', tmdb: 95480, trakt: 180770 });
  t.match(parsed.shows.find((entry) => entry.title === 'Severance'), { watchlist: true, watched: [] });
  t.same(
    parsed.notImported.map((item) => `${item.title}: ${item.what}`),
    ['Tinker Tailor Soldier Spy: a movie watched', 'Dune: a movie on the watchlist', 'Andor: a season on the watchlist', 'Andor: an episode on the watchlist', 'A person: a person on the watchlist', 'Slow Horses: a rating of an episode (8)'],
    'the movie once, and each item left out said',
  );
});

t.test("TV Time's user_tv_show_data.csv: a count of episodes seen makes a show watched, followed or not; the first N aired stand for it", async (t) => {
  const text = [
    'user_id,tv_show_id,is_followed,is_favorited,nb_episodes_seen,tv_show_name',
    '42,121361,1,1,172,Game of Thrones',
    '42,264492,0,0,5,Under the Dome',
    '42,372264,1,0,0,Slow Horses',
    '42,305288,0,0,0,Stranger Things',
  ].join('\n');
  const parsed = parseTvTime([{ name: 'user_tv_show_data.csv', text }]);
  t.same(
    parsed.shows.map((show) => [show.title, show.seenCount ?? 0, show.watchlist]),
    [
      ['Game of Thrones', 172, false],
      ['Under the Dome', 5, false],
      ['Slow Horses', 0, true],
    ],
    'watched by count, unfollowed too; followed with none seen: the watchlist',
  );
  t.same(parsed.notImported.map((item) => item.title), ['Stranger Things'], 'unfollowed with none seen: said, not imported');
  t.throws(() => parseTvTime([{ name: 'user_tv_show_data.csv', text: 'tv_show_id,nb_episodes_seen,tv_show_name\n1,many,A\n' }]), /user_tv_show_data\.csv line 2: nb_episodes_seen: expected a whole number/);

  const episodes = [
    { id: 13, season: 2, number: 1 },
    { id: 10, season: 0, number: null },
    { id: 11, season: 1, number: 1 },
    { id: 12, season: 1, number: 2 },
  ];
  const now = '2026-09-25T10:00:00.000Z';
  t.same(firstEpisodesSeen(2, episodes, now), [{ id: 11, season: 1, number: 1, at: now }, { id: 12, season: 1, number: 2, at: now }], 'in airing order, specials left out');
  t.same(firstEpisodesSeen(172, episodes, now).map((episode) => episode.id), [11, 12, 13], 'no more than aired');
});

t.test("TV Time's seen_episode.csv and rewatched_episode.csv: read where the tracking records name the episode, counted in the outcome where not", async (t) => {
  const tracking = [
    'key,entity_type,s_id,series_name,season_number,episode_number,episode_id,created_at,updated_at',
    'watch-episode-1001,episode,372264,Slow Horses,1,1,1001,2022-04-02 21:00:00,2022-04-02 21:00:00',
    'watch-episode-1002,episode,372264,Slow Horses,1,2,1002,2017-05-02 21:24:51 +0000 UTC,2022-04-09 21:00:00',
  ].join('\n');
  const seen = ['tweet_id,user_id,episode_id,created_at,updated_at,fb_action_id', ',42,1001,2022-04-02 21:00:00,,', ',42,5550003,2016-01-01 20:00:00,,', ',42,5550004,2016-01-02 20:00:00,,'].join('\n');
  const rewatched = ['user_id,episode_id,cpt,created_at,updated_at', '42,1002,1,2023-01-05 20:00:00,'].join('\n');
  const parsed = parseTvTime([
    { name: 'tracking-prod-records-v2.csv', text: tracking },
    { name: 'seen_episode.csv', text: seen },
    { name: 'rewatched_episode.csv', text: rewatched },
  ]);
  t.same(parsed.shows.map((show) => [show.title, show.watched.length]), [['Slow Horses', 2]]);
  t.same(parsed.notImported, [
    { title: 'seen_episode.csv', what: '2 of its 3 episodes seen', reason: "TV Time names them only by TheTVDB's episode id, which TVmaze cannot look up, and its tracking records do not list them" },
  ], 'the rewatch is of an episode the tracking records name: nothing to say');
  t.throws(() => parseTvTime([{ name: 'seen_episode.csv', text: 'user_id,created_at\n42,2016-01-01\n' }]), /seen_episode\.csv: no episode_id column/);
});
