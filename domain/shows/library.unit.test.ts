import t from 'tap';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { fold } from '../shared/aggregate.ts';
import { DomainError } from '../shared/events.ts';
import { decideLibrary } from './decide-library.ts';
import { initialLibraryState, libraryAggregate, type LibraryEvent } from './library.ts';

const now = '2026-09-25T10:00:00.000Z';
let next = 0;
const newId = () => `cid${++next}`;

const library = deciderSpec({ initialState: initialLibraryState, evolve: libraryAggregate.evolve, decide: decideLibrary });
const types = (events: readonly LibraryEvent[]) => events.map((event) => event.type);
const ts1Tracked = library([]).when({ type: 'track', trackedShowId: 'ts1', showId: 1, now }).decided().history;

t.test('track once, episodes in any order, season at once', async (t) => {
  const tracked = library([]).when({ type: 'track', trackedShowId: 'ts1', showId: 45039, now }).decided();
  t.same(types(tracked.events), ['show-tracked']);
  library(tracked.history).when({ type: 'track', trackedShowId: 'ts2', showId: 45039, now }).then(t, [], 'tracking again changes nothing');
  const oneWatched = library(tracked.history)
    .when({ type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 5, season: 2, number: 1 }], watched: true, newId, now })
    .decided().history;
  const both = library(oneWatched)
    .when({
      type: 'mark-episodes',
      trackedShowId: 'ts1',
      episodes: [
        { id: 1, season: 1, number: 1 },
        { id: 5, season: 2, number: 1 },
      ],
      watched: true,
      newId,
      now,
    })
    .decided();
  t.same(types(both.events), ['episode-watched'], 'only the one not yet watched');
  t.same([...both.state.tracked.get('ts1')!.watched.keys()].sort(), [1, 5]);
  const unwatched = library(both.history)
    .when({ type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 5, season: 2, number: 1 }], watched: false, newId, now })
    .decided();
  t.same(types(unwatched.events), ['episode-unwatched']);
});

t.test('watching a watchlisted show takes it off the watchlist', async (t) => {
  const watchlisted = library(ts1Tracked).when({ type: 'set-watchlist', trackedShowId: 'ts1', onWatchlist: true, now }).decided().history;
  const { events } = library(watchlisted).when({ type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 1, season: 1, number: 1 }], watched: true, newId, now }).decided();
  t.same(types(events), ['episode-watched', 'watchlist-changed']);
});

t.test('unknown tracked shows are refused; repeated settings are no-ops', async (t) => {
  library([]).when({ type: 'untrack', trackedShowId: 'nope', now }).thenThrows(t, new DomainError('NOT_FOUND', 'No such tracked show'));
  const completed = library(ts1Tracked).when({ type: 'complete', trackedShowId: 'ts1', rating: 9, now }).decided().history;
  library(completed).when({ type: 'complete', trackedShowId: 'ts1', rating: 9, now }).then(t, []);
  library(completed).when({ type: 'set-notify', trackedShowId: 'ts1', notify: true, now }).then(t, []);
  const dismissed = library(completed).when({ type: 'dismiss-suggestion', dismissalId: 'd1', showId: 7, now }).decided().history;
  library(dismissed).when({ type: 'dismiss-suggestion', dismissalId: 'd2', showId: 7, now }).then(t, []);
});

t.test('stored events fold back to the same state', async (t) => {
  const watched = library(ts1Tracked)
    .when({ type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 3, season: 1, number: null }], watched: true, newId, now })
    .decided().history;
  const untracked = library(watched).when({ type: 'untrack', trackedShowId: 'ts1', now }).decided();
  const folded = fold(libraryAggregate, untracked.history.map((event) => ({ type: event.type, data: JSON.parse(JSON.stringify(event.data)), metadata: { schemaVersion: 1 } })));
  t.same(folded.tracked.size, 0);
  t.same(folded.byShow.size, untracked.state.byShow.size);
});

t.test('rating again keeps the first completion date; un-completing clears it; completing again dates anew', async (t) => {
  const later = '2026-10-01T10:00:00.000Z';
  const latest = '2026-10-09T10:00:00.000Z';
  const completed = library(ts1Tracked).when({ type: 'complete', trackedShowId: 'ts1', rating: 7, now }).decided().history;
  const rated = library(completed).when({ type: 'complete', trackedShowId: 'ts1', rating: 9, now: later }).decided();
  t.same(types(rated.events), ['show-completed']);
  t.same(rated.state.tracked.get('ts1')!.completed, { at: now, rating: 9 });
  const uncompleted = library(rated.history).when({ type: 'uncomplete', trackedShowId: 'ts1', now: later }).decided();
  t.same(types(uncompleted.events), ['show-uncompleted']);
  t.equal(uncompleted.state.tracked.get('ts1')!.completed, null);
  library(uncompleted.history).when({ type: 'uncomplete', trackedShowId: 'ts1', now: later }).then(t, [], 'not completed: nothing to undo');
  const completedAnew = library(uncompleted.history).when({ type: 'complete', trackedShowId: 'ts1', rating: 6, now: latest }).decided();
  t.same(completedAnew.state.tracked.get('ts1')!.completed, { at: latest, rating: 6 });
  library(completedAnew.history).when({ type: 'uncomplete', trackedShowId: 'nope', now }).thenThrows(t, DomainError);
});

t.test('an episode named twice in one command is watched once', async (t) => {
  const episode = { id: 7, season: 1, number: 7 };
  const { events } = library(ts1Tracked).when({ type: 'mark-episodes', trackedShowId: 'ts1', episodes: [episode, episode], watched: true, newId, now }).decided();
  t.same(types(events), ['episode-watched']);
});
