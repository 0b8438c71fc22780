import { assertNever, DomainError } from '../shared/events.ts';
import { type ImportShowCommand, planShowImport } from './import.ts';
import type { LibraryEvent, LibraryState, TrackedShow } from './library.ts';

/** An episode as a command needs it: from the show's cached episode list. */
export type EpisodeRef = { readonly id: number; readonly season: number; readonly number: number | null };

export type LibraryCommand =
  | { readonly type: 'track'; readonly trackedShowId: string; readonly showId: number; readonly now: string }
  | { readonly type: 'untrack'; readonly trackedShowId: string; readonly now: string }
  | { readonly type: 'set-watchlist'; readonly trackedShowId: string; readonly onWatchlist: boolean; readonly now: string }
  | {
      readonly type: 'mark-episodes';
      readonly trackedShowId: string;
      readonly episodes: readonly EpisodeRef[];
      readonly watched: boolean;
      /** a fresh id per episode that becomes watched */
      readonly newId: () => string;
      readonly now: string;
    }
  | { readonly type: 'set-latest-watched'; readonly trackedShowId: string; readonly episodeId: number | null; readonly now: string }
  | { readonly type: 'complete'; readonly trackedShowId: string; readonly rating: number; readonly now: string }
  | { readonly type: 'uncomplete'; readonly trackedShowId: string; readonly now: string }
  | { readonly type: 'set-notify'; readonly trackedShowId: string; readonly notify: boolean; readonly now: string }
  | { readonly type: 'dismiss-suggestion'; readonly dismissalId: string; readonly showId: number; readonly now: string }
  | ImportShowCommand;

function trackedOf(state: LibraryState, trackedShowId: string): TrackedShow {
  const show = state.tracked.get(trackedShowId);
  if (!show) throw new DomainError('NOT_FOUND', 'No such tracked show');
  return show;
}

export function decideLibrary(command: LibraryCommand, state: LibraryState): LibraryEvent[] {
  switch (command.type) {
    case 'track':
      // tracking twice is the same as once: the client may retry
      if (state.byShow.has(command.showId)) return [];
      return [{ type: 'show-tracked', data: { trackedShowId: command.trackedShowId, showId: command.showId, at: command.now } }];
    case 'untrack':
      trackedOf(state, command.trackedShowId);
      return [{ type: 'show-untracked', data: { trackedShowId: command.trackedShowId, at: command.now } }];
    case 'set-watchlist': {
      const show = trackedOf(state, command.trackedShowId);
      if (show.onWatchlist === command.onWatchlist) return [];
      return [{ type: 'watchlist-changed', data: { trackedShowId: show.id, onWatchlist: command.onWatchlist, at: command.now } }];
    }
    case 'mark-episodes': {
      const show = trackedOf(state, command.trackedShowId);
      if (command.episodes.length === 0) throw new DomainError('NO_EPISODES', 'no such episode of this show');
      const events: LibraryEvent[] = [];
      // an episode named twice (duplicate provider data) is decided once
      const episodes = [...new Map(command.episodes.map((episode) => [episode.id, episode])).values()];
      for (const episode of episodes) {
        const isWatched = show.watched.has(episode.id);
        if (command.watched && !isWatched) {
          events.push({
            type: 'episode-watched',
            data: {
              trackedShowId: show.id,
              watchedEpisodeId: command.newId(),
              episodeId: episode.id,
              season: episode.season,
              number: episode.number,
              at: command.now,
            },
          });
        } else if (!command.watched && isWatched) {
          events.push({ type: 'episode-unwatched', data: { trackedShowId: show.id, episodeId: episode.id, at: command.now } });
        }
      }
      // watching a show starts it: it is no longer only saved for later
      if (command.watched && events.length > 0 && show.onWatchlist) {
        events.push({ type: 'watchlist-changed', data: { trackedShowId: show.id, onWatchlist: false, at: command.now } });
      }
      return events;
    }
    case 'set-latest-watched': {
      const show = trackedOf(state, command.trackedShowId);
      if (show.latestWatched === command.episodeId) return [];
      return [{ type: 'latest-watched-set', data: { trackedShowId: show.id, episodeId: command.episodeId, at: command.now } }];
    }
    case 'complete': {
      const show = trackedOf(state, command.trackedShowId);
      if (show.completed?.rating === command.rating) return [];
      return [{ type: 'show-completed', data: { trackedShowId: show.id, rating: command.rating, at: command.now } }];
    }
    case 'uncomplete': {
      const show = trackedOf(state, command.trackedShowId);
      if (show.completed === null) return [];
      return [{ type: 'show-uncompleted', data: { trackedShowId: show.id, at: command.now } }];
    }
    case 'set-notify': {
      const show = trackedOf(state, command.trackedShowId);
      if (show.notify === command.notify) return [];
      return [{ type: 'notify-changed', data: { trackedShowId: show.id, notify: command.notify, at: command.now } }];
    }
    case 'dismiss-suggestion':
      if (state.dismissed.has(command.showId)) return [];
      return [{ type: 'suggestion-dismissed', data: { dismissalId: command.dismissalId, showId: command.showId, at: command.now } }];
    case 'import-show':
      return planShowImport(command, state).events;
    default:
      return assertNever(command);
  }
}
