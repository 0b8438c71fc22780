import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { cardioFieldsSchema, dateSchema, machineNameSchema } from '../../domain/gym/library.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { idParams } from '../../infra/http/request-schemas.ts';
import { bodyweightSchema, cardioLogSchema, machineSchema } from '../../projections/gym/library/library-views.ts';
import { readCardioLog, readMachine } from '../../projections/gym/library/read-cardio.ts';
import type { GymCommandDeps } from './route-deps.ts';
import { libraryCommand } from './streams.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };
export const cardioLogBody = cardioFieldsSchema.extend({
  machineId: z.uuid(),
  distanceKm: cardioFieldsSchema.shape.distanceKm.optional(),
  calories: cardioFieldsSchema.shape.calories.optional(),
  level: cardioFieldsSchema.shape.level.optional(),
});
/** Body weight in kilograms, as the client converted it; never rounded here. */
const bodyweightKg = z.number().min(20).max(500);
export const bodyweightBody = z.object({ date: dateSchema, kg: bodyweightKg });
export const machineBody = z.object({ name: machineNameSchema });
export const changeCardioLogBody = cardioLogBody.partial().refine((body) => Object.keys(body).length > 0, { message: 'at least one field' });

export function gymCardioRoutes(app: HttpApp, { core, cookies, runner }: GymCommandDeps): void {
  const db = core.db.slonik;
  const onRequest = cookies.requireUser;

  app.post(
    '/api/cardio/machines',
    { onRequest, schema: { operationId: 'addCardioMachine', summary: 'Add a cardio machine; names are unique per user', body: machineBody, response: { 201: machineSchema, ...errors } } },
    async (request, reply) => {
      const id = randomUUID();
      await runner.run(request, libraryCommand(request.userId, { type: 'add-machine', id, name: request.body.name }));
      reply.code(201);
      return readMachine(db, request.userId, id);
    },
  );
  app.patch(
    '/api/cardio/machines/:id',
    { onRequest, schema: { operationId: 'updateCardioMachine', summary: 'Rename a machine', params: idParams, body: machineBody, response: { 200: machineSchema, ...errors } } },
    async (request) => {
      await runner.run(request, libraryCommand(request.userId, { type: 'rename-machine', id: request.params.id, name: request.body.name }));
      return readMachine(db, request.userId, request.params.id);
    },
  );
  app.delete(
    '/api/cardio/machines/:id',
    { onRequest, schema: { operationId: 'removeCardioMachine', summary: 'Remove a machine; 409 while sessions are logged on it', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await runner.run(request, libraryCommand(request.userId, { type: 'remove-machine', id: request.params.id }));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/cardio/logs',
    { onRequest, schema: { operationId: 'logCardio', summary: 'Log a cardio session', body: cardioLogBody, response: { 201: cardioLogSchema, ...errors } } },
    async (request, reply) => {
      const id = randomUUID();
      const { distanceKm = null, calories = null, level = null, ...rest } = request.body;
      await runner.run(request, libraryCommand(request.userId, { type: 'log-cardio', id, fields: { ...rest, distanceKm, calories, level } }));
      reply.code(201);
      return readCardioLog(db, request.userId, id);
    },
  );
  app.patch(
    '/api/cardio/logs/:id',
    {
      onRequest,
      schema: {
        operationId: 'updateCardioLog',
        summary: 'Edit a cardio session (null clears an optional field)',
        params: idParams,
        body: changeCardioLogBody,
        response: { 200: cardioLogSchema, ...errors },
      },
    },
    async (request) => {
      await runner.run(request, libraryCommand(request.userId, { type: 'change-cardio-log', id: request.params.id, fields: request.body }));
      return readCardioLog(db, request.userId, request.params.id);
    },
  );
  app.delete(
    '/api/cardio/logs/:id',
    { onRequest, schema: { operationId: 'removeCardioLog', summary: 'Remove a cardio session', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await runner.run(request, libraryCommand(request.userId, { type: 'remove-cardio-log', id: request.params.id }));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/bodyweight',
    {
      onRequest,
      schema: {
        operationId: 'recordBodyWeight',
        summary: 'Record the body weight of a date; the same date again overwrites',
        description:
          'A date in the future is refused (400 VALIDATION_FAILED naming body.date). The server knows no phone\'s calendar: it refuses a date after the ' +
          'UTC date 14 hours from now, the furthest any time zone runs ahead, which is the future everywhere; the app holds the phone to its own date.',
        body: bodyweightBody,
        response: { 200: bodyweightSchema, ...errors },
      },
    },
    async (request) => {
      await runner.run(request, libraryCommand(request.userId, { type: 'record-bodyweight', date: request.body.date, kg: request.body.kg, now: core.now().toISOString() }));
      return request.body;
    },
  );
  app.delete(
    '/api/bodyweight/:date',
    { onRequest, schema: { operationId: 'removeBodyWeight', summary: 'Remove the reading of a date', params: z.object({ date: dateSchema }), response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await runner.run(request, libraryCommand(request.userId, { type: 'remove-bodyweight', date: request.params.date }));
      return reply.code(204).send(null);
    },
  );
}
