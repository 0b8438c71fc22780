// Issue 11: `npm start` on the embedded server, as real processes. Started again at once after
// SIGTERM, the new process comes up while the old one is still stopping; two processes started at
// once on a fresh DATA_DIR both come up (one initialises the folder, the other waits and joins).
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { freePort } from '../infra/postgres/free-port.ts';
import { makeFormsDir } from '../testing/forms/questionnaire.ts';
import { tvmazeStandIn } from '../infra/tvmaze/recorded-server.ts';
import { embeddedMainEnv, spawnMain } from '../testing/main-process.ts';
import { createReadAfter } from '../testing/read-after.ts';

const DEADLINE_MS = 60_000;
const tvmaze = await tvmazeStandIn(t);
const formsDir = await makeFormsDir(t, ['restart', 'twins']);

async function freshDataDir(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ledger-restart-'));
  // as root the server runs as the `postgres` user, which must be able to enter the folder
  await chmod(dir, 0o755);
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}


function start(t: Test, dataDir: string, pgPort: number) {
  const { child, exited, out, err, said } = spawnMain(embeddedMainEnv({ dataDir, pgPort, tvmazeUrl: tvmaze.url, formsDir }));
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  /** the forms service's URL once every service listens */
  const listening = async (): Promise<string> => {
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const lines = out().split('\n').filter((line) => line.includes('"service listening"'));
      const forms = lines.find((line) => line.includes('"service":"forms"'));
      if (lines.length === 4 && forms) return (JSON.parse(forms) as { url: string }).url;
      if (child.exitCode !== null) throw new Error(`the process exited ${child.exitCode}: ${out().slice(-2000)} ${err()}`);
      if (Date.now() > deadline) throw new Error(`not listening within ${DEADLINE_MS} ms: ${out().slice(-2000)} ${err()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, listening, out, said };
}

async function health(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: await response.json() };
}

// a save answers before the read side has it: the reads send back where the saves landed
const readAfter = createReadAfter();

/** a save answered 200, retried while the answer is 503 (the server changing hands) */
async function saved(url: string, form: string): Promise<number> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const response = await fetch(`${url}/api/forms/${form}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3004' },
      body: JSON.stringify({ answers: { q1: 'yes' } }),
    });
    await response.arrayBuffer();
    readAfter.remember(response);
    if (response.status !== 503 || Date.now() > deadline) return response.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const postmasterPid = (dataDir: string): string => path.join(dataDir, 'postgres', 'postmaster.pid');

t.test('started again at once after SIGTERM, the new process comes up and keeps working', async (t) => {
  const dataDir = await freshDataDir(t);
  const pgPort = await freePort();
  const first = start(t, dataDir, pgPort);
  const firstUrl = await first.listening();
  t.equal(await saved(firstUrl, 'restart'), 200, 'the first process saves');

  first.child.kill('SIGTERM');
  const second = start(t, dataDir, pgPort);
  const secondUrl = await second.listening();
  t.equal(await first.exited, 0, 'the first process stopped cleanly', first.said());
  t.same(await health(secondUrl), { status: 200, body: { status: 'ok' } }, 'the second answers its health (PostgreSQL included)');
  t.equal(await saved(secondUrl, 'restart'), 200, 'the second saves after the first has gone');
  const document = (await (await fetch(`${secondUrl}/api/forms/restart`, { headers: readAfter.headers() })).json()) as { version: number };
  t.equal(document.version, 2, 'both saves are there, once each');

  second.child.kill('SIGTERM');
  t.equal(await second.exited, 0, 'the second process stopped cleanly', second.said());
  t.notOk(existsSync(postmasterPid(dataDir)), 'the process exited only after PostgreSQL had stopped');
});

t.test('two processes started at once on a fresh DATA_DIR both come up', async (t) => {
  const dataDir = await freshDataDir(t);
  const pgPort = await freePort();
  const a = start(t, dataDir, pgPort);
  const b = start(t, dataDir, pgPort);
  const [urlA, urlB] = await Promise.all([a.listening(), b.listening()]);
  t.same(await health(urlA), { status: 200, body: { status: 'ok' } }, 'the first answers');
  t.same(await health(urlB), { status: 200, body: { status: 'ok' } }, 'the second answers');
  t.equal(await saved(urlA, 'twins'), 200);
  t.equal(await saved(urlB, 'twins'), 200);

  a.child.kill('SIGTERM');
  t.equal(await a.exited, 0, 'the first stopped cleanly', a.said());
  // a failure here says what the second process printed, and whether it is still running
  const afterFirst = await saved(urlB, 'twins').catch((error: unknown) => ({ error: String(error), ...b.said() }));
  t.equal(afterFirst, 200, 'the second still saves once the first has gone');
  b.child.kill('SIGTERM');
  t.equal(await b.exited, 0, 'the second stopped cleanly', b.said());
  t.notOk(existsSync(postmasterPid(dataDir)), 'no server is left running');
});
