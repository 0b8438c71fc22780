import t, { type Test } from 'tap';
import { sql } from 'slonik';
import { z } from 'zod';
import { usernameStream, userStream } from '../../domain/shows/user.ts';
import { HttpError } from '../../infra/http/errors.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { showsProjection } from '../../projections/shows/index.ts';
import { createCommandHandler } from '../shared/handle-command.ts';
import { claimUsername } from './usernames.ts';
import { CUID } from '../../infra/ids.ts';

const NOW = '2026-11-25T12:00:00.000Z';
const IN_90_DAYS = 'Tue, 23 Feb 2027 12:00:00 GMT';

// a fixed clock: createdAt, cookie expiry and Retry-After are exact
const system = await startTestSystem(t, {}, { now: () => new Date(NOW) });
const app = system.apps.shows;
if (!app) throw new Error('the shows service was not built');
const pool = system.core.db.slonik;

// every caller gets its own address, so the per-address limits stay out of the way except where tested
let lastAddress = 0;
const newAddress = (): string => `198.51.100.${++lastAddress}`;

type Reply = Awaited<ReturnType<typeof app.inject>>;

function post(url: string, payload: object, options: { sid?: string; ip?: string } = {}) {
  return app!.inject({
    method: 'POST',
    url,
    headers: { 'x-real-ip': options.ip ?? newAddress(), ...(options.sid ? { cookie: `sid=${options.sid}` } : {}) },
    payload,
  });
}

function patch(payload: object, sid: string) {
  return app!.inject({ method: 'PATCH', url: '/api/auth/preferences', headers: { cookie: `sid=${sid}` }, payload });
}

function me(sid: string | null) {
  return app!.inject({ method: 'GET', url: '/api/auth/me', headers: sid ? { cookie: `sid=${sid}` } : {} });
}

function setCookies(res: Reply): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

function sidOf(res: Reply): string {
  const cookie = setCookies(res).find((line) => line.startsWith('sid='));
  if (!cookie) throw new Error(`no sid cookie in ${JSON.stringify(res.headers)}`);
  return cookie.slice('sid='.length).split(';')[0]!;
}

const user = (id: string, email: string, changes: object = {}) => ({
  id,
  email,
  username: null,
  publicProfile: false,
  emailNotifications: true,
  pushNotifications: false,
  createdAt: NOW,
  ...changes,
});

const error = (statusCode: number, code: string, errorName: string, message: string) => ({ statusCode, code, error: errorName, message });
const UNAUTHENTICATED = error(401, 'UNAUTHENTICATED', 'Unauthorized', 'Sign in first');
const INVALID_CREDENTIALS = error(401, 'INVALID_CREDENTIALS', 'Unauthorized', 'Wrong email or password');
const USERNAME_TAKEN = error(409, 'USERNAME_TAKEN', 'Conflict', 'That username is taken');
const invalid = (message: string) => error(400, 'VALIDATION_FAILED', 'Bad Request', message);

let lastUser = 0;
/** a new account; its id, email, password and the session of its sign-up */
async function newUser(t: Test, prefix = 'user') {
  const email = `${prefix}${++lastUser}@example.com`;
  const password = `seasick-lantern-${lastUser}`;
  const res = await post('/api/auth/signup', { email, password });
  t.equal(res.statusCode, 201, `signed up ${email}`);
  const body = res.json<{ id: string }>();
  return { id: body.id, email, password, sid: sidOf(res) };
}

async function readEvents(stream: string) {
  return (await system.core.store.readStream(stream)).map((event) => ({ type: event.type, data: event.data }));
}

t.test('sign-up', async (t) => {
  t.test('creates the account, answers the user with 201 and signs in with the sid cookie', async (t) => {
    const res = await post('/api/auth/signup', { email: '  Ada@Example.COM ', password: 'correct horse' });
    t.equal(res.statusCode, 201);
    const body = res.json<{ id: string }>();
    t.match(body, { id: CUID }, 'a user id is a cuid, like every resource of the service');
    t.same(body, user(body.id, 'ada@example.com'), 'the email is stored trimmed and lowercased');
    t.same(setCookies(res), [`sid=${sidOf(res)}; Path=/; Expires=${IN_90_DAYS}; HttpOnly; Secure; SameSite=Lax`]);
    t.equal(res.headers['cache-control'], 'no-store');

    const read = await me(sidOf(res));
    t.equal(read.statusCode, 200);
    t.same(read.json(), user(body.id, 'ada@example.com'), 'me reads the new account right away');

    t.same(await readEvents(userStream(body.id)), [{ type: 'account-created', data: { email: 'ada@example.com', createdAt: NOW } }]);
  });

  t.test('the same email in any case is taken: 409 EMAIL_TAKEN, no cookie, no second account', async (t) => {
    const first = await newUser(t, 'taken');
    const res = await post('/api/auth/signup', { email: first.email.toUpperCase(), password: 'another password' });
    t.equal(res.statusCode, 409);
    t.same(res.json(), error(409, 'EMAIL_TAKEN', 'Conflict', 'An account with that email exists'));
    t.same(setCookies(res), []);
    const rows = await pool.anyFirst(sql.type(z.object({ id: z.string() }))`SELECT id FROM shows.users WHERE email = ${first.email}`);
    t.same(rows, [first.id]);
  });

  t.test('validation names the field', async (t) => {
    const badEmail = await post('/api/auth/signup', { email: 'not-an-email', password: 'long enough to pass' });
    t.equal(badEmail.statusCode, 400);
    t.same(badEmail.json(), invalid('body.email: an email address'));
    const shortPassword = await post('/api/auth/signup', { email: 'short@example.com', password: 'short' });
    t.equal(shortPassword.statusCode, 400);
    t.same(shortPassword.json(), invalid('body.password: at least 8 characters'));
    const missing = await post('/api/auth/signup', { email: 'missing@example.com' });
    t.equal(missing.statusCode, 400);
    t.match(missing.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: /^body\.password: / });
  });

  t.test('the sign-up allowance: the 11th from one address in an hour is refused', async (t) => {
    const ip = newAddress();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/signup', { email: `limited${i}@example.com`, password: 'long enough to pass' }, { ip });
      t.equal(res.statusCode, 201);
    }
    const res = await post('/api/auth/signup', { email: 'limited10@example.com', password: 'long enough to pass' }, { ip });
    t.equal(res.statusCode, 429);
    t.equal(res.headers['retry-after'], '3600');
    t.same(res.json(), error(429, 'RATE_LIMITED', 'Too Many Requests', 'Too many attempts from this address; try again later'));
  });
});

t.test('sign-in', async (t) => {
  const account = await newUser(t, 'login');

  t.test('the right password answers the user and sets a new session cookie', async (t) => {
    const res = await post('/api/auth/login', { email: account.email.toUpperCase(), password: account.password });
    t.equal(res.statusCode, 200);
    t.same(res.json(), user(account.id, account.email));
    const sid = sidOf(res);
    t.not(sid, account.sid, 'a session of its own');
    t.same(
      setCookies(res).filter((line) => line.startsWith('sid=')),
      [`sid=${sid}; Path=/; Expires=${IN_90_DAYS}; HttpOnly; Secure; SameSite=Lax`],
    );
    t.equal((await me(sid)).statusCode, 200);
  });

  t.test('a wrong password and an unknown email get the same 401, and no cookie', async (t) => {
    const wrong = await post('/api/auth/login', { email: account.email, password: 'not the password' });
    t.equal(wrong.statusCode, 401);
    t.same(wrong.json(), INVALID_CREDENTIALS);
    t.same(setCookies(wrong), []);
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'not the password' });
    t.equal(unknown.statusCode, 401);
    t.same(unknown.json(), INVALID_CREDENTIALS);
  });

  t.test('after 10 failed attempts from one address in 15 minutes the next gets 429 with Retry-After; other addresses are unaffected', async (t) => {
    const ip = newAddress();
    for (let i = 0; i < 10; i++) {
      // at several accounts, so that the per-account lock stays out of this test
      const res = await post('/api/auth/login', { email: `guess-${i}@example.com`, password: 'a wrong guess' }, { ip });
      t.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    const blocked = await post('/api/auth/login', { email: account.email, password: account.password }, { ip });
    t.equal(blocked.statusCode, 429);
    t.equal(blocked.headers['retry-after'], '900');
    t.same(blocked.json(), error(429, 'RATE_LIMITED', 'Too Many Requests', 'Too many attempts from this address; try again later'));
    t.same(setCookies(blocked), []);
    const elsewhere = await post('/api/auth/login', { email: account.email, password: account.password });
    t.equal(elsewhere.statusCode, 200);
  });
});

t.test('sign-out deletes the session row and clears the cookie', async (t) => {
  const account = await newUser(t, 'logout');
  const other = sidOf(await post('/api/auth/login', { email: account.email, password: account.password }));
  const res = await post('/api/auth/logout', {}, { sid: account.sid });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });
  t.same(setCookies(res), ['sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax']);
  t.equal((await me(account.sid)).statusCode, 401, 'the ended session is refused');
  t.equal((await me(other)).statusCode, 200, 'the other session lives on');
  const rows = await pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = ${account.id}`);
  t.equal(rows, 1, 'one session row left');

  const anonymous = await post('/api/auth/logout', {});
  t.equal(anonymous.statusCode, 200, 'without a cookie: nothing to end');
  t.same(anonymous.json(), { ok: true });
});

t.test('protected routes answer 401 without a session and with a made-up one', async (t) => {
  for (const sid of [null, 'made-up-token', 'x'.repeat(500)]) {
    const read = await me(sid);
    t.equal(read.statusCode, 401);
    t.same(read.json(), UNAUTHENTICATED);
    const prefs = await app.inject({
      method: 'PATCH',
      url: '/api/auth/preferences',
      headers: sid ? { cookie: `sid=${sid}` } : {},
      payload: { emailNotifications: false },
    });
    t.equal(prefs.statusCode, 401);
    t.same(prefs.json(), UNAUTHENTICATED);
    const change = await post('/api/auth/change-password', { currentPassword: 'whatever1', newPassword: 'whatever2' }, sid ? { sid } : {});
    t.equal(change.statusCode, 401);
    t.same(change.json(), UNAUTHENTICATED);
  }
});

t.test('me has exactly the public fields: never a hash or a password', async (t) => {
  const account = await newUser(t, 'fields');
  const res = await me(account.sid);
  t.equal(res.statusCode, 200);
  t.same(Object.keys(res.json()).sort(), ['createdAt', 'email', 'emailNotifications', 'id', 'publicProfile', 'pushNotifications', 'username']);
  t.notMatch(res.body, /argon2|password|hash/i);
  const columns = await pool.anyFirst(sql.type(z.object({ column_name: z.string() }))`
    SELECT column_name FROM information_schema.columns WHERE table_schema = 'shows' AND table_name = 'users' ORDER BY ordinal_position`);
  t.same(columns, ['id', 'email', 'username', 'public_profile', 'email_notifications', 'push_notifications', 'created_at'], 'the read table holds no credentials');
});

t.test('change-password keeps the caller signed in and ends every other session', async (t) => {
  const account = await newUser(t, 'change');
  const second = sidOf(await post('/api/auth/login', { email: account.email, password: account.password }));
  const third = sidOf(await post('/api/auth/login', { email: account.email, password: account.password }));
  const newPassword = 'a brand new password';

  const wrong = await post('/api/auth/change-password', { currentPassword: 'not it at all', newPassword }, { sid: second });
  t.equal(wrong.statusCode, 401);
  t.same(wrong.json(), INVALID_CREDENTIALS);
  for (const sid of [account.sid, second, third]) t.equal((await me(sid)).statusCode, 200, 'a refused change ends nothing');

  const tooShort = await post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'short' }, { sid: second });
  t.equal(tooShort.statusCode, 400);
  t.same(tooShort.json(), invalid('body.newPassword: at least 8 characters'));

  const res = await post('/api/auth/change-password', { currentPassword: account.password, newPassword }, { sid: second });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });
  t.equal((await me(second)).statusCode, 200, "the caller's session stays");
  for (const sid of [account.sid, third]) {
    const other = await me(sid);
    t.equal(other.statusCode, 401, 'another session ended');
    t.same(other.json(), UNAUTHENTICATED);
  }
  t.equal((await post('/api/auth/login', { email: account.email, password: newPassword })).statusCode, 200, 'the new password works');
  const old = await post('/api/auth/login', { email: account.email, password: account.password });
  t.equal(old.statusCode, 401, 'the old one does not');
  t.same(old.json(), INVALID_CREDENTIALS);

  const events = await readEvents(userStream(account.id));
  t.same(events, [
    { type: 'account-created', data: { email: account.email, createdAt: NOW } },
    { type: 'password-changed', data: { at: NOW } },
  ]);
  t.notMatch(JSON.stringify(events), /argon2|brand new|lantern-\d/, 'no password or hash in the log');
});

t.test('change-password: the 11th attempt from one address in 15 minutes gets 429', async (t) => {
  const account = await newUser(t, 'guesser');
  const ip = newAddress();
  for (let i = 0; i < 10; i++) {
    const res = await post('/api/auth/change-password', { currentPassword: `guess ${i}`, newPassword: 'long enough to pass' }, { sid: account.sid, ip });
    t.equal(res.statusCode, 401, `attempt ${i + 1}`);
  }
  const blocked = await post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'long enough to pass' }, { sid: account.sid, ip });
  t.equal(blocked.statusCode, 429);
  t.equal(blocked.headers['retry-after'], '900');
  t.same(blocked.json(), error(429, 'RATE_LIMITED', 'Too Many Requests', 'Too many attempts from this address; try again later'));
});

t.test('preferences', async (t) => {
  const account = await newUser(t, 'prefs');

  t.test('a change answers the updated user, and me agrees', async (t) => {
    const named = await patch({ username: ' Ada_Lovelace ' }, account.sid);
    t.equal(named.statusCode, 200);
    t.same(named.json(), user(account.id, account.email, { username: 'ada_lovelace' }), 'the username is stored trimmed and lowercased');
    const switches = await patch({ emailNotifications: false, pushNotifications: true, publicProfile: true }, account.sid);
    t.equal(switches.statusCode, 200);
    const expected = user(account.id, account.email, {
      username: 'ada_lovelace',
      publicProfile: true,
      emailNotifications: false,
      pushNotifications: true,
    });
    t.same(switches.json(), expected);
    const read = await me(account.sid);
    t.same(read.json(), expected);
    const unchanged = await patch({ pushNotifications: true }, account.sid);
    t.equal(unchanged.statusCode, 200);
    t.same(unchanged.json(), expected, 'a change to the same value answers the user as it is');
  });

  t.test('refusals name the field', async (t) => {
    const cases: Array<[object, string]> = [
      [{}, 'body: at least one of username, publicProfile, emailNotifications, pushNotifications'],
      [{ nickname: 'x' }, 'body: Unrecognized key: "nickname"'],
      [{ emailNotifications: true, admin: true }, 'body: Unrecognized key: "admin"'],
      [{ publicProfile: 'yes' }, 'body.publicProfile: Invalid input: expected boolean, received string'],
      [{ pushNotifications: null }, 'body.pushNotifications: Invalid input: expected boolean, received null'],
      [{ username: 'ab' }, 'body.username: 3 to 32 letters, digits, - or _, starting and ending with a letter or digit'],
      [{ username: 'has space' }, 'body.username: 3 to 32 letters, digits, - or _, starting and ending with a letter or digit'],
      [{ username: 'slash/name' }, 'body.username: 3 to 32 letters, digits, - or _, starting and ending with a letter or digit'],
      [{ username: 'x'.repeat(33) }, 'body.username: 3 to 32 letters, digits, - or _, starting and ending with a letter or digit'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(payload, account.sid);
      t.equal(res.statusCode, 400, JSON.stringify(payload));
      t.same(res.json(), invalid(message), JSON.stringify(payload));
    }
  });

  t.test('a public profile needs a username', async (t) => {
    const nameless = await newUser(t, 'nameless');
    const publish = await patch({ publicProfile: true }, nameless.sid);
    t.equal(publish.statusCode, 400);
    t.same(publish.json(), invalid('body.publicProfile: a public profile needs a username'));
    const both = await patch({ publicProfile: true, username: null }, nameless.sid);
    t.same(both.json(), invalid('body.publicProfile: a public profile needs a username'));

    // account is public with a username from the test above
    const clear = await patch({ username: null }, account.sid);
    t.equal(clear.statusCode, 400);
    t.same(clear.json(), invalid('body.username: the public profile needs a username; make the profile private first'));
    t.same((await me(account.sid)).json(), user(account.id, account.email, {
      username: 'ada_lovelace',
      publicProfile: true,
      emailNotifications: false,
      pushNotifications: true,
    }), 'nothing changed');
  });

  t.test('null clears the username, and the name is free again', async (t) => {
    const res = await patch({ publicProfile: false, username: null }, account.sid);
    t.equal(res.statusCode, 200);
    t.same(res.json(), user(account.id, account.email, { emailNotifications: false, pushNotifications: true }));
    t.same(await readEvents(usernameStream('ada_lovelace')), [
      { type: 'username-claimed', data: { userId: account.id, at: NOW } },
      { type: 'username-released', data: { userId: account.id, at: NOW } },
    ]);
  });
});

t.test('usernames are unique without regard to case', async (t) => {
  const first = await newUser(t, 'unique');
  const second = await newUser(t, 'unique');
  t.equal((await patch({ username: 'Grace' }, first.sid)).statusCode, 200);
  for (const name of ['grace', 'GRACE', ' gRaCe']) {
    const res = await patch({ username: name, emailNotifications: false }, second.sid);
    t.equal(res.statusCode, 409, name);
    t.same(res.json(), USERNAME_TAKEN);
  }
  t.same((await me(second.sid)).json(), user(second.id, second.email), 'a refused claim changes nothing, the other fields neither');
  const again = await patch({ username: 'GRACE' }, first.sid);
  t.equal(again.statusCode, 200, 'the holder may send its own name again');
  t.same(again.json(), user(first.id, first.email, { username: 'grace' }));
  t.same(await readEvents(usernameStream('grace')), [{ type: 'username-claimed', data: { userId: first.id, at: NOW } }]);
});

t.test('a released username can be claimed by another user', async (t) => {
  const first = await newUser(t, 'release');
  const second = await newUser(t, 'release');
  t.equal((await patch({ username: 'hopper' }, first.sid)).statusCode, 200);
  t.equal((await patch({ username: 'hopper' }, second.sid)).statusCode, 409, 'held');
  const renamed = await patch({ username: 'hopper2' }, first.sid);
  t.same(renamed.json(), user(first.id, first.email, { username: 'hopper2' }), 'changing the name lets the old one go');
  const taken = await patch({ username: 'Hopper' }, second.sid);
  t.equal(taken.statusCode, 200);
  t.same(taken.json(), user(second.id, second.email, { username: 'hopper' }));
  t.same(await readEvents(usernameStream('hopper')), [
    { type: 'username-claimed', data: { userId: first.id, at: NOW } },
    { type: 'username-released', data: { userId: first.id, at: NOW } },
    { type: 'username-claimed', data: { userId: second.id, at: NOW } },
  ]);
  const back = await patch({ username: 'hopper' }, first.sid);
  t.equal(back.statusCode, 409, 'and the first user cannot take it back');
  t.same((await me(first.sid)).json(), user(first.id, first.email, { username: 'hopper2' }));

  const owned = await pool.anyFirst(sql.type(z.object({ stream: z.string() }))`
    SELECT stream FROM shows.user_streams WHERE user_id = ${first.id}`);
  t.same([...owned].sort(), [usernameStream('hopper'), usernameStream('hopper2'), userStream(first.id)].sort(), 'the read side knows which streams hold the user');
});

t.test('ten users claiming one name at once: exactly one wins', async (t) => {
  const users = await Promise.all(Array.from({ length: 10 }, () => newUser(t, 'race')));
  const answers = await Promise.all(users.map((u) => patch({ username: 'Contested' }, u.sid)));
  const winners = users.filter((_, i) => answers[i]!.statusCode === 200);
  t.equal(winners.length, 1, 'one 200');
  t.same(answers.map((res) => res.statusCode).sort(), [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
  for (const res of answers) if (res.statusCode === 409) t.same(res.json(), USERNAME_TAKEN);
  const holders = await pool.anyFirst(sql.type(z.object({ id: z.string() }))`SELECT id FROM shows.users WHERE username = 'contested'`);
  t.same(holders, [winners[0]!.id]);
  t.same(await readEvents(usernameStream('contested')), [{ type: 'username-claimed', data: { userId: winners[0]!.id, at: NOW } }]);
});

t.test('ten processes claiming one name at once: the stream revision lets exactly one append', async (t) => {
  // separate command handlers share no lock and no cache, as separate processes would not
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      claimUsername(createCommandHandler(system.core.store), {
        name: 'rivalry',
        userId: `process-${i}`,
        now: NOW,
        context: { userId: `process-${i}`, correlationId: `claim-${i}` },
      }),
    ),
  );
  const won = results.filter((result) => result.status === 'fulfilled');
  t.equal(won.length, 1);
  for (const result of results) {
    if (result.status === 'rejected') {
      t.type(result.reason, HttpError);
      t.match(result.reason, { statusCode: 409, code: 'USERNAME_TAKEN', message: 'That username is taken' });
    }
  }
  const events = await readEvents(usernameStream('rivalry'));
  t.equal(events.length, 1);
  t.match(events[0], { type: 'username-claimed', data: { userId: /^process-\d$/, at: NOW } });
});

t.test('the OpenAPI document lists the account routes', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  t.equal(res.statusCode, 200);
  const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
  for (const path of ['/api/auth/signup', '/api/auth/login', '/api/auth/logout', '/api/auth/change-password', '/api/auth/me', '/api/auth/preferences']) {
    t.ok(paths.includes(path), path);
  }
});

t.test('a rebuild replays the log into the same read tables, in one batch or many', async (t) => {
  const snapshot = async () => ({
    users: await pool.any(sql.type(z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }).loose())`
      SELECT * FROM shows.users ORDER BY id`),
    streams: await pool.any(sql.type(z.object({ user_id: z.string(), stream: z.string() }))`
      SELECT user_id, stream FROM shows.user_streams ORDER BY user_id, stream`),
  });
  // the cross-process claims above append without waiting for the read side
  t.ok(await system.core.progress.waitFor(['shows'], await system.core.store.headPosition(), 10_000), 'the live tables caught up');
  const before = await snapshot();
  t.ok(before.users.length > 30 && before.streams.length > before.users.length, 'there is something to rebuild');
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // one batch holds a name's release and its next claim together; batches of one apply them apart
  for (const batchSize of [5000, 1]) {
    await rebuildProjection({ pool, store: system.core.store, projection: showsProjection, log: silent, batchSize });
    t.same(await snapshot(), before, `batches of ${batchSize}`);
  }
});
