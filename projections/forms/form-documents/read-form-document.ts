import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { formDocument, type FormDocument, initialFormState, recordedAnswersSchema } from '../../../domain/forms/form.ts';

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
  if (!row) return formDocument(name, initialFormState);
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
