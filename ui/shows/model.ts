/**
 * The shows app's pure logic: the shapes the API answers (checked at the edge by api.ts), how an
 * episode list becomes seasons, what "up to here" asks the API, and the words for progress.
 */

export type User = {
  readonly id: string;
  readonly email: string;
  readonly username: string | null;
  readonly publicProfile: boolean;
  readonly emailNotifications: boolean;
  readonly pushNotifications: boolean;
};

export type Episode = {
  readonly id: number;
  readonly name: string;
  readonly season: number;
  /** null for a special */
  readonly number: number | null;
  readonly airdate: string | null;
  readonly airstamp: string | null;
};

export type ShowSummary = {
  readonly id: number;
  readonly name: string;
  readonly genres: readonly string[];
  readonly status: string | null;
  readonly premiered: string | null;
  readonly network: string | null;
  readonly image: string | null;
  readonly summary: string | null;
};

export type ShowDetail = ShowSummary & { readonly nextEpisode: Episode | null; readonly episodes: readonly Episode[] };

export type TrackedShow = {
  readonly id: string;
  readonly showId: number;
  /** null while the shared cache has no copy of the show */
  readonly show: ShowSummary | null;
  readonly nextEpisode: Episode | null;
  readonly onWatchlist: boolean;
  readonly completedAt: string | null;
  readonly rating: number | null;
  readonly notify: boolean;
  readonly watchedCount: number;
  readonly watchedEpisodeIds: readonly number[];
  readonly airedCount: number | null;
  readonly episodesBehind: number | null;
};

export type HistoryEntry = {
  readonly id: string;
  readonly showId: number;
  readonly showName: string | null;
  readonly episodeId: number;
  readonly episodeName: string | null;
  readonly season: number;
  readonly number: number | null;
  readonly watchedAt: string;
};

export type ScheduleEntry = { readonly episode: Episode; readonly show: ShowSummary };

export type Suggestions = { readonly source: 'ai' | 'popular'; readonly shows: readonly ShowSummary[] };

export type PublicShow = { readonly showId: number; readonly name: string | null; readonly image: string | null; readonly watchedCount: number; readonly rating: number | null };
export type PublicProfile = { readonly username: string; readonly watching: readonly PublicShow[]; readonly completed: readonly PublicShow[]; readonly watchedEpisodes: number };

export type Season = { readonly season: number; readonly episodes: readonly Episode[] };

/** Seasons in order, each with its episodes in order (specials, with no number, last). */
export function seasonsOf(episodes: readonly Episode[]): Season[] {
  const bySeason = new Map<number, Episode[]>();
  for (const episode of episodes) {
    const list = bySeason.get(episode.season) ?? [];
    list.push(episode);
    bySeason.set(episode.season, list);
  }
  return [...bySeason.entries()]
    .sort(([a], [b]) => a - b)
    .map(([season, list]) => ({ season, episodes: [...list].sort(byNumber) }));
}

function byNumber(a: Episode, b: Episode): number {
  return (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;
}

/** An episode's code as people write it: S01E04, or "S01 special". */
export function episodeCode(episode: Pick<Episode, 'season' | 'number'>): string {
  const season = `S${String(episode.season).padStart(2, '0')}`;
  return episode.number === null ? `${season} special` : `${season}E${String(episode.number).padStart(2, '0')}`;
}

/** One request of "up to here": a whole season or a single episode. */
export type Mark = { readonly kind: 'season'; readonly season: number } | { readonly kind: 'episode'; readonly episodeId: number };

/** Every episode before `target` in watching order, and the target itself. */
export function episodesUpTo(episodes: readonly Episode[], targetId: number): Episode[] {
  const ordered = seasonsOf(episodes).flatMap((season) => season.episodes);
  const index = ordered.findIndex((episode) => episode.id === targetId);
  return index < 0 ? [] : ordered.slice(0, index + 1);
}

/**
 * "Up to here": every episode up to `target` (episodesUpTo) made `to` (watched or unwatched). A
 * season wholly before the target with an episode still to change is one season request; in the
 * target's season, each episode to change is its own request. Nothing already so is sent again.
 */
export function upToHere(episodes: readonly Episode[], watched: ReadonlySet<number>, targetId: number, to = true): Mark[] {
  const target = episodes.find((episode) => episode.id === targetId);
  if (!target) return [];
  const changes = (episode: Episode) => watched.has(episode.id) !== to;
  const marks: Mark[] = [];
  for (const { season, episodes: list } of seasonsOf(episodes)) {
    if (season < target.season) {
      if (list.some(changes)) marks.push({ kind: 'season', season });
    } else if (season === target.season) {
      for (const episode of list) {
        if (changes(episode)) marks.push({ kind: 'episode', episodeId: episode.id });
        if (episode.id === targetId) break;
      }
    }
  }
  return marks;
}

/** The dashboard's line on progress; null counts mean the episode list is not cached yet. */
export function behindLabel(show: Pick<TrackedShow, 'episodesBehind' | 'airedCount'>): string {
  if (show.episodesBehind === null) return 'Progress not known yet';
  if (show.episodesBehind === 0) return show.airedCount === 0 ? 'Nothing aired yet' : 'Up to date';
  return show.episodesBehind === 1 ? '1 episode behind' : `${show.episodesBehind} episodes behind`;
}

/** "Next: S02E03 Name, 2026-10-01", or what is known instead. */
export function nextLabel(next: Episode | null): string {
  if (!next) return 'No next episode announced';
  return `Next: ${episodeCode(next)} ${next.name}${next.airdate ? `, ${next.airdate}` : ''}`;
}

/** The provider's summary is HTML; the app shows it as plain text (never as markup). */
export function plainText(html: string | null): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The TV provider's images are http or https; the page's policy allows only https ones. */
export function artworkUrl(image: string | null | undefined): string | null {
  if (!image) return null;
  if (image.startsWith('https://')) return image;
  if (image.startsWith('http://')) return `https://${image.slice('http://'.length)}`;
  return null;
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

/** An import as GET /api/import/:jobId answers it. */
export type ImportJob = {
  readonly id: string;
  readonly source: 'tvtime' | 'trakt';
  readonly status: ImportStatus;
  readonly showsTotal: number;
  readonly showsDone: number;
  readonly imported: { readonly shows: number; readonly episodes: number; readonly watchlist: number; readonly ratings: number };
  readonly unchanged: number;
  readonly unresolved: readonly { readonly title: string; readonly reason: string }[];
  readonly notImported: readonly { readonly title: string; readonly what: string; readonly reason: string }[];
  readonly matchedByName: readonly { readonly title: string; readonly showId: number; readonly name: string }[];
  readonly error: string | null;
};

/** What the import server takes at most, in bytes of files: checked before anything is sent. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The files an import is made of, by name: a zip of either export, or its CSV and JSON files. */
export function importableName(name: string): boolean {
  return /\.(zip|csv|json)$/i.test(name);
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** "3 shows, 12 episodes, 1 on the watchlist, 1 rating", or that there was nothing new. */
export function importedLabel(job: Pick<ImportJob, 'imported' | 'unchanged'>): string {
  const { shows, episodes, watchlist, ratings } = job.imported;
  const parts = [
    ...(shows > 0 ? [plural(shows, 'show', 'shows')] : []),
    ...(episodes > 0 ? [plural(episodes, 'episode watched', 'episodes watched')] : []),
    ...(watchlist > 0 ? [`${watchlist} on the watchlist`] : []),
    ...(ratings > 0 ? [plural(ratings, 'rating', 'ratings')] : []),
  ];
  if (parts.length > 0) return `Imported ${parts.join(', ')}.`;
  return job.unchanged > 0 ? 'Nothing new: your library already had all of it.' : 'Nothing was imported.';
}

/** Bytes as base64, in slices: one String.fromCharCode of a whole export would overflow the call stack. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
