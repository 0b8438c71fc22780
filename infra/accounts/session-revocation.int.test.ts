// Issue 17: sessions are served from memory after their first lookup, and every way a session
// ends (a logout, a password change, an erasure, an operator's SQL) reaches every process within a
// second. Two cores on one database stand for two API processes.
import { sql } from 'slonik';
import t from 'tap';
import { gymClient } from '../../testing/gym/client.ts';
import { loadConfig } from '../config.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../../testing/harness.ts';
import { openCore } from '../../ops/system.ts';
import { WANTED_CHANNEL } from '../../projections/runtime/progress.ts';
import { until } from '../../testing/until.ts';
import { SESSION_CHANNEL } from './session-cache.ts';
import type { Sessions } from './sessions.ts';

const system = await startTestSystem(t);
const gym = gymClient(system.apps.gym!);
const other = await openCore(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: system.url, SESSION_SECRET: TEST_SESSION_SECRET }));
t.teardown(() => other.close());
const here = system.core.sessions.gym;
const there = other.sessions.gym;
const pool = system.core.db.slonik;

/** the backends that LISTEN on `channel` (among others, in one statement) */
const listenersOf = async (channel: string): Promise<number[]> =>
  (await pool.anyFirst(sql.unsafe`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND query LIKE ${`%"${channel}"%`}`)).map(Number);

/** the two processes' LISTEN connections are in place (they open right after the core), none of them one of the `terminated` */
const bothListening = (terminated: readonly number[] = []): Promise<boolean> =>
  until('both sessions LISTEN connections to open', async () => {
    const listening = await listenersOf(SESSION_CHANNEL);
    return listening.length === 2 && !listening.some((pid) => terminated.includes(pid));
  });

/** milliseconds until `sessions` no longer takes `token`; fails the test past 1 s */
async function refusedWithin(sessions: Sessions, token: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 1000) {
    if ((await sessions.find(token)) === null) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the session was still taken after 1 s');
}

/** changes the row without its trigger: what only a lookup in PostgreSQL could notice */
const silently = (statement: ReturnType<typeof sql.unsafe>) =>
  pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`SET LOCAL session_replication_role = replica`);
    await tx.query(statement);
  });

async function signedIn(email: string): Promise<{ token: string; userId: string }> {
  const { sid } = await gym.signup(email);
  const found = await there.find(sid);
  if (!found) throw new Error('a new session was not found');
  return { token: sid, userId: found.session.userId };
}

await bothListening();

t.test('a session looked up once is served from memory: a change made without telling the processes goes unnoticed', async (t) => {
  const { token } = await signedIn('memory@example.org');
  t.ok(await there.find(token), 'looked up in PostgreSQL, then held');
  await silently(sql.unsafe`UPDATE auth.sessions SET expires_at = now() - interval '1 day' WHERE id = ${there.idOf(token)}`);
  t.ok(await there.find(token), 'still taken: no query was made');
  // the same change told, as every path that ends a session does through the table's trigger
  await pool.query(sql.unsafe`UPDATE auth.sessions SET expires_at = now() - interval '1 day' WHERE id = ${there.idOf(token)}`);
  t.ok((await refusedWithin(there, token)) < 1000, 'refused once the change is heard');
});

t.test('a logout ends the session at once in its own process and within a second in the other', async (t) => {
  const { token } = await signedIn('logout@example.org');
  t.ok(await here.find(token), 'held here');
  t.ok(await there.find(token), 'held there');
  await here.end(token);
  t.equal(await here.find(token), null, 'refused here at once');
  const ms = await refusedWithin(there, token);
  t.ok(ms < 1000, `refused there after ${ms.toFixed(0)} ms`);
});

t.test('a password change (every session but the current one) and a reset (all of them) reach the other process', async (t) => {
  const { token, userId } = await signedIn('password@example.org');
  const second = (await gym.login('password@example.org')).sid!;
  t.ok(await there.find(second), 'the second login is held there');
  await here.endAllOf(userId, token);
  t.ok((await refusedWithin(there, second)) < 1000, 'the other login is refused there');
  t.ok(await there.find(token), 'the one that changed the password still works');
  await pool.transaction((tx) => here.endAllOf(userId, undefined, tx));
  t.ok((await refusedWithin(there, token)) < 1000, 'a reset refuses the last one too');
});

t.test("an erasure's cascade and an operator's DELETE reach every process", async (t) => {
  const erased = await signedIn('erased@example.org');
  t.ok(await here.find(erased.token), 'held here');
  await system.core.accounts.remove(erased.userId);
  t.ok((await refusedWithin(here, erased.token)) < 1000, 'the account deleted: refused here');
  t.ok((await refusedWithin(there, erased.token)) < 1000, 'and there');
  const kicked = await signedIn('kicked@example.org');
  await pool.query(sql.unsafe`DELETE FROM auth.sessions WHERE user_id = ${kicked.userId}`);
  t.ok((await refusedWithin(there, kicked.token)) < 1000, 'deleted by hand: refused there');
});

t.test('while the LISTEN connection is lost nothing is served from memory, and it comes back', async (t) => {
  const { token } = await signedIn('deaf@example.org');
  t.ok(await there.find(token), 'held there');
  const pids = await listenersOf(SESSION_CHANNEL);
  const wakeUps = await listenersOf(WANTED_CHANNEL);
  await pool.query(sql.unsafe`SELECT pg_terminate_backend(pid) FROM unnest(${sql.array(pids, 'int4')}) AS pid`);
  t.equal(pids.length, 2, `both processes were listening (${pids.length} LISTEN connections)`);
  t.same(
    [...wakeUps].sort(),
    [...pids].sort(),
    "each process, running projectors, hears their wake-ups on that one connection",
  );
  // a change no process can hear now: only a lookup in PostgreSQL sees it
  await silently(sql.unsafe`UPDATE auth.sessions SET expires_at = now() - interval '1 day' WHERE id = ${there.idOf(token)}`);
  t.ok((await refusedWithin(there, token)) < 1000, 'refused: the lost connection emptied the memory');
  await bothListening(pids);
  const back = await signedIn('back@example.org');
  t.ok(await there.find(back.token), 'held again');
  await here.end(back.token);
  t.ok((await refusedWithin(there, back.token)) < 1000, 'revocations are heard again');
});
