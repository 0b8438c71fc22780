// A form is a questionnaire file: a name without one is no form, GET /api/forms/:name/questions
// answers the file, and files are read on demand (added, edited, broken, removed).
import { readFile, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { formStream } from '../../domain/forms/form.ts';
import { SAMPLE_FORMS_DIR } from '../../infra/config.ts';
import { startFormsTest } from '../../testing/forms/save-client.ts';

const { system, app, newAddress, post, get } = await startFormsTest(t, []);

t.test('a name without a questionnaire is not a form: GET, POST and the page answer 404, nothing is written', async (t) => {
  const name = 'no-such-form';
  const notFound = { statusCode: 404, code: 'FORM_NOT_FOUND', error: 'Not Found', message: 'there is no form named no-such-form' };
  const read = await get(name);
  t.same([read.statusCode, read.json()], [404, notFound], 'GET /api/forms/:name');
  const questions = await app.inject({ method: 'GET', url: `/api/forms/${name}/questions` });
  t.same([questions.statusCode, questions.json()], [404, notFound], 'GET /api/forms/:name/questions');
  const write = await post(name, { answers: { q1: 'a' }, respondent: 'Ada' }, { 'x-real-ip': newAddress() });
  t.same([write.statusCode, write.json()], [404, notFound], 'POST /api/forms/:name');
  const trapped = await post(name, { answers: { q1: 'a' }, website: 'x' }, { 'x-real-ip': newAddress() });
  t.equal(trapped.statusCode, 404, 'the bot trap too');
  const page = await app.inject({ method: 'GET', url: `/f/${name}` });
  t.equal(page.statusCode, 404, 'the page');
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['x-robots-tag'], 'noindex');
  t.same(await system.core.store.readStream(formStream(name)), [], 'no event in the log');
  const { rows } = await system.core.db.pg.query('SELECT name FROM forms.documents WHERE name = $1', [name]);
  t.same(rows, [], 'no document in the read table');
});

t.test('GET /api/forms/:name/questions answers the questionnaire file', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/api/forms/welcome/questions' });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['cache-control'], 'no-store');
  const file = JSON.parse(await readFile(path.join(SAMPLE_FORMS_DIR, 'welcome.json'), 'utf8')) as { title: string; intro: string; questions: unknown[] };
  t.same(res.json(), { name: 'welcome', title: file.title, intro: file.intro, questions: file.questions }, "the sample's title, intro and questions");
  const types = new Set(file.questions.map((question) => (question as { t: string }).t));
  t.same([...types].sort(), ['grid', 'long', 'many', 'one', 'short'], 'the sample uses every type');

  await system.defineForm('no-intro', { title: 'Short one', questions: [{ id: 'a', t: 'short', q: 'A?' }] });
  const bare = await app.inject({ method: 'GET', url: '/api/forms/no-intro/questions' });
  t.same(bare.json(), { name: 'no-intro', title: 'Short one', intro: '', questions: [{ id: 'a', t: 'short', q: 'A?' }] }, 'intro is "" when the file has none');

  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  t.ok(document.components.schemas.FormDefinition, 'the OpenAPI document names the FormDefinition schema');
  t.ok(document.paths['/api/forms/{name}/questions'].get.responses['404'], 'and the 404');
});

t.test('questionnaire files are read on demand: added, edited, broken and removed without a restart', async (t) => {
  const name = 'added-later';
  const file = path.join(system.formsDir, `${name}.json`);
  const ip = newAddress();
  t.equal((await get(name)).statusCode, 404, 'no file yet');

  await system.defineForm(name, { title: 'First', questions: [{ id: 'a', t: 'short', q: 'A?' }] });
  t.equal((await get(name)).statusCode, 200, 'a file added is a form at once');
  t.equal((await post(name, { answers: { a: 'yes' } }, { 'x-real-ip': ip })).statusCode, 200);
  t.equal((await app.inject({ method: 'GET', url: `/f/${name}` })).statusCode, 200, 'and its page');

  await system.defineForm(name, { title: 'Second', questions: [{ id: 'b', t: 'one', q: 'B?', o: ['x', 'y'] }] });
  // a later modification time, whatever the file system's clock resolution
  const later = new Date(Date.now() + 60_000);
  await utimes(file, later, later);
  const edited = await app.inject({ method: 'GET', url: `/api/forms/${name}/questions` });
  t.same(edited.json(), { name, title: 'Second', intro: '', questions: [{ id: 'b', t: 'one', q: 'B?', o: ['x', 'y'] }] }, 'an edit is seen');
  const gone = await post(name, { answers: { a: 'again' } }, { 'x-real-ip': ip });
  t.same([gone.statusCode, gone.json().code], [400, 'QUESTION_UNKNOWN'], 'a question edited out is unknown');
  t.equal((await post(name, { answers: { b: 'y' } }, { 'x-real-ip': ip })).statusCode, 200, 'the new one answers');

  await system.defineForm(name, { title: 'Broken', questions: [{ id: 'c', t: 'short', q: 'C?', o: ['nope'] }] } as never);
  const evenLater = new Date(Date.now() + 120_000);
  await utimes(file, evenLater, evenLater);
  const broken = await get(name);
  t.same([broken.statusCode, broken.json().code], [404, 'FORM_NOT_FOUND'], 'an unusable file is no form (logged), never a 500');
  t.equal((await post(name, { answers: { b: 'x' } }, { 'x-real-ip': ip })).statusCode, 404);

  await rm(file);
  t.equal((await get(name)).statusCode, 404, 'a file removed: no form');
  t.equal((await system.core.store.readStream(formStream(name))).length, 2, 'the two accepted saves are all the log holds');
});
