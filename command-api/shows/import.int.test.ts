import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import t from 'tap';
import { libraryStream } from '../../domain/shows/library.ts';
import { CUID } from '../../infra/ids.ts';
import { buildShowsService, createShowsRuntime } from '../../ops/services/shows.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

// POST /api/import and its job, through the API, against the TVmaze stand-in. The app is built
// here with short pauses; the harness's own shows app is never started, so its worker takes no job.
const NOW = '2026-09-25T10:00:00.000Z';
const clock = new Date(NOW);
// the pacing has its own test (import-worker.int.test.ts): here TVmaze's allowance would only slow things down
const { system, tvmaze } = await startShowsSystem(t, { now: () => clock, env: { TVMAZE_CALLS_PER_10S: '1000' } });
const app = await buildShowsService(system.core, await createShowsRuntime(system.core), false, {
  retryPausesMs: [10, 10],
  pollMs: 100,
  heartbeatMs: 100,
  staleMs: 2_000,
});
t.teardown(() => app.close());

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const bytes = (name: string): Uint8Array => readFileSync(path.join(FIXTURES, name));
const base64 = (data: Uint8Array): string => Buffer.from(data).toString('base64');
const tvTimeZip = (): string =>
  base64(
    zipSync({
      'tv-time-gdpr/tracking-prod-records-v2.csv': bytes('tvtime/tracking-prod-records-v2.csv'),
      'tv-time-gdpr/followed_tv_show.csv': bytes('tvtime/followed_tv_show.csv'),
      'tv-time-gdpr/user_comment.csv': new TextEncoder().encode('id,comment\n1,hi\n'),
      '__MACOSX/tv-time-gdpr/._followed_tv_show.csv': new Uint8Array([0, 5, 22, 7, 0, 2, 0, 0]),
    }),
  );
const traktFiles = () =>
  ['watched-shows.json', 'watchlist.json', 'ratings-shows.json'].map((name) => ({ name, content: readFileSync(path.join(FIXTURES, 'trakt', name), 'utf8'), encoding: 'text' }));

type User = Awaited<ReturnType<typeof showsUser>>;
type Job = {
  id: string;
  status: string;
  showsTotal: number;
  showsDone: number;
  imported: { shows: number; episodes: number; watchlist: number; ratings: number };
  unchanged: number;
  unresolved: unknown[];
  notImported: unknown[];
  matchedByName: unknown[];
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  source: string;
};

async function start(user: User, body: object): Promise<string> {
  const answer = await user.call('POST', '/api/import', body);
  if (answer.statusCode !== 202) throw new Error(`expected 202, got ${answer.statusCode} ${answer.body}`);
  const { jobId } = answer.json() as { jobId: string };
  return jobId;
}

async function finished(user: User, jobId: string): Promise<Job> {
  for (let tries = 0; tries < 400; tries++) {
    const answer = await user.call('GET', `/api/import/${jobId}`);
    if (answer.statusCode !== 200) throw new Error(`GET import: ${answer.statusCode} ${answer.body}`);
    const job = answer.json() as Job;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import never finished');
}

const names = async (user: User, listing: string) => ((await user.call('GET', `/api/shows/${listing}`)).json() as Array<{ show: { name: string } | null }>).map((entry) => entry.show?.name).sort();
const tvTimeUnresolved = [
  { title: 'Murder, She Baked', ids: { tvdb: 999991, imdb: null, tmdb: null, trakt: null }, reason: 'TVmaze knows neither its id nor a show of that name' },
  { title: 'Gilmore Girls: The "Fan" Cut', ids: { tvdb: 999993, imdb: null, tmdb: null, trakt: null }, reason: 'TVmaze knows neither its id nor a show of that name' },
];
const tvTimeNotImported = [
  { title: 'An Old Show I Dropped', what: 'the show', reason: 'no longer followed in TV Time, and no episode of it is watched' },
  { title: 'Slow Horses', what: 'the episode S00E01', reason: 'TVmaze lists no such episode of this show (specials are numbered differently there)' },
];

const alice = await showsUser(app, 'alice@example.org');

t.test('a TV Time zip: a job, then the shows, their watched episodes and the watchlist; unresolved titles listed', async (t) => {
  const jobId = await start(alice, { files: [{ name: 'tv-time-export.zip', content: tvTimeZip() }] });
  t.match(jobId, CUID);
  const job = await finished(alice, jobId);
  t.same(job, {
    id: jobId,
    source: 'tvtime',
    status: 'done',
    showsTotal: 5,
    showsDone: 5,
    imported: { shows: 3, episodes: 5, watchlist: 1, ratings: 0 },
    unchanged: 0,
    unresolved: tvTimeUnresolved,
    notImported: tvTimeNotImported,
    matchedByName: [{ title: 'Designated Survivor', showId: 8167, name: 'Designated Survivor' }],
    error: null,
    createdAt: NOW,
    finishedAt: NOW,
  });
  t.same(await names(alice, 'tracked'), ['Designated Survivor', 'Slow Horses'], 'the dashboard');
  t.same(await names(alice, 'watchlist'), ['Under the Dome'], 'followed with nothing watched: saved for later');
  const history = (await alice.call('GET', '/api/shows/history')).json() as Array<{ episodeId: number; watchedAt: string }>;
  t.same(
    history.map((entry) => [entry.episodeId, entry.watchedAt]),
    [
      [3267485, '2025-10-30T21:05:00.000Z'],
      [2270552, '2022-04-03T20:15:00.000Z'],
      [892057, '2016-10-06T03:10:00.000Z'],
      [892055, '2016-09-29T03:10:00.000Z'],
      [848212, '2016-09-22T03:10:00.000Z'],
    ],
    'the history dated as TV Time says, the rewatch counted once at the first watch',
  );
  t.ok(tvmaze.requests.includes('/lookup/shows?thetvdb=372264'), "matched by TheTVDB's id");
  t.ok(tvmaze.requests.includes('/singlesearch/shows?q=Designated%20Survivor'), 'and by name when the export names no id');
  const events = await system.core.store.readStream(libraryStream(alice.id));
  t.same(
    events.map((event) => event.type),
    ['show-tracked', 'episode-watched', 'episode-watched', 'show-tracked', 'watchlist-changed', 'show-tracked', 'episode-watched', 'episode-watched', 'episode-watched'],
    'one append per show, in the order of the export',
  );
  t.ok(events.every((event) => event.metadata.userId === alice.id && event.metadata.correlationId === jobId), "the user's, caused by the job");
});

t.test('the same file again changes nothing: no event appended, no TVmaze call, the shows counted as unchanged', async (t) => {
  const head = await system.core.store.headPosition();
  const calls = tvmaze.requests.length;
  const jobId = await start(alice, { files: [{ name: 'tv-time-export.zip', content: tvTimeZip() }] });
  const job = await finished(alice, jobId);
  t.same(
    [job.status, job.imported, job.unchanged, job.unresolved, job.notImported],
    ['done', { shows: 0, episodes: 0, watchlist: 0, ratings: 0 }, 3, tvTimeUnresolved, tvTimeNotImported],
  );
  t.same(await system.core.store.headPosition(), head, 'the head of the log has not moved');
  t.equal(tvmaze.requests.length, calls, 'matches and misses, and the shows, came from the caches');
  t.same(await names(alice, 'tracked'), ['Designated Survivor', 'Slow Horses']);
});

t.test('a show TVmaze fails for is listed; importing the file again adds it, and only it', async (t) => {
  const carol = await showsUser(app, 'carol@example.org');
  // nothing cached, and TVmaze down for Designated Survivor alone
  await system.core.db.pg.query('DELETE FROM shows_state.show_lookups; DELETE FROM shows_state.show_cache');
  tvmaze.failWhen = (request) => request.startsWith('/singlesearch/shows?q=Designated');
  t.teardown(() => (tvmaze.failWhen = null));
  const first = await finished(carol, await start(carol, { files: [{ name: 'tv-time-export.zip', content: tvTimeZip() }] }));
  t.same([first.status, first.imported], ['done', { shows: 2, episodes: 2, watchlist: 1, ratings: 0 }]);
  t.same(first.unresolved[1], {
    title: 'Designated Survivor',
    ids: { tvdb: null, imdb: null, tmdb: null, trakt: null },
    reason: 'TVmaze did not answer for this show; import the same file again later to add it',
  });
  t.same(await names(carol, 'tracked'), ['Slow Horses'], 'the shows before and after it are whole');

  tvmaze.failWhen = null;
  const before = (await system.core.store.readStream(libraryStream(carol.id))).length;
  const second = await finished(carol, await start(carol, { files: [{ name: 'tv-time-export.zip', content: tvTimeZip() }] }));
  t.same([second.status, second.imported, second.unchanged, second.unresolved], ['done', { shows: 1, episodes: 3, watchlist: 0, ratings: 0 }, 2, tvTimeUnresolved]);
  const added = (await system.core.store.readStream(libraryStream(carol.id))).slice(before);
  t.same(added.map((event) => event.type), ['show-tracked', 'episode-watched', 'episode-watched', 'episode-watched'], 'only the show that was missing');
  t.same(await names(carol, 'tracked'), ['Designated Survivor', 'Slow Horses']);
});

t.test('Trakt files: watched episodes, the watchlist, a rating with a finished show; the rest listed with the reason', async (t) => {
  const erin = await showsUser(app, 'erin@example.org');
  const job = await finished(erin, await start(erin, { files: traktFiles() }));
  t.same(
    { ...job, id: undefined },
    {
      id: undefined,
      source: 'trakt',
      status: 'done',
      showsTotal: 4,
      showsDone: 4,
      imported: { shows: 3, episodes: 7, watchlist: 1, ratings: 1 },
      unchanged: 0,
      unresolved: [{ title: 'An Obscure Local Show', ids: { tvdb: 999994, imdb: 'tt0000001', tmdb: null, trakt: 990001 }, reason: 'TVmaze knows neither its id nor a show of that name' }],
      notImported: [
        { title: 'Inception', what: 'a movie on the watchlist', reason: 'this service tracks shows, not movies' },
        { title: 'A Show I Only Rated', what: 'the rating 9', reason: 'rated on Trakt, but not watched there: a rating is kept with a finished show' },
        { title: 'Designated Survivor', what: 'the rating 7', reason: 'a rating is kept with a finished show, and this one is still running' },
      ],
      matchedByName: [],
      error: null,
      createdAt: NOW,
      finishedAt: NOW,
    },
  );
  const completed = (await erin.call('GET', '/api/shows/completed')).json() as Array<{ show: { name: string }; rating: number; completedAt: string }>;
  t.same(
    completed.map((entry) => [entry.show.name, entry.rating, entry.completedAt]),
    [['Under the Dome', 8, '2015-09-12T02:41:00.000Z']],
    'every aired episode watched and the show ended: completed with the rating, when the last was watched',
  );
  t.same(await names(erin, 'watchlist'), ['Slow Horses'], 'found by its IMDb id');
  t.same(await names(erin, 'watching'), ['Designated Survivor']);
  t.ok(tvmaze.requests.includes('/lookup/shows?imdb=tt5875444'));

  const head = await system.core.store.headPosition();
  const again = await finished(erin, await start(erin, { files: traktFiles() }));
  t.same([again.imported, again.unchanged], [{ shows: 0, episodes: 0, watchlist: 0, ratings: 0 }, 3], 'twice is once');
  t.same(await system.core.store.headPosition(), head);
});

t.test('the TV Time CSVs uploaded as files, and a Trakt zip, import like the zip and the files', async (t) => {
  const heidi = await showsUser(app, 'heidi@example.org');
  const csvs = ['tracking-prod-records-v2.csv', 'followed_tv_show.csv'].map((name) => ({ name, content: readFileSync(path.join(FIXTURES, 'tvtime', name), 'utf8'), encoding: 'text' }));
  const fromFiles = await finished(heidi, await start(heidi, { files: csvs }));
  t.same([fromFiles.source, fromFiles.status, fromFiles.unresolved], ['tvtime', 'done', tvTimeUnresolved]);
  t.ok(fromFiles.imported.shows > 0, `${fromFiles.imported.shows} shows from the CSVs`);
  const ivan = await showsUser(app, 'ivan@example.org');
  const traktZip = base64(zipSync(Object.fromEntries(traktFiles().map((file) => [`trakt-export/${file.name}`, new TextEncoder().encode(file.content)]))));
  const fromZip = await finished(ivan, await start(ivan, { files: [{ name: 'trakt-export.zip', content: traktZip }] }));
  t.same([fromZip.source, fromZip.status, fromZip.imported], ['trakt', 'done', { shows: 3, episodes: 7, watchlist: 1, ratings: 1 }], 'the same as the Trakt files');
});

t.test("Trakt's account export names its files otherwise: play events, lists-watchlist and ratings import as watched-shows would", async (t) => {
  const kate = await showsUser(app, 'kate@example.org');
  const fixtureOf = (name: string) => readFileSync(path.join(FIXTURES, 'trakt', name), 'utf8');
  type Watched = { show: unknown; seasons?: Array<{ number: number; episodes: Array<{ number: number; last_watched_at: string }> }> };
  const plays = (JSON.parse(fixtureOf('watched-shows.json')) as Watched[]).flatMap((item) =>
    (item.seasons ?? []).flatMap((season) =>
      season.episodes.map((episode) => ({ watched_at: episode.last_watched_at, action: 'scrobble', type: 'episode', episode: { season: season.number, number: episode.number }, show: item.show })),
    ),
  );
  const zip = zipSync({
    'watched-history.json': new TextEncoder().encode(JSON.stringify(plays)),
    'lists-watchlist.json': new TextEncoder().encode(fixtureOf('watchlist.json')),
    'ratings-shows.json': new TextEncoder().encode(fixtureOf('ratings-shows.json')),
    'ratings-episodes.json': new TextEncoder().encode('[]'),
  });
  const job = await finished(kate, await start(kate, { files: [{ name: 'trakt-account.zip', content: base64(zip) }] }));
  t.same([job.source, job.status, job.imported], ['trakt', 'done', { shows: 3, episodes: 7, watchlist: 1, ratings: 1 }], 'the same as the watched-shows export');
  t.notOk((job.notImported as Array<{ title: string }>).some((item) => item.title === 'Under the Dome'), 'its rating is kept: the history shows it watched');
  const alone = await finished(kate, await start(kate, { files: [{ name: 'watched-history.json', content: JSON.stringify(plays.slice(0, 1)), encoding: 'text' }] }));
  t.same([alone.source, alone.status, alone.unchanged], ['trakt', 'done', 1], 'watched-history.json alone is a file this import reads');
});

t.test('uploads are limited per user: the 21st in ten minutes is 429', async (t) => {
  const judy = await showsUser(app, 'judy@example.org');
  const broken = { files: [{ name: 'watched-shows.json', content: 'not json', encoding: 'text' }] };
  for (let index = 0; index < 20; index++) t.equal((await judy.call('POST', '/api/import', broken)).statusCode, 400);
  const limited = await judy.call('POST', '/api/import', broken);
  t.equal(limited.statusCode, 429);
  t.match(limited.json(), { code: 'RATE_LIMITED', message: 'At most 20 imports in 10 minutes; try again later' });
});

t.test("Trakt's arrays sent as JSON", async (t) => {
  const frank = await showsUser(app, 'frank@example.org');
  const watched = JSON.parse(readFileSync(path.join(FIXTURES, 'trakt/watched-shows.json'), 'utf8')) as unknown[];
  const job = await finished(frank, await start(frank, { trakt: { watched: watched.slice(0, 2) } }));
  t.same([job.source, job.status, job.imported, job.notImported], ['trakt', 'done', { shows: 2, episodes: 7, watchlist: 0, ratings: 0 }, []]);
});

t.test('one import at a time per user; a job is its owner\'s alone', async (t) => {
  const grace = await showsUser(app, 'grace@example.org');
  await system.core.db.pg.query(
    `INSERT INTO shows_state.import_jobs (id, user_id, source, status, shows, shows_total, result, owner, created_at)
     VALUES ('cimportunderwayaaaaaaaaaa', $1, 'trakt', 'running', '[]', 0, $2, 'another process', now())`,
    [grace.id, JSON.stringify({ imported: { shows: 0, episodes: 0, watchlist: 0, ratings: 0 }, unchanged: 0, unresolved: [], notImported: [], matchedByName: [] })],
  );
  const busy = await grace.call('POST', '/api/import', { files: traktFiles() });
  t.same([busy.statusCode, busy.json()], [409, { statusCode: 409, code: 'IMPORT_RUNNING', error: 'Conflict', message: 'An import of yours is already under way; wait until it is done' }]);
  const unread = await grace.call('POST', '/api/import', { files: [{ name: 'watched-shows.json', content: 'not json', encoding: 'text' }] });
  t.equal(unread.statusCode, 409, 'asked before the upload is read: a broken one is not even parsed');
  await system.core.db.pg.query("DELETE FROM shows_state.import_jobs WHERE id = 'cimportunderwayaaaaaaaaaa'");

  const [own] = (await system.core.db.pg.query<{ id: string }>('SELECT id FROM shows_state.import_jobs WHERE user_id = $1 LIMIT 1', [alice.id])).rows;
  const notYours = await grace.call('GET', `/api/import/${own!.id}`);
  t.same([notYours.statusCode, notYours.json()], [404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No such import' }], "another user's job");
  t.equal((await grace.call('GET', '/api/import/cnosuchjobaaaaaaaaaaaaaaa')).statusCode, 404);
  const anonymous = await app.inject({ method: 'GET', url: `/api/import/${own!.id}` });
  t.equal(anonymous.statusCode, 401);
});

t.test('what cannot be imported is refused before any job: 400 naming the file, line and field; 413 over the caps; 401; never a 500', async (t) => {
  const henry = await showsUser(app, 'henry@example.org');
  const refused = async (body: object, status: number, code: string, message: string | RegExp, what: string) => {
    const answer = await henry.call('POST', '/api/import', body);
    t.equal(answer.statusCode, status, `${what}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    t.equal(answer.json().code, code, what);
    if (typeof message === 'string') t.equal(answer.json().message, message, what);
    else t.match(answer.json().message, message, what);
  };
  const csv = (name: string, text: string) => ({ name, content: text, encoding: 'text' });
  const header = 'key,s_id,series_name,season_number,episode_number,created_at\n';

  await refused(
    { files: [csv('tracking-prod-records.csv', `${header}watch-episode-1,1,A,1,1,2020-01-01 10:00:00\nwatch-episode-2,1,A,1,x,2020-01-01 10:00:00\n`)] },
    400,
    'IMPORT_INVALID',
    'tracking-prod-records.csv line 3: episode_number: expected a whole number up to 100000, got "x"',
    'a bad row',
  );
  const badZip = base64(zipSync({ 'export/followed_tv_show.csv': new TextEncoder().encode('tv_show_id,tv_show_name\nabc,A\n') }));
  await refused({ files: [{ name: 'export.zip', content: badZip }] }, 400, 'IMPORT_INVALID', 'followed_tv_show.csv line 2: tv_show_id: expected a whole number up to 2147483647, got "abc"', 'a bad row inside a zip');
  await refused({ files: [{ name: 'export.zip', content: base64(new TextEncoder().encode('PK not really a zip at all')) }] }, 400, 'IMPORT_INVALID', /^export\.zip: not a zip file this service can read/, 'not a zip');
  await refused({ files: [{ name: 'export.zip', content: base64(zipSync({ 'notes.txt': new Uint8Array([65]) })) }] }, 400, 'IMPORT_INVALID', /^body\.files: no TV Time files/, 'a zip of something else');
  await refused({ files: [{ name: 'export.zip', content: '!!not base64!!' }] }, 400, 'IMPORT_INVALID', 'body.files.0.content: export.zip is not base64', 'not base64');
  await refused({ files: [csv('holiday.csv', 'a\n1\n')] }, 400, 'IMPORT_INVALID', /^body\.files\.0\.name: holiday\.csv is not a file this import reads/, 'an unknown file');
  const jpeg = base64(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, 0x00, 0x48]));
  await refused({ files: [{ name: 'followed_tv_show.csv', content: jpeg }] }, 400, 'IMPORT_INVALID', "followed_tv_show.csv: not a text file; the export's CSV and JSON files are text", 'a photo under an export file’s name');
  await refused({ files: [csv('followed_tv_show.csv', 'tv_show_id,tv_show_name\n1,A\n'), ...traktFiles()] }, 400, 'IMPORT_INVALID', /^body\.files: these are files of a TV Time and of a Trakt export/, 'two exports');
  await refused({ files: [csv('watched-shows.json', '[{"show": {"title": "A", "ids": {"tvdb": "x"}}}]')] }, 400, 'IMPORT_INVALID', 'watched-shows.json item 1: show.ids.tvdb: Invalid input: expected number, received string', 'a bad Trakt item');
  await refused({ trakt: { watched: [{ show: { title: 'A', ids: { tvdb: 'x' } } }] } }, 400, 'VALIDATION_FAILED', /^body\.trakt\.watched\.0\.show\.ids\.tvdb: /, 'a bad Trakt item as JSON');
  await refused({}, 400, 'VALIDATION_FAILED', 'body: send either files or trakt', 'nothing');
  await refused({ files: traktFiles(), trakt: {} }, 400, 'VALIDATION_FAILED', 'body: send either files or trakt', 'both');
  await refused({ trakt: {} }, 400, 'IMPORT_INVALID', 'The export holds no shows', 'an empty export');
  await refused({ files: [csv('followed_tv_show.csv', 'tv_show_id,tv_show_name\n1,"A\n')] }, 400, 'IMPORT_INVALID', 'followed_tv_show.csv line 2: a quoted field opened on line 2 is never closed', 'a broken CSV');

  const manyShows = `tv_show_id,tv_show_name\n${Array.from({ length: 5001 }, (_, index) => `${index + 1},Show ${index + 1}`).join('\n')}\n`;
  await refused({ files: [csv('followed_tv_show.csv', manyShows)] }, 413, 'TOO_MANY_SHOWS', 'The export holds 5001 shows; one import takes at most 5000', 'too many shows');
  const bomb = zipSync({ 'tracking-prod-records.csv': new Uint8Array(65 * 1024 * 1024).fill(97) }, { level: 9 });
  t.ok(bomb.length < 1024 * 1024, 'a small zip');
  await refused({ files: [{ name: 'export.zip', content: base64(bomb) }] }, 413, 'UPLOAD_TOO_LARGE', "export.zip: the export's files unpack to more than 64 MiB", 'a zip that unpacks too far');
  const big = base64(new Uint8Array(20.5 * 1024 * 1024).fill(1));
  await refused({ files: [{ name: 'export.zip', content: big }] }, 413, 'UPLOAD_TOO_LARGE', 'The upload is 20.5 MiB; at most 20 MiB are taken', 'over 20 MiB');
  const huge = base64(new Uint8Array(21 * 1024 * 1024).fill(1));
  await refused({ files: [{ name: 'export.zip', content: huge }] }, 413, 'FST_ERR_CTP_BODY_TOO_LARGE', /^body: /, 'a body past the limit');

  const anonymous = await app.inject({ method: 'POST', url: '/api/import', payload: { files: traktFiles() } });
  t.same([anonymous.statusCode, anonymous.json().code], [401, 'UNAUTHENTICATED']);
  const jobs = await system.core.db.pg.query('SELECT 1 FROM shows_state.import_jobs WHERE user_id = $1', [henry.id]);
  t.equal(jobs.rowCount, 0, 'no job was stored for any of them');
});
