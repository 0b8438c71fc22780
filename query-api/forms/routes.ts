import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { formDocumentSchema, formNameSchema, type FormDocument, initialFormState, recordedAnswersSchema } from '../../domain/forms/form.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';

const documentRow = z.object({
  respondent: z.string(),
  answers: recordedAnswersSchema,
  notes: recordedAnswersSchema,
  summary: z.string(),
  version: z.number(),
  updated_at: z.string(),
});

export async function readFormDocument(pool: DatabasePool, name: string): Promise<FormDocument> {
  const row = await pool.maybeOne(sql.type(documentRow)`
    SELECT respondent, answers, notes, summary, version, updated_at FROM forms.documents WHERE name = ${name}`);
  if (!row) return { name, ...initialFormState };
  return {
    name,
    answers: row.answers,
    notes: row.notes,
    respondent: row.respondent,
    summary: row.summary,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

export function formsQueryRoutes(app: HttpApp, deps: { readonly pool: DatabasePool }): void {
  app.get(
    '/api/forms/:name',
    {
      schema: {
        summary: 'The shared answer set of a form; an unknown form reads as empty at version 0',
        params: z.object({ name: formNameSchema }),
        response: { 200: formDocumentSchema, 400: errorBodySchema },
      },
    },
    async (request) => readFormDocument(deps.pool, request.params.name),
  );
}
