// Issue 10, item 1: a session is valid only on the service that made it, whatever cookie carries it.
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import type { HttpApp } from '../http/app.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { newClubLogin, SESSION_COOKIE, signUp } from '../../testing/sign-in.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { migrate } from '../postgres/migrations.ts';
import type { ServiceName } from './accounts.ts';
import { accountsMigration } from './schema.ts';

const system = await startTestSystem(t);
const { core } = system;
const PASSWORD = 'a long enough password';
const OWN_COOKIE = SESSION_COOKIE;
const COOKIES = Object.values(SESSION_COOKIE);

type Probe = { readonly method: 'GET' | 'POST' | 'PATCH'; readonly url: string; readonly payload?: object; readonly ok: number };
/** per service: its "me" route, a protected read and a protected write (bodies valid, so only the session decides) */
const PROBES: Record<ServiceName, readonly Probe[]> = {
  gym: [
    { method: 'GET', url: '/api/me', ok: 200 },
    { method: 'GET', url: '/api/exercises', ok: 200 },
    { method: 'POST', url: '/api/exercises', payload: { name: 'Squat' }, ok: 201 },
  ],
  shows: [
    { method: 'GET', url: '/api/auth/me', ok: 200 },
    { method: 'GET', url: '/api/shows/tracked', ok: 200 },
    { method: 'PATCH', url: '/api/auth/preferences', payload: { emailNotifications: false }, ok: 200 },
  ],
  club: [
    { method: 'GET', url: '/api/auth/me', ok: 200 },
    { method: 'GET', url: '/api/settings', ok: 200 },
    { method: 'POST', url: '/api/venues', payload: { name: 'Hall' }, ok: 201 },
  ],
};
const SERVICES = Object.keys(PROBES) as ServiceName[];
const UNAUTHENTICATED = { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' };

const appOf = (service: ServiceName): HttpApp => system.apps[service]!;
const probe = (service: ServiceName, { method, url, payload }: Probe, cookie: string, token: string) =>
  appOf(service).inject({ method, url, headers: { cookie: `${cookie}=${token}`, 'x-real-ip': '192.0.2.7' }, ...(payload ? { payload } : {}) });

async function signIn(service: ServiceName, name: string): Promise<string> {
  const app = appOf(service);
  // club accounts come only from the CLI; newClubLogin calls what it calls
  const session =
    service === 'club'
      ? await newClubLogin(core.accounts, app, name, { password: PASSWORD, canChangePassword: true })
      : await signUp(service, app, { email: `${name}@example.org`, password: PASSWORD });
  return session.sid;
}

const tokens = {} as Record<ServiceName, string>;
for (const service of SERVICES) tokens[service] = await signIn(service, `scope-${service}`);

t.test('each token opens its own service with its own cookie (the control)', async (t) => {
  for (const service of SERVICES) {
    for (const route of PROBES[service]) {
      const res = await probe(service, route, OWN_COOKIE[service], tokens[service]);
      t.equal(res.statusCode, route.ok, `${service} ${route.method} ${route.url}`);
    }
  }
});

t.test('all six directions, every cookie name: 401 UNAUTHENTICATED on the me route, a read and a write', async (t) => {
  let checked = 0;
  for (const from of SERVICES) {
    for (const to of SERVICES) {
      if (from === to) continue;
      for (const cookie of COOKIES) {
        for (const route of PROBES[to]) {
          const res = await probe(to, route, cookie, tokens[from]);
          t.equal(res.statusCode, 401, `a ${from} session as ${cookie} on ${to} ${route.method} ${route.url}`);
          t.same(res.json(), UNAUTHENTICATED);
          checked++;
        }
      }
    }
  }
  t.equal(checked, 6 * 3 * 3, 'six directions, three cookie names, three routes');
  // nothing was written on the way
  const count = z.object({ n: z.number() });
  t.equal(await core.db.slonik.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM club.venues`), 1, 'only the control added a venue');
  t.equal(await core.db.slonik.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM gym.exercises`), 1, 'and an exercise');
});

t.test("the own service with another service's cookie name is 401 too", async (t) => {
  for (const service of SERVICES) {
    for (const cookie of COOKIES.filter((name) => name !== OWN_COOKIE[service])) {
      const res = await probe(service, PROBES[service][0]!, cookie, tokens[service]);
      t.equal(res.statusCode, 401, `${service} token as ${cookie} on ${service}`);
    }
  }
});

t.test('logging out on another service does not end the session', async (t) => {
  const res = await appOf('shows').inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `sid=${tokens.gym}` } });
  t.equal(res.statusCode, 200);
  t.equal((await probe('gym', PROBES.gym[0]!, 'gym_sid', tokens.gym)).statusCode, 200, 'the gym session still works on gym');
});

t.test("a session row marked for a service never passes when its account is another service's", async (t) => {
  const gymUser = await core.accounts.create('gym', 'forged@example.org', PASSWORD, { canChangePassword: true });
  // what only a bug or a hand-edited table could make: a club session for a gym account
  const token = 'forged-token-forged-token-forged-token-1234';
  const now = core.now();
  await core.db.slonik.query(sql.unsafe`
    INSERT INTO auth.sessions (id, user_id, service, created_at, expires_at)
    VALUES (${core.sessions.club.idOf(token)}, ${gymUser.id}, 'club', ${now.toISOString()}, ${new Date(now.getTime() + 86_400_000).toISOString()})`);
  t.equal((await probe('club', PROBES.club[0]!, 'club_sid', token)).statusCode, 401, 'club refuses it');
  t.equal((await probe('club', PROBES.club[2]!, 'club_sid', token)).statusCode, 401, 'club refuses the write');
  t.equal((await probe('gym', PROBES.gym[0]!, 'gym_sid', token)).statusCode, 401, 'gym refuses it: the row is not gym\'s');
  t.equal(await core.sessions.club.find(token), null);
});

t.test("a service never starts a session for another service's account", async (t) => {
  const showsUser = await core.accounts.findByLogin('shows', 'scope-shows@example.org');
  await t.rejects(core.sessions.gym.start(showsUser!.id), /no gym account/);
  await t.rejects(core.sessions.club.start(showsUser!.id), /no club account/);
  t.ok(await core.sessions.shows.start(showsUser!.id), 'its own service does');
});

t.test('the migration gives sessions from before it the service of their account', async (t) => {
  const db = await createTestDatabase(t, 2);
  const before = { component: accountsMigration.component, steps: accountsMigration.steps.slice(0, 1) };
  await migrate(db.pool, [before]);
  await db.pool.query(`
    INSERT INTO auth.users (id, service, login, password_hash, can_change_password, created_at) VALUES
      ('u-gym', 'gym', 'a@example.org', 'x', true, now()), ('u-shows', 'shows', 'a@example.org', 'x', true, now()),
      ('u-club', 'club', 'a', 'x', false, now());
    INSERT INTO auth.sessions (id, user_id, created_at, expires_at) VALUES
      ('s-gym', 'u-gym', now(), now() + interval '1 day'), ('s-shows', 'u-shows', now(), now() + interval '1 day'),
      ('s-club', 'u-club', now(), now() + interval '1 day')`);
  await migrate(db.pool, [accountsMigration]);
  const { rows } = await db.pool.query<{ id: string; service: string }>('SELECT id, service FROM auth.sessions ORDER BY id');
  t.same(rows, [
    { id: 's-club', service: 'club' },
    { id: 's-gym', service: 'gym' },
    { id: 's-shows', service: 'shows' },
  ]);
});
