import { hostname } from 'node:os';
import { episodeCode, type ExportShow, firstEpisodesSeen, type ImportShowCommand, matchEpisodes, type NotImported, planShowImport, type RatingOutcome, titleKey, withoutYear } from '../../domain/shows/import.ts';
import { type LibraryEvent, libraryAggregate, libraryStream } from '../../domain/shows/library.ts';
import { hasAired, type ShowDetail } from '../../domain/shows/tv.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { cuid } from '../../infra/ids.ts';
import { isConnectionError } from '../../infra/postgres/connection-errors.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';
import { TvDataError, type TvData } from '../../infra/tvmaze/client.ts';
import type { LookupKind, ShowLookups } from '../../infra/tvmaze/lookups.ts';
import type { Core } from '../../command-api/shared/core.ts';
import type { ClaimedJob, ImportJobs, ImportResult } from '../../command-api/shows/import-queue.ts';

// Runs imports in the API process that accepted them, one library command per show. Each show's
// events are one append with the revision read, so a job cut short leaves whole shows, and a rerun
// (or another process taking the job over) decides the shows already done as nothing.

export type ImportWorkerOptions = {
  /** pauses before a show is tried again after TVmaze failed it; then it is listed as not imported */
  readonly retryPausesMs?: readonly number[];
  /** shows in a row that TVmaze failed before the job stops as failed (TVmaze is down) */
  readonly giveUpAfter?: number;
  readonly heartbeatMs?: number;
  /** a running job whose heartbeat is older than this is taken over: its runner died */
  readonly staleMs?: number;
  /** how often to look for queued or abandoned jobs */
  readonly pollMs?: number;
  /** jobs run at once by this process; they share its TVmaze allowance */
  readonly concurrency?: number;
  /**
   * how often the row records where the job is: a show done since is done again by whoever takes
   * the job over (decided as nothing), and the row is not rewritten for every show of a long import
   */
  readonly progressEveryMs?: number;
  /** after each show of a job (tests stop a runner half way here) */
  readonly afterShow?: (jobId: string, showsDone: number) => void | Promise<void>;
};

export type ImportWorkerDeps = ImportWorkerOptions & {
  readonly core: Core;
  readonly tv: TvData;
  readonly cache: ShowCache;
  readonly lookups: ShowLookups;
  readonly jobs: ImportJobs;
  readonly log?: (entry: object, message: string) => void;
};

export type ImportWorker = {
  /** look for work now: a job was just stored */
  kick(): void;
  start(): void;
  /** no new show is started; jobs under way are handed back, queued for the next process */
  stop(): Promise<void>;
};

const PROVIDER_DOWN = 'TVmaze did not answer for this show; import the same file again later to add it';
const FAILED = 'The import stopped on an error on our side. Import the same file again: what was imported stays, and the rest is added.';
const GAVE_UP = 'TVmaze is not answering, so the import stopped. Import the same file again later: what was imported stays, and the rest is added.';
const PROVIDER_FRESH_MS = 60 * 60_000;
/** nobody waits on a screen for an import's calls: they leave part of TVmaze's allowance to those who do */
const BACKGROUND = { background: true } as const;
const SWEEP_AFTER_MS = 30 * 86_400_000;

type ShowOutcome =
  | { readonly kind: 'unresolved'; readonly reason: string; readonly providerDown: boolean }
  | {
      readonly kind: 'imported';
      readonly showId: number;
      readonly name: string;
      readonly byName: boolean;
      readonly events: readonly LibraryEvent[];
      readonly notes: readonly NotImported[];
      readonly position: Position | null;
    };

class Unresolved extends Error {}
/** the process is stopping: the show is left for whoever takes the job next */
class Stopping extends Error {}
/** the job's row is gone (its user erased) or another process took it: nothing more may be written for it */
class NoLongerOurs extends Error {}

function describeMissing(missing: readonly { season: number; number: number }[]): string {
  const codes = missing.map((entry) => episodeCode(entry.season, entry.number));
  const shown = codes.slice(0, 12).join(', ');
  return `${missing.length === 1 ? 'the episode' : `${missing.length} episodes:`} ${shown}${codes.length > 12 ? `, and ${codes.length - 12} more` : ''}`;
}

function ratingNote(title: string, rating: number | null, outcome: RatingOutcome): NotImported[] {
  return outcome.kind === 'not-imported' && rating !== null ? [{ title, what: `the rating ${rating}`, reason: outcome.reason }] : [];
}

export function startImportWorker(deps: ImportWorkerDeps): ImportWorker {
  const { core, tv, cache, lookups, jobs } = deps;
  const log = deps.log ?? (() => undefined);
  const pauses = deps.retryPausesMs ?? [2_000, 10_000, 30_000];
  const giveUpAfter = deps.giveUpAfter ?? 5;
  const heartbeatMs = deps.heartbeatMs ?? 10_000;
  const staleMs = deps.staleMs ?? 60_000;
  const pollMs = deps.pollMs ?? 15_000;
  const concurrency = deps.concurrency ?? 3;
  const progressEveryMs = deps.progressEveryMs ?? 1_000;
  const owner = `${hostname()}:${process.pid}:${cuid()}`;
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let poll: NodeJS.Timeout | undefined;
  let polls = 0;
  let filling: Promise<void> | null = null;
  let again = false;

  /** a pause that a stopping process cuts short */
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      stopping.signal.addEventListener('abort', wake);
    });

  /** TVmaze's call, retried after the pauses while it fails; a show it never answers for is Unresolved(PROVIDER_DOWN). */
  async function withProvider<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof TvDataError)) throw error;
        if (stopping.signal.aborted) throw new Stopping();
        if (attempt >= pauses.length) throw new Unresolved(PROVIDER_DOWN, { cause: error });
        await sleep(pauses[attempt]!);
        if (stopping.signal.aborted) throw new Stopping();
      }
    }
  }

  async function lookedUp(kind: LookupKind, key: string, ask: () => Promise<number | null>): Promise<number | null> {
    const cached = await lookups.get(kind, key, core.now());
    if (cached !== undefined) return cached;
    const found = await withProvider(ask);
    await lookups.put(kind, key, found, core.now());
    return found;
  }

  /** TVmaze's show for the export's: TheTVDB's id, then IMDb's, then the name (and year, when known). */
  async function resolve(show: ExportShow): Promise<{ readonly showId: number; readonly byName: boolean }> {
    if (show.ids.tvdb !== null) {
      const id = await lookedUp('thetvdb', String(show.ids.tvdb), () => tv.lookup('thetvdb', String(show.ids.tvdb), BACKGROUND));
      if (id !== null) return { showId: id, byName: false };
    }
    if (show.ids.imdb) {
      const imdb = show.ids.imdb;
      const id = await lookedUp('imdb', imdb, () => tv.lookup('imdb', imdb, BACKGROUND));
      if (id !== null) return { showId: id, byName: false };
    }
    if (show.nameless) throw new Unresolved('TVmaze knows no show of its ids, and the export names none to search for');
    const { title, year: titled } = withoutYear(show.title);
    const year = show.year ?? titled;
    const key = `${titleKey(title)}|${year ?? ''}`;
    const known = show.ids.tvdb !== null || show.ids.imdb ? 'TVmaze knows neither its id nor a show of that name' : 'TVmaze knows no show of that name';
    const cached = await lookups.get('name', key, core.now());
    if (cached !== undefined) {
      if (cached === null) throw new Unresolved(known);
      return { showId: cached, byName: true };
    }
    const found = await withProvider(() => tv.singleSearch(title, BACKGROUND));
    const premiered = found?.premiered ? Number(found.premiered.slice(0, 4)) : null;
    const otherYear = found !== null && year !== null && premiered !== null && Math.abs(premiered - year) > 1;
    // a match from another year is no match: kept as a miss, so the next import does not ask again
    await lookups.put('name', key, found && !otherYear ? found.id : null, core.now());
    if (otherYear) throw new Unresolved(`TVmaze's best match for the name, ${found.name} (${premiered}), is from another year`);
    if (!found) throw new Unresolved(known);
    return { showId: found.id, byName: true };
  }

  /** The show with its episodes: a copy younger than an hour, else TVmaze's (cached on the way), else any copy. */
  async function detailOf(showId: number): Promise<ShowDetail> {
    const now = core.now();
    const fresh = (await cache.fresh([showId], new Date(now.getTime() - PROVIDER_FRESH_MS))).get(showId);
    if (fresh) return fresh;
    let detail: ShowDetail | null;
    try {
      detail = await withProvider(() => tv.show(showId, BACKGROUND));
    } catch (error) {
      const cached = error instanceof Unresolved ? (await cache.get([showId])).get(showId) : undefined;
      if (cached) return cached;
      throw error;
    }
    if (!detail) throw new Unresolved('TVmaze no longer has this show');
    await cache.put([detail], core.now());
    return detail;
  }

  async function importShow(job: ClaimedJob, show: ExportShow): Promise<ShowOutcome> {
    let match;
    let detail;
    try {
      match = await resolve(show);
      detail = await detailOf(match.showId);
    } catch (error) {
      if (error instanceof Unresolved) return { kind: 'unresolved', reason: error.message, providerDown: error.message === PROVIDER_DOWN };
      throw error;
    }
    const now = core.now();
    const aired = detail.episodes.filter((episode) => hasAired(episode, now));
    const counted = show.watched.length === 0 && (show.seenCount ?? 0) > 0;
    const { matched, missing } = counted
      ? { matched: firstEpisodesSeen(show.seenCount!, aired, now.toISOString()), missing: [] }
      : matchEpisodes(show.watched, detail.episodes, now.toISOString());
    const command: ImportShowCommand = {
      type: 'import-show',
      trackedShowId: cuid(),
      showId: detail.id,
      episodes: matched,
      watchlist: show.watchlist,
      rating: show.rating,
      ended: detail.status === 'Ended',
      aired: aired.map((episode) => episode.id),
      newId: cuid,
      now: now.toISOString(),
    };
    let decided: ReturnType<typeof planShowImport> = { events: [], rating: { kind: 'none' } };
    const result = await core.commands({
      stream: libraryStream(job.userId),
      aggregate: libraryAggregate,
      decide: async (state) => {
        decided = planShowImport(command, state);
        // asked right before each append, not at the throttled progress write: an erasure deletes
        // the row, and a show that waited seconds on TVmaze must not re-create the erased library
        if (decided.events.length > 0 && !(await jobs.heartbeat(job.id, owner))) throw new NoLongerOurs();
        return decided.events;
      },
      context: { userId: job.userId, correlationId: job.id },
    });
    const notes: NotImported[] = [
      ...(counted
        ? [{ title: show.title, what: 'which episodes were seen', reason: `TV Time gave only a count, ${show.seenCount} seen: the first ${matched.length} aired, in airing order, are marked watched` }]
        : []),
      ...(missing.length > 0
        ? [{ title: show.title, what: describeMissing(missing), reason: 'TVmaze lists no such episode of this show (specials are numbered differently there)' }]
        : []),
      ...ratingNote(show.title, show.rating, decided.rating),
    ];
    return { kind: 'imported', showId: detail.id, name: detail.name, byName: match.byName, events: result.position ? decided.events : [], notes, position: result.position };
  }

  function tally(result: ImportResult, show: ExportShow, outcome: ShowOutcome): ImportResult {
    if (outcome.kind === 'unresolved') return { ...result, unresolved: [...result.unresolved, { title: show.title, ids: show.ids, reason: outcome.reason }] };
    const count = (test: (event: LibraryEvent) => boolean) => outcome.events.filter(test).length;
    const imported = {
      shows: result.imported.shows + count((event) => event.type === 'show-tracked'),
      episodes: result.imported.episodes + count((event) => event.type === 'episode-watched'),
      watchlist: result.imported.watchlist + count((event) => event.type === 'watchlist-changed' && event.data.onWatchlist),
      ratings: result.imported.ratings + count((event) => event.type === 'show-completed'),
    };
    return {
      ...result,
      imported,
      unchanged: result.unchanged + (outcome.events.length === 0 ? 1 : 0),
      notImported: [...result.notImported, ...outcome.notes],
      matchedByName: outcome.byName ? [...result.matchedByName, { title: show.title, showId: outcome.showId, name: outcome.name }] : result.matchedByName,
    };
  }

  /**
   * Where a job is, written at most every `progressEveryMs` and at the latest that long after a
   * show: a long import does not rewrite its row per show, and a show that takes long (TVmaze slow)
   * still finds the ones before it recorded. Resolves to false once the job is no longer this
   * process's (taken over, or erased with its user).
   */
  function progressOf(job: ClaimedJob) {
    let pending: { readonly showsDone: number; readonly result: ImportResult } | null = null;
    let writing: Promise<boolean> = Promise.resolve(true);
    let timer: NodeJS.Timeout | undefined;
    let at = Date.now();
    const flush = (): Promise<boolean> => {
      clearTimeout(timer);
      timer = undefined;
      const next = pending;
      if (!next) return writing;
      pending = null;
      at = Date.now();
      writing = writing.then((ours) => ours && jobs.progress(job.id, owner, next.showsDone, next.result));
      return writing;
    };
    return {
      record(showsDone: number, result: ImportResult): Promise<boolean> {
        pending = { showsDone, result };
        const wait = at + progressEveryMs - Date.now();
        if (wait <= 0) return flush();
        timer ??= setTimeout(() => void flush().catch(() => undefined), wait);
        return writing;
      },
      flush,
      stop: () => clearTimeout(timer),
    };
  }

  async function run(job: ClaimedJob): Promise<void> {
    const beat = setInterval(() => void jobs.heartbeat(job.id, owner).catch(() => undefined), heartbeatMs);
    beat.unref();
    const progress = progressOf(job);
    let result = job.result;
    let last: Position | null = null;
    let down = 0;
    try {
      for (let index = job.showsDone; index < job.shows.length; index++) {
        if (stopping.signal.aborted) throw new Stopping();
        const show = job.shows[index]!;
        const outcome = await importShow(job, show);
        result = tally(result, show, outcome);
        if (outcome.kind === 'imported' && outcome.position) last = outcome.position;
        down = outcome.kind === 'unresolved' && outcome.providerDown ? down + 1 : 0;
        if (down >= giveUpAfter) {
          await progress.record(index + 1, result);
          await progress.flush();
          await jobs.finish(job.id, owner, { status: 'failed', result, error: GAVE_UP, now: core.now() });
          return;
        }
        if (!(await progress.record(index + 1, result))) return progress.stop();
        await deps.afterShow?.(job.id, index + 1);
      }
      await progress.flush();
      // the lists the app opens next show what was imported (read from the replica, with READ_DATABASE_URL)
      if (last) await core.reads.progress.wait(['shows'], last, core.config.PROJECTION_WAIT_MS).catch(() => undefined);
      await jobs.finish(job.id, owner, { status: 'done', result, error: null, now: core.now() });
    } catch (error) {
      if (error instanceof NoLongerOurs) return progress.stop();
      if (error instanceof Stopping) {
        // where it got to first, so the next process starts from there
        if (await progress.flush().catch(() => false)) await jobs.release(job.id, owner).catch(() => undefined);
        return;
      }
      progress.stop();
      if (isConnectionError(error)) {
        // the database is away: the job stays running until its heartbeat is stale, then any process resumes it
        log({ err: error, jobId: job.id }, 'import paused: the database is not reachable');
        return;
      }
      log({ err: error, jobId: job.id }, 'import failed');
      await jobs.finish(job.id, owner, { status: 'failed', result, error: FAILED, now: core.now() }).catch(() => undefined);
    } finally {
      clearInterval(beat);
    }
  }

  async function fill(): Promise<void> {
    while (!stopping.signal.aborted && running.size < concurrency) {
      const job = await jobs.claim(owner, staleMs);
      if (!job) return;
      // our own job, stalled long enough to look abandoned: it is still running here
      if (running.has(job.id)) return;
      const done = run(job).finally(() => {
        running.delete(job.id);
        kick();
      });
      running.set(job.id, done);
    }
  }

  function kick(): void {
    if (stopping.signal.aborted) return;
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch((error: unknown) => log({ err: error }, 'could not look for import jobs'))
      .finally(() => {
        filling = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    kick,
    start() {
      if (poll || stopping.signal.aborted) return;
      kick();
      poll = setInterval(() => {
        kick();
        if (++polls % 40 === 1) void jobs.sweep(SWEEP_AFTER_MS).catch(() => undefined);
      }, pollMs);
      poll.unref();
    },
    async stop() {
      stopping.abort();
      clearInterval(poll);
      await filling;
      await Promise.all(running.values());
    },
  };
}
