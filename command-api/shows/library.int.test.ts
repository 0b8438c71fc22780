import t from 'tap';
import { libraryStream } from '../../domain/shows/library.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { showsProjection } from '../../projections/shows/index.ts';
import { CUID } from '../../infra/ids.ts';
import { showsUser } from '../../testing/shows/client.ts';

// Slow Horses S6E3 (3643507) airs 2026-09-30T12:00Z; the clock sits between S6E2 and S6E3
const NOW = '2026-09-25T10:00:00.000Z';
let clock = new Date(NOW);
const { system, app, tvmaze } = await startShowsSystem(t, { now: () => clock });

type Tracked = {
  id: string;
  showId: number;
  show: { name: string } | null;
  onWatchlist: boolean;
  watchedCount: number;
  airedCount: number | null;
  episodesBehind: number | null;
  completedAt: string | null;
  rating: number | null;
  notify: boolean;
  latestWatchedEpisodeId: number | null;
  watchedEpisodeIds: number[];
  nextEpisode: { id: number } | null;
};

const alice = await showsUser(app, 'alice@example.org');
const bob = await showsUser(app, 'bob@example.org');

async function ok<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode} ${answer.body}`);
  return answer.json() as T;
}

t.test('track: caches the show first, cuid ids, twice is once, unknown show 404', async (t) => {
  const first = await ok<Tracked>(alice.call('POST', '/api/shows/track', { showId: 45039 }), 201);
  t.match(first.id, CUID, 'a cuid');
  t.equal(first.show?.name, 'Slow Horses');
  // 8 recorded episodes, 4 aired by the clock (S1E1, S5E6, S6E1, S6E2)
  t.equal(first.airedCount, 4);
  t.equal(first.episodesBehind, 4);
  t.equal(first.nextEpisode?.id, 3643507, 'next episode from the episode list when the embed is absent');
  const again = await ok<Tracked>(alice.call('POST', '/api/shows/track', { showId: 45039 }), 200);
  t.equal(again.id, first.id, 'tracking again is the same tracked show');
  const unknown = await alice.call('POST', '/api/shows/track', { showId: 999999 });
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'SHOW_NOT_FOUND');
  const bad = await alice.call('POST', '/api/shows/track', { showId: 'x' });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, /^body\.showId/);
});

t.test('episodes out of order, seasons, marker, history newest first', async (t) => {
  const [slow] = await ok<Tracked[]>(alice.call('GET', '/api/shows/tracked'));
  const id = slow!.id;
  let view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/episode`, { episodeId: 3643506, watched: true }));
  t.equal(view.watchedCount, 1, 'S6E2 before anything else');
  t.equal(view.episodesBehind, 3);
  clock = new Date(Date.parse(NOW) + 60_000);
  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/season`, { season: 6, watched: true }));
  t.equal(view.watchedCount, 6, 'all of season 6, including those not aired');
  t.equal(view.episodesBehind, 2, 'S1E1 and S5E6 still to watch');
  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/episode`, { episodeId: 3643510, watched: false }));
  t.equal(view.watchedCount, 5);
  const missing = await alice.call('PUT', `/api/shows/tracked/${id}/episode`, { episodeId: 1, watched: true });
  t.equal(missing.statusCode, 400);
  t.match(missing.json().message, /^body\.episodeId/);
  const noSeason = await alice.call('PUT', `/api/shows/tracked/${id}/season`, { season: 9, watched: true });
  t.equal(noSeason.statusCode, 400);
  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/watched`, { episodeId: 3643506 }));
  t.equal(view.latestWatchedEpisodeId, 3643506);
  t.equal(view.watchedCount, 5, 'the marker does not change progress');
  // Slow Horses S6E1 to S6E5 (S6E6 was unmarked); S1E1 and S5E6 never watched
  t.same(view.watchedEpisodeIds, [3643494, 3643506, 3643507, 3643508, 3643509], 'the watched episodes, in id order');

  const history = await ok<Array<{ episodeId: number; showName: string; id: string }>>(alice.call('GET', '/api/shows/history'));
  t.equal(history.length, 5);
  t.equal(history.at(-1)!.episodeId, 3643506, 'the first watched is last');
  t.ok(history.every((entry) => CUID.test(entry.id) && entry.showName === 'Slow Horses'));

  const watching = await ok<Tracked[]>(alice.call('GET', '/api/shows/watching'));
  t.same(watching.map((show) => show.id), [id], 'started, not finished');
});

t.test('the tracked show of a TV show id: the caller\'s own in any listing, else null', async (t) => {
  const [slow] = await ok<Tracked[]>(alice.call('GET', '/api/shows/watching'));
  const found = await ok<{ tracked: Tracked | null }>(alice.call('GET', '/api/shows/45039/tracked'));
  t.equal(found.tracked?.id, slow!.id);
  t.same(found.tracked?.watchedEpisodeIds, slow!.watchedEpisodeIds);
  t.same(await ok(bob.call('GET', '/api/shows/45039/tracked')), { tracked: null }, "another user's tracking is not bob's");
  t.same(await ok(alice.call('GET', '/api/shows/1/tracked')), { tracked: null }, 'a show never tracked');
  const bad = await alice.call('GET', '/api/shows/x/tracked');
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, /^params\.id/);
});

t.test('watchlist, completed with rating, notify flag', async (t) => {
  const ended = await ok<Tracked>(alice.call('POST', '/api/shows/track', { showId: 1 }), 201);
  let view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${ended.id}/watchlist`, { onWatchlist: true }));
  t.equal(view.onWatchlist, true);
  t.notOk((await ok<Tracked[]>(alice.call('GET', '/api/shows/tracked'))).some((show) => show.id === ended.id), 'left the dashboard');
  t.same((await ok<Tracked[]>(alice.call('GET', '/api/shows/watchlist'))).map((show) => show.id), [ended.id]);
  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${ended.id}/watchlist`, { onWatchlist: false }));
  t.ok((await ok<Tracked[]>(alice.call('GET', '/api/shows/tracked'))).some((show) => show.id === ended.id), 'back on the dashboard');

  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${ended.id}/completed`, { rating: 8 }));
  t.equal(view.rating, 8);
  t.equal(view.completedAt, clock.toISOString());
  const completed = await ok<Tracked[]>(alice.call('GET', '/api/shows/completed'));
  t.same(completed.map((show) => [show.id, show.rating]), [[ended.id, 8]]);
  const badRating = await alice.call('PUT', `/api/shows/tracked/${ended.id}/completed`, { rating: 11 });
  t.equal(badRating.statusCode, 400);
  t.match(badRating.json().message, /^body\.rating/);

  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${ended.id}/notify`, { notify: false }));
  t.equal(view.notify, false);
});

t.test('completion: off the watching list, first date kept on re-rating, un-completed, completed anew', async (t) => {
  const show = await ok<Tracked>(alice.call('POST', '/api/shows/track', { showId: 8167 }), 201);
  const id = show.id;
  const ids = async (listing: string) => (await ok<Tracked[]>(alice.call('GET', `/api/shows/${listing}`))).map((entry) => entry.id);

  // on the watchlist, then an episode watched: started, so off the watchlist and on both listings
  await ok(alice.call('PUT', `/api/shows/tracked/${id}/watchlist`, { onWatchlist: true }));
  t.ok((await ids('watchlist')).includes(id));
  // Designated Survivor S1E1
  const started = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/episode`, { episodeId: 848212, watched: true }));
  t.equal(started.onWatchlist, false, 'watching an episode takes it off the watchlist');
  t.notOk((await ids('watchlist')).includes(id));
  t.ok((await ids('watching')).includes(id));
  t.ok((await ids('tracked')).includes(id));

  const completedAt = clock.toISOString();
  let view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/completed`, { rating: 7 }));
  t.same([view.completedAt, view.rating], [completedAt, 7]);
  t.ok((await ids('tracked')).includes(id), 'a completed show stays on the dashboard (spec 001 excludes only the watchlist)');
  t.notOk((await ids('watching')).includes(id), 'but it leaves the watching list');
  t.ok((await ids('completed')).includes(id));

  clock = new Date(clock.getTime() + 86_400_000);
  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/completed`, { rating: 9 }));
  t.same([view.completedAt, view.rating], [completedAt, 9], 'rating again keeps the first completion date');

  clock = new Date(clock.getTime() + 86_400_000);
  view = await ok<Tracked>(alice.call('DELETE', `/api/shows/tracked/${id}/completed`));
  t.same([view.completedAt, view.rating], [null, null], 'un-completed');
  t.ok((await ids('tracked')).includes(id), 'still on the dashboard');
  t.ok((await ids('watching')).includes(id), 'back on the watching list');
  t.notOk((await ids('completed')).includes(id));
  t.same(await ok(alice.call('DELETE', `/api/shows/tracked/${id}/completed`)), view, 'un-completing again changes nothing');

  clock = new Date(clock.getTime() + 86_400_000);
  view = await ok<Tracked>(alice.call('PUT', `/api/shows/tracked/${id}/completed`, { rating: 6 }));
  t.same([view.completedAt, view.rating], [clock.toISOString(), 6], 'completing again sets a new date');
  const gone = await bob.call('DELETE', `/api/shows/tracked/${id}/completed`);
  t.same(gone.json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No such tracked show' }, "another user's show");
  await ok(alice.call('DELETE', `/api/shows/tracked/${id}`));
});

t.test("another user's tracked show is a 404, as is a made-up id", async (t) => {
  const [slow] = await ok<Tracked[]>(alice.call('GET', '/api/shows/watching'));
  for (const [method, url, payload] of [
    ['PUT', `/api/shows/tracked/${slow!.id}/episode`, { episodeId: 3643494, watched: true }],
    ['PUT', `/api/shows/tracked/${slow!.id}/watchlist`, { onWatchlist: true }],
    ['PUT', `/api/shows/tracked/${slow!.id}/completed`, { rating: 3 }],
    ['DELETE', `/api/shows/tracked/${slow!.id}`, undefined],
    ['PUT', '/api/shows/tracked/cmadeupidaaaaaaaaaaaaaaaa/notify', { notify: true }],
  ] as const) {
    const response = await bob.call(method, url, payload);
    t.equal(response.statusCode, 404, `${method} ${url}`);
    t.equal(response.json().code, 'NOT_FOUND');
  }
  t.same(await ok(bob.call('GET', '/api/shows/tracked')), []);
});

t.test('a tracked show whose cache row is missing still lists', async (t) => {
  const own = await ok<Tracked>(bob.call('POST', '/api/shows/track', { showId: 8167 }), 201);
  await system.core.db.pg.query('DELETE FROM shows_state.show_cache WHERE id = 8167');
  const [listed] = await ok<Tracked[]>(bob.call('GET', '/api/shows/tracked'));
  t.equal(listed!.id, own.id);
  t.equal(listed!.show, null);
  t.equal(listed!.episodesBehind, null);
  t.equal(listed!.showId, 8167);
});

t.test('untrack removes the show and its history', async (t) => {
  const [slow] = await ok<Tracked[]>(alice.call('GET', '/api/shows/watching'));
  await ok(alice.call('DELETE', `/api/shows/tracked/${slow!.id}`));
  t.notOk((await ok<Tracked[]>(alice.call('GET', '/api/shows/tracked'))).some((show) => show.id === slow!.id));
  t.same(await ok(alice.call('GET', '/api/shows/history')), []);
  const events = await system.core.store.readStream(libraryStream(alice.id));
  t.same(
    [...new Set(events.map((event) => event.type))].sort(),
    [
      'episode-unwatched',
      'episode-watched',
      'latest-watched-set',
      'notify-changed',
      'show-completed',
      'show-tracked',
      'show-uncompleted',
      'show-untracked',
      'watchlist-changed',
    ],
  );
  t.ok(events.every((event) => event.metadata.userId === alice.id), 'the stream carries the user');
});

t.test('provider failures are a 502, never a 500', async (t) => {
  tvmaze.setMode('fail');
  t.teardown(() => tvmaze.setMode('ok'));
  const search = await alice.call('GET', '/api/shows/search?q=slow');
  t.equal(search.statusCode, 502);
  t.equal(search.json().code, 'TV_DATA_UNAVAILABLE');
  const track = await alice.call('POST', '/api/shows/track', { showId: 73 });
  t.equal(track.statusCode, 502);
  // a cached show still tracks while the provider is down
  const cached = await alice.call('POST', '/api/shows/track', { showId: 45039 });
  t.equal(cached.statusCode, 201);
});

t.test('a rebuild replays the library into the same read tables, in one batch or many', async (t) => {
  await alice.call('POST', '/api/shows/suggestions/dismiss', { showId: 1 });
  const again = (await ok<Tracked[]>(alice.call('GET', '/api/shows/tracked'))).find((show) => show.showId === 45039);
  await ok(alice.call('PUT', `/api/shows/tracked/${again!.id}/season`, { season: 6, watched: true }));
  const snapshot = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const [table, order] of [
      ['tracked_shows', 'id'],
      ['watched_episodes', 'tracked_show_id, episode_id'],
      ['dismissed_suggestions', 'user_id, show_id'],
    ] as const) {
      tables[table] = (await system.core.db.pg.query(`SELECT * FROM shows.${table} ORDER BY ${order}`)).rows;
    }
    return tables;
  };
  const before = await snapshot();
  t.same([before.tracked_shows!.length, before.watched_episodes!.length, before.dismissed_suggestions!.length], [3, 6, 1], 'something to rebuild');
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  for (const batchSize of [5000, 1]) {
    await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: showsProjection, log: silent, batchSize });
    t.same(await snapshot(), before, `batches of ${batchSize}`);
  }
});
