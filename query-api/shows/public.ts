import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { textSchema } from '../../domain/shared/text.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';
import { publicProfileSchema, readPublicProfile } from '../../projections/shows/library/read-public-profile.ts';

export function showsPublicRoutes(app: HttpApp, deps: { readonly pool: DatabasePool; readonly cache: ShowCache }): void {
  app.get(
    '/api/public/profile/:username',
    {
      schema: {
        operationId: 'getPublicProfile',
        summary: "A user's public profile; 404 when there is no such name or its profile is not public",
        description:
          'watching lists the shows started (an episode watched), not completed and not on the watchlist, as GET /api/shows/watching does; ' +
          'completed lists the finished shows with their ratings; each list most recently tracked first. watchedEpisodes counts every episode marked watched.',
        params: z.object({ username: textSchema.min(1).max(100) }),
        response: { 200: publicProfileSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => readPublicProfile(deps, request.params.username),
  );
}
