// Issue 35, point 3: a plain client of the forms API (no session, no x-log-position) reads what it
// has just saved. A read that arrives while the forms projection is behind the log waits for the
// log's head as it stood when the read arrived; past PROJECTION_WAIT_MS it is a 503, never a stale copy.
import t from 'tap';
import { LOG_POSITION_HEADER } from '../../command-api/shared/read-your-writes.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { waitUntil } from '../../testing/until.ts';

const ORIGIN = 'http://localhost:3004';

const system = await startTestSystem(t, { PROJECTION_WAIT_MS: '1500' });
const app = system.apps.forms!;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (typeof address !== 'object' || !address) throw new Error('not listening');
const base = `http://127.0.0.1:${address.port}`;

type Document = { version: number; answers: Record<string, unknown>; respondent: string };

let lastAddress = 0;
const newAddress = (): string => `203.0.113.${++lastAddress}`;

/** A save over a real socket, as any HTTP client makes it: nothing of the answer is kept for later reads. */
async function save(name: string, body: object, ip: string): Promise<Document> {
  const response = await fetch(`${base}/api/forms/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-real-ip': ip },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`save answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Document;
}

/** A read with no header at all. */
async function read(name: string): Promise<{ status: number; retryAfter: string | null; body: Document & { code?: string } }> {
  const response = await fetch(`${base}/api/forms/${name}`);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Document & { code?: string } };
}

t.test('a save then, at once, a read without any header: the read has the save, every time', async (t) => {
  const name = 'at-once';
  await system.defineForm(name);
  const ip = newAddress();
  const stale: string[] = [];
  for (let round = 1; round <= 30; round++) {
    const saved = await save(name, { answers: { q1: `round ${round}` }, respondent: `R${round}` }, ip);
    const got = await read(name);
    if (got.status !== 200 || got.body.version !== saved.version || got.body.answers['q1'] !== `round ${round}`) {
      stale.push(`round ${round}: saved version ${saved.version}, read ${got.status} version ${got.body.version} q1 ${JSON.stringify(got.body.answers?.['q1'])}`);
    }
  }
  t.same(stale, [], 'no read answered an older copy than the save just answered');
});

t.test('20 saves in parallel, then a read without any header: version 20 with all 20 answers', async (t) => {
  for (let batch = 1; batch <= 5; batch++) {
    const name = `parallel-${batch}`;
    await system.defineForm(name);
    const ip = newAddress();
    const saved = await Promise.all(Array.from({ length: 20 }, (_, i) => save(name, { answers: { [`q${i}`]: `client ${i}` } }, ip)));
    t.same(saved.map((document) => document.version).sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 1), `${name}: versions 1..20 answered`);
    const got = await read(name);
    t.equal(got.status, 200);
    t.equal(got.body.version, 20, `${name}: the read after every answer has all 20 saves`);
    t.same(got.body.answers, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i}`, `client ${i}`])), `${name}: every key`);
  }
});

t.test('with the projector held back, a plain read waits: 503 past the deadline, the save once it is projected', async (t) => {
  const name = 'held-back';
  await system.defineForm(name);
  const ip = newAddress();
  await save(name, { answers: { q1: 'first' } }, ip);
  t.equal((await read(name)).body.version, 1);

  // The projector's write of the next save blocks on this lock (reads of the table do not); the
  // transaction writes nothing, so the log's readers are not held back by it.
  const held = await system.core.db.pg.connect();
  t.teardown(async () => {
    await held.query('ROLLBACK').catch(() => undefined);
    held.release();
  });
  await held.query('BEGIN');
  await held.query('LOCK TABLE forms.documents IN SHARE MODE');
  const saved = await save(name, { answers: { q1: 'second' } }, ip);
  t.equal(saved.version, 2, 'the save answers at once: it does not wait for the read side');
  t.ok(
    await waitUntil(async () => {
      const { rows } = await system.core.db.pg.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%documents%'`,
      );
      return rows[0]!.waiting > 0;
    }, 30_000),
    'the projector has the save and waits for the lock',
  );

  const behind = await read(name);
  t.same([behind.status, behind.body.code, behind.retryAfter], [503, 'NOT_READY', '1'], 'past PROJECTION_WAIT_MS: 503 NOT_READY with Retry-After, not version 1');

  const waiting = read(name);
  await held.query('COMMIT');
  const caughtUp = await waiting;
  t.equal(caughtUp.status, 200);
  t.match(caughtUp.body, { version: 2, answers: { q1: 'second' } }, 'the read that waited answers the save');
});

t.test('x-log-position keeps its meaning: a malformed one is 400 naming the header', async (t) => {
  const response = await fetch(`${base}/api/forms/at-once`, { headers: { [LOG_POSITION_HEADER]: 'yesterday' } });
  t.equal(response.status, 400);
  t.match(await response.json(), { code: 'VALIDATION_FAILED', message: new RegExp(`^${LOG_POSITION_HEADER}:`) });
});

