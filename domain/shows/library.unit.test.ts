import t from 'tap';
import { fold } from '../shared/aggregate.ts';
import { DomainError } from '../shared/events.ts';
import { decideLibrary, type LibraryCommand } from './decide-library.ts';
import { initialLibraryState, libraryAggregate, type LibraryEvent, type LibraryState } from './library.ts';

const now = '2026-09-25T10:00:00.000Z';
let next = 0;
const newId = () => `cid${++next}`;

function apply(state: LibraryState, command: LibraryCommand): { state: LibraryState; events: LibraryEvent[] } {
  const events = decideLibrary(command, state);
  return { state: events.reduce(libraryAggregate.evolve, state), events };
}

t.test('track once, episodes in any order, season at once', async (t) => {
  let { state, events } = apply(initialLibraryState, { type: 'track', trackedShowId: 'ts1', showId: 45039, now });
  t.same(events.map((event) => event.type), ['show-tracked']);
  t.same(apply(state, { type: 'track', trackedShowId: 'ts2', showId: 45039, now }).events, [], 'tracking again changes nothing');
  ({ state } = apply(state, { type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 5, season: 2, number: 1 }], watched: true, newId, now }));
  ({ state, events } = apply(state, {
    type: 'mark-episodes',
    trackedShowId: 'ts1',
    episodes: [
      { id: 1, season: 1, number: 1 },
      { id: 5, season: 2, number: 1 },
    ],
    watched: true,
    newId,
    now,
  }));
  t.same(events.map((event) => event.type), ['episode-watched'], 'only the one not yet watched');
  t.same([...state.tracked.get('ts1')!.watched.keys()].sort(), [1, 5]);
  ({ state, events } = apply(state, { type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 5, season: 2, number: 1 }], watched: false, newId, now }));
  t.same(events.map((event) => event.type), ['episode-unwatched']);
});

t.test('watching a watchlisted show takes it off the watchlist', async (t) => {
  let { state } = apply(initialLibraryState, { type: 'track', trackedShowId: 'ts1', showId: 1, now });
  ({ state } = apply(state, { type: 'set-watchlist', trackedShowId: 'ts1', onWatchlist: true, now }));
  const { events } = apply(state, { type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 1, season: 1, number: 1 }], watched: true, newId, now });
  t.same(events.map((event) => event.type), ['episode-watched', 'watchlist-changed']);
});

t.test('unknown tracked shows are refused; repeated settings are no-ops', async (t) => {
  t.throws(() => decideLibrary({ type: 'untrack', trackedShowId: 'nope', now }, initialLibraryState), new DomainError('NOT_FOUND', 'No such tracked show'));
  let { state } = apply(initialLibraryState, { type: 'track', trackedShowId: 'ts1', showId: 1, now });
  ({ state } = apply(state, { type: 'complete', trackedShowId: 'ts1', rating: 9, now }));
  t.same(decideLibrary({ type: 'complete', trackedShowId: 'ts1', rating: 9, now }, state), []);
  t.same(decideLibrary({ type: 'set-notify', trackedShowId: 'ts1', notify: true, now }, state), []);
  ({ state } = apply(state, { type: 'dismiss-suggestion', dismissalId: 'd1', showId: 7, now }));
  t.same(decideLibrary({ type: 'dismiss-suggestion', dismissalId: 'd2', showId: 7, now }, state), []);
});

t.test('stored events fold back to the same state', async (t) => {
  let { state, events } = apply(initialLibraryState, { type: 'track', trackedShowId: 'ts1', showId: 1, now });
  const all = [...events];
  ({ state, events } = apply(state, { type: 'mark-episodes', trackedShowId: 'ts1', episodes: [{ id: 3, season: 1, number: null }], watched: true, newId, now }));
  all.push(...events);
  ({ state, events } = apply(state, { type: 'untrack', trackedShowId: 'ts1', now }));
  all.push(...events);
  const folded = fold(libraryAggregate, all.map((event) => ({ type: event.type, data: JSON.parse(JSON.stringify(event.data)), metadata: { schemaVersion: 1 } })));
  t.same(folded.tracked.size, 0);
  t.same(folded.byShow.size, state.byShow.size);
});

t.test('rating again keeps the first completion date; un-completing clears it; completing again dates anew', async (t) => {
  const later = '2026-10-01T10:00:00.000Z';
  const latest = '2026-10-09T10:00:00.000Z';
  let { state } = apply(initialLibraryState, { type: 'track', trackedShowId: 'ts1', showId: 1, now });
  ({ state } = apply(state, { type: 'complete', trackedShowId: 'ts1', rating: 7, now }));
  let events: LibraryEvent[];
  ({ state, events } = apply(state, { type: 'complete', trackedShowId: 'ts1', rating: 9, now: later }));
  t.same(events.map((event) => event.type), ['show-completed']);
  t.same(state.tracked.get('ts1')!.completed, { at: now, rating: 9 });
  ({ state, events } = apply(state, { type: 'uncomplete', trackedShowId: 'ts1', now: later }));
  t.same(events.map((event) => event.type), ['show-uncompleted']);
  t.equal(state.tracked.get('ts1')!.completed, null);
  t.same(apply(state, { type: 'uncomplete', trackedShowId: 'ts1', now: later }).events, [], 'not completed: nothing to undo');
  ({ state } = apply(state, { type: 'complete', trackedShowId: 'ts1', rating: 6, now: latest }));
  t.same(state.tracked.get('ts1')!.completed, { at: latest, rating: 6 });
  t.throws(() => decideLibrary({ type: 'uncomplete', trackedShowId: 'nope', now }, state), DomainError);
});

t.test('an episode named twice in one command is watched once', async (t) => {
  const { state } = apply(initialLibraryState, { type: 'track', trackedShowId: 'ts1', showId: 1, now });
  const episode = { id: 7, season: 1, number: 7 };
  const { events } = apply(state, { type: 'mark-episodes', trackedShowId: 'ts1', episodes: [episode, episode], watched: true, newId, now });
  t.same(events.map((event) => event.type), ['episode-watched']);
});
