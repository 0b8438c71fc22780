// Whatever the forms command side accepts, its projection can store: patches made of any body the
// route schema accepts (answers, notes, respondent, summary; strings in lists and grids, keys too)
// go through decide and the PostgreSQL log, and the real projector stores every one of them.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'slonik';
import t from 'tap';
import { patchBody } from '../../command-api/forms/routes.ts';
import { decideForm } from '../../domain/forms/decide.ts';
import { formAggregate, formNameSchema, formStream } from '../../domain/forms/form.ts';
import { DomainError } from '../../domain/shared/events.ts';
import { acceptedBy, storableLog } from '../testing-storable.ts';
import { formsProjection } from './form-documents.ts';

const log = await storableLog(t, formsProjection);
const { commands } = log.core;

t.test('every patch the forms route accepts lands in the forms read table', async (t) => {
  const names = new Set<string>();
  await fc.assert(
    fc.asyncProperty(acceptedBy(formNameSchema), fc.array(acceptedBy(patchBody), { minLength: 1, maxLength: 3 }), async (name, patches) => {
      // the bot trap (`website`) only decides whether the route stores at all
      for (const { website: _trap, ...patch } of patches) {
        try {
          await commands({
            stream: formStream(name),
            aggregate: formAggregate,
            decide: (state) => decideForm({ type: 'patch-form', ...patch, now: new Date().toISOString() }, state),
            context: { userId: null, correlationId: randomUUID() },
          });
          names.add(name);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }
      await log.settled();
    }),
    // a projector that stopped stays stopped: shrinking would only report its later victims
    { numRuns: 80, endOnFailure: true },
  );
  const stored = await log.core.db.slonik.oneFirst(sql.unsafe`SELECT count(*) FROM forms.documents`);
  t.equal(Number(stored), names.size, `every one of the ${names.size} forms saved is in the read table`);
  t.ok(names.size >= 40, `${names.size} forms`);
});
