// Issue 11, part 2: PostgreSQL stopped and started again under load. Meanwhile requests answer 503
// with Retry-After (never 500), shows' liveness answers; afterwards everything recovers by itself
// and the read tables equal a replay of the log. The server is this test's own, not the run's.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import t from 'tap';
import { loadConfig } from '../infra/config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../infra/postgres/embedded.ts';
import { freePort } from '../infra/postgres/free-port.ts';
import { makeFormsDir } from '../testing/forms/questionnaire.ts';
import { until } from '../testing/until.ts';
import { tvmazeStandIn } from '../infra/tvmaze/recorded-server.ts';
import { projections, startSystem } from './system.ts';
import { TEST_SESSION_SECRET } from '../testing/harness.ts';
import { liveAndReplayed } from '../testing/read-tables.ts';

const DEADLINE_MS = 30_000;
const dir = await mkdtemp(path.join(tmpdir(), 'ledger-outage-'));
await chmod(dir, 0o755);
// last in, first out: the system, then the server, then its folder
const closers: (() => Promise<unknown>)[] = [() => rm(dir, { recursive: true, force: true })];
t.teardown(async () => {
  for (const close of closers.reverse()) await close();
});
const port = await freePort();
const settings = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
const startServer = (): Promise<EmbeddedPostgresHandle> =>
  startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port, persistent: true, settings });
let server = await startServer();
closers.push(() => server.stop());

const tvmaze = await tvmazeStandIn(t);
const errors: string[] = [];
const logger = pino(
  { level: 'error' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) errors.push((JSON.parse(line) as { msg: string }).msg);
      done();
    },
  }),
);
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: server.url,
  SESSION_SECRET: TEST_SESSION_SECRET,
  TVMAZE_URL: tvmaze.url,
  PROJECTION_WAIT_MS: '1000',
  GYM_PORT: '0',
  SHOWS_PORT: '0',
  CLUB_PORT: '0',
  FORMS_PORT: '0',
  FORMS_DIR: await makeFormsDir(t, ['outage-0', 'outage-1']),
});
const system = await startSystem(config, logger);
closers.push(() => system.stop());
const base = (name: string): string => `http://127.0.0.1:${system.services.find((service) => service.name === name)!.port}`;

type Answer = { status: number; retryAfter: string | null; code: string | undefined };
async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  const code = text.startsWith('{') ? (JSON.parse(text) as { code?: string }).code : undefined;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), code };
}
const save = (form: string, writer: number, i: number): Promise<Answer> =>
  call(`${base('forms')}/api/forms/${form}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: config.FORMS_BASE_URL, 'x-real-ip': `10.0.1.${writer + 1}` },
    body: JSON.stringify({ answers: { [`q${writer}`]: String(i) } }),
  });

const saves: Answer[] = [];
const reads: Answer[] = [];
let stopLoad = false;
// four writers on two forms and a reader, for the whole test
const load = [
  ...Array.from({ length: 4 }, async (_, writer) => {
    for (let i = 0; !stopLoad; i++) {
      saves.push(await save(`outage-${writer % 2}`, writer, i));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }),
  (async () => {
    while (!stopLoad) {
      reads.push(await call(`${base('forms')}/api/forms/outage-0`));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })(),
];

t.test('PostgreSQL stops and starts again under load', async (t) => {
  await until('20 saves before the outage', () => saves.length >= 20, DEADLINE_MS);
  t.same([...new Set(saves.map((answer) => answer.status))], [200], 'before: every save answered 200');

  await server.stop();
  const atStop = saves.length;
  await until('the load met the outage', () => saves.slice(atStop).filter((answer) => answer.status === 503).length >= 8, DEADLINE_MS);
  const during = {
    save: await save('outage-0', 9, 0),
    read: await call(`${base('forms')}/api/forms/outage-0`),
    login: await call(`${base('gym')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.org', password: 'a password of some length' }),
    }),
    gymHealth: await call(`${base('gym')}/api/health`),
    showsLive: await fetch(`${base('shows')}/api/health`).then(async (response) => ({ status: response.status, body: await response.json() })),
  };
  t.match(during.save, { status: 503, retryAfter: /^\d+$/, code: /^(DATABASE_UNAVAILABLE|NOT_READY)$/ }, 'a save: 503 with Retry-After');
  t.match(during.read, { status: 503, retryAfter: /^\d+$/, code: 'DATABASE_UNAVAILABLE' }, 'a read: 503 DATABASE_UNAVAILABLE');
  t.match(during.login, { status: 503, retryAfter: /^\d+$/, code: 'DATABASE_UNAVAILABLE' }, 'a login: 503 DATABASE_UNAVAILABLE');
  t.match(during.gymHealth, { status: 503, retryAfter: /^\d+$/ }, "gym's health, which checks PostgreSQL: 503");
  t.same(during.showsLive, { status: 200, body: { status: 'ok' } }, "shows' liveness touches no database: 200 ok");

  server = await startServer();
  const atRestart = saves.length;
  await until('saves succeed again by themselves', () => saves.slice(atRestart).filter((answer) => answer.status === 200).length >= 20, DEADLINE_MS);
  stopLoad = true;
  await Promise.all(load);

  const answers = [...saves, ...reads];
  t.same(
    answers.filter((answer) => answer.status !== 200 && answer.status !== 503),
    [],
    `every answer was 200 or 503 (${answers.length} requests)`,
  );
  t.same(
    answers.filter((answer) => answer.status === 503 && !/^\d+$/.test(answer.retryAfter ?? '')),
    [],
    'every 503 carried Retry-After',
  );
  t.ok(reads.slice(-1)[0]?.status === 200, 'reads answer again');

  const head = await system.core.store.headPosition();
  t.ok(await system.core.progress.waitFor(projections.map((projection) => projection.name), head, DEADLINE_MS), 'every projector caught up');
  // a save that met the outage may or may not have been stored; one answered 200 always was
  const total = await system.core.db.pg.query<{ sum: string }>('SELECT sum(version)::text AS sum FROM forms.documents');
  const stored = Number(total.rows[0]!.sum);
  const ok = saves.filter((answer) => answer.status === 200).length;
  const unsure = saves.filter((answer) => answer.status === 503).length;
  t.ok(stored >= ok && stored <= ok + unsure + 1, `stored saves ${stored}: at least the ${ok} answered 200, at most those and the ${unsure + 1} answered 503`);
  for (const projection of projections) {
    const { live, replayed } = await liveAndReplayed(system.core.db.slonik, system.core.store, projection);
    t.same(live, replayed, `${projection.name}: the read tables equal a replay of the log`);
  }
  t.same(errors, [], 'nothing was logged as an error');
});
