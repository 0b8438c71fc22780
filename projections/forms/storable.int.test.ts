// Whatever the forms command side accepts, its projection can store: questionnaires made of any
// definition the schema accepts (labels full of hostile text), and patches answering them as the
// route and the decision accept (options, grid rows and columns as keys and values, free text,
// notes, respondent, summary), go through decide and the PostgreSQL log, and the real projector
// stores every one of them.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'slonik';
import t from 'tap';
import { patchBody } from '../../command-api/forms/routes.ts';
import { decideForm } from '../../domain/forms/decide.ts';
import { type FormDefinition, formDefinitionSchema, type Question } from '../../domain/forms/definition.ts';
import { type AnswerValue, formAggregate, formNameSchema, formStream, MAX_TEXT_LENGTH } from '../../domain/forms/form.ts';
import { assertNever, DomainError } from '../../domain/shared/events.ts';
import { textSchema } from '../../domain/shared/text.ts';
import { acceptedBy, storableLog } from '../../testing/projections/storable.ts';
import { formsProjection } from './form-documents/projector.ts';

const log = await storableLog(t, formsProjection);
const { commands } = log.core;

const text = acceptedBy(textSchema.max(MAX_TEXT_LENGTH));

/** A value the question's type takes; the definition's own labels are what gets chosen. */
function answerTo(question: Question): fc.Arbitrary<AnswerValue> {
  switch (question.t) {
    case 'one':
      return fc.constantFrom('', ...question.o);
    case 'many':
      return fc.subarray(question.o);
    case 'short':
    case 'long':
      return text;
    case 'grid':
      return fc.subarray(question.o.rows).chain((rows) =>
        fc.tuple(...rows.map(() => fc.constantFrom(...question.o.columns))).map((columns) => Object.fromEntries(rows.map((row, i) => [row, columns[i]!]))),
      );
    default:
      return assertNever(question);
  }
}

/** Body candidates answering some of the definition's questions, noting some; the route schema then decides. */
function patchesFor(definition: FormDefinition) {
  const answers = fc
    .subarray(definition.questions)
    .chain((questions) => fc.tuple(...questions.map(answerTo)).map((values) => Object.fromEntries(questions.map((question, i) => [question.id, values[i]!]))));
  const notes = fc
    .subarray(definition.questions.map((question) => question.id))
    .chain((ids) => fc.tuple(...ids.map(() => text)).map((values) => Object.fromEntries(ids.map((id, i) => [id, values[i]!]))));
  const candidate = fc.record(
    { answers, notes, respondent: acceptedBy(patchBody.shape.respondent), summary: acceptedBy(patchBody.shape.summary) },
    { requiredKeys: [] },
  );
  return fc.array(acceptedBy(patchBody, candidate), { minLength: 1, maxLength: 3 });
}

t.test('every patch the forms route and decision accept lands in the forms read table', async (t) => {
  const names = new Set<string>();
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(
      acceptedBy(formNameSchema),
      acceptedBy(formDefinitionSchema).chain((definition) => fc.tuple(fc.constant(definition), patchesFor(definition))),
      async (name, [definition, patches]) => {
        for (const { website: _trap, ...patch } of patches) {
          try {
            await commands({
              stream: formStream(name),
              aggregate: formAggregate,
              decide: (state) => decideForm({ type: 'patch-form', definition, ...patch, now: new Date().toISOString() }, state),
              context: { userId: null, correlationId: randomUUID() },
            });
            names.add(name);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            refused++;
          }
        }
        await log.settled();
      },
    ),
    // a projector that stopped stays stopped: shrinking would only report its later victims
    { numRuns: 80, endOnFailure: true },
  );
  const stored = await log.core.db.slonik.oneFirst(sql.unsafe`SELECT count(*) FROM forms.documents`);
  t.equal(Number(stored), names.size, `every one of the ${names.size} forms saved is in the read table`);
  t.ok(names.size >= 40, `${names.size} forms`);
  t.ok(refused <= 10, `patches built from the definition are accepted (${refused} refused)`);
});
