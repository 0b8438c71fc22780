import { sql } from 'slonik';
import { z } from 'zod';
import { localDate } from '../../domain/shows/notification.ts';
import { parseSuggestedNames, SUGGESTION_SYSTEM_PROMPT, suggestionPrompt } from '../../domain/shows/suggestions.ts';
import { popularShows, type ShowSummary, showSummarySchema } from '../../domain/shows/tv.ts';
import type { ChatChain } from '../../infra/chat/chain.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { createShowCache } from '../../infra/tvmaze/cache.ts';
import type { TvData } from '../../infra/tvmaze/client.ts';
import { readDismissedShowIds } from '../../projections/shows/library/read-dismissed.ts';
import type { Core } from '../shared/core.ts';

export const suggestionsSchema = z
  .object({ source: z.enum(['ai', 'popular']), shows: z.array(showSummarySchema) })
  .meta({ id: 'Suggestions' });

export type SuggestionDeps = { readonly core: Core; readonly cookies: SessionCookies; readonly tv: TvData; readonly chat: ChatChain | null };

/**
 * GET /api/shows/suggestions never fails for a provider's fault: the AI path (chain of chat
 * providers, each name resolved against TV data) or else popular shows airing today.
 */
export function showsSuggestionRoutes(app: HttpApp, deps: SuggestionDeps): void {
  const { core, tv, chat } = deps;
  const pool = core.db.slonik;
  const cache = createShowCache(pool);

  const popular = async (excluded: ReadonlySet<number>): Promise<ShowSummary[]> => {
    try {
      const today = await tv.schedule(localDate(core.now()));
      return popularShows(
        today.filter((entry) => !excluded.has(entry.show.id)),
        10,
      );
    } catch {
      return [];
    }
  };

  const fromAi = async (chain: ChatChain, tracked: readonly number[], dismissed: ReadonlySet<number>): Promise<ShowSummary[]> => {
    const details = await cache.get(tracked.filter((id) => !dismissed.has(id)));
    const library = [...details.values()].map((detail) => detail.name);
    const content = await chain.complete(SUGGESTION_SYSTEM_PROMPT, suggestionPrompt(library));
    const names = parseSuggestedNames(content);
    const excluded = new Set([...tracked, ...dismissed]);
    const resolved = await Promise.all(
      names.map(async (name) => {
        try {
          return (await tv.search(name))[0] ?? null;
        } catch {
          return null;
        }
      }),
    );
    const seen = new Set<number>();
    return resolved.filter((show): show is ShowSummary => {
      if (!show || excluded.has(show.id) || seen.has(show.id)) return false;
      seen.add(show.id);
      return true;
    });
  };

  app.get(
    '/api/shows/suggestions',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getSuggestions',
        summary: 'Suggestions from the AI providers, or popular shows airing today (source says which); never dismissed shows',
        response: { 200: suggestionsSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const dismissed = await readDismissedShowIds(pool, request.userId);
      const tracked = (await pool.anyFirst(sql.type(z.object({ show_id: z.number() }))`
        SELECT show_id FROM shows.tracked_shows WHERE user_id = ${request.userId}`)) as readonly number[];
      if (chat) {
        try {
          const shows = await fromAi(chat, tracked, dismissed);
          if (shows.length > 0) return { source: 'ai' as const, shows };
        } catch (error) {
          request.log.warn({ err: error }, 'AI suggestions failed; answering with popular shows');
        }
      }
      return { source: 'popular' as const, shows: await popular(new Set([...dismissed, ...tracked])) };
    },
  );
}
