import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { playerDocumentSchema } from '../../domain/club/player.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { idTextSchema } from '../../domain/shared/text.ts';
import { listPlayers, readPlayer } from '../../projections/club/players/read-players.ts';

const listQuery = z.object({
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('true lists the archived people instead'),
});

export function clubPlayerQueryRoutes(app: HttpApp, deps: { readonly pool: DatabasePool; readonly cookies: SessionCookies }): void {
  app.get(
    '/api/players',
    {
      schema: {
        operationId: 'listPlayers',
        summary: 'People of the club by name; guests (someone who came once) are never listed',
        querystring: listQuery,
        response: { 200: z.object({ players: z.array(playerDocumentSchema) }), 400: errorBodySchema, 401: errorBodySchema },
      },
      onRequest: deps.cookies.requireUser,
    },
    async (request) => ({ players: await listPlayers(deps.pool, request.query.archived) }),
  );
  app.get(
    '/api/players/:id',
    {
      schema: {
        operationId: 'getPlayer',
        summary: 'One person, guests and archived people included',
        params: z.object({ id: idTextSchema }),
        response: { 200: playerDocumentSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
      onRequest: deps.cookies.requireUser,
    },
    async (request) => readPlayer(deps.pool, request.params.id),
  );
}
