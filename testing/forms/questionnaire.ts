// Test support for the forms service: a questionnaire that takes what the tests send, and
// throwaway FORMS_DIR folders holding it under the form names a test uses.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import { SAMPLE_FORMS_DIR } from '../../infra/config.ts';

type Teardown = { teardown(fn: () => Promise<void> | void): void };

/** The most questions a form may have (150): q0..q145 take any text, then one of each choice type. */
export const TEST_QUESTIONNAIRE: FormDefinition = {
  title: 'Test questionnaire',
  questions: [
    ...Array.from({ length: 146 }, (_, i) => ({ id: `q${i}`, t: 'long' as const, q: `Question ${i}` })),
    { id: 'colour', t: 'one', q: 'Favourite colour?', o: ['red', 'green', 'blue'] },
    { id: 'days', t: 'many', q: 'Which days?', o: ['mon', 'tue', 'wed'] },
    { id: 'rating', t: 'grid', q: 'Rate these', o: { rows: ['food', 'music'], columns: ['poor', 'good', 'great'] } },
    { id: 'name', t: 'short', q: 'Your name' },
  ],
};

/** Writes `<name>.json` into `dir`; the running service picks it up at its next request. */
export async function defineForm(dir: string, name: string, definition: FormDefinition = TEST_QUESTIONNAIRE): Promise<void> {
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(definition, null, 2));
}

/**
 * A fresh FORMS_DIR, removed at teardown, holding the repository's sample (`welcome`) and
 * TEST_QUESTIONNAIRE under each of `names`.
 */
export async function makeFormsDir(t: Teardown, names: readonly string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ledger-forms-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await copyFile(path.join(SAMPLE_FORMS_DIR, 'welcome.json'), path.join(dir, 'welcome.json'));
  for (const name of names) await defineForm(dir, name);
  return dir;
}
