// Shows accounts: preferences, usernames (unique, released, claimed at once), the OpenAPI listing and a rebuild of the account tables.
import t from 'tap';
import { sql } from 'slonik';
import { z } from 'zod';
import { usernameStream, userStream } from '../../domain/shows/user.ts';
import { HttpError } from '../../infra/http/errors.ts';
import { invalid, NOW, startShowsAccountsTest, user, USERNAME_TAKEN } from '../../testing/shows/accounts.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { showsProjection } from '../../projections/shows/index.ts';
import { createCommandHandler } from '../shared/handle-command.ts';
import { claimUsername } from './usernames.ts';


const { system, app, pool, patch, me, newUser, readEvents } = await startShowsAccountsTest(t);

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
  // the accounts of the tests above, and as many again with names: a history worth replaying
  await Promise.all(Array.from({ length: 20 }, async (_, i) => {
    const named = await newUser(t, 'replayed');
    t.equal((await patch({ username: `replayed_${i}` }, named.sid)).statusCode, 200, `replayed_${i} claimed`);
  }));
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
