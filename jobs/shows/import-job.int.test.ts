import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type { ExportShow } from '../../domain/shows/import.ts';
import { parseTvTime } from '../../domain/shows/import-tvtime.ts';
import { libraryStream } from '../../domain/shows/library.ts';
import { cuid } from '../../infra/ids.ts';
import { createShowCache } from '../../infra/tvmaze/cache.ts';
import { createTvmaze } from '../../infra/tvmaze/client.ts';
import { createShowLookups } from '../../infra/tvmaze/lookups.ts';
import { fixture } from '../../infra/tvmaze/recorded-server.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';
import { until } from '../../testing/until.ts';
import { type ImportWorkerDeps, startImportWorker } from './import-job.ts';
import { createImportJobs, emptyResult, type ImportJobView } from '../../command-api/shows/import-queue.ts';

// The import worker without HTTP: TVmaze's allowance kept (on a one-second window, so the test
// takes seconds), and jobs whose runner stops or dies half way finished by another.
const NOW = '2026-09-25T10:00:00.000Z';
const { system, tvmaze } = await startShowsSystem(t, { now: () => new Date(NOW) });
const { core } = system;
const jobs = createImportJobs(core.db.slonik);
const parts = { core, cache: createShowCache(core.db.slonik), lookups: createShowLookups(core.db.slonik), jobs } satisfies Partial<ImportWorkerDeps>;
const fastTv = createTvmaze({ baseUrl: tvmaze.url, country: 'US', callsPer10s: 1000, retryPauseMs: 10 }, () => new Date(NOW));

async function queue(shows: readonly ExportShow[]): Promise<{ jobId: string; userId: string }> {
  const jobId = cuid();
  const userId = cuid();
  await jobs.create({ id: jobId, userId, source: 'tvtime', shows, result: emptyResult(), now: new Date(NOW) });
  return { jobId, userId };
}

/** the job, once `test` holds of it */
const jobWhen = (jobId: string, userId: string, test: (job: ImportJobView) => boolean): Promise<ImportJobView> =>
  until(`job ${jobId} to get there`, async () => {
    const job = await jobs.get(jobId, userId);
    return job && test(job) ? job : null;
  });

t.test("TVmaze's allowance: never more than 20 calls in any window, across three jobs at once, none refused", async (t) => {
  const WINDOW_MS = 1_000;
  tvmaze.allowance = { calls: 20, windowMs: WINDOW_MS };
  t.teardown(() => (tvmaze.allowance = null));
  const recorded = fixture('show-ended.json') as Record<string, unknown>;
  const shows: ExportShow[] = [];
  for (let index = 0; index < 30; index++) {
    tvmaze.shows.set(700_000 + index, { ...recorded, id: 700_000 + index, name: `Paced Show ${index}`, externals: { thetvdb: 7_700_000 + index, imdb: null } });
    shows.push({
      title: `Paced Show ${index}`,
      year: null,
      ids: { tvdb: 7_700_000 + index, imdb: null, tmdb: null, trakt: null },
      watched: [{ season: 1, number: 1, at: '2013-06-25T03:05:00.000Z' }],
      watchlist: false,
      rating: null,
    });
  }
  // the allowance of the process, on a one-second window (imports keep 5 of the 20 free): 30 lookups and 30 shows take four windows
  const tv = createTvmaze({ baseUrl: tvmaze.url, country: 'US', callsPer10s: 20, windowMs: WINDOW_MS, retryPauseMs: 10 }, () => new Date(NOW));
  const queued = [await queue(shows.slice(0, 10)), await queue(shows.slice(10, 20)), await queue(shows.slice(20))];
  const since = tvmaze.arrivals.length;
  const started = performance.now();
  const worker = startImportWorker({ ...parts, tv, concurrency: 3, pollMs: 50 });
  worker.start();
  // once the imports have used their share, a search on the same allowance still goes at once
  while (tvmaze.arrivals.length - since < 15) await new Promise((resolve) => setTimeout(resolve, 10));
  await tv.search('slow');
  // held behind the imports, the search would arrive after their next 15 calls; a free slot sends it among the first 20
  const callsBySearch = tvmaze.requests.indexOf('/search/shows?q=slow', since) - since + 1;
  const done = await Promise.all(queued.map(({ jobId, userId }) => jobWhen(jobId, userId, (job) => job.status === 'done')));
  const elapsed = performance.now() - started;
  await worker.stop();
  t.same(
    done.map((job) => [job.showsDone, job.result.imported.shows, job.result.imported.episodes, job.result.unresolved]),
    [
      [10, 10, 10, []],
      [10, 10, 10, []],
      [10, 10, 10, []],
    ],
  );
  t.equal(tvmaze.arrivals.length - since, 61, 'one lookup and one show per show, and the search');
  t.ok(callsBySearch <= 20, `the search was not held behind the imports (it arrived as call ${callsBySearch})`);
  t.same(tvmaze.refused, [], 'TVmaze never refused a call');
  t.ok(tvmaze.mostInWindow(WINDOW_MS, since) <= 20, `at most 20 calls in any window (${tvmaze.mostInWindow(WINDOW_MS, since)})`);
  t.ok(elapsed >= 2 * WINDOW_MS, `the calls waited their turn (${Math.round(elapsed)} ms)`);
});

const tvTime = (): readonly ExportShow[] =>
  parseTvTime(
    ['followed_tv_show.csv', 'tracking-prod-records-v2.csv'].map((name) => ({ name, text: readFileSync(path.join(import.meta.dirname, '../../command-api/shows/fixtures/tvtime', name), 'utf8') })),
  ).shows;
const ONE_RUN = ['show-tracked', 'episode-watched', 'episode-watched', 'show-tracked', 'watchlist-changed', 'show-tracked', 'episode-watched', 'episode-watched', 'episode-watched'];

t.test('a runner that dies half way: another process takes the job over after the last whole show, and the first never writes again', async (t) => {
  const { jobId, userId } = await queue(tvTime());
  let reached: () => void = () => undefined;
  const atTwo = new Promise<void>((resolve) => (reached = resolve));
  let wake: () => void = () => undefined;
  const frozen = new Promise<void>((resolve) => (wake = resolve));
  // a process that hangs after its second show: no heartbeat, no progress
  const dying = startImportWorker({
    ...parts,
    tv: fastTv,
    progressEveryMs: 0,
    heartbeatMs: 60_000,
    pollMs: 60_000,
    afterShow: async (_, showsDone) => {
      if (showsDone !== 2) return;
      reached();
      await frozen;
    },
  });
  dying.start();
  await atTwo;
  const halfWay = await jobs.get(jobId, userId);
  t.same([halfWay?.status, halfWay?.showsDone, halfWay?.result.imported], ['running', 2, { shows: 2, episodes: 2, watchlist: 1, ratings: 0 }]);

  const taker = startImportWorker({ ...parts, tv: fastTv, staleMs: 300, heartbeatMs: 50, pollMs: 50 });
  taker.start();
  const done = await jobWhen(jobId, userId, (job) => job.status === 'done');
  t.same([done.showsDone, done.result.imported, done.result.unresolved.length], [5, { shows: 3, episodes: 5, watchlist: 1, ratings: 0 }, 2], 'the counts of both runners');
  t.same((await core.store.readStream(libraryStream(userId))).map((event) => event.type), ONE_RUN, 'each show once, as in one run');

  wake();
  await dying.stop();
  t.same(await jobs.get(jobId, userId), done, 'the first runner, back, found the job was no longer its own');
  t.same((await core.store.readStream(libraryStream(userId))).map((event) => event.type), ONE_RUN, 'and appended nothing');
  await taker.stop();
});

t.test('a stopping process hands its job back at a show boundary; the next one finishes it', async (t) => {
  const { jobId, userId } = await queue(tvTime());
  let stopped: Promise<void> = Promise.resolve();
  const stopping = startImportWorker({
    ...parts,
    tv: fastTv,
    progressEveryMs: 0,
    pollMs: 60_000,
    afterShow: (_, showsDone) => {
      if (showsDone === 1) stopped = stopping.stop();
    },
  });
  stopping.start();
  await jobWhen(jobId, userId, (job) => job.status === 'queued' && job.showsDone === 1);
  await stopped;
  t.pass('queued again after its first show');
  const next = startImportWorker({ ...parts, tv: fastTv, pollMs: 50 });
  next.start();
  const done = await jobWhen(jobId, userId, (job) => job.status === 'done');
  t.same([done.showsDone, done.result.imported], [5, { shows: 3, episodes: 5, watchlist: 1, ratings: 0 }]);
  t.same((await core.store.readStream(libraryStream(userId))).map((event) => event.type), ONE_RUN);
  await next.stop();
});

t.test('TVmaze down for every show: the job stops as failed after a few shows in a row, saying what to do', async (t) => {
  const { jobId, userId } = await queue(tvTime());
  await core.db.pg.query('DELETE FROM shows_state.show_lookups; DELETE FROM shows_state.show_cache');
  tvmaze.setMode('fail');
  t.teardown(() => tvmaze.setMode('ok'));
  const worker = startImportWorker({ ...parts, tv: fastTv, retryPausesMs: [5], giveUpAfter: 2, pollMs: 50, progressEveryMs: 0 });
  worker.start();
  const failed = await jobWhen(jobId, userId, (job) => job.status === 'failed');
  await worker.stop();
  t.same([failed.showsDone, failed.result.unresolved.length, failed.error], [
    2,
    2,
    'TVmaze is not answering, so the import stopped. Import the same file again later: what was imported stays, and the rest is added.',
  ]);
});

t.test('a show the export names only by its id is looked up by that id alone, and listed by it when TVmaze does not know it', async (t) => {
  const [nameless] = parseTvTime([{ name: 'followed_tv_show.csv', text: 'tv_show_id,tv_show_name,created_at\n99999991,,2019-01-01 10:00:00\n' }]).shows;
  t.match(nameless, { title: 'TheTVDB show 99999991', ids: { tvdb: 99999991 }, nameless: true });
  const { jobId, userId } = await queue([nameless!]);
  const since = tvmaze.requests.length;
  const worker = startImportWorker({ ...parts, tv: fastTv, pollMs: 50 });
  worker.start();
  const done = await jobWhen(jobId, userId, (job) => job.status === 'done');
  await worker.stop();
  t.same(done.result.unresolved, [
    { title: 'TheTVDB show 99999991', ids: { tvdb: 99999991, imdb: null, tmdb: null, trakt: null }, reason: 'TVmaze knows no show of its ids, and the export names none to search for' },
  ]);
  t.same(tvmaze.requests.slice(since).filter((request) => request.includes('search')), [], 'no search by a made-up name');
  t.ok(tvmaze.requests.slice(since).some((request) => request.includes('thetvdb=99999991')), 'asked by its TheTVDB id');
});

t.test('a count of episodes seen (TV Time) marks the first that many aired, in airing order, and says the count came from TV Time', async (t) => {
  const [counted] = parseTvTime([{ name: 'user_tv_show_data.csv', text: 'user_id,tv_show_id,is_followed,is_favorited,nb_episodes_seen,tv_show_name\n42,264492,0,0,3,Under the Dome\n' }]).shows;
  const { jobId, userId } = await queue([counted!]);
  const worker = startImportWorker({ ...parts, tv: fastTv, pollMs: 50 });
  worker.start();
  const done = await jobWhen(jobId, userId, (job) => job.status === 'done');
  await worker.stop();
  t.same(done.result.imported, { shows: 1, episodes: 3, watchlist: 0, ratings: 0 }, 'tracked, though no longer followed, with three episodes');
  t.same(done.result.notImported, [
    { title: 'Under the Dome', what: 'which episodes were seen', reason: 'TV Time gave only a count, 3 seen: the first 3 aired, in airing order, are marked watched' },
  ]);
  const watched = (await core.store.readStream(libraryStream(userId))).filter((event) => event.type === 'episode-watched');
  const episodes = (fixture('show-ended.json') as { _embedded: { episodes: Array<{ id: number; season: number; number: number | null }> } })._embedded.episodes;
  const firstThree = episodes.filter((episode) => episode.number !== null).toSorted((a, b) => a.season - b.season || a.number! - b.number!).slice(0, 3);
  t.same(watched.map((event) => (event.data as { episodeId: number }).episodeId), firstThree.map((episode) => episode.id));
});
