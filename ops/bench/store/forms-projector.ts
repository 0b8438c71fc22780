// Phase 3: the forms projection caught up on a log of form events, rebuilt and live.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { type FormPatched, formPatchedSchema, formStream } from '../../../domain/forms/form.ts';
import { formsProjection } from '../../../projections/forms/form-documents/projector.ts';
import { type ProjectorHandle, startProjector } from '../../../projections/runtime/projector.ts';
import type { Core } from '../../system.ts';
import { FORM_EVENTS, FORMS, silentLog } from './settings.ts';
import { counters, countersSince } from './tally.ts';

function formPatch(form: number, round: number): FormPatched {
  return formPatchedSchema.parse({
    answers: {
      [`q${round % 20}`]: `answer ${round} of form ${form}`,
      [`choice${round % 7}`]: ['yes', 'maybe'],
      grid: { [`row${round % 4}`]: String(round % 5) },
    },
    notes: round % 3 === 0 ? { [`q${round % 20}`]: 'a note' } : {},
    ...(round === 0 ? { respondent: `respondent ${form}` } : {}),
    patchedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, round)).toISOString(),
  });
}

/**
 * 3, setup: the form events, round by round, every form once per round, so that a projector batch
 * touches many forms (as live traffic does) rather than folding one form's history into one row.
 * All forms of a round are appended at once: this also shows what grouping does under a crowd.
 */
export async function writeFormEvents(core: Core): Promise<{ ops: number; seconds: number; xids: number; walBytes: number }> {
  const rounds = Math.max(1, Math.round(FORM_EVENTS / FORMS));
  const before = await counters(core.db.pg);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: FORMS }, (_, form) =>
        core.store.append(
          formStream(`bench-${form}`),
          [
            {
              id: randomUUID(),
              type: 'form-patched',
              data: formPatch(form, round),
              metadata: { userId: null, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
            },
          ],
          round === 0 ? 'no_stream' : BigInt(round - 1),
        ),
      ),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  return { ops: rounds * FORMS, seconds, ...(await countersSince(core.db.pg, before)) };
}

const documentStats = z.object({ documents: z.number(), min_version: z.number().nullable(), max_version: z.number().nullable() });

/** the projection must hold every bench form at the number of rounds written, or the figure means nothing */
export async function checkDocuments(core: Core, expectedDocuments: number, expectedVersion: number): Promise<void> {
  const stats = await core.db.slonik.one(sql.type(documentStats)`
    SELECT count(*)::int AS documents, min(version) AS min_version, max(version) AS max_version
    FROM forms.documents WHERE name LIKE 'bench-%'`);
  if (stats.documents !== expectedDocuments || stats.min_version !== expectedVersion || stats.max_version !== expectedVersion) {
    throw new Error(`forms projection is wrong: ${JSON.stringify(stats)}, expected ${expectedDocuments} documents at version ${expectedVersion}`);
  }
}

/** 3b. a live projector whose checkpoint is at START (same version: no rebuild) catching up on the whole log */
export async function liveCatchUp(core: Core): Promise<{ ops: number; seconds: number; projector: ProjectorHandle }> {
  await core.db.slonik.transaction(async (tx) => {
    await tx.query(sql.unsafe`TRUNCATE forms.documents`);
    await tx.query(sql.unsafe`UPDATE projection_state.checkpoints SET commit_position = -1, prepare_position = -1 WHERE name = 'forms'`);
  });
  const head = await core.store.headPosition();
  const counted = await core.db.pg.query<{ events: string }>('SELECT count(*) AS events FROM es.events');
  const started = performance.now();
  const projector = startProjector({ pool: core.db.slonik, store: core.store, projection: formsProjection, progress: core.progress, log: silentLog });
  const reached = await core.progress.waitFor(['forms'], head, 300_000);
  const seconds = (performance.now() - started) / 1000;
  if (!reached) throw new Error('the live projector did not catch up within 5 minutes');
  return { ops: Number(counted.rows[0]!.events), seconds, projector };
}
