import t from 'tap';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

const { app, tvmaze, chat } = await startShowsSystem(t, {
  now: () => new Date('2026-09-25T10:00:00.000Z'),
  chat: {
    primary: JSON.stringify({ shows: ['Slow Horses', 'Heroes: Slow Burn', 'Verses and Flow', 'No Such Show At All'] }),
    secondary: 'Here you go:\n1. Verses and Flow\n2. Dublin Horse Show',
  },
  env: { TVMAZE_CALLS_PER_10S: '1000' },
});
const { primary, secondary } = chat;
const alice = await showsUser(app, 'alice@example.org');

type Summary = { id: number; name: string; weight: number; genres: string[] };

t.test('finding shows needs a session', async (t) => {
  for (const url of ['/api/shows/search?q=slow', '/api/shows/schedule', '/api/shows/trending', '/api/shows/1', '/api/shows/suggestions']) {
    t.equal((await app.inject({ method: 'GET', url })).statusCode, 401, url);
  }
});

t.test('search, schedule by popularity, trending, detail, similar', async (t) => {
  const search = (await alice.call('GET', '/api/shows/search?q=slow')).json() as Summary[];
  t.same(search.map((show) => show.id), [45039, 26602]);
  const empty = await alice.call('GET', '/api/shows/search?q=');
  t.equal(empty.statusCode, 400);
  t.match(empty.json().message, /^querystring\.q/);

  const schedule = (await alice.call('GET', '/api/shows/schedule?date=2022-08-29')).json() as Array<{ show: Summary; episode: { id: number } }>;
  t.equal(schedule.length, 14);
  const weights = schedule.map((entry) => entry.show.weight);
  t.same(weights, [...weights].sort((a, b) => b - a), 'most popular first');
  t.equal((await alice.call('GET', '/api/shows/schedule?date=29-08-2022')).statusCode, 400);

  const trending = (await alice.call('GET', '/api/shows/trending')).json() as Summary[];
  t.equal(new Set(trending.map((show) => show.id)).size, trending.length, 'one entry per show');
  t.equal(trending[0]?.name, 'The Suspect', 'the heaviest show airing today');

  const detail = await alice.call('GET', '/api/shows/45039');
  t.equal(detail.statusCode, 200);
  t.equal(detail.json().episodes.length, 8);
  t.equal((await alice.call('GET', '/api/shows/424242')).statusCode, 404);
  t.equal((await alice.call('GET', '/api/shows/abc')).statusCode, 400);

  const similar = (await alice.call('GET', '/api/shows/45039/similar')).json() as Summary[];
  t.ok(similar.length > 0, 'something shares a genre with Slow Horses');
  t.notOk(similar.some((show) => show.id === 45039), 'never the show itself');
  const genres = new Set(['Drama', 'Espionage', 'Crime', 'Thriller', 'Comedy']);
  t.ok(similar.every((show) => show.genres.some((genre) => genres.has(genre)) || show.genres.length === 0));
});

t.test('similar shows answer from the cache while the TV data provider is down', async (t) => {
  // Designated Survivor and Under the Dome share Drama and Thriller with Slow Horses
  t.equal((await alice.call('GET', '/api/shows/8167')).statusCode, 200);
  t.equal((await alice.call('GET', '/api/shows/1')).statusCode, 200);
  tvmaze.setMode('fail');
  t.teardown(() => tvmaze.setMode('ok'));
  const before = tvmaze.requests.length;
  const similar = await alice.call('GET', '/api/shows/45039/similar');
  t.equal(similar.statusCode, 200, similar.body);
  t.same((similar.json() as Summary[]).map((show) => show.id).sort((a, b) => a - b), [1, 8167], 'the cached shows sharing a genre');
  t.ok(tvmaze.requests.length > before, 'the provider was asked (and failed)');
  const unknown = await alice.call('GET', '/api/shows/424243/similar');
  t.equal(unknown.statusCode, 502, 'a show never cached still needs the provider');
  t.equal(unknown.json().code, 'TV_DATA_UNAVAILABLE');
});

t.test('suggestions: names resolved, unknown ones dropped, tracked and dismissed left out', async (t) => {
  await alice.call('POST', '/api/shows/track', { showId: 45039 });
  t.equal((await alice.call('POST', '/api/shows/suggestions/dismiss', { showId: 26602 })).statusCode, 200);
  const dismissed = (await alice.call('GET', '/api/shows/dismissed')).json() as Array<{ showId: number; id: string }>;
  t.same(dismissed.map((entry) => entry.showId), [26602]);

  const answer = await alice.call('GET', '/api/shows/suggestions');
  t.equal(answer.statusCode, 200);
  t.same(answer.json().source, 'ai');
  t.same((answer.json().shows as Summary[]).map((show) => show.id), [2630]);
  const request = primary.requests.at(-1)!;
  t.equal(request.authorization, 'Bearer primary-key');
  t.equal(request.body.model, 'model-a');
  const prompt = request.body.messages?.map((message) => message.content).join('\n') ?? '';
  t.match(prompt, /Slow Horses/, 'the library is in the prompt');
  t.notMatch(prompt, /Heroes: Slow Burn/, 'a dismissed show is not');
});

t.test('the first provider is retried on 429, then the second answers', async (t) => {
  const before = [primary.requests.length, secondary.requests.length];
  primary.queue('rateLimit', 'rateLimit', 'rateLimit');
  const answer = (await alice.call('GET', '/api/shows/suggestions')).json() as { source: string; shows: Summary[] };
  t.equal(primary.requests.length - before[0]!, 3, 'one try and two retries');
  t.equal(secondary.requests.length - before[1]!, 1);
  t.equal(secondary.requests.at(-1)!.authorization, 'Bearer secondary-key');
  t.same(answer.source, 'ai');
  t.same(answer.shows.map((show) => show.id), [2630, 78897], 'a numbered list is read too');
});

t.test('a failing first provider is not retried', async (t) => {
  const before = [primary.requests.length, secondary.requests.length];
  primary.queue('fail');
  const answer = (await alice.call('GET', '/api/shows/suggestions')).json() as { source: string };
  t.equal(primary.requests.length - before[0]!, 1);
  t.equal(secondary.requests.length - before[1]!, 1);
  t.equal(answer.source, 'ai');
});

t.test('when the AI path fails: popular shows airing today, never an error', async (t) => {
  primary.setMode('fail');
  secondary.setMode('garbage');
  const answer = await alice.call('GET', '/api/shows/suggestions');
  t.equal(answer.statusCode, 200);
  const body = answer.json() as { source: string; shows: Summary[] };
  t.equal(body.source, 'popular');
  t.equal(body.shows[0]?.name, 'The Suspect');
  t.notOk(body.shows.some((show) => show.id === 26602 || show.id === 45039));

  tvmaze.setMode('fail');
  const nothing = await alice.call('GET', '/api/shows/suggestions');
  t.equal(nothing.statusCode, 200);
  t.same(nothing.json(), { source: 'popular', shows: [] }, 'even the TV data provider down is no error');
  tvmaze.setMode('ok');

  // every resolved name dropped: the AI path has nothing to offer, so popular shows come instead
  primary.setMode('answer');
  primary.content = JSON.stringify({ shows: ['No Such Show At All'] });
  t.equal(((await alice.call('GET', '/api/shows/suggestions')).json() as { source: string }).source, 'popular');
});
