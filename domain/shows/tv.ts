import { z } from 'zod';

// The service's own TV types: what the rest of the code sees of the TV data provider.

export const episodeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    season: z.number().int(),
    /** null for a special */
    number: z.number().int().nullable(),
    /** the broadcaster's programming day; null when unscheduled */
    airdate: z.string().nullable(),
    /** the authoritative instant (ISO); null when unscheduled */
    airstamp: z.string().nullable(),
    runtime: z.number().nullable(),
  })
  .meta({ id: 'Episode' });
export type Episode = z.infer<typeof episodeSchema>;

export const showSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    type: z.string().nullable(),
    language: z.string().nullable(),
    genres: z.array(z.string()),
    status: z.string().nullable(),
    premiered: z.string().nullable(),
    runtime: z.number().nullable(),
    /** the network or else the web channel */
    network: z.string().nullable(),
    image: z.string().nullable(),
    rating: z.number().nullable(),
    /** the provider's popularity, 0 to 100 */
    weight: z.number(),
    summary: z.string().nullable(),
  })
  .meta({ id: 'ShowSummary' });
export type ShowSummary = z.infer<typeof showSummarySchema>;

export const showDetailSchema = showSummarySchema
  .extend({ nextEpisode: episodeSchema.nullable(), episodes: z.array(episodeSchema) })
  .meta({ id: 'ShowDetail' });
export type ShowDetail = z.infer<typeof showDetailSchema>;

export const scheduleEntrySchema = z.object({ episode: episodeSchema, show: showSummarySchema }).meta({ id: 'ScheduleEntry' });
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

export function summaryOf(detail: ShowDetail): ShowSummary {
  const { nextEpisode: _next, episodes: _episodes, ...summary } = detail;
  return summary;
}

/** Aired by `now`: a regular episode with a known instant in the past. */
export function hasAired(episode: Episode, now: Date): boolean {
  return episode.number !== null && episode.airstamp !== null && Date.parse(episode.airstamp) <= now.getTime();
}

/** Most popular first: the provider's weight, then its rating, then the name for a stable order. */
export function byPopularity(a: ShowSummary, b: ShowSummary): number {
  return b.weight - a.weight || (b.rating ?? 0) - (a.rating ?? 0) || a.name.localeCompare(b.name);
}

/** One entry per show, most popular first: what "trending" and "popular today" mean here. */
export function popularShows(entries: readonly ScheduleEntry[], limit: number): ShowSummary[] {
  const shows = new Map<number, ShowSummary>();
  for (const entry of entries) if (!shows.has(entry.show.id)) shows.set(entry.show.id, entry.show);
  return [...shows.values()].sort(byPopularity).slice(0, limit);
}

/**
 * TVmaze has no "similar" endpoint: candidates are scored on shared genres (Jaccard), then the same
 * type, language and network, and weight breaks ties. Candidates sharing nothing are left out.
 */
export function similarShows(show: ShowSummary, candidates: readonly ShowSummary[], limit: number): ShowSummary[] {
  const genres = new Set(show.genres);
  const scored: Array<{ show: ShowSummary; score: number }> = [];
  const seen = new Set<number>([show.id]);
  for (const candidate of candidates) {
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    const shared = candidate.genres.filter((genre) => genres.has(genre)).length;
    const union = new Set([...genres, ...candidate.genres]).size;
    let score = union === 0 ? 0 : (shared / union) * 4;
    if (candidate.type !== null && candidate.type === show.type) score += 1;
    if (candidate.language !== null && candidate.language === show.language) score += 1;
    if (candidate.network !== null && candidate.network === show.network) score += 0.5;
    if (shared > 0 || score >= 2) scored.push({ show: candidate, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || byPopularity(a.show, b.show))
    .slice(0, limit)
    .map((entry) => entry.show);
}
