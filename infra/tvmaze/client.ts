import { z } from 'zod';
import type { Episode, ScheduleEntry, ShowDetail, ShowSummary } from '../../domain/shows/tv.ts';

/** The provider failed or answered nonsense: the HTTP side answers 502, never 500. */
export class TvDataError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TvDataError';
  }
}

export type TvData = {
  search(query: string): Promise<ShowSummary[]>;
  /** everything airing on `date` (YYYY-MM-DD): broadcast in the country and web releases */
  schedule(date: string): Promise<ScheduleEntry[]>;
  /** one call, embedding the next episode and every episode; null for an unknown id */
  show(id: number, call?: CallOptions): Promise<ShowDetail | null>;
  /** TVmaze's show id for TheTVDB's or IMDb's id (`/lookup/shows`); null when TVmaze does not know it */
  lookup(source: 'thetvdb' | 'imdb', id: string, call?: CallOptions): Promise<number | null>;
  /** the one best match for a name (`/singlesearch/shows`); null when nothing matches */
  singleSearch(name: string, call?: CallOptions): Promise<ShowSummary | null>;
};

/** background: nobody waits on a screen for it (an import); it leaves part of the allowance to those who do */
export type CallOptions = { readonly background?: boolean };

export type TvDataOptions = {
  readonly baseUrl: string;
  readonly country: string;
  /** TVmaze allows at least 20 calls every 10 seconds per address */
  readonly callsPer10s?: number;
  /** the window the allowance counts in; 10 s except in tests */
  readonly windowMs?: number;
  readonly timeoutMs?: number;
  /** pause before retrying a 429 when the answer names none */
  readonly retryPauseMs?: number;
  readonly retries?: number;
  /** the pacer's clock and sleep; tests may pass their own */
  readonly clock?: PacerClock;
  /** calls of the allowance background calls leave free; a quarter unless given */
  readonly reserve?: number;
};

// Older recordings lack fields TVmaze added later: everything not always present is optional.
const rawChannel = z.object({ name: z.string() }).nullable().optional();
const rawEpisode = z.object({
  id: z.number(),
  name: z.string().nullable().optional(),
  season: z.number(),
  number: z.number().nullable().optional(),
  airdate: z.string().nullable().optional(),
  airstamp: z.string().nullable().optional(),
  runtime: z.number().nullable().optional(),
});
const rawShow = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  type: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  genres: z.array(z.string()).optional(),
  status: z.string().nullable().optional(),
  premiered: z.string().nullable().optional(),
  runtime: z.number().nullable().optional(),
  averageRuntime: z.number().nullable().optional(),
  network: rawChannel,
  webChannel: rawChannel,
  image: z.object({ medium: z.string().nullable().optional(), original: z.string().nullable().optional() }).nullable().optional(),
  rating: z.object({ average: z.number().nullable().optional() }).nullable().optional(),
  weight: z.number().nullable().optional(),
  summary: z.string().nullable().optional(),
  _embedded: z.object({ episodes: z.array(rawEpisode).optional(), nextepisode: rawEpisode.optional() }).optional(),
});
const rawScheduleEntry = rawEpisode.extend({
  show: rawShow.optional(),
  _embedded: z.object({ show: rawShow }).optional(),
});

function toEpisode(raw: z.infer<typeof rawEpisode>): Episode {
  return {
    id: raw.id,
    name: raw.name ?? '',
    season: raw.season,
    number: raw.number ?? null,
    airdate: raw.airdate ? raw.airdate : null,
    // an unscheduled episode carries `airdate: ""` and no instant
    airstamp: raw.airstamp && raw.airdate ? new Date(raw.airstamp).toISOString() : null,
    runtime: raw.runtime ?? null,
  };
}

function toSummary(raw: z.infer<typeof rawShow>): ShowSummary {
  return {
    id: raw.id,
    name: raw.name,
    url: raw.url,
    type: raw.type ?? null,
    language: raw.language ?? null,
    genres: raw.genres ?? [],
    status: raw.status ?? null,
    premiered: raw.premiered ?? null,
    runtime: raw.runtime ?? raw.averageRuntime ?? null,
    network: raw.network?.name ?? raw.webChannel?.name ?? null,
    image: raw.image?.medium ?? raw.image?.original ?? null,
    rating: raw.rating?.average ?? null,
    weight: raw.weight ?? 0,
    summary: raw.summary ? raw.summary : null,
  };
}

function toDetail(raw: z.infer<typeof rawShow>, now: Date): ShowDetail {
  const episodes = (raw._embedded?.episodes ?? []).map(toEpisode);
  const embedded = raw._embedded?.nextepisode;
  // without the embed, the next episode is the first one still to come
  const next =
    embedded !== undefined
      ? toEpisode(embedded)
      : (episodes.find((episode) => episode.airstamp !== null && Date.parse(episode.airstamp) > now.getTime()) ?? null);
  return { ...toSummary(raw), nextEpisode: next, episodes };
}

export type PacerClock = { now(): number; sleep(ms: number): Promise<void> };

const realClock: PacerClock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * At most `calls` calls in any window of `windowMs`, as the provider counts them, across
 * concurrent callers. A call holds its slot from when it is sent until a window after its answer
 * came back: the provider saw it somewhere in between, so a call sent once that slot is free
 * arrives more than a window after it, whatever the network did to either. Background calls (an
 * import) leave `reserve` slots to the calls someone is waiting for on a screen.
 */
export function createPacer(
  calls: number,
  windowMs: number,
  clock: PacerClock = realClock,
  reserve = 0,
): <T>(call: () => Promise<T>, background?: boolean) => Promise<T> {
  /** when each slot is free again; Infinity while its call is out */
  const slots: number[] = [];
  const waiting: Array<{ readonly go: () => void; readonly background: boolean }> = [];
  const backgroundLimit = Math.max(1, calls - reserve);
  let timer = false;

  const admit = (): void => {
    for (;;) {
      const now = clock.now();
      for (let i = slots.length - 1; i >= 0; i--) if (slots[i]! <= now) slots.splice(i, 1);
      // first come, first served, but a background call only below its limit
      const next = waiting.findIndex((waiter) => slots.length < (waiter.background ? backgroundLimit : calls));
      if (next >= 0) {
        slots.push(Number.POSITIVE_INFINITY);
        waiting.splice(next, 1)[0]!.go();
        continue;
      }
      if (waiting.length === 0) return;
      const soonest = Math.min(...slots);
      // every slot is held by a call still out: its answer frees the way
      if (!Number.isFinite(soonest) || timer) return;
      timer = true;
      void clock.sleep(soonest - now).then(() => {
        timer = false;
        admit();
      });
      return;
    }
  };

  return async (call, background = false) => {
    await new Promise<void>((go) => {
      waiting.push({ go, background });
      admit();
    });
    try {
      return await call();
    } finally {
      const index = slots.indexOf(Number.POSITIVE_INFINITY);
      if (index >= 0) slots[index] = clock.now() + windowMs;
      admit();
    }
  };
}

/** TVmaze over `fetch`: paced to its rate limit, 429 retried after a pause, every call timed out. */
export function createTvmaze(options: TvDataOptions, now: () => Date = () => new Date()): TvData {
  const calls = options.callsPer10s ?? 20;
  const pace = createPacer(calls, options.windowMs ?? 10_000, options.clock, options.reserve ?? Math.floor(calls / 4));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const base = options.baseUrl.replace(/\/$/, '');

  /** One paced call; the headers are in when the slot's window starts, the body is read after. */
  const send = (path: string, redirect: 'follow' | 'manual' = 'follow', background = false): Promise<Response> =>
    pace(async () => {
      try {
        return await fetch(`${base}${path}`, {
          headers: { accept: 'application/json', 'user-agent': 'ledger-shows/0.1 (show tracker)' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect,
        });
      } catch (error) {
        throw new TvDataError(`TV data provider unreachable: ${(error as Error).message}`, { cause: error });
      }
    }, background);

  const pauseOf = (response: Response): number => {
    const retryAfter = Number(response.headers.get('retry-after'));
    const pause = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : (options.retryPauseMs ?? 2000);
    return Math.min(pause, 10_000);
  };

  async function get<T>(path: string, schema: z.ZodType<T>, allow404: boolean, background = false): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      const response = await send(path, 'follow', background);
      if (response.status === 429 && attempt < retries) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, pauseOf(response)));
        continue;
      }
      if (response.status === 404 && allow404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new TvDataError(`TV data provider answered ${response.status} to ${path.split('?')[0]}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new TvDataError('TV data provider sent a body that is not JSON', { cause: error });
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new TvDataError(`TV data provider sent an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
      return parsed.data;
    }
  }

  return {
    async search(query) {
      const results = await get(`/search/shows?q=${encodeURIComponent(query)}`, z.array(z.object({ score: z.number(), show: rawShow })), false);
      return (results ?? []).map((result) => toSummary(result.show));
    },
    async schedule(date) {
      const entries = z.array(rawScheduleEntry);
      const [broadcast, web] = await Promise.all([
        get(`/schedule?country=${encodeURIComponent(options.country)}&date=${date}`, entries, false),
        get(`/schedule/web?date=${date}`, entries, false),
      ]);
      const result: ScheduleEntry[] = [];
      const seen = new Set<number>();
      for (const entry of [...(broadcast ?? []), ...(web ?? [])]) {
        const show = entry.show ?? entry._embedded?.show;
        if (!show || seen.has(entry.id)) continue;
        seen.add(entry.id);
        result.push({ episode: toEpisode(entry), show: toSummary(show) });
      }
      return result;
    },
    async show(id, call) {
      const raw = await get(`/shows/${id}?embed[]=nextepisode&embed[]=episodes`, rawShow, true, call?.background);
      return raw ? toDetail(raw, now()) : null;
    },
    async lookup(source, id, call) {
      // TVmaze answers a redirect to /shows/<id>: the id is read from it, not fetched (the caller
      // wants the show with its episodes, which is another call anyway)
      const path = `/lookup/shows?${source}=${encodeURIComponent(id)}`;
      for (let attempt = 0; ; attempt++) {
        const response = await send(path, 'manual', call?.background);
        await response.body?.cancel();
        if (response.status === 429 && attempt < retries) {
          await new Promise((resolve) => setTimeout(resolve, pauseOf(response)));
          continue;
        }
        if (response.status === 404) return null;
        const location = response.headers.get('location') ?? '';
        const found = /\/shows\/(\d+)(?:[/?#]|$)/.exec(location);
        if (response.status >= 300 && response.status < 400 && found) return Number(found[1]);
        throw new TvDataError(`TV data provider answered ${response.status} to /lookup/shows`);
      }
    },
    async singleSearch(name, call) {
      const raw = await get(`/singlesearch/shows?q=${encodeURIComponent(name)}`, rawShow, true, call?.background);
      return raw ? toSummary(raw) : null;
    },
  };
}
