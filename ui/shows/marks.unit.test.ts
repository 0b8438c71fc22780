import t from 'tap';
import { keyOf, markOfKey, type MarkCommand, marksSaveState, queuedEpisodes, requestOf, withQueuedMarks } from './marks.ts';
import type { Episode, TrackedShow } from './model.ts';

const NOW = new Date('2026-09-25T10:00:00.000Z');
const episode = (id: number, season: number, number: number | null, airstamp: string | null): Episode => ({ id, name: `E${id}`, season, number, airdate: airstamp?.slice(0, 10) ?? null, airstamp });
// season 1: two aired and a special; season 2: one aired, one still to air
const EPISODES = [
  episode(11, 1, 1, '2026-01-01T20:00:00Z'),
  episode(12, 1, 2, '2026-01-08T20:00:00Z'),
  episode(10, 1, null, '2026-02-01T20:00:00Z'),
  episode(21, 2, 1, '2026-09-01T20:00:00Z'),
  episode(22, 2, 2, '2026-10-01T20:00:00Z'),
];
const confirmed: TrackedShow = {
  id: 'ts1',
  showId: 7,
  show: null,
  nextEpisode: null,
  onWatchlist: false,
  completedAt: null,
  rating: null,
  notify: false,
  watchedCount: 1,
  watchedEpisodeIds: [11],
  airedCount: 3,
  episodesBehind: 2,
};
const mark = (episodeId: number, watched: boolean, trackedId = 'ts1'): MarkCommand => ({ kind: 'episode', trackedId, showId: 7, episodeId, watched });

t.test('each mark asks the API for a set, never a toggle', async (t) => {
  t.same(requestOf(mark(12, true)), { method: 'PUT', path: '/api/shows/tracked/ts1/episode', body: { episodeId: 12, watched: true } });
  t.same(requestOf({ kind: 'season', trackedId: 'ts1', showId: 7, season: 2, watched: false }), { method: 'PUT', path: '/api/shows/tracked/ts1/season', body: { season: 2, watched: false } });
  t.same(requestOf({ kind: 'latest', trackedId: 'a/b', showId: 7, episodeId: null }), { method: 'PUT', path: '/api/shows/tracked/a%2Fb/watched', body: { episodeId: null } });
});

t.test('a queued mark comes back from its outbox key whole; other keys are not marks', async (t) => {
  const queued = { id: 'c1', madeAt: '2026-09-25T10:00:00.000Z', command: mark(12, true) };
  t.same(markOfKey(keyOf(queued)), queued);
  t.not(keyOf(queued), keyOf({ ...queued, id: 'c2' }), 'two marks of the same episode keep a key each: neither replaces the other');
  t.equal(markOfKey('set:abc'), null);
  t.equal(markOfKey('mark:{not json'), null);
  t.equal(markOfKey(`mark:${JSON.stringify({ ...queued, command: { ...queued.command, kind: 'toggle' } })}`), null);
});

t.test('no queued mark: the server answer as it came', async (t) => {
  t.equal(withQueuedMarks(confirmed, EPISODES, [], NOW), confirmed);
  t.equal(withQueuedMarks(confirmed, EPISODES, [mark(12, true, 'other')], NOW), confirmed, "another show's mark changes nothing here");
});

t.test('queued marks apply on top of the answer, in the order they were made', async (t) => {
  const one = withQueuedMarks(confirmed, EPISODES, [mark(12, true)], NOW);
  t.same([one.watchedEpisodeIds, one.watchedCount, one.episodesBehind], [[11, 12], 2, 1], 'an aired episode watched: one fewer behind');

  const season = withQueuedMarks(confirmed, EPISODES, [{ kind: 'season', trackedId: 'ts1', showId: 7, season: 1, watched: true }], NOW);
  t.same([season.watchedEpisodeIds, season.watchedCount, season.episodesBehind], [[10, 11, 12], 3, 1], 'the special is marked with its season but was never counted behind');

  const future = withQueuedMarks(confirmed, EPISODES, [mark(22, true)], NOW);
  t.same([future.watchedCount, future.episodesBehind], [2, 2], 'an episode still to air does not change how many are behind');

  const back = withQueuedMarks(confirmed, EPISODES, [mark(12, true), { kind: 'season', trackedId: 'ts1', showId: 7, season: 1, watched: false }, mark(12, true)], NOW);
  t.same([back.watchedEpisodeIds, back.episodesBehind], [[12], 2], 'ticked, its season unticked, ticked again: only the last tick stands');

  const latest = withQueuedMarks(confirmed, EPISODES, [{ kind: 'latest', trackedId: 'ts1', showId: 7, episodeId: 21 }], NOW);
  t.same(latest.watchedEpisodeIds, [11], 'the latest-watched marker marks no episode');
});

t.test('progress not known stays not known', async (t) => {
  t.equal(withQueuedMarks({ ...confirmed, episodesBehind: null, airedCount: null }, EPISODES, [mark(12, true)], NOW).episodesBehind, null);
});

t.test('the episodes shown as queued', async (t) => {
  t.same([...queuedEpisodes('ts1', EPISODES, [mark(12, true), { kind: 'season', trackedId: 'ts1', showId: 7, season: 2, watched: true }, mark(11, false, 'other')])].sort(), [12, 21, 22]);
});

t.test('the header badge of the marks: the spec’s four states', async (t) => {
  const mark = { id: 'm1' };
  t.same(marksSaveState({ queued: [], offline: false, refused: null }), { kind: 'saved', at: null });
  t.same(marksSaveState({ queued: [mark], offline: false, refused: null }), { kind: 'saving' });
  t.same(marksSaveState({ queued: [mark], offline: true, refused: null }), { kind: 'offline' });
  t.same(marksSaveState({ queued: [], offline: false, refused: { message: 'No such tracked show' } }), { kind: 'failed', message: 'No such tracked show' });
  t.same(marksSaveState({ queued: [mark], offline: true, refused: { message: 'No such tracked show' } }), { kind: 'offline' }, 'a mark made after the refusal is what the badge is about');
});
