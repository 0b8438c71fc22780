import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idTextSchema } from '../../domain/shared/text.ts';
import {
  type ClubSettingsCommand,
  defaultCourtsSchema,
  levelNameSchema,
  roundLengthSecSchema,
  type SettingsDocument,
  settingsDocumentSchema,
  sortOrderSchema,
  timeSchema,
  venueNameSchema,
  weekdaySchema,
} from '../../domain/club/settings.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { conflict } from '../../infra/http/errors.ts';
import { playersHoldingLevel } from '../../projections/club/players/read-players.ts';
import { readClubSettings } from '../../projections/club/settings/read-settings.ts';
import type { ClubCommandDeps } from './route-deps.ts';
import { settingsCommand } from './streams.ts';

const idParams = z.object({ id: idTextSchema });
const responses = {
  200: settingsDocumentSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};
const createdResponses = { ...responses, 201: settingsDocumentSchema };
export const clubBody = z.object({ defaultCourts: defaultCourtsSchema, roundLengthSec: roundLengthSecSchema });
export const addLevelBody = z.object({ name: levelNameSchema, isCoach: z.boolean().default(false) });
export const levelOrderBody = z.object({ order: z.array(idTextSchema).max(1000) });
export const renameLevelBody = z.object({ name: levelNameSchema });
export const addVenueBody = z.object({ name: venueNameSchema, sortOrder: sortOrderSchema.optional(), active: z.boolean().default(true) });
export const changeVenueBody = z.object({ name: venueNameSchema.optional(), sortOrder: sortOrderSchema.optional(), active: z.boolean().optional() });
export const addSlotBody = z
  .object({ weekday: weekdaySchema, start: timeSchema, end: timeSchema })
  .refine((slot) => slot.start < slot.end, { path: ['end'], message: 'must be after start' });
export const changeSlotBody = z
  .object({ weekday: weekdaySchema.optional(), start: timeSchema.optional(), end: timeSchema.optional() })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'at least one of weekday, start, end' });

/** Settings, levels, venues and weekly slots: every write goes through the one `club.settings` stream. */
export function clubSettingsCommandRoutes(app: HttpApp, deps: ClubCommandDeps): void {
  const run = async (request: FastifyRequest, command: ClubSettingsCommand): Promise<SettingsDocument> => {
    await deps.runner.run(request, settingsCommand(command));
    return readClubSettings(deps.pool);
  };
  const onRequest = deps.cookies.requireUser;

  app.put(
    '/api/settings/club',
    {
      schema: {
        operationId: 'updateClubSettings',
        summary: 'Change the default courts and round length',
        body: clubBody,
        response: responses,
      },
      onRequest,
    },
    async (request) => run(request, { type: 'change-club', ...request.body }),
  );

  app.post(
    '/api/levels',
    {
      schema: {
        operationId: 'addLevel',
        summary: 'Add a level: last in rank, or first when it is the (only) coach level',
        body: addLevelBody,
        response: createdResponses,
      },
      onRequest,
    },
    async (request, reply) => {
      const document = await run(request, { type: 'add-level', id: randomUUID(), name: request.body.name, isCoach: request.body.isCoach });
      return reply.code(201).send(document);
    },
  );

  app.put(
    '/api/levels/order',
    {
      schema: {
        operationId: 'reorderLevels',
        summary: 'Reorder the levels: exactly the existing ids, strongest first; the coach level stays first',
        body: levelOrderBody,
        response: responses,
      },
      onRequest,
    },
    async (request) => run(request, { type: 'reorder-levels', order: request.body.order }),
  );

  app.patch(
    '/api/levels/:id',
    {
      schema: { operationId: 'updateLevel', summary: 'Rename a level', params: idParams, body: renameLevelBody, response: responses },
      onRequest,
    },
    async (request) => run(request, { type: 'rename-level', id: request.params.id, name: request.body.name }),
  );

  app.delete(
    '/api/levels/:id',
    { schema: { operationId: 'removeLevel', summary: 'Remove a level nobody holds; the ranks below move up', params: idParams, response: responses }, onRequest },
    async (request) => {
      await deps.runner.awaitDecided(null);
      const holders = await playersHoldingLevel(deps.pool, request.params.id);
      if (holders > 0) throw conflict('LEVEL_IN_USE', `${holders} ${holders === 1 ? 'person holds' : 'people hold'} this level; move them to another level first`);
      return run(request, { type: 'remove-level', id: request.params.id });
    },
  );

  app.post(
    '/api/venues',
    {
      schema: {
        operationId: 'addVenue',
        summary: 'Add a venue',
        body: addVenueBody,
        response: createdResponses,
      },
      onRequest,
    },
    async (request, reply) => {
      const { name, sortOrder, active } = request.body;
      const document = await run(request, { type: 'add-venue', id: randomUUID(), name, sortOrder, active });
      return reply.code(201).send(document);
    },
  );

  app.patch(
    '/api/venues/:id',
    {
      schema: {
        operationId: 'updateVenue',
        summary: 'Rename, reorder, activate or deactivate a venue',
        params: idParams,
        body: changeVenueBody,
        response: responses,
      },
      onRequest,
    },
    async (request) => run(request, { type: 'change-venue', id: request.params.id, ...request.body }),
  );

  app.post(
    '/api/venues/:id/slots',
    {
      schema: {
        operationId: 'addSlot',
        summary: 'Add a weekly slot to a venue (weekday 0 = Sunday, HH:mm times, start before end)',
        params: idParams,
        body: addSlotBody,
        response: createdResponses,
      },
      onRequest,
    },
    async (request, reply) => {
      const document = await run(request, { type: 'add-slot', id: randomUUID(), venueId: request.params.id, ...request.body });
      return reply.code(201).send(document);
    },
  );

  app.patch(
    '/api/slots/:id',
    {
      schema: {
        operationId: 'updateSlot',
        summary: 'Move a weekly slot to another weekday or time',
        params: idParams,
        body: changeSlotBody,
        response: responses,
      },
      onRequest,
    },
    async (request) => run(request, { type: 'change-slot', id: request.params.id, ...request.body }),
  );

  app.delete(
    '/api/slots/:id',
    { schema: { operationId: 'removeSlot', summary: 'Remove a weekly slot', params: idParams, response: responses }, onRequest },
    async (request) => run(request, { type: 'remove-slot', id: request.params.id }),
  );
}
