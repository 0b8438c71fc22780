import type { FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { textSchema } from '../../domain/shared/text.ts';
import { decideLibrary, type EpisodeRef, type LibraryCommand } from '../../domain/shows/decide-library.ts';
import { libraryAggregate, libraryStream } from '../../domain/shows/library.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { badRequest, HttpError, notFound } from '../../infra/http/errors.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';
import type { TvData } from '../../infra/tvmaze/client.ts';
import { cachedShow, loadShow } from '../../infra/tvmaze/show-data.ts';
import { readTrackedShow, trackedShowSchema, type TrackedShowView } from '../../projections/shows/library/read-tracked-shows.ts';
import type { Core } from '../shared/core.ts';
import { cuid } from '../../infra/ids.ts';
import type { CommandRunner } from '../shared/command-runner.ts';

export type LibraryDeps = { readonly core: Core; readonly cookies: SessionCookies; readonly tv: TvData; readonly cache: ShowCache; readonly runner: CommandRunner };

const showIdSchema = z.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id: textSchema.min(1).max(100) });
const responses = {
  200: trackedShowSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
};
const okSchema = z.object({ ok: z.literal(true) });
export const showBody = z.object({ showId: showIdSchema });
export const watchlistBody = z.object({ onWatchlist: z.boolean() });
export const episodeBody = z.object({ episodeId: showIdSchema, watched: z.boolean() });
export const seasonBody = z.object({ season: z.number().int().min(0).max(10_000), watched: z.boolean() });
export const latestWatchedBody = z.object({ episodeId: showIdSchema.nullable() });
export const completedBody = z.object({ rating: z.number().int().min(1).max(10) });
export const notifyBody = z.object({ notify: z.boolean() });

const showNotFound = (): HttpError => new HttpError(404, 'SHOW_NOT_FOUND', 'The TV data provider knows no such show');
const notTracked = (): HttpError => notFound('No such tracked show');

/** Track, untrack and every change to a tracked show, all on the user's library stream. */
export function showsLibraryCommandRoutes(app: HttpApp, deps: LibraryDeps): void {
  const { core, cache, tv } = deps;
  const onRequest = deps.cookies.requireUser;
  const showData = { tv, cache, now: core.now };

  const run = async (request: FastifyRequest, command: LibraryCommand): Promise<Position | null> => {
    const result = await deps.runner.run(request, {
      stream: libraryStream(request.userId),
      aggregate: libraryAggregate,
      decide: (state) => decideLibrary(command, state),
    });
    return result.position;
  };

  const answer = async (request: FastifyRequest, id: string): Promise<TrackedShowView> => {
    const tracked = await readTrackedShow({ pool: core.db.slonik, cache }, request.userId, id, core.now());
    if (!tracked) throw notTracked();
    return tracked;
  };

  /** the show id of the caller's own tracked show: another user's is as unknown as a made-up one */
  const showIdOf = async (request: FastifyRequest, id: string): Promise<number> => {
    const showId = await core.db.slonik.maybeOneFirst(sql.unsafe`
      SELECT show_id FROM shows.tracked_shows WHERE id = ${id} AND user_id = ${request.userId}`);
    if (typeof showId !== 'number') throw notTracked();
    return showId;
  };

  const episodesOf = async (showId: number): Promise<readonly EpisodeRef[]> => {
    const detail = await cachedShow(showData, showId);
    return detail?.episodes ?? [];
  };

  app.post(
    '/api/shows/track',
    {
      onRequest,
      schema: {
        operationId: 'trackShow',
        summary: 'Track a show: it is cached from the TV data provider first; tracking it again changes nothing',
        body: showBody,
        response: { ...responses, 201: trackedShowSchema },
      },
    },
    async (request, reply) => {
      const { showId } = request.body;
      const detail = await loadShow(showData, showId);
      if (!detail) throw showNotFound();
      const trackedShowId = cuid();
      const position = await run(request, { type: 'track', trackedShowId, showId, now: core.now().toISOString() });
      const id = position
        ? trackedShowId
        : await core.db.slonik.oneFirst(sql.unsafe`
            SELECT id FROM shows.tracked_shows WHERE user_id = ${request.userId} AND show_id = ${showId}`);
      reply.code(position ? 201 : 200);
      return answer(request, String(id));
    },
  );

  app.delete(
    '/api/shows/tracked/:id',
    { onRequest, schema: { operationId: 'untrackShow', summary: 'Untrack a show, with its watched episodes', params: idParams, response: { ...responses, 200: okSchema } } },
    async (request) => {
      await run(request, { type: 'untrack', trackedShowId: request.params.id, now: core.now().toISOString() });
      return { ok: true as const };
    },
  );

  app.put(
    '/api/shows/tracked/:id/watchlist',
    {
      onRequest,
      schema: {
        operationId: 'setWatchlist',
        summary: 'Move to the watchlist (saved for later, leaves the dashboard) or off it',
        params: idParams,
        body: watchlistBody,
        response: responses,
      },
    },
    async (request) => {
      const { id } = request.params;
      await run(request, { type: 'set-watchlist', trackedShowId: id, onWatchlist: request.body.onWatchlist, now: core.now().toISOString() });
      return answer(request, id);
    },
  );

  app.put(
    '/api/shows/tracked/:id/episode',
    {
      onRequest,
      schema: {
        operationId: 'markEpisode',
        summary: 'Mark one episode watched or unwatched; any order is fine',
        params: idParams,
        body: episodeBody,
        response: responses,
      },
    },
    async (request) => {
      const { id } = request.params;
      const episode = (await episodesOf(await showIdOf(request, id))).find((candidate) => candidate.id === request.body.episodeId);
      if (!episode) throw badRequest('body.episodeId', 'no such episode of this show');
      await run(request, {
        type: 'mark-episodes',
        trackedShowId: id,
        episodes: [episode],
        watched: request.body.watched,
        newId: cuid,
        now: core.now().toISOString(),
      });
      return answer(request, id);
    },
  );

  app.put(
    '/api/shows/tracked/:id/season',
    {
      onRequest,
      schema: {
        operationId: 'markSeason',
        summary: 'Mark every episode of a season watched or unwatched',
        params: idParams,
        body: seasonBody,
        response: responses,
      },
    },
    async (request) => {
      const { id } = request.params;
      const episodes = (await episodesOf(await showIdOf(request, id))).filter((episode) => episode.season === request.body.season);
      if (episodes.length === 0) throw badRequest('body.season', 'no episodes of that season are known');
      await run(request, {
        type: 'mark-episodes',
        trackedShowId: id,
        episodes,
        watched: request.body.watched,
        newId: cuid,
        now: core.now().toISOString(),
      });
      return answer(request, id);
    },
  );

  app.put(
    '/api/shows/tracked/:id/watched',
    {
      onRequest,
      schema: {
        operationId: 'setLastWatched',
        summary: 'Set the latest-watched marker (null clears it); progress still counts watched episodes',
        params: idParams,
        body: latestWatchedBody,
        response: responses,
      },
    },
    async (request) => {
      const { id } = request.params;
      const { episodeId } = request.body;
      const showId = await showIdOf(request, id);
      if (episodeId !== null && !(await episodesOf(showId)).some((episode) => episode.id === episodeId)) {
        throw badRequest('body.episodeId', 'no such episode of this show');
      }
      await run(request, { type: 'set-latest-watched', trackedShowId: id, episodeId, now: core.now().toISOString() });
      return answer(request, id);
    },
  );

  app.put(
    '/api/shows/tracked/:id/completed',
    {
      onRequest,
      schema: {
        operationId: 'completeShow',
        summary: 'Finish the show and rate it (1 to 10); rating again changes the rating and keeps the completion date',
        params: idParams,
        body: completedBody,
        response: responses,
      },
    },
    async (request) => {
      const { id } = request.params;
      await run(request, { type: 'complete', trackedShowId: id, rating: request.body.rating, now: core.now().toISOString() });
      return answer(request, id);
    },
  );

  app.delete(
    '/api/shows/tracked/:id/completed',
    {
      onRequest,
      schema: {
        operationId: 'uncompleteShow',
        summary: 'Un-complete the show: its rating and completion date are cleared',
        params: idParams,
        response: responses,
      },
    },
    async (request) => {
      const { id } = request.params;
      await run(request, { type: 'uncomplete', trackedShowId: id, now: core.now().toISOString() });
      return answer(request, id);
    },
  );

  app.put(
    '/api/shows/tracked/:id/notify',
    {
      onRequest,
      schema: {
        operationId: 'setNotify',
        summary: 'Turn the daily notifications for this show on or off',
        params: idParams,
        body: notifyBody,
        response: responses,
      },
    },
    async (request) => {
      const { id } = request.params;
      await run(request, { type: 'set-notify', trackedShowId: id, notify: request.body.notify, now: core.now().toISOString() });
      return answer(request, id);
    },
  );

  app.post(
    '/api/shows/suggestions/dismiss',
    {
      onRequest,
      schema: {
        operationId: 'dismissSuggestion',
        summary: 'Mark a show not interested: it never appears in suggestions again',
        body: showBody,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const { showId } = request.body;
      // for the dismissed listing's names; a provider failure must not stop the dismissal
      await loadShow(showData, showId).catch(() => null);
      await run(request, { type: 'dismiss-suggestion', dismissalId: cuid(), showId, now: core.now().toISOString() });
      return { ok: true as const };
    },
  );
}
