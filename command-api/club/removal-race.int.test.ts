// Issue 35, point 9, for club: `ops club:user remove` (a process of its own) must win the race with
// the login's other device, which adds people (each a new stream) and changes its password (its
// own history stream) meanwhile. The people and nights a login edited are the club's and stay, with
// its id as their acting user (docs/design.md, "Erasure"); what is the login's goes, and from the
// removal on nothing of it is written: the log holds afterwards what it held when the removal ended.
import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { clubUserStream } from '../../domain/club/user.ts';
import { describeEvents, eventsNaming, tally } from '../../testing/erasure-race.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../../testing/harness.ts';
import { whereFound } from '../../testing/where-found.ts';
import { until } from '../../testing/until.ts';
import { clubProjection } from '../../projections/club/index.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { recordAccountCreated } from './user.ts';
import { cuid } from '../../testing/club/client.ts';
import { logIn } from '../../testing/sign-in.ts';

const TRIALS = 10;
const PLAYER_LANES = 2;
const PASSWORDS = ['the first long password', 'the second long password'] as const;

// every trial starts the CLI, which loads the whole codebase: seconds of CPU on a busy machine
t.setTimeout(600_000);

const system = await startTestSystem(t);
const club = system.apps.club!;
const pg = system.core.db.pg;
const cli = path.join(import.meta.dirname, '../../ops/cli.ts');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function removeWithCli(username: string): Promise<{ code: number | null; out: string; err: string }> {
  const env = { ...process.env, DATABASE_URL: system.url, LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET };
  const child = spawn(process.execPath, [cli, 'club:user', 'remove', username], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

let lastAddress = 0;
// the password change allows 10 tries per address: each call comes from one of its own
const call = (cookie: string, method: 'POST' | 'GET', url: string, payload?: object) =>
  club.inject({ method, url, headers: { cookie, 'x-real-ip': `198.18.${Math.floor(++lastAddress / 250) % 250}.${lastAddress % 250}` }, ...(payload ? { payload } : {}) });

const caughtUp = async (): Promise<void> => {
  if (!(await system.core.progress.waitFor(['club'], await system.core.store.headPosition(), 10_000))) throw new Error('the club projection is behind');
};

t.test(`club:user remove wins against the login's other device adding people and changing its password (${TRIALS} trials)`, async (t) => {
  const removed: Array<{ readonly id: string; readonly username: string }> = [];
  const leaks: string[] = [];
  const answers: string[] = [];

  for (let trial = 0; trial < TRIALS; trial++) {
    const username = `racing-login-${trial}`;
    const account = await system.core.accounts.create('club', username, PASSWORDS[0], { canChangePassword: true });
    await recordAccountCreated(system.core.commands, account, `trial-${trial}`);
    const { cookie } = await logIn('club', club, { username, password: PASSWORDS[0] });
    let written = 0;
    let done = false;
    const note = (res: { statusCode: number; json: <T>() => T }): void => {
      answers.push(res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json<{ code: string }>().code}`);
      if (res.statusCode < 300) written++;
    };
    const addPeople = async (): Promise<void> => {
      while (!done) note(await call(cookie, 'POST', '/api/players', { id: cuid('racer'), name: `Racer ${trial}` }));
    };
    const changePassword = async (): Promise<void> => {
      for (let index = 0; !done; index++) {
        const res = await call(cookie, 'POST', '/api/auth/password', { currentPassword: PASSWORDS[index % 2], newPassword: PASSWORDS[(index + 1) % 2] });
        note(res);
        // a refused change leaves the password as it was: try the same change again
        if (res.statusCode !== 200) index--;
      }
    };
    const lanes = [...Array.from({ length: PLAYER_LANES }, addPeople), changePassword()];
    await until('the device to write', () => written > 0);
    const run = await removeWithCli(username);
    // what the log holds of the login when the removal is over: nothing may be added to it
    const atRemoval = await eventsNaming(pg, account.id);
    done = true;
    await Promise.all(lanes);
    t.equal(run.code, 0, `trial ${trial}: removed (${run.err.trim()})`);
    removed.push({ id: account.id, username });

    await caughtUp();
    const events = await eventsNaming(pg, account.id);
    const before = new Set(atRemoval.map((event) => event.id));
    const late = events.filter((event) => !before.has(event.id));
    const own = events.filter((event) => event.stream === clubUserStream(account.id));
    const columns = (await whereFound(pg, account.id)).filter((column) => column !== 'es.events.metadata');
    const named = await whereFound(pg, username);
    if (late.length > 0 || own.length > 0 || columns.length > 0 || named.length > 0) {
      leaks.push(`trial ${trial}: written after the removal: ${describeEvents(late) || 'nothing'}; its own history: ${describeEvents(own) || 'none'}; the id in ${columns.join(', ') || 'no other column'}; the name in ${named.join(', ') || 'no column'}`);
    }
  }

  t.comment(`the device's answers: ${tally(answers)}`);
  t.ok(answers.includes('201'), 'the device added people');
  t.ok(answers.includes('200'), 'and changed its password');
  t.ok(answers.includes('401 UNAUTHENTICATED'), 'and was turned away once removed');
  t.same(answers.filter((answer) => answer.startsWith('5')), [], 'never a 5xx');
  t.same(leaks, [], 'no trial left the login, or anything it wrote after the removal');

  const report = await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: clubProjection, log: silent });
  t.ok(report.events > 0, `the rebuild replayed ${report.events} events`);
  for (const { id, username } of removed) {
    t.same((await whereFound(pg, id)).filter((column) => column !== 'es.events.metadata'), [], `the rebuild brought back nothing of ${id} but the acting user of the club's events`);
    t.same(await whereFound(pg, username), [], `nor its name ${username}`);
  }
});
