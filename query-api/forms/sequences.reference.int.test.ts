// The forms read side's reference check (issue 35): random sequences of saves go through the real
// routes of a real test system: answers of every type of question, patches of several answers and
// notes, the respondent and summary, refused saves, the bot trap, documents pushed past the size cap,
// two clients saving at once. After each step every GET route of the service is asked (a plain
// client: no x-log-position) and its answer compared with the reference (testing/forms/reference.ts),
// which folds the same saves with plain code written from spec 002 Part B. The run is
// testing/forms/sequence-run.ts; the same across a rebuild is rebuild.reference.int.test.ts.
import fc from 'fast-check';
import t from 'tap';
import { readCheckParameters } from '../../testing/read-check.ts';
import { NPM_TEST_SEED, startFormsReadCheck } from '../../testing/forms/sequence-run.ts';

const { app, compared, met, property } = await startFormsReadCheck(t);

t.test('every GET of a form answers what the reference folds from the same saves', async () => {
  await fc.assert(property(6, false), readCheckParameters(100, NPM_TEST_SEED + 1));
});

t.test('the sequences met every outcome of a save the reference knows', async (t) => {
  const expected = [
    '200 saved',
    '200 bot trap, nothing saved',
    'two saves of one form at once, both saved',
    '400 VALIDATION_FAILED',
    '400 QUESTION_UNKNOWN',
    '400 ANSWER_INVALID',
    '404 FORM_NOT_FOUND',
    '413 DOCUMENT_TOO_LARGE',
  ];
  for (const what of expected) t.ok((met.get(what) ?? 0) > 0, `${what}: ${met.get(what) ?? 0} times`);
});

/** GET routes this check cannot compare with a reference, each with its reason. */
const NOT_CHECKED: Readonly<Record<string, string>> = {};

t.test('the check covers every GET route of the forms service', async (t) => {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const gets = Object.entries(document.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([path]) => path)
    .sort();
  t.ok(gets.length > 0, `the document lists GET routes: ${gets.join(', ')}`);
  for (const path of gets) t.ok(compared.has(path) || path in NOT_CHECKED, `GET ${path} is compared with the reference${path in NOT_CHECKED ? ` (not: ${NOT_CHECKED[path]})` : ''}`);
  for (const path of Object.keys(NOT_CHECKED)) t.ok(gets.includes(path), `${path}, listed as not checked, is a GET route of the service`);
});
