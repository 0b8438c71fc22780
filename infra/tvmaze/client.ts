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
  show(id: number): Promise<ShowDetail | null>;
};

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

/** Calls spaced so that no window holds more than the allowance, across concurrent callers. */
function createPacer(calls: number, windowMs: number): () => Promise<void> {
  const sent: number[] = [];
  let chain = Promise.resolve();
  return () => {
    const turn = chain.then(async () => {
      for (;;) {
        const now = Date.now();
        while (sent.length > 0 && now - sent[0]! >= windowMs) sent.shift();
        if (sent.length < calls) {
          sent.push(now);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, windowMs - (now - sent[0]!) + 1));
      }
    });
    chain = turn;
    return turn;
  };
}

/** TVmaze over `fetch`: paced to its rate limit, 429 retried after a pause, every call timed out. */
export function createTvmaze(options: TvDataOptions, now: () => Date = () => new Date()): TvData {
  const pace = createPacer(options.callsPer10s ?? 20, options.windowMs ?? 10_000);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const base = options.baseUrl.replace(/\/$/, '');

  async function get<T>(path: string, schema: z.ZodType<T>, allow404: boolean): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      await pace();
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          headers: { accept: 'application/json', 'user-agent': 'ledger-shows/0.1 (show tracker)' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TvDataError(`TV data provider unreachable: ${(error as Error).message}`, { cause: error });
      }
      if (response.status === 429 && attempt < retries) {
        await response.body?.cancel();
        const retryAfter = Number(response.headers.get('retry-after'));
        const pause = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : (options.retryPauseMs ?? 2000);
        await new Promise((resolve) => setTimeout(resolve, Math.min(pause, 10_000)));
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
    async show(id) {
      const raw = await get(`/shows/${id}?embed[]=nextepisode&embed[]=episodes`, rawShow, true);
      return raw ? toDetail(raw, now()) : null;
    },
  };
}
