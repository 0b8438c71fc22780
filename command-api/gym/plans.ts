import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { dateSchema, planBodySchema, slotSchema } from '../../domain/gym/library.ts';
import { PLAN_BOUNDS } from '../../domain/gym/bounds.ts';
import { textSchema } from '../../domain/shared/text.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { idParams } from '../../infra/http/request-schemas.ts';
import { planSchema } from '../../projections/gym/library/library-views.ts';
import { readPlan } from '../../projections/gym/library/read-plans.ts';
import type { GymCommandDeps } from './route-deps.ts';
import { libraryCommand } from './streams.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };

/** Days and slots as the client writes them: those with an id keep it, those without are new. */
const draftDays = z
  .array(
    z.object({
      id: z.uuid().optional(),
      title: textSchema.trim().max(100).nullable().optional(),
      slots: z
        .array(
          slotSchema
            .omit({ id: true, note: true, exerciseId: true })
            .extend({ id: z.uuid().optional(), exerciseId: z.uuid(), note: textSchema.max(500).nullable().optional() }),
        )
        .max(PLAN_BOUNDS.slotsPerDay),
    }),
  )
  .max(PLAN_BOUNDS.days);
export const planDraftBody = planBodySchema.omit({ days: true }).extend({ days: draftDays });
export const revisePlanBody = planDraftBody.partial().extend({ active: z.literal(true).optional() });
export const duplicatePlanBody = z.object({ date: dateSchema, name: textSchema.trim().min(1).max(100).optional() });

export function gymPlanRoutes(app: HttpApp, { core, cookies, runner }: GymCommandDeps): void {
  const db = core.db.slonik;
  const onRequest = cookies.requireUser;
  const newId = () => randomUUID();

  app.post(
    '/api/plans',
    {
      onRequest,
      schema: {
        operationId: 'createPlan',
        summary: 'Create a plan with its days and slots; it becomes the active plan',
        body: planDraftBody,
        response: { 201: planSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = randomUUID();
      await runner.run(request, libraryCommand(request.userId, { type: 'create-plan', id, draft: request.body, newId }));
      reply.code(201);
      return readPlan(db, request.userId, id);
    },
  );

  app.patch(
    '/api/plans/:id',
    {
      onRequest,
      schema: {
        operationId: 'updatePlan',
        summary: 'Edit a plan; days and slots sent with their ids keep them; active: true makes it the active plan',
        params: idParams,
        body: revisePlanBody,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => {
      const { active, ...changes } = request.body;
      await runner.run(request, libraryCommand(request.userId, { type: 'revise-plan', id: request.params.id, changes, activate: active === true, newId }));
      return readPlan(db, request.userId, request.params.id);
    },
  );

  app.post(
    '/api/plans/:id/duplicate',
    {
      onRequest,
      schema: {
        operationId: 'duplicatePlan',
        summary: "Copy a plan as the next block, starting on the client's date; the copy becomes active",
        params: idParams,
        body: duplicatePlanBody,
        response: { 201: planSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = randomUUID();
      await runner.run(request, libraryCommand(request.userId, {
        type: 'duplicate-plan',
        sourceId: request.params.id,
        id,
        startDate: request.body.date,
        name: request.body.name ?? null,
        newId,
      }));
      reply.code(201);
      return readPlan(db, request.userId, id);
    },
  );

  app.delete(
    '/api/plans/:id',
    {
      onRequest,
      schema: { operationId: 'deletePlan', summary: 'Delete a plan; its workouts and sets stay, unlinked from the day', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await runner.run(request, libraryCommand(request.userId, { type: 'delete-plan', id: request.params.id }));
      return reply.code(204).send(null);
    },
  );
}
