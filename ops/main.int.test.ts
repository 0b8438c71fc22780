// `npm start`'s entry as a real process: start-up, configuration errors, graceful shutdown.
import http from 'node:http';
import path from 'node:path';
import t from 'tap';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { makeDatabase } from '../testing/database.ts';
import { makeFormsDir } from '../testing/forms/questionnaire.ts';
import { until } from '../testing/until.ts';
import { spawnMain, SPAWNED_MAIN_ENV } from '../testing/main-process.ts';

const run = spawnMain;

t.test('a bad variable stops start-up with one line naming it', async (t) => {
  const proc = run({ FORMS_PORT: 'not-a-port' });
  t.equal(await proc.exited, 1);
  t.equal(proc.err().trim().split('\n').length, 1);
  t.match(proc.err(), /^invalid configuration: FORMS_PORT: /);
});

t.test('an unusable questionnaire stops start-up, naming the file and the field', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ledger-bad-forms-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'survey.json'), JSON.stringify({ title: 'Survey', questions: [{ id: 'a', t: 'slider', q: 'How much?' }] }));
  // no database is needed: the check comes before anything is started
  const proc = run({ FORMS_DIR: dir, DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', LOG_LEVEL: 'silent' });
  t.equal(await proc.exited, 1);
  t.equal(proc.err(), `invalid questionnaire: ${path.join(dir, 'survey.json')}: questions.0.t: one of one, many, short, long, grid\n`);
});

t.test('SIGTERM lets in-flight requests finish, then the process exits 0', async (t) => {
  const db = await makeDatabase();
  t.teardown(() => db.drop());
  const proc = run({
    FORMS_DIR: await makeFormsDir(t, ['shutdown']),
    ...SPAWNED_MAIN_ENV,
    DATABASE_URL: db.url,
  });
  const url = await until('the forms service to listen', () => {
    const line = proc.out().split('\n').find((l) => l.includes('"service listening"') && l.includes('"service":"forms"'));
    return line && (JSON.parse(line) as { url: string }).url;
  });
  // start-up ends with one line per app giving the address to open
  const openLines = until('a line for each of the four apps', () => {
    const lines = proc.out().split('\n').filter((line) => line.includes('"msg":"open the '));
    return (
      lines.length === 4 &&
      lines.map((line) => {
        const { app, url } = JSON.parse(line) as { app: string; url: string };
        return { app, url };
      })
    );
  });
  t.same(await openLines, [
    { app: 'gym', url: 'http://localhost:3001/' },
    { app: 'shows', url: 'http://localhost:3002/' },
    { app: 'club', url: 'http://localhost:3003/app' },
    { app: 'forms', url: 'http://localhost:3004/f/welcome' },
  ], 'one line per app, at their public addresses');
  // a request whose body is still arriving when the signal comes
  const body = JSON.stringify({ answers: { q1: 'a slow answer' } });
  const target = new URL(`${url}/api/forms/shutdown`);
  const request = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: 'http://localhost:3004' },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  // until the server has parsed the headers the connection counts as idle and closing drops it; a
  // loaded machine can take a while to get there
  await new Promise((resolve) => setTimeout(resolve, 1000));
  proc.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  request.end(body.slice(10));
  const { status, text } = await answered;
  t.equal(status, 200, 'the in-flight request was answered');
  t.match(JSON.parse(text), { answers: { q1: 'a slow answer' }, version: 1 });
  t.equal(await proc.exited, 0);
  t.match(proc.out(), /"msg":"stopped"/);
});
