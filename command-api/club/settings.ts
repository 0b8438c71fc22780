import { randomUUID } from 'node:crypto';
import { awaitProjections } from '../shared/read-your-writes.ts';
import type { FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import {
  CLUB_SETTINGS_ERROR_STATUS,
  CLUB_SETTINGS_STREAM,
  type ClubSettingsCommand,
  clubSettingsAggregate,
  decideClubSettings,
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
import { DomainError } from '../../domain/shared/events.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { HttpError } from '../../infra/http/errors.ts';
import type { ProjectionProgress } from '../../projections/runtime.ts';
import { readClubSettings } from '../../query-api/club/settings.ts';
import type { CommandHandler } from '../shared/handle-command.ts';

export type ClubSettingsDeps = {
  readonly pool: DatabasePool;
  readonly commands: CommandHandler;
  readonly progress: ProjectionProgress;
  readonly cookies: SessionCookies;
  readonly waitMs: number;
};

const idParams = z.object({ id: z.string().min(1).max(200) });
const responses = {
  200: settingsDocumentSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};
const createdResponses = { ...responses, 201: settingsDocumentSchema };

/** Settings, levels, venues and weekly slots: every write goes through the one `club.settings` stream. */
export function clubSettingsCommandRoutes(app: HttpApp, deps: ClubSettingsDeps): void {
  const run = async (request: FastifyRequest, command: ClubSettingsCommand): Promise<SettingsDocument> => {
    let result;
    try {
      result = await deps.commands({
        stream: CLUB_SETTINGS_STREAM,
        aggregate: clubSettingsAggregate,
        decide: (state) => decideClubSettings(command, state),
        context: { userId: request.userId, correlationId: request.id },
      });
    } catch (error) {
      if (error instanceof DomainError) throw new HttpError(CLUB_SETTINGS_ERROR_STATUS[error.code] ?? 400, error.code, error.message);
      throw error;
    }
    await awaitProjections(deps.progress, ['club'], result.position, deps.waitMs);
    return readClubSettings(deps.pool);
  };
  const onRequest = deps.cookies.requireUser;

  app.put(
    '/api/settings/club',
    {
      schema: {
        summary: 'Change the default courts and round length',
        body: z.object({ defaultCourts: defaultCourtsSchema, roundLengthSec: roundLengthSecSchema }),
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
        summary: 'Add a level: last in rank, or first when it is the (only) coach level',
        body: z.object({ name: levelNameSchema, isCoach: z.boolean().default(false) }),
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
        summary: 'Reorder the levels: exactly the existing ids, strongest first; the coach level stays first',
        body: z.object({ order: z.array(z.string().min(1).max(200)).max(1000) }),
        response: responses,
      },
      onRequest,
    },
    async (request) => run(request, { type: 'reorder-levels', order: request.body.order }),
  );

  app.patch(
    '/api/levels/:id',
    {
      schema: { summary: 'Rename a level', params: idParams, body: z.object({ name: levelNameSchema }), response: responses },
      onRequest,
    },
    async (request) => run(request, { type: 'rename-level', id: request.params.id, name: request.body.name }),
  );

  app.delete(
    '/api/levels/:id',
    { schema: { summary: 'Remove a level; the ranks below move up', params: idParams, response: responses }, onRequest },
    async (request) => run(request, { type: 'remove-level', id: request.params.id }),
  );

  app.post(
    '/api/venues',
    {
      schema: {
        summary: 'Add a venue',
        body: z.object({ name: venueNameSchema, sortOrder: sortOrderSchema.optional(), active: z.boolean().default(true) }),
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
        summary: 'Rename, reorder, activate or deactivate a venue',
        params: idParams,
        body: z.object({ name: venueNameSchema.optional(), sortOrder: sortOrderSchema.optional(), active: z.boolean().optional() }),
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
        summary: 'Add a weekly slot to a venue (weekday 0 = Sunday, HH:mm times, start before end)',
        params: idParams,
        body: z
          .object({ weekday: weekdaySchema, start: timeSchema, end: timeSchema })
          .refine((slot) => slot.start < slot.end, { path: ['end'], message: 'must be after start' }),
        response: createdResponses,
      },
      onRequest,
    },
    async (request, reply) => {
      const document = await run(request, { type: 'add-slot', id: randomUUID(), venueId: request.params.id, ...request.body });
      return reply.code(201).send(document);
    },
  );

  app.delete(
    '/api/slots/:id',
    { schema: { summary: 'Remove a weekly slot', params: idParams, response: responses }, onRequest },
    async (request) => run(request, { type: 'remove-slot', id: request.params.id }),
  );
}
