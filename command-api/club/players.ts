import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idTextSchema } from '../../domain/shared/text.ts';
import {
  clientIdSchema,
  type PlayerDocument,
  playerDocumentSchema,
  playerNameSchema,
  type PlayerState,
} from '../../domain/club/player.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { badRequest, conflict, notFound } from '../../infra/http/errors.ts';
import { playerHistoryCount, readPlayer } from '../../projections/club/players/read-players.ts';
import type { ClubCommandDeps } from './route-deps.ts';
import { playerCommand, settingsAsItStands } from './streams.ts';

const levelIdSchema = idTextSchema.nullable();

/** A level id the club has, or a 400 naming the field. */
async function checkLevel(deps: ClubCommandDeps, request: FastifyRequest, levelId: string | null | undefined, field: string): Promise<void> {
  if (levelId === null || levelId === undefined) return;
  const { levels } = (await deps.runner.append(request, settingsAsItStands())).state;
  if (!levels.some((level) => level.id === levelId)) throw badRequest(field, `no level ${levelId}`);
}

const toDocument = (id: string, state: PlayerState): PlayerDocument => {
  if (state === null) throw notFound('No such person');
  return { id, name: state.name, levelId: state.levelId, guest: state.guest, archived: state.archived, createdAt: state.createdAt };
};

const idParams = z.object({ id: idTextSchema });
export const createPlayerBody = z.object({ id: clientIdSchema, name: playerNameSchema, levelId: levelIdSchema.default(null), guest: z.boolean().default(false) });
export const changePlayerBody = z
  .object({ name: playerNameSchema.optional(), levelId: levelIdSchema.optional(), guest: z.boolean().optional(), archived: z.boolean().optional() })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'at least one of name, levelId, guest, archived' });

export function clubPlayerCommandRoutes(app: HttpApp, deps: ClubCommandDeps): void {
  const onRequest = deps.cookies.requireUser;

  app.post(
    '/api/players',
    {
      schema: {
        operationId: 'addPlayer',
        summary: 'Add a person with an id made by the client (a cuid); the same id again answers 200 with the person as they are',
        body: createPlayerBody,
        response: { 200: playerDocumentSchema, 201: playerDocumentSchema, 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema },
      },
      onRequest,
    },
    async (request, reply) => {
      const { id, name, levelId, guest } = request.body;
      await checkLevel(deps, request, levelId, 'body.levelId');
      const result = await deps.runner.run(request, playerCommand(id, { type: 'create-player', name, levelId, guest, at: deps.now().toISOString() }));
      return reply.code(result.appended ? 201 : 200).send(toDocument(id, result.state));
    },
  );

  app.patch(
    '/api/players/:id',
    {
      schema: {
        operationId: 'updatePlayer',
        summary: 'Rename, re-level, archive or restore a person, or mark them a guest or not',
        params: idParams,
        body: changePlayerBody,
        response: { 200: playerDocumentSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
      },
      onRequest,
    },
    async (request) => {
      await checkLevel(deps, request, request.body.levelId, 'body.levelId');
      const result = await deps.runner.run(request, playerCommand(request.params.id, { type: 'change-player', ...request.body }));
      return toDocument(request.params.id, result.state);
    },
  );

  app.delete(
    '/api/players/:id',
    {
      schema: {
        operationId: 'removePlayer',
        summary: 'Delete a person added by mistake; refused with 409 once they are in a night or a round (archive them instead)',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema },
      },
      onRequest,
    },
    async (request) => {
      const { id } = request.params;
      // a save naming the person may still be on its way to the read side
      await deps.runner.awaitDecided(null);
      await readPlayer(deps.pool, id);
      const history = await playerHistoryCount(deps.pool, id);
      if (history.sessions > 0 || history.rounds > 0) {
        throw conflict('PLAYER_IN_HISTORY', `the person is in ${history.sessions} night(s) and ${history.rounds} round(s); archive them instead`);
      }
      await deps.runner.run(request, playerCommand(id, { type: 'delete-player', at: deps.now().toISOString() }));
      return { ok: true as const };
    },
  );
}
