import { z } from 'zod';
import { answeredBeforeProjected, type WritePositions } from '../shared/read-your-writes.ts';
import { decideForm, MAX_DOCUMENT_BYTES } from '../../domain/forms/decide.ts';
import {
  answersSchema,
  formAggregate,
  formDocument,
  formDocumentSchema,
  formNameSchema,
  formStream,
  MAX_PATCH_KEYS,
  MAX_TEXT_LENGTH,
  saveIdSchema,
} from '../../domain/forms/form.ts';
import { textSchema } from '../../domain/shared/text.ts';
import { type FormCatalog, formNotFound } from '../../infra/forms/catalog.ts';
import type { Allowance, RateLimiter } from '../../infra/accounts/rate-limit.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { HttpError, tooManyRequests } from '../../infra/http/errors.ts';
import type { DomainError } from '../../domain/shared/events.ts';
import type { CommandRunner } from '../shared/command-runner.ts';

export const FORM_BODY_LIMIT = 200 * 1024;
/** A summary at its longest still leaves most of the stored document (MAX_DOCUMENT_BYTES) for answers. */
export const MAX_SUMMARY_LENGTH = 4000;

/** Saves per client address: far above two people typing, far below a script. */
export const SAVE_ALLOWANCE: Allowance = { limit: 600, windowMs: 10 * 60_000 };

/** The status of each refusal of the forms decision; the others are 400. */
/** The HTTP status of each refusal code of a form's decisions (an unlisted code is a 400). */
export const FORMS_ERROR_STATUS: Readonly<Record<string, number>> = { DOCUMENT_TOO_LARGE: 413 };

/** The decision names the field inside the body, as the schema's messages do (`body.answers.q3: …`). */
export function formsRefusal(error: DomainError): Error | null {
  return (FORMS_ERROR_STATUS[error.code] ?? 400) === 400 ? new HttpError(400, error.code, `body.${error.message}`) : null;
}

export const patchBody = z
  .object({
    answers: answersSchema.default({}),
    notes: answersSchema.default({}),
    respondent: textSchema.max(200).optional(),
    summary: textSchema.max(MAX_SUMMARY_LENGTH).optional(),
    /** the bot trap: a hidden field people never fill */
    website: z.string().max(2000).optional(),
    /** the client's id of this save, sent again with every retry of it; optional for older clients */
    saveId: saveIdSchema.optional(),
    /** of each text field sent, the stored text the change was made to; another text stored since is merged, not replaced */
    bases: z.record(z.string().max(210), textSchema.max(MAX_TEXT_LENGTH)).optional(),
  })
  .superRefine((body, ctx) => {
    const keys = Object.keys(body.answers).length + Object.keys(body.notes).length;
    if (keys > MAX_PATCH_KEYS) {
      ctx.addIssue({ code: 'custom', path: ['answers'], message: `a patch holds at most ${MAX_PATCH_KEYS} keys (answers and notes), got ${keys}` });
    }
  });

export type FormsCommandDeps = {
  readonly catalog: FormCatalog;
  /** the forms' runner: anonymous writers, refusals naming the field of the body */
  readonly runner: CommandRunner;
  readonly writes: WritePositions;
  /** the shared counters (PostgreSQL): every API process counts the same saves */
  readonly limiter: RateLimiter;
  readonly now: () => Date;
};

export function formsCommandRoutes(app: HttpApp, deps: FormsCommandDeps): void {
  app.post(
    '/api/forms/:name',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        operationId: 'saveAnswers',
        summary: 'Save the changed questions of a form; answers with the merged document',
        description:
          'Sent keys replace stored ones, others stay; respondent only when sent; every save increments version. ' +
          'A save may carry saveId, its client-made id: a save whose id is among the 50 latest of the form is a retry, ' +
          'answered with the current document, recording nothing and not incrementing version. ' +
          'A text field sent with its base (bases, keyed a:<id>, n:<id>, respondent, summary: the stored text the change was made to) ' +
          'is merged three ways with the stored text when another save changed it since, so both people keep their words. ' +
          `At most ${MAX_PATCH_KEYS} keys, each a question of the form's questionnaire with a value its type takes ` +
          `(400 QUESTION_UNKNOWN, ANSWER_INVALID); the stored document at most ${MAX_DOCUMENT_BYTES} bytes (413 DOCUMENT_TOO_LARGE); ` +
          "body at most 200 KB, Origin must be the service's own, 600 saves per client address per 10 minutes; " +
          'a name without a questionnaire is 404 FORM_NOT_FOUND. Answers as soon as the save is durable, with ' +
          'x-log-position: a read that sends it back waits until the read side has the save.',
        params: z.object({ name: formNameSchema }),
        body: patchBody,
        response: {
          200: formDocumentSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
      // a save decides on the log, not on the read side: it never waits for earlier saves to be projected
      config: { readsProjections: false },
      // the app refused other origins before this runs (createHttpApp's cross-site check)
      onRequest: async (request) => {
        const { allowed, retryAfterMs } = await deps.limiter.hit(`forms:save:${request.clientIp}`, SAVE_ALLOWANCE);
        if (!allowed) throw tooManyRequests(retryAfterMs / 1000, 'Too many saves from this address; try again later');
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const body = request.body;
      const stream = formStream(name);
      const definition = await deps.catalog.find(name);
      if (!definition) throw formNotFound(name);
      if (body.website) {
        // a bot filled the hidden field: it sees a normal answer (the document as the log holds it) and nothing is stored
        return formDocument(name, await deps.runner.held(stream, formAggregate));
      }
      const now = deps.now().toISOString();
      const result = await deps.runner.append(request, {
          stream,
          aggregate: formAggregate,
          decide: (state) =>
            decideForm(
              {
                type: 'patch-form',
                definition,
                answers: body.answers,
                notes: body.notes,
                respondent: body.respondent,
                summary: body.summary,
                now,
                saveId: body.saveId,
                bases: body.bases,
              },
              state,
            ),
        });
      answeredBeforeProjected(request, reply, deps.writes, result.position);
      return formDocument(name, result.state);
    },
  );
}
