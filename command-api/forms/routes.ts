import { z } from 'zod';
import { awaitProjections } from '../shared/read-your-writes.ts';
import { decideForm } from '../../domain/forms/decide.ts';
import {
  answersSchema,
  formAggregate,
  formDocument,
  formDocumentSchema,
  type FormDocument,
  formNameSchema,
  formStream,
  MAX_PATCH_KEYS,
} from '../../domain/forms/form.ts';
import { DomainError } from '../../domain/shared/events.ts';
import { textSchema } from '../../domain/shared/text.ts';
import type { AddressLimiter } from '../../infra/http/address-limiter.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { HttpError, tooManyRequests } from '../../infra/http/errors.ts';
import type { ProjectionProgress } from '../../projections/runtime.ts';
import type { CommandHandler } from '../shared/handle-command.ts';

export const FORM_BODY_LIMIT = 200 * 1024;

export const patchBody = z
  .object({
    answers: answersSchema.default({}),
    notes: answersSchema.default({}),
    respondent: textSchema.max(200).optional(),
    summary: textSchema.max(10_000).optional(),
    /** the bot trap: a hidden field people never fill */
    website: z.string().max(2000).optional(),
  })
  .superRefine((body, ctx) => {
    const keys = Object.keys(body.answers).length + Object.keys(body.notes).length;
    if (keys > MAX_PATCH_KEYS) {
      ctx.addIssue({ code: 'custom', path: ['answers'], message: `a patch holds at most ${MAX_PATCH_KEYS} keys (answers and notes), got ${keys}` });
    }
  });

export type FormsCommandDeps = {
  /** the shared copy as the query side holds it */
  readonly readDocument: (name: string) => Promise<FormDocument>;
  readonly commands: CommandHandler;
  readonly progress: ProjectionProgress;
  readonly limiter: AddressLimiter;
  readonly waitMs: number;
  readonly now: () => Date;
};

export function formsCommandRoutes(app: HttpApp, deps: FormsCommandDeps): void {
  app.post(
    '/api/forms/:name',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        summary: 'Save the changed questions of a form; answers with the merged document',
        description:
          'Sent keys replace stored ones, others stay; respondent only when sent; every save increments version. ' +
          `At most ${MAX_PATCH_KEYS} keys, body at most 200 KB, Origin must be the service's own, ` +
          '600 saves per client address per 10 minutes.',
        params: z.object({ name: formNameSchema }),
        body: patchBody,
        response: {
          200: formDocumentSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
      // the app refused other origins before this runs (createHttpApp's cross-site check)
      onRequest: async (request) => {
        const { allowed, retryAfterMs } = deps.limiter.hit(request.clientIp);
        if (!allowed) throw tooManyRequests(retryAfterMs / 1000, 'Too many saves from this address; try again later');
      },
    },
    async (request) => {
      const { name } = request.params;
      const body = request.body;
      const stream = formStream(name);
      if (body.website) {
        // a bot filled the hidden field: it sees a normal answer and nothing is stored
        return deps.readDocument(name);
      }
      const now = deps.now().toISOString();
      let result;
      try {
        result = await deps.commands({
          stream,
          aggregate: formAggregate,
          decide: (state) =>
            decideForm(
              { type: 'patch-form', answers: body.answers, notes: body.notes, respondent: body.respondent, summary: body.summary, now },
              state,
            ),
          context: { userId: null, correlationId: request.id },
        });
      } catch (error) {
        if (error instanceof DomainError) throw new HttpError(400, error.code, `answers: ${error.message}`);
        throw error;
      }
      await awaitProjections(deps.progress, ['forms'], result.position, deps.waitMs);
      return formDocument(name, result.state);
    },
  );
}
