// The erasure fence as a store without transactions of its own uses it (EventStoreDB): the
// append runs while its actors' locks are held, so a fence waits for it, and nothing runs after.
import t from 'tap';
import { createTestDatabase } from '../../testing/database.ts';
import { until } from '../../testing/until.ts';
import { createActorFence, ERASED_USERS_DDL } from './fence.ts';
import { UserErasedError } from './port.ts';

const db = await createTestDatabase(t, 6);
await db.pool.query(ERASED_USERS_DDL);
const fence = createActorFence(db.pool);
const waitingFor = async (user: string): Promise<number> =>
  (await db.pool.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objid = hashtext($1)::oid AND NOT granted`, [user])).rowCount ?? 0;
const held = async (): Promise<number> => (await db.pool.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND granted`)).rowCount ?? 0;

t.test('a fence waits for an append under way, which completes; every later append is refused without running', async (t) => {
  const user = 'user-esdb-under-way';
  let finish: () => void = () => undefined;
  const underWay = fence.hold('s.under-way', [user, 'user-beside'], () => new Promise<string>((resolve) => (finish = () => resolve('appended'))));
  await until('the append to hold its locks', async () => (await held()) === 2);
  let fenced = false;
  const fencing = fence.fenceOut(user).then(() => {
    fenced = true;
  });
  await until('the fence to wait for it', async () => (await waitingFor(user)) === 1);
  t.notOk(fenced, 'no fence while the append is under way');
  finish();
  t.equal(await underWay, 'appended');
  await fencing;

  let ran = false;
  const later = await fence
    .hold('s.later', ['user-beside', user], async () => {
      ran = true;
    })
    .catch((e: unknown) => e);
  t.ok(later instanceof UserErasedError, 'a later append naming them is refused');
  t.equal((later as UserErasedError).stream, 's.later');
  t.notOk(ran, 'and not run');
  t.equal(await fence.hold('s.other', ['user-beside'], async () => 'fine'), 'fine', 'another user goes on');
  t.equal(await held(), 0, 'every lock is let go');
});

t.test('an append that fails lets its locks go: a fence after it does not wait', async (t) => {
  const user = 'user-esdb-failed';
  const failed = await fence.hold('s.failed', [user], async () => Promise.reject(new Error('the store said no'))).catch((e: unknown) => e);
  t.match(failed, { message: 'the store said no' });
  t.equal(await held(), 0);
  await fence.fenceOut(user);
  await fence.fenceOut(user);
  t.ok((await fence.hold('s.after', [user], async () => 'ran').catch((e: unknown) => e)) instanceof UserErasedError);
});

t.test("the server ending the session that holds the locks while the append runs: the append still answers, and the process goes on", async (t) => {
  const holder = async (): Promise<number> =>
    Number((await db.pool.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)).rows[0]?.pid);
  const answer = await fence.hold('s.ended-meanwhile', ['user-ended-meanwhile'], async () => {
    await db.pool.query('SELECT pg_terminate_backend($1)', [await holder()]);
    // the ended session's error reaches its idle client while the append goes on
    await until('the session to be gone', async () => (await held()) === 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return 'appended';
  });
  t.equal(answer, 'appended', 'the append answers; with no listener on the idle client its error ended the process');
  t.equal(await held(), 0, 'no lock is left held');
  t.equal(await fence.hold('s.after', ['user-ended-meanwhile'], async () => 'next'), 'next', 'the next append is fenced as usual');
});
