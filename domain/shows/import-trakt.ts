import { z } from 'zod';
import { textSchema } from '../shared/text.ts';
import { type ExportIds, type ExportShow, exportInstant, ImportFormatError, type NotImported, type ParsedExport, titleKey, type WatchedInExport } from './import.ts';

// Trakt's JSON export (a zip of JSON files, or the arrays sent as they are): `watched-shows.json`
// (shows with the seasons and episodes watched), `watched-history.json` (the account export's play
// events, an episode or a movie each), `watchlist-shows.json`, `watchlist.json` or
// `lists-watchlist.json` (items of type `show`; movies, seasons, episodes and people there are
// listed as not imported) and `ratings-shows.json` (a show's rating 1–10; `ratings-seasons.json`
// and `ratings-episodes.json` are read to list them as not imported). Every other file of the
// export is not read. Fields beyond these are ignored.

const instant = z
  .string()
  .max(64)
  .refine((text) => exportInstant(text) !== null, 'expected an ISO 8601 date and time between 1900 and 2999');

const traktIds = z
  .object({
    trakt: z.number().int().nullish(),
    slug: textSchema.max(500).nullish(),
    tvdb: z.number().int().positive().max(2_147_483_647).nullish(),
    imdb: textSchema.max(50).nullish(),
    tmdb: z.number().int().nullish(),
  })
  .meta({ id: 'TraktIds' });

const traktShow = z
  .object({ title: textSchema.max(500).nullish(), year: z.number().int().min(1800).max(3000).nullish(), ids: traktIds.optional() })
  .meta({ id: 'TraktShow' });

export const traktWatchedShowSchema = z
  .object({
    plays: z.number().int().nullish(),
    last_watched_at: instant.nullish(),
    show: traktShow,
    seasons: z
      .array(
        z.object({
          number: z.number().int().min(0).max(10_000),
          episodes: z.array(z.object({ number: z.number().int().min(0).max(100_000), plays: z.number().int().nullish(), last_watched_at: instant.nullish() })).max(100_000),
        }),
      )
      .max(10_000)
      .optional(),
  })
  .meta({ id: 'TraktWatchedShow', description: 'An item of watched-shows.json' });

export const traktWatchlistItemSchema = z
  .object({
    listed_at: instant.nullish(),
    type: textSchema.max(50).optional(),
    show: traktShow.optional(),
    movie: z.object({ title: textSchema.max(500).nullish() }).optional(),
  })
  .meta({ id: 'TraktWatchlistItem', description: 'An item of watchlist-shows.json or watchlist.json' });

export const traktPlaySchema = z
  .object({
    watched_at: instant.nullish(),
    type: textSchema.max(50),
    episode: z.object({ season: z.number().int().min(0).max(10_000), number: z.number().int().min(0).max(100_000) }).optional(),
    show: traktShow.optional(),
    movie: z.object({ title: textSchema.max(500).nullish() }).optional(),
  })
  .meta({ id: 'TraktPlay', description: 'An item of watched-history.json' });

export const traktRatingSchema = z
  .object({
    rated_at: instant.nullish(),
    rating: z.number().int().min(1).max(10),
    type: textSchema.max(50).optional(),
    show: traktShow.optional(),
  })
  .meta({ id: 'TraktRating', description: 'An item of ratings-shows.json' });

export const TRAKT_FILES = {
  watched: ['watched-shows.json'],
  history: ['watched-history.json'],
  watchlist: ['watchlist-shows.json', 'watchlist.json', 'lists-watchlist.json'],
  ratings: ['ratings-shows.json'],
  seasonRatings: ['ratings-seasons.json'],
  episodeRatings: ['ratings-episodes.json'],
} as const;

export type TraktPart = keyof typeof TRAKT_FILES;

export function isTraktFile(name: string): boolean {
  return Object.values(TRAKT_FILES).some((names) => (names as readonly string[]).includes(name));
}

/** Each part as an array (the JSON body) or as a file's text, with the name its messages use. */
export type TraktInput = Partial<Record<TraktPart, { readonly file: string; readonly value: unknown }>>;

function itemsOf<T>(part: { readonly file: string; readonly value: unknown } | undefined, schema: z.ZodType<T>): T[] {
  if (!part) return [];
  let value = part.value;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value.startsWith('\uFEFF') ? value.slice(1) : value);
    } catch (error) {
      throw new ImportFormatError(`${part.file}: not JSON (${(error as Error).message})`);
    }
  }
  if (!Array.isArray(value)) throw new ImportFormatError(`${part.file}: expected a JSON array of items`);
  return value.map((item, index) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new ImportFormatError(`${part.file} item ${index + 1}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`);
  });
}

type Show = z.infer<typeof traktShow>;
type Entry = { title: string; year: number | null; ids: ExportIds; watched: WatchedInExport[]; watchlist: boolean; rating: number | null };

const at = (text: string | null | undefined): string | null => (text ? exportInstant(text) : null);

/** `a season`, `an episode`: Trakt's item types in a sentence */
const article = (type: string): string => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;
const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A Trakt export's shows: watched with their episodes, watchlisted, rated. */
export function parseTrakt(input: TraktInput): ParsedExport {
  const watched = itemsOf(input.watched, traktWatchedShowSchema);
  const history = itemsOf(input.history, traktPlaySchema);
  const watchlist = itemsOf(input.watchlist, traktWatchlistItemSchema);
  const ratings = [...itemsOf(input.ratings, traktRatingSchema), ...itemsOf(input.seasonRatings, traktRatingSchema), ...itemsOf(input.episodeRatings, traktRatingSchema)];

  const entries: Entry[] = [];
  const index = new Map<string, Entry>();
  const keysOf = (show: Show): string[] => {
    const ids = show.ids ?? {};
    return [
      ...(ids.trakt != null ? [`trakt:${ids.trakt}`] : []),
      ...(ids.tvdb != null ? [`tvdb:${ids.tvdb}`] : []),
      ...(ids.imdb ? [`imdb:${ids.imdb}`] : []),
      `title:${titleKey(show.title ?? '')}:${show.year ?? ''}`,
    ];
  };
  const find = (show: Show): Entry | undefined => keysOf(show).map((key) => index.get(key)).find((entry) => entry !== undefined);
  const entryOf = (show: Show): Entry => {
    let entry = find(show);
    if (!entry) {
      const ids = show.ids ?? {};
      entry = {
        title: show.title?.trim() || (ids.slug ?? `Trakt show ${ids.trakt ?? '?'}`),
        year: show.year ?? null,
        ids: { tvdb: ids.tvdb ?? null, imdb: ids.imdb ?? null, tmdb: ids.tmdb ?? null, trakt: ids.trakt ?? null },
        watched: [],
        watchlist: false,
        rating: null,
      };
      entries.push(entry);
    }
    for (const key of keysOf(show)) if (!index.has(key)) index.set(key, entry);
    return entry;
  };

  for (const item of watched) {
    const entry = entryOf(item.show);
    for (const season of item.seasons ?? []) {
      for (const episode of season.episodes) {
        entry.watched.push({ season: season.number, number: episode.number, at: at(episode.last_watched_at) ?? at(item.last_watched_at) });
      }
    }
  }

  const notImported: NotImported[] = [];
  const movies = new Set<string>();
  for (const play of history) {
    if (play.type === 'episode' && play.show && play.episode) {
      entryOf(play.show).watched.push({ season: play.episode.season, number: play.episode.number, at: at(play.watched_at) });
    } else {
      const title = play.movie?.title ?? play.show?.title ?? capitalized(article(play.type));
      if (movies.has(title)) continue;
      movies.add(title);
      notImported.push({ title, what: `${article(play.type)} watched`, reason: 'this service tracks shows, not movies' });
    }
  }
  for (const item of watchlist) {
    const type = item.type ?? (item.show ? 'show' : item.movie ? 'movie' : 'item');
    if (type === 'show' && item.show) {
      entryOf(item.show).watchlist = true;
    } else if (type === 'movie') {
      notImported.push({ title: item.movie?.title ?? 'A movie', what: 'a movie on the watchlist', reason: 'this service tracks shows, not movies' });
    } else {
      notImported.push({ title: item.show?.title ?? capitalized(article(type)), what: `${article(type)} on the watchlist`, reason: 'only whole shows go on the watchlist here' });
    }
  }

  for (const item of ratings) {
    const type = item.type ?? 'show';
    const title = item.show?.title ?? capitalized(article(type));
    if (type !== 'show' || !item.show) {
      notImported.push({ title, what: `a rating of ${article(type)} (${item.rating})`, reason: 'only shows are rated here' });
      continue;
    }
    const entry = find(item.show);
    if (!entry) {
      notImported.push({ title, what: `the rating ${item.rating}`, reason: 'rated on Trakt, but not watched there: a rating is kept with a finished show' });
      continue;
    }
    entry.rating = item.rating;
  }

  const shows: ExportShow[] = entries.map(({ title, year, ids, watched: episodes, watchlist: saved, rating }) => ({ title, year, ids, watched: episodes, watchlist: saved, rating }));
  return { source: 'trakt', shows, notImported };
}
