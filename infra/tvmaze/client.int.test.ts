import t from 'tap';
import { createPacer, createTvmaze, TvDataError } from './client.ts';
import { tvmazeStandIn } from './recorded-server.ts';

const tvmaze = await tvmazeStandIn(t);
const now = () => new Date('2026-09-25T10:00:00Z');
const client = createTvmaze({ baseUrl: tvmaze.url, country: 'GB', retryPauseMs: 10, timeoutMs: 500 }, now);

t.test('search answers in the service type', async (t) => {
  const shows = await client.search('Slow Horses');
  t.equal(shows[0]?.name, 'Slow Horses');
  t.same(Object.keys(shows[0]!).sort(), ['genres', 'id', 'image', 'language', 'name', 'network', 'premiered', 'rating', 'runtime', 'status', 'summary', 'type', 'url', 'weight']);
  t.equal(shows[0]?.weight, 100);
  t.match(tvmaze.requests.at(-1), /^\/search\/shows\?q=Slow%20Horses$/);
});

t.test('schedule merges broadcast and web, always with the date', async (t) => {
  const entries = await client.schedule('2022-08-29');
  t.equal(entries.length, 14, '8 broadcast + 6 web');
  t.ok(tvmaze.requests.includes('/schedule?country=GB&date=2022-08-29'));
  t.ok(tvmaze.requests.includes('/schedule/web?date=2022-08-29'));
  const weather = entries.find((entry) => entry.episode.id === 2376120);
  t.equal(weather?.episode.airstamp, '2022-08-29T23:45:00.000Z', 'airstamp is the instant');
  t.equal(entries.find((entry) => entry.episode.id === 2729824)?.show.name, 'Neighbours', 'web rows carry the show in _embedded');
});

t.test('show detail: one call embedding the next episode and the episode list, old and new formats', async (t) => {
  const old = await client.show(8167);
  t.equal(old?.episodes.length, 10);
  t.equal(old?.nextEpisode?.id, 995806, 'the embedded next episode');
  t.equal(old?.episodes[0]?.airstamp, '2016-09-22T02:00:00.000Z', 'a local offset becomes UTC');
  t.equal(old?.rating, 8.2);
  t.ok(tvmaze.requests.includes('/shows/8167?embed[]=nextepisode&embed[]=episodes'));
  const ended = await client.show(1);
  t.equal(ended?.status, 'Ended');
  t.equal(ended?.nextEpisode, null, 'no next episode for an ended show');
  t.equal(await client.show(424242), null, 'unknown id');
});

t.test('a 429 is retried after a pause', async (t) => {
  tvmaze.setMode('rateLimitOnce');
  const before = tvmaze.requests.length;
  const shows = await client.search('slow');
  t.ok(shows.length > 0);
  t.equal(tvmaze.requests.length - before, 2, 'one refused, one answered');
});

t.test('failures are TvDataError', async (t) => {
  tvmaze.setMode('fail');
  await t.rejects(client.search('slow'), TvDataError);
  tvmaze.setMode('hang');
  await t.rejects(client.show(1), TvDataError, 'a provider that never answers times out');
  tvmaze.setMode('ok');
  const unreachable = createTvmaze({ baseUrl: 'http://127.0.0.1:1', country: 'US' });
  await t.rejects(unreachable.search('x'), TvDataError);
});

t.test('calls are paced: a burst beyond the allowance waits its turn, none refused', async (t) => {
  const paced = createTvmaze({ baseUrl: tvmaze.url, country: 'US', callsPer10s: 2, windowMs: 300 });
  const before = tvmaze.arrivals.length;
  const results = await Promise.all([1, 2, 3, 4, 5].map(() => paced.show(1)));
  t.ok(results.every((show) => show?.id === 1));
  const arrivals = tvmaze.arrivals.slice(before);
  t.equal(arrivals.length, 5, 'every call made once, none refused');
  // any three consecutive calls are sent a window apart; half of it leaves room for delivery jitter, and unpaced they would arrive within a few ms
  for (let i = 2; i < arrivals.length; i++) t.ok(arrivals[i]! - arrivals[i - 2]! >= 150, `calls ${i - 1}..${i + 1} span a window`);
});

t.test("lookups by TheTVDB's or IMDb's id read TVmaze's redirect; a name finds the one best match", async (t) => {
  t.equal(await client.lookup('thetvdb', '372264'), 45039);
  t.equal(await client.lookup('imdb', 'tt5296406'), 8167);
  t.equal(await client.lookup('thetvdb', '1'), null, 'unknown: null');
  t.ok(tvmaze.requests.includes('/lookup/shows?imdb=tt5296406'));
  t.notOk(tvmaze.requests.includes('/shows/8167'), 'the redirect is read, not followed: the caller fetches the show with its episodes');
  t.equal((await client.singleSearch('under the dome'))?.id, 1);
  t.equal(await client.singleSearch('No Such Show At All'), null);
  tvmaze.setMode('rateLimitOnce');
  t.equal(await client.lookup('thetvdb', '264492'), 1, 'a 429 is retried');
  tvmaze.setMode('fail');
  await t.rejects(client.lookup('thetvdb', '264492'), TvDataError);
  tvmaze.setMode('ok');
});

t.test('the pacer counts a call from when it is sent until a window after its answer', async (t) => {
  let now = 0;
  const timers: Array<{ at: number; wake: () => void }> = [];
  const pace = createPacer(2, 1000, { now: () => now, sleep: (ms) => new Promise((wake) => timers.push({ at: now + ms, wake })) });
  const sent: number[] = [];
  const answers: Array<() => void> = [];
  const call = () => new Promise<void>((resolve) => (sent.push(now), answers.push(resolve)));
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const calls = [pace(call), pace(call), pace(call)];
  await settle();
  t.same(sent, [0, 0], 'two at once; the third waits while both are out');
  now = 500;
  answers[0]!();
  await settle();
  t.same(timers.map((timer) => timer.at), [1500], 'it waits until a window after the first answer, not the first send');
  now = 800;
  answers[1]!();
  await settle();
  t.same(sent, [0, 0]);
  now = 1500;
  timers[0]!.wake();
  await settle();
  t.same(sent, [0, 0, 1500]);
  answers[2]!();
  await Promise.all(calls);
});

t.test('background calls leave the reserve to calls someone waits for', async (t) => {
  const now = 0;
  const pace = createPacer(3, 1000, { now: () => now, sleep: () => new Promise(() => undefined) }, 1);
  const sent: string[] = [];
  const call = (name: string) => () => new Promise<void>(() => void sent.push(name));
  void pace(call('import 1'), true);
  void pace(call('import 2'), true);
  void pace(call('import 3'), true);
  void pace(call('search'));
  await new Promise((resolve) => setImmediate(resolve));
  t.same(sent, ['import 1', 'import 2', 'search'], 'the third import call waits; the search behind it goes at once');
});
