import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';

// A user's library: tracked shows, watched episodes and dismissed suggestions, on one stream per
// user. One stream keeps "one tracked row per show" and "dismissed shows" checkable in one decision.

const at = z.iso.datetime();
const id = z.string().min(1);

export const showTrackedSchema = z.object({ trackedShowId: id, showId: z.number().int(), at });
export const showUntrackedSchema = z.object({ trackedShowId: id, at });
export const watchlistChangedSchema = z.object({ trackedShowId: id, onWatchlist: z.boolean(), at });
export const episodeWatchedSchema = z.object({
  trackedShowId: id,
  /** the WatchedEpisode row's own id */
  watchedEpisodeId: id,
  episodeId: z.number().int(),
  season: z.number().int(),
  number: z.number().int().nullable(),
  at,
});
export const episodeUnwatchedSchema = z.object({ trackedShowId: id, episodeId: z.number().int(), at });
export const latestWatchedSetSchema = z.object({ trackedShowId: id, episodeId: z.number().int().nullable(), at });
export const showCompletedSchema = z.object({ trackedShowId: id, rating: z.number().int().min(1).max(10), at });
export const showUncompletedSchema = z.object({ trackedShowId: id, at });
export const notifyChangedSchema = z.object({ trackedShowId: id, notify: z.boolean(), at });
export const suggestionDismissedSchema = z.object({ dismissalId: id, showId: z.number().int(), at });

export type LibraryEvent =
  | DomainEvent<'show-tracked', z.infer<typeof showTrackedSchema>>
  | DomainEvent<'show-untracked', z.infer<typeof showUntrackedSchema>>
  | DomainEvent<'watchlist-changed', z.infer<typeof watchlistChangedSchema>>
  | DomainEvent<'episode-watched', z.infer<typeof episodeWatchedSchema>>
  | DomainEvent<'episode-unwatched', z.infer<typeof episodeUnwatchedSchema>>
  | DomainEvent<'latest-watched-set', z.infer<typeof latestWatchedSetSchema>>
  | DomainEvent<'show-completed', z.infer<typeof showCompletedSchema>>
  | DomainEvent<'show-uncompleted', z.infer<typeof showUncompletedSchema>>
  | DomainEvent<'notify-changed', z.infer<typeof notifyChangedSchema>>
  | DomainEvent<'suggestion-dismissed', z.infer<typeof suggestionDismissedSchema>>;

export type TrackedShow = {
  readonly id: string;
  readonly showId: number;
  readonly onWatchlist: boolean;
  /** `at` is the first completion: rating again keeps it, un-completing clears it */
  readonly completed: { readonly at: string; readonly rating: number } | null;
  readonly notify: boolean;
  readonly latestWatched: number | null;
  /** episode id to when it was marked: progress counts these, so any order is fine */
  readonly watched: ReadonlyMap<number, string>;
};

export type LibraryState = {
  readonly tracked: ReadonlyMap<string, TrackedShow>;
  /** show id to tracked-show id */
  readonly byShow: ReadonlyMap<number, string>;
  readonly dismissed: ReadonlySet<number>;
};

export const initialLibraryState: LibraryState = { tracked: new Map(), byShow: new Map(), dismissed: new Set() };

function update(state: LibraryState, trackedShowId: string, change: (show: TrackedShow) => TrackedShow): LibraryState {
  const show = state.tracked.get(trackedShowId);
  if (!show) return state;
  const tracked = new Map(state.tracked);
  tracked.set(trackedShowId, change(show));
  return { ...state, tracked };
}

export function evolveLibrary(state: LibraryState, event: LibraryEvent): LibraryState {
  switch (event.type) {
    case 'show-tracked': {
      const { trackedShowId, showId } = event.data;
      const tracked = new Map(state.tracked);
      tracked.set(trackedShowId, {
        id: trackedShowId,
        showId,
        onWatchlist: false,
        completed: null,
        notify: true,
        latestWatched: null,
        watched: new Map(),
      });
      const byShow = new Map(state.byShow);
      byShow.set(showId, trackedShowId);
      return { ...state, tracked, byShow };
    }
    case 'show-untracked': {
      const show = state.tracked.get(event.data.trackedShowId);
      if (!show) return state;
      const tracked = new Map(state.tracked);
      tracked.delete(show.id);
      const byShow = new Map(state.byShow);
      byShow.delete(show.showId);
      return { ...state, tracked, byShow };
    }
    case 'watchlist-changed':
      return update(state, event.data.trackedShowId, (show) => ({ ...show, onWatchlist: event.data.onWatchlist }));
    case 'episode-watched':
      return update(state, event.data.trackedShowId, (show) => {
        const watched = new Map(show.watched);
        watched.set(event.data.episodeId, event.data.at);
        return { ...show, watched };
      });
    case 'episode-unwatched':
      return update(state, event.data.trackedShowId, (show) => {
        const watched = new Map(show.watched);
        watched.delete(event.data.episodeId);
        return { ...show, watched };
      });
    case 'latest-watched-set':
      return update(state, event.data.trackedShowId, (show) => ({ ...show, latestWatched: event.data.episodeId }));
    case 'show-completed':
      return update(state, event.data.trackedShowId, (show) => ({
        ...show,
        completed: { at: show.completed?.at ?? event.data.at, rating: event.data.rating },
      }));
    case 'show-uncompleted':
      return update(state, event.data.trackedShowId, (show) => ({ ...show, completed: null }));
    case 'notify-changed':
      return update(state, event.data.trackedShowId, (show) => ({ ...show, notify: event.data.notify }));
    case 'suggestion-dismissed': {
      const dismissed = new Set(state.dismissed);
      dismissed.add(event.data.showId);
      return { ...state, dismissed };
    }
    default:
      return assertNever(event);
  }
}

export function parseLibraryEvent(type: string, data: unknown, schemaVersion: number): LibraryEvent {
  if (schemaVersion === 1) {
    switch (type) {
      case 'show-tracked':
        return { type, data: showTrackedSchema.parse(data) };
      case 'show-untracked':
        return { type, data: showUntrackedSchema.parse(data) };
      case 'watchlist-changed':
        return { type, data: watchlistChangedSchema.parse(data) };
      case 'episode-watched':
        return { type, data: episodeWatchedSchema.parse(data) };
      case 'episode-unwatched':
        return { type, data: episodeUnwatchedSchema.parse(data) };
      case 'latest-watched-set':
        return { type, data: latestWatchedSetSchema.parse(data) };
      case 'show-completed':
        return { type, data: showCompletedSchema.parse(data) };
      case 'show-uncompleted':
        return { type, data: showUncompletedSchema.parse(data) };
      case 'notify-changed':
        return { type, data: notifyChangedSchema.parse(data) };
      case 'suggestion-dismissed':
        return { type, data: suggestionDismissedSchema.parse(data) };
    }
  }
  throw new Error(`unknown shows library event ${type} v${schemaVersion}`);
}

export const libraryAggregate: Aggregate<LibraryState, LibraryEvent> = {
  initialState: initialLibraryState,
  evolve: evolveLibrary,
  parse: parseLibraryEvent,
  schemaVersion: 1,
};

export const LIBRARY_STREAM_PREFIX = 'shows.library-';

export function libraryStream(userId: string): string {
  return `${LIBRARY_STREAM_PREFIX}${userId}`;
}
