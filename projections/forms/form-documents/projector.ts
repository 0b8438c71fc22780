import { sql, type DatabaseTransactionConnection } from 'slonik';
import { type Answers, FORM_STREAM_PREFIX, parseFormEvent } from '../../../domain/forms/form.ts';
import type { RecordedEvent } from '../../../infra/eventstore/port.ts';
import type { Projection } from '../../runtime/projection.ts';

type DocumentChange = {
  answers: Answers;
  notes: Answers;
  respondent: string | undefined;
  summary: string | undefined;
  version: number;
  updatedAt: string;
};

/** Consecutive patches of one form in a batch fold into one write: later keys win, as on read. */
function collectChanges(events: readonly RecordedEvent[]): Map<string, DocumentChange> {
  const changes = new Map<string, DocumentChange>();
  for (const recorded of events) {
    if (!recorded.stream.startsWith(FORM_STREAM_PREFIX)) continue;
    const event = parseFormEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion);
    const name = recorded.stream.slice(FORM_STREAM_PREFIX.length);
    const before = changes.get(name);
    const patch = event.data;
    changes.set(name, {
      answers: { ...before?.answers, ...patch.answers },
      notes: { ...before?.notes, ...patch.notes },
      respondent: patch.respondent ?? before?.respondent,
      summary: patch.summary ?? before?.summary,
      version: Number(recorded.revision) + 1,
      updatedAt: patch.patchedAt,
    });
  }
  return changes;
}

/** One statement per batch: existing documents are merged, new ones inserted. */
async function apply(tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[]): Promise<void> {
  const changes = collectChanges(events);
  if (changes.size === 0) return;
  const table = sql.identifier([schema, 'documents']);
  const rows = [...changes].map(([name, change]) => [
    name,
    JSON.stringify(change.answers),
    JSON.stringify(change.notes),
    change.respondent ?? null,
    change.summary ?? null,
    change.version,
    change.updatedAt,
  ]);
  await tx.query(sql.unsafe`
    WITH input AS (
      SELECT * FROM ${sql.unnest(rows, ['text', 'jsonb', 'jsonb', 'text', 'text', 'int4', 'timestamptz'])}
        AS i(name, answers, notes, respondent, summary, version, updated_at)
    ), merged AS (
      UPDATE ${table} AS d SET
        answers = d.answers || i.answers,
        notes = d.notes || i.notes,
        respondent = coalesce(i.respondent, d.respondent),
        summary = coalesce(i.summary, d.summary),
        version = i.version,
        updated_at = i.updated_at
      FROM input i WHERE d.name = i.name
      RETURNING d.name
    )
    INSERT INTO ${table} (name, answers, notes, respondent, summary, version, updated_at)
    SELECT name, answers, notes, coalesce(respondent, ''), coalesce(summary, ''), version, updated_at
    FROM input WHERE name NOT IN (SELECT name FROM merged)`);
}

/** The shared copy of each form, as GET /api/forms/:name serves it. */
export const formsProjection: Projection = {
  name: 'forms',
  streams: [FORM_STREAM_PREFIX],
  version: 1,
  async migrate(tx, schema) {
    await tx.query(sql.unsafe`
      CREATE TABLE ${sql.identifier([schema, 'documents'])} (
        name text PRIMARY KEY,
        client_key text NOT NULL DEFAULT 'shared',
        respondent text NOT NULL,
        answers jsonb NOT NULL,
        notes jsonb NOT NULL,
        summary text NOT NULL,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  },
  apply,
};
