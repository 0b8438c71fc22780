import type { EpisodeRef } from './decide-library.ts';
import type { LibraryEvent, LibraryState } from './library.ts';

// Bringing a history from another tracker (TV Time, Trakt): what an export says of each show, and
// the decision that turns one show of it into library events. The parsers are beside this file.

export type ImportSource = 'tvtime' | 'trakt';

/** The other tracker's ids of a show; TheTVDB's and IMDb's are what TVmaze can look up. */
export type ExportIds = {
  readonly tvdb: number | null;
  readonly imdb: string | null;
  readonly tmdb: number | null;
  readonly trakt: number | null;
};

export type WatchedInExport = {
  readonly season: number;
  readonly number: number;
  /** when the export says it was watched; null when it does not say */
  readonly at: string | null;
};

/** One show as an export holds it, before it is matched against TVmaze. */
export type ExportShow = {
  readonly title: string;
  readonly year: number | null;
  readonly ids: ExportIds;
  readonly watched: readonly WatchedInExport[];
  /** saved for later (followed, watchlisted): goes on the watchlist when the import starts tracking it and nothing is watched */
  readonly watchlist: boolean;
  readonly rating: number | null;
  /**
   * the export names no show, only its ids: the title says which id, and the show is looked up by
   * its ids alone (a search by a made-up name can find an unrelated show)
   */
  readonly nameless?: boolean;
  /** TV Time's count of episodes seen (`nb_episodes_seen`), where its files list none of them */
  readonly seenCount?: number;
};

/** Something of the export that the import leaves out, and why: the user is told, never left to guess. */
export type NotImported = { readonly title: string; readonly what: string; readonly reason: string };

export type ParsedExport = {
  readonly source: ImportSource;
  readonly shows: readonly ExportShow[];
  /** known already while reading the files (a movie in the watchlist, a rating alone) */
  readonly notImported: readonly NotImported[];
};

/** A file of the upload that cannot be read: the message names the file, and the line or item and field. */
export class ImportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFormatError';
  }
}

export const MAX_IMPORT_SHOWS = 5_000;
export const MAX_IMPORT_EPISODES = 200_000;

const EARLIEST = Date.parse('1900-01-01T00:00:00Z');
const LATEST = Date.parse('3000-01-01T00:00:00Z');

/**
 * An export's instant as ISO (UTC), or null when it cannot be one. TV Time writes
 * `2021-03-14 20:11:05` (UTC, no zone) and, in older files, Go's `2017-05-02 21:24:51 +0000 UTC`
 * (the offset counts, the zone's abbreviation after it only names it); Trakt writes ISO with `Z`.
 * The years are the ones every projection can store (domain/shared/calendar.ts).
 */
export function exportInstant(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?\s*(?:(Z|UTC|GMT)|([+-]\d{2}:?\d{2})(?:\s+[A-Z]{1,5})?)?$/i.exec(trimmed);
  if (!match) return null;
  const [, date, time = '00:00:00', utc, numeric] = match;
  const offset = numeric === undefined || utc !== undefined ? 'Z' : numeric.length === 5 ? `${numeric.slice(0, 3)}:${numeric.slice(3)}` : numeric;
  const ms = Date.parse(`${date}T${time}${offset}`);
  if (!Number.isFinite(ms) || ms < EARLIEST || ms >= LATEST) return null;
  // Date.parse rolls 2021-02-30 over to March: only a real calendar date counts
  if (new Date(Date.parse(`${date}T00:00:00Z`)).toISOString().slice(0, 10) !== date) return null;
  return new Date(ms).toISOString();
}

/** A title as names are compared: case, spacing and a trailing `(2014)` do not count. */
export function titleKey(title: string): string {
  return withoutYear(title).title.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** `The Flash (2014)` is the title `The Flash` and the year 2014, as TV Time and TVmaze write remakes. */
export function withoutYear(title: string): { readonly title: string; readonly year: number | null } {
  const match = /^(.*\S)\s*\((\d{4})\)\s*$/.exec(title);
  return match ? { title: match[1]!, year: Number(match[2]) } : { title: title.trim(), year: null };
}

/** S01E02, for people. */
export function episodeCode(season: number, number: number): string {
  return `S${String(season).padStart(2, '0')}E${String(number).padStart(2, '0')}`;
}

export type MatchedEpisodes = {
  /** TVmaze's episodes the export names, each once, with when it was watched */
  readonly matched: readonly (EpisodeRef & { readonly at: string })[];
  /** what the export names that TVmaze does not list (specials are numbered differently there) */
  readonly missing: readonly WatchedInExport[];
};

/**
 * The export's season and number mapped onto TVmaze's episode list. An episode named twice (a
 * rewatch) counts once, at its first watch; one the export does not date is dated `now`.
 */
export function matchEpisodes(watched: readonly WatchedInExport[], episodes: readonly EpisodeRef[], now: string): MatchedEpisodes {
  const byCode = new Map<string, EpisodeRef>();
  for (const episode of episodes) if (episode.number !== null) byCode.set(`${episode.season}x${episode.number}`, episode);
  const matched = new Map<number, EpisodeRef & { at: string }>();
  const missing = new Map<string, WatchedInExport>();
  for (const entry of watched) {
    const code = `${entry.season}x${entry.number}`;
    const episode = byCode.get(code);
    if (!episode) {
      missing.set(code, entry);
      continue;
    }
    const at = entry.at ?? now;
    const seen = matched.get(episode.id);
    if (!seen || at < seen.at) matched.set(episode.id, { ...episode, at });
  }
  return { matched: [...matched.values()], missing: [...missing.values()] };
}

/**
 * The episodes a count of episodes seen stands for: the first `count` regular episodes aired, in
 * airing order, dated `now` (the count says nothing of when).
 */
export function firstEpisodesSeen(count: number, aired: readonly EpisodeRef[], now: string): (EpisodeRef & { readonly at: string })[] {
  return aired
    .filter((episode) => episode.number !== null)
    .toSorted((a, b) => a.season - b.season || a.number! - b.number!)
    .slice(0, count)
    .map((episode) => ({ ...episode, at: now }));
}

export type ImportShowCommand = {
  readonly type: 'import-show';
  /** the id of the tracked show when this import starts tracking it */
  readonly trackedShowId: string;
  readonly showId: number;
  readonly episodes: readonly (EpisodeRef & { readonly at: string })[];
  readonly watchlist: boolean;
  readonly rating: number | null;
  /** the provider says the show has ended: a rating comes with finishing it */
  readonly ended: boolean;
  /** the ids of the regular episodes aired by now */
  readonly aired: readonly number[];
  readonly newId: () => string;
  readonly now: string;
};

export type RatingOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'applied' }
  | { readonly kind: 'already' }
  | { readonly kind: 'not-imported'; readonly reason: string };

/**
 * One show of an export as library events, appended together: tracked if it is not, the watched
 * episodes that are not yet, the watchlist for a show it starts tracking with nothing watched,
 * and a rating only with a finished show (the library keeps a rating as the completion's). What
 * is already there is decided again as nothing, so an import run twice appends nothing the
 * second time. The library's own state wins over the export: a show the user tracks keeps its
 * watchlist place and its completion.
 */
export function planShowImport(command: ImportShowCommand, state: LibraryState): { readonly events: LibraryEvent[]; readonly rating: RatingOutcome } {
  const events: LibraryEvent[] = [];
  const existingId = state.byShow.get(command.showId);
  const existing = existingId === undefined ? undefined : state.tracked.get(existingId);
  const trackedShowId = existing?.id ?? command.trackedShowId;
  if (!existing) events.push({ type: 'show-tracked', data: { trackedShowId, showId: command.showId, at: command.now } });

  const watched = new Set(existing?.watched.keys() ?? []);
  const fresh = [...new Map(command.episodes.filter((episode) => !watched.has(episode.id)).map((episode) => [episode.id, episode])).values()];
  // oldest first: the log reads as the history happened
  fresh.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  for (const episode of fresh) {
    watched.add(episode.id);
    events.push({
      type: 'episode-watched',
      data: { trackedShowId, watchedEpisodeId: command.newId(), episodeId: episode.id, season: episode.season, number: episode.number, at: episode.at },
    });
  }
  if (existing?.onWatchlist && fresh.length > 0) {
    // watching a show starts it, as a mark by hand does
    events.push({ type: 'watchlist-changed', data: { trackedShowId, onWatchlist: false, at: command.now } });
  }
  if (!existing && command.watchlist && watched.size === 0) {
    events.push({ type: 'watchlist-changed', data: { trackedShowId, onWatchlist: true, at: command.now } });
  }

  let rating: RatingOutcome = { kind: 'none' };
  if (command.rating !== null) {
    const aired = new Set(command.aired);
    const seen = [...aired].filter((id) => watched.has(id)).length;
    if (existing?.completed) {
      rating =
        existing.completed.rating === command.rating
          ? { kind: 'already' }
          : { kind: 'not-imported', reason: `already completed here with your rating ${existing.completed.rating}, which is kept` };
    } else if (!command.ended) {
      rating = { kind: 'not-imported', reason: 'a rating is kept with a finished show, and this one is still running' };
    } else if (aired.size === 0) {
      rating = { kind: 'not-imported', reason: 'a rating is kept with a finished show, and TVmaze lists no aired episode of this one' };
    } else if (seen < aired.size) {
      rating = { kind: 'not-imported', reason: `a rating is kept with a finished show, and ${seen} of its ${aired.size} episodes are watched` };
    } else {
      const latest = command.episodes.reduce<string | null>((last, episode) => (last === null || episode.at > last ? episode.at : last), null);
      events.push({ type: 'show-completed', data: { trackedShowId, rating: command.rating, at: latest ?? command.now } });
      rating = { kind: 'applied' };
    }
  }
  return { events, rating };
}
