import { sql, type DatabaseTransactionConnection } from 'slonik';
import { type Answers, FORM_STREAM_PREFIX, parseFormEvent } from '../../domain/forms/form.ts';
import type { RecordedEvent } from '../../infra/eventstore/port.ts';
import type { Projection } from '../runtime.ts';

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

async function apply(tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[]): Promise<void> {
  const table = sql.identifier([schema, 'documents']);
  for (const [name, change] of collectChanges(events)) {
    await tx.query(sql.unsafe`
      INSERT INTO ${table} AS d (name, answers, notes, respondent, summary, version, updated_at)
      VALUES (${name}, ${sql.jsonb(change.answers)}, ${sql.jsonb(change.notes)}, ${change.respondent ?? ''},
              ${change.summary ?? ''}, ${change.version}, ${change.updatedAt})
      ON CONFLICT (name) DO UPDATE SET
        answers = d.answers || EXCLUDED.answers,
        notes = d.notes || EXCLUDED.notes,
        respondent = ${change.respondent === undefined ? sql.fragment`d.respondent` : sql.fragment`EXCLUDED.respondent`},
        summary = ${change.summary === undefined ? sql.fragment`d.summary` : sql.fragment`EXCLUDED.summary`},
        version = EXCLUDED.version,
        updated_at = EXCLUDED.updated_at`);
  }
}

/** The shared copy of each form, as GET /api/forms/:name serves it. */
export const formsProjection: Projection = {
  name: 'forms',
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
