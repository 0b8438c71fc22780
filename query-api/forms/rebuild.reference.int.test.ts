// The forms read side's reference check (issue 35, see sequences.reference.int.test.ts) across a
// rebuild of the forms projection: in the middle of a sequence, and once over everything at the end.
import fc from 'fast-check';
import t from 'tap';
import { canonical, documentAnswer } from '../../testing/forms/reference.ts';
import { readCheckParameters } from '../../testing/read-check.ts';
import { NPM_TEST_SEED, startFormsReadCheck } from '../../testing/forms/sequence-run.ts';

const { finals, rebuild, get, property } = await startFormsReadCheck(t);

t.test('every GET of a form answers what the reference folds from the same saves, across a rebuild in the middle', async () => {
  const parameters = readCheckParameters(100, NPM_TEST_SEED);
  // each of these replays the whole log so far and swaps schemas: run first, while the log is short, and a twentieth as many
  await fc.assert(property(6, true), { ...parameters, numRuns: Math.max(3, Math.ceil(parameters.numRuns / 20)) });
});

t.test('after a rebuild of the forms projection every form reads as the reference', async (t) => {
  const report = await rebuild();
  t.ok(report.events > 0, `replayed ${report.events} events`);
  for (const final of finals) {
    const answer = await get('/api/forms/{name}', `/api/forms/${final.name}`);
    const [got, want] = [canonical(answer), canonical({ status: 200, body: documentAnswer(final.name, final.shared) })];
    if (got !== want) t.fail(`GET /api/forms/${final.name} after the rebuild\n  answered:  ${got}\n  reference: ${want}\n  its saves, as sent:\n    ${final.sent.join('\n    ')}`);
  }
  t.ok(finals.length > 0, `${finals.length} forms compared`);
});
