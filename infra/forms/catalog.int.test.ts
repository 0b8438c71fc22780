// The questionnaire files on a real file system: start-up's check and the on-demand catalog.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { SAMPLE_FORMS_DIR } from '../config.ts';
import { checkFormsDir, createFormCatalog, type FormDefinitionError } from './catalog.ts';

const good = { title: 'Good', questions: [{ id: 'a', t: 'short', q: 'A?' }] };

async function folder(t: Test, files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'forms-catalog-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

t.test("the repository's sample folder is valid: one form, welcome", async (t) => {
  t.same(await checkFormsDir(SAMPLE_FORMS_DIR), ['welcome']);
});

t.test('start-up check: every file valid gives the form names; other files are ignored', async (t) => {
  const dir = await folder(t, { 'b.json': JSON.stringify(good), 'a.json': JSON.stringify(good), 'README.md': '# notes' });
  t.same(await checkFormsDir(dir), ['a', 'b']);
});

t.test('start-up check: the first unusable file stops it, naming the file and the field', async (t) => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['a field', { 'ok.json': JSON.stringify(good), 'survey.json': JSON.stringify({ ...good, questions: [{ id: 'a', t: 'short', q: 'A?', o: ['x'] }] }) }, /survey\.json: questions\.0\.o: a short question has no options/],
    ['an unknown type', { 'survey.json': JSON.stringify({ ...good, questions: [{ id: 'a', t: 'scale', q: 'A?' }] }) }, /survey\.json: questions\.0\.t: one of one, many, short, long, grid$/],
    ['broken JSON', { 'survey.json': '{"title": "x",' }, /survey\.json: not valid JSON: /],
    ['a file name that is no form name', { 'my survey.json': JSON.stringify(good) }, /my survey\.json: the file name is the form name: /],
  ];
  for (const [label, files, message] of cases) {
    const dir = await folder(t, files);
    await t.rejects(checkFormsDir(dir), { name: 'FormDefinitionError', message }, label);
    await t.rejects(checkFormsDir(dir), { message: new RegExp(`^${dir.replaceAll('/', '\\/')}\\/`) }, `${label}: the whole path`);
  }
  await t.rejects(checkFormsDir('/nonexistent/forms'), { name: 'FormDefinitionError', message: '/nonexistent/forms: FORMS_DIR: no such folder' }, 'a missing folder');
});

t.test('the catalog reads a file when asked, and again only once it changed', async (t) => {
  const dir = await folder(t, { 'survey.json': JSON.stringify(good) });
  const invalid: FormDefinitionError[] = [];
  const catalog = createFormCatalog({ dir, onInvalid: (error) => invalid.push(error) });
  const file = path.join(dir, 'survey.json');
  const touch = async (seconds: number) => {
    const time = new Date(Date.now() + seconds * 1000);
    await utimes(file, time, time);
  };

  t.same(await catalog.find('survey'), good);
  t.equal(await catalog.has('survey'), true);
  t.equal(await catalog.find('other'), null, 'no file: no form');
  t.equal(await catalog.find('../survey'), null, 'a name that is no form name never reaches the file system');
  await mkdir(path.join(dir, 'folder.json'));
  t.equal(await catalog.find('folder'), null, 'a folder is no questionnaire');

  const edited = { ...good, title: 'Edited' };
  await writeFile(file, JSON.stringify(edited));
  await touch(60);
  t.same(await catalog.find('survey'), edited, 'an edit is read');

  await writeFile(file, JSON.stringify({ ...good, questions: [] }));
  await touch(120);
  t.equal(await catalog.find('survey'), null, 'an unusable file is no form');
  t.equal(await catalog.find('survey'), null);
  t.equal(invalid.length, 1, 'reported once per version of the file');
  t.match(invalid[0]?.message, new RegExp(`${file}: questions: `), 'naming the file and the field');

  await writeFile(file, JSON.stringify(good));
  await touch(180);
  t.same(await catalog.find('survey'), good, 'fixed: a form again');
  await rm(file);
  t.equal(await catalog.find('survey'), null, 'removed: no form');
  t.equal(invalid.length, 1);
});
