import { columnsOf, CsvSyntaxError, type CsvRecord, readCsv } from '../shared/csv.ts';
import { type ExportShow, exportInstant, ImportFormatError, type NotImported, type ParsedExport, titleKey, type WatchedInExport, withoutYear } from './import.ts';

// TV Time's GDPR export: a zip of many CSV files, of which two kinds matter.
//
// - `tracking-prod-records.csv` (`tracking-prod-records-v2.csv` in newer exports): one row per
//   tracking record. Rows whose `key` starts with `watch-episode` or `rewatch-episode` are watched
//   episodes (others, such as `user-series-…`, are skipped; a file without `key` is all episodes).
//   The show is `series_name` (older: `tv_show_name`) and TheTVDB's show id `s_id` (older:
//   `series_id` or `tv_show_id`); the episode `season_number` (older: `episode_season_number`) and
//   `episode_number`; when, `created_at` (`2021-03-14 20:11:05`, UTC). TheTVDB's episode id is not
//   used: TVmaze cannot look episodes up by it, and season and number say the same.
// - `followed_tv_show.csv` (else `user_tv_show_data.csv`): followed shows, `tv_show_id` (TheTVDB),
//   `tv_show_name`; `active` 0 (or `is_followed` 0) is a show no longer followed.
//
// Newer exports dropped the show id from some episode files: rows are joined by id where there is
// one, else by name.

export const TVTIME_TRACKING = /^tracking-prod-records(-v\d+)?\.csv$/;
export const TVTIME_FOLLOWED = ['followed_tv_show.csv', 'user_tv_show_data.csv'] as const;
/**
 * Episodes seen and seen again, by TheTVDB's episode id alone (`episode_id`): TVmaze cannot look
 * that up, so a row counts as read where the tracking records name the same episode, and is
 * counted in the outcome where they do not.
 */
export const TVTIME_BY_EPISODE_ID = { 'seen_episode.csv': 'seen', 'rewatched_episode.csv': 'seen again' } as const;

export function isTvTimeFile(name: string): boolean {
  return TVTIME_TRACKING.test(name) || (TVTIME_FOLLOWED as readonly string[]).includes(name) || name in TVTIME_BY_EPISODE_ID;
}

const MAX_TITLE = 500;

type Entry = { title: string; tvdb: number | null; watched: WatchedInExport[]; followed: boolean; unfollowed: boolean; seenCount: number };

class Table {
  readonly file: string;
  readonly records: readonly CsvRecord[];
  private readonly columns: Map<string, number>;
  private readonly names: readonly string[];

  constructor(file: string, text: string) {
    this.file = file;
    let records: CsvRecord[];
    try {
      records = readCsv(text, ',');
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw new ImportFormatError(`${file} line ${error.line}: ${error.message}`);
      throw error;
    }
    const [header, ...rest] = records;
    if (!header) throw new ImportFormatError(`${file}: the file is empty`);
    this.columns = columnsOf(header);
    this.names = header.fields.map((cell) => cell.trim());
    this.records = rest;
  }

  /** the first of the names the header has, or null */
  column(...names: string[]): number | null {
    for (const name of names) {
      const index = this.columns.get(name);
      if (index !== undefined) return index;
    }
    return null;
  }

  /** the header's name of a column, for messages */
  nameOf(index: number | null, fallback: string): string {
    return index === null ? fallback : (this.names[index] ?? fallback);
  }

  required(...names: string[]): number {
    const index = this.column(...names);
    if (index === null) throw new ImportFormatError(`${this.file}: no ${names.join(' or ')} column in the first line`);
    return index;
  }

  error(record: CsvRecord, column: string, message: string): ImportFormatError {
    return new ImportFormatError(`${this.file} line ${record.line}: ${column}: ${message}`);
  }
}

const cellOf = (record: CsvRecord, index: number | null): string => (index === null ? '' : (record.fields[index] ?? '').trim());

function wholeNumber(table: Table, record: CsvRecord, index: number | null, column: string, max: number): number | null {
  const text = cellOf(record, index);
  if (text === '') return null;
  if (!/^\d+$/.test(text) || Number(text) > max) throw table.error(record, column, `expected a whole number up to ${max}, got "${text.slice(0, 40)}"`);
  return Number(text);
}

const isOff = (text: string): boolean => text === '0' || text.toLowerCase() === 'false';

/** The TV Time files of an upload (by their names without folders) as shows to import. */
export function parseTvTime(files: readonly { readonly name: string; readonly text: string }[]): ParsedExport {
  const entries: Entry[] = [];
  const byId = new Map<number, Entry>();
  const byName = new Map<string, Entry>();

  const entryOf = (title: string, tvdb: number | null): Entry => {
    const named = title ? byName.get(titleKey(title)) : undefined;
    let entry = tvdb !== null ? byId.get(tvdb) : undefined;
    // a name joins rows only where the ids do not tell two shows apart (remakes share names)
    if (!entry && named && (tvdb === null || named.tvdb === null)) entry = named;
    if (!entry) {
      entry = { title, tvdb, watched: [], followed: false, unfollowed: false, seenCount: 0 };
      entries.push(entry);
    }
    if (entry.tvdb === null && tvdb !== null) entry.tvdb = tvdb;
    if (!entry.title && title) entry.title = title;
    if (entry.tvdb !== null) byId.set(entry.tvdb, entry);
    if (entry.title && !byName.has(titleKey(entry.title))) byName.set(titleKey(entry.title), entry);
    return entry;
  };

  // follows first: their names and ids are what the episode rows join to
  const followedFile = TVTIME_FOLLOWED.map((name) => files.find((file) => file.name === name)).find((file) => file !== undefined);
  if (followedFile) {
    const table = new Table(followedFile.name, followedFile.text);
    const id = table.column('tv_show_id', 'series_id', 's_id');
    const name = table.column('tv_show_name', 'series_name');
    if (id === null && name === null) table.required('tv_show_id', 'tv_show_name');
    const active = table.column('active', 'is_followed');
    const seen = table.column('nb_episodes_seen');
    for (const record of table.records) {
      const tvdb = wholeNumber(table, record, id, table.nameOf(id, 'tv_show_id'), 2_147_483_647);
      const title = cellOf(record, name);
      if (tvdb === null && !title) throw table.error(record, table.nameOf(name, 'tv_show_name'), 'a followed show with neither a name nor an id');
      if (title.length > MAX_TITLE) throw table.error(record, table.nameOf(name, 'tv_show_name'), `a name longer than ${MAX_TITLE} characters`);
      const entry = entryOf(title, tvdb);
      if (isOff(cellOf(record, active))) entry.unfollowed = true;
      else entry.followed = true;
      entry.seenCount = Math.max(entry.seenCount, wholeNumber(table, record, seen, 'nb_episodes_seen', 100_000) ?? 0);
    }
  }

  const trackedEpisodeIds = new Set<string>();
  for (const file of files.filter((candidate) => TVTIME_TRACKING.test(candidate.name))) {
    const table = new Table(file.name, file.text);
    const key = table.column('key');
    const episodeId = table.column('episode_id');
    const id = table.column('s_id', 'series_id', 'tv_show_id');
    const name = table.column('series_name', 'tv_show_name');
    if (id === null && name === null) table.required('series_name', 's_id');
    const season = table.required('season_number', 'episode_season_number');
    const number = table.required('episode_number');
    const at = table.column('created_at', 'watched_at');
    const seasonColumn = table.nameOf(season, 'season_number');
    for (const record of table.records) {
      if (key !== null && !/^(re)?watch-episode/.test(cellOf(record, key))) continue;
      const tvdb = wholeNumber(table, record, id, table.nameOf(id, 's_id'), 2_147_483_647);
      const title = cellOf(record, name);
      if (tvdb === null && !title) throw table.error(record, table.nameOf(name, 'series_name'), 'a watched episode that names no show');
      if (title.length > MAX_TITLE) throw table.error(record, table.nameOf(name, 'series_name'), `a name longer than ${MAX_TITLE} characters`);
      const seasonNumber = wholeNumber(table, record, season, seasonColumn, 10_000);
      const episodeNumber = wholeNumber(table, record, number, table.nameOf(number, 'episode_number'), 100_000);
      if (seasonNumber === null) throw table.error(record, seasonColumn, 'a watched episode needs its season');
      if (episodeNumber === null) throw table.error(record, 'episode_number', 'a watched episode needs its number');
      const when = cellOf(record, at);
      const instant = when === '' ? null : exportInstant(when);
      if (when !== '' && instant === null) throw table.error(record, table.nameOf(at, 'created_at'), `expected a date and time between 1900 and 2999, got "${when.slice(0, 40)}"`);
      entryOf(title, tvdb).watched.push({ season: seasonNumber, number: episodeNumber, at: instant });
      if (cellOf(record, episodeId) !== '') trackedEpisodeIds.add(cellOf(record, episodeId));
    }
  }

  const shows: ExportShow[] = [];
  const notImported: NotImported[] = [];
  for (const [fileName, seen] of Object.entries(TVTIME_BY_EPISODE_ID)) {
    const file = files.find((candidate) => candidate.name === fileName);
    if (!file) continue;
    const table = new Table(file.name, file.text);
    const episodeId = table.required('episode_id');
    const unresolved = table.records.filter((record) => !trackedEpisodeIds.has(cellOf(record, episodeId))).length;
    if (unresolved === 0) continue;
    notImported.push({
      title: fileName,
      what: `${unresolved} of its ${table.records.length} episodes ${seen}`,
      reason: "TV Time names them only by TheTVDB's episode id, which TVmaze cannot look up, and its tracking records do not list them",
    });
  }
  for (const entry of entries) {
    const title = entry.title || `TheTVDB show ${entry.tvdb}`;
    // a count of episodes seen stands for episodes only where the files list none
    const seenCount = entry.watched.length === 0 ? entry.seenCount : 0;
    if (entry.watched.length === 0 && seenCount === 0 && !entry.followed) {
      notImported.push({ title, what: 'the show', reason: 'no longer followed in TV Time, and no episode of it is watched' });
      continue;
    }
    shows.push({
      title,
      year: withoutYear(title).year,
      ids: { tvdb: entry.tvdb, imdb: null, tmdb: null, trakt: null },
      watched: entry.watched,
      watchlist: entry.followed && entry.watched.length === 0 && seenCount === 0,
      rating: null,
      ...(entry.title ? {} : { nameless: true }),
      ...(seenCount > 0 ? { seenCount } : {}),
    });
  }
  return { source: 'tvtime', shows, notImported };
}
