import type { ShowDetail } from '../../domain/shows/tv.ts';
import { HttpError } from '../http/errors.ts';
import type { ShowCache } from './cache.ts';
import { TvDataError, type TvData } from './client.ts';

export const tvDataUnavailable = (cause: unknown): HttpError =>
  new HttpError(502, 'TV_DATA_UNAVAILABLE', 'The TV data provider is not answering properly; try again later', { cause });

/** Runs a provider call; its failure becomes a 502, anything else stays what it was. */
export async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TvDataError) throw tvDataUnavailable(error);
    throw error;
  }
}

/**
 * A show fresh from the provider, written to the shared cache on the way; when the provider fails,
 * the cached copy if there is one. Null for a show the provider does not know.
 */
export async function loadShow(deps: { readonly tv: TvData; readonly cache: ShowCache; readonly now: () => Date }, id: number): Promise<ShowDetail | null> {
  try {
    const detail = await deps.tv.show(id);
    if (detail) await deps.cache.put([detail], deps.now());
    return detail;
  } catch (error) {
    if (!(error instanceof TvDataError)) throw error;
    const cached = (await deps.cache.get([id])).get(id);
    if (cached) return cached;
    throw tvDataUnavailable(error);
  }
}

/** TVmaze's own edge caches every answer for an hour: a younger copy is as good as a new call. */
const PROVIDER_CACHE_MS = 60 * 60_000;

/** A copy younger than an hour, else fresh from the provider: keeps detail pages off the rate limit. */
export async function recentShow(deps: { readonly tv: TvData; readonly cache: ShowCache; readonly now: () => Date }, id: number): Promise<ShowDetail | null> {
  const recent = (await deps.cache.fresh([id], new Date(deps.now().getTime() - PROVIDER_CACHE_MS))).get(id);
  return recent ?? loadShow(deps, id);
}

/** The cached copy when there is one, else from the provider (and cached). */
export async function cachedShow(deps: { readonly tv: TvData; readonly cache: ShowCache; readonly now: () => Date }, id: number): Promise<ShowDetail | null> {
  const cached = (await deps.cache.get([id])).get(id);
  return cached ?? loadShow(deps, id);
}
