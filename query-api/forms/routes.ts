import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { formDefinitionResponse, formDefinitionResponseSchema } from '../../domain/forms/definition.ts';
import { formDocumentSchema, formNameSchema } from '../../domain/forms/form.ts';
import { type FormCatalog, formNotFound } from '../../infra/forms/catalog.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { readFormDocument } from '../../projections/forms/form-documents/read-form-document.ts';

export function formsQueryRoutes(app: HttpApp, deps: { readonly pool: DatabasePool; readonly catalog: FormCatalog }): void {
  app.get(
    '/api/forms/:name',
    {
      schema: {
        operationId: 'getAnswers',
        summary: 'The shared answer set of a form; a form not saved yet reads as empty at version 0',
        description:
          'Every save answered before this read arrived is in its answer, with or without x-log-position: a read that ' +
          'arrives while the read side is behind the log waits until it has caught up with the log as it stood ' +
          '(503 NOT_READY with Retry-After past PROJECTION_WAIT_MS; 503 READ_SIDE_STOPPED at once when the forms ' +
          'projector is stopped on an event).',
        params: z.object({ name: formNameSchema }),
        response: { 200: formDocumentSchema, 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
      },
      // forms have no session to remember a client's saves by, and a plain client must read its own
      config: { readsLogHead: true },
    },
    async (request) => {
      if (!(await deps.catalog.has(request.params.name))) throw formNotFound(request.params.name);
      return readFormDocument(deps.pool, request.params.name);
    },
  );
  app.get(
    '/api/forms/:name/questions',
    {
      schema: {
        operationId: 'getQuestions',
        summary: "The form's questionnaire: title, intro and questions {id, t, q, o}",
        description:
          't is one of one, many, short, long, grid. one and many: o lists the options; short and long: no o; ' +
          'grid: o is {rows, columns} and the answer an object from row to column.',
        params: z.object({ name: formNameSchema }),
        response: { 200: formDefinitionResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const definition = await deps.catalog.find(request.params.name);
      if (!definition) throw formNotFound(request.params.name);
      return formDefinitionResponse(request.params.name, definition);
    },
  );
}
