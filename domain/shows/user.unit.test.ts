import t from 'tap';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { decideUser, decideUsername, usernameErasure } from './decide.ts';
import {
  evolveUser,
  evolveUsername,
  initialUsernameState,
  initialUserState,
  parseUserEvent,
  parseUsernameEvent,
  type UserEvent,
  type UsernameEvent,
  type UserState,
  userView,
} from './user.ts';

const T1 = '2026-11-25T10:00:00.000Z';
const T2 = '2026-11-25T11:00:00.000Z';

const userSpec = deciderSpec({ initialState: initialUserState, evolve: evolveUser, decide: decideUser });
const usernameSpec = deciderSpec({ initialState: initialUsernameState, evolve: evolveUsername, decide: decideUsername });

const created: UserEvent = { type: 'account-created', data: { email: 'ada@example.com', createdAt: T1 } };
const fresh: UserState = {
  status: 'active',
  email: 'ada@example.com',
  createdAt: T1,
  username: null,
  publicProfile: false,
  emailNotifications: true,
  pushNotifications: false,
};
const named: UserEvent = { type: 'preferences-changed', data: { username: 'ada' } };
const published: UserEvent = { type: 'preferences-changed', data: { publicProfile: true } };

t.test('create-account', async (t) => {
  t.test('a new account starts with the default preferences and no username', async (t) => {
    userSpec([])
      .when({ type: 'create-account', email: 'ada@example.com', now: T1 })
      .then(t, { events: [created], state: fresh });
  });
  t.test('an existing account is not created twice', async (t) => {
    userSpec([created]).when({ type: 'create-account', email: 'ada@example.com', now: T2 }).thenThrows(t, 'ACCOUNT_EXISTS');
  });
});

t.test('change-preferences', async (t) => {
  t.test('records only the fields that differ', async (t) => {
    userSpec([created])
      .when({ type: 'change-preferences', username: 'ada', emailNotifications: true, pushNotifications: true })
      .then(t, {
        events: [{ type: 'preferences-changed', data: { username: 'ada', pushNotifications: true } }],
        state: { ...fresh, username: 'ada', pushNotifications: true },
      });
  });
  t.test('nothing changed: no event', async (t) => {
    userSpec([created, named])
      .when({ type: 'change-preferences', username: 'ada', publicProfile: false })
      .then(t, { events: [], state: { ...fresh, username: 'ada' } });
  });
  t.test('null clears the username', async (t) => {
    userSpec([created, named])
      .when({ type: 'change-preferences', username: null })
      .then(t, { events: [{ type: 'preferences-changed', data: { username: null } }], state: fresh });
  });
  t.test('publishing with a username', async (t) => {
    userSpec([created, named])
      .when({ type: 'change-preferences', publicProfile: true })
      .then(t, { events: [published], state: { ...fresh, username: 'ada', publicProfile: true } });
  });
  t.test('publishing and naming in one command', async (t) => {
    userSpec([created])
      .when({ type: 'change-preferences', username: 'ada', publicProfile: true })
      .then(t, {
        events: [{ type: 'preferences-changed', data: { username: 'ada', publicProfile: true } }],
        state: { ...fresh, username: 'ada', publicProfile: true },
      });
  });
  t.test('publishing without a username is refused', async (t) => {
    userSpec([created]).when({ type: 'change-preferences', publicProfile: true }).thenThrows(t, 'PROFILE_NEEDS_USERNAME');
  });
  t.test('publishing while clearing the username is refused as publishing', async (t) => {
    userSpec([created, named])
      .when({ type: 'change-preferences', username: null, publicProfile: true })
      .thenThrows(t, 'PROFILE_NEEDS_USERNAME');
  });
  t.test('clearing the username of a public profile is refused', async (t) => {
    userSpec([created, named, published]).when({ type: 'change-preferences', username: null }).thenThrows(t, 'USERNAME_NEEDED_BY_PROFILE');
  });
  t.test('unpublishing and clearing in one command', async (t) => {
    userSpec([created, named, published])
      .when({ type: 'change-preferences', username: null, publicProfile: false })
      .then(t, { events: [{ type: 'preferences-changed', data: { username: null, publicProfile: false } }], state: fresh });
  });
  t.test('no account: refused', async (t) => {
    userSpec([]).when({ type: 'change-preferences', emailNotifications: false }).thenThrows(t, 'NO_ACCOUNT');
  });
});

t.test('change-password records when, and nothing of the password', async (t) => {
  userSpec([created])
    .when({ type: 'change-password', now: T2 })
    .then(t, { events: [{ type: 'password-changed', data: { at: T2 } }], state: fresh });
  userSpec([]).when({ type: 'change-password', now: T2 }).thenThrows(t, 'NO_ACCOUNT');
});

t.test('username streams', async (t) => {
  const claimedByA: UsernameEvent = { type: 'username-claimed', data: { userId: 'a', at: T1 } };
  const releasedByA: UsernameEvent = { type: 'username-released', data: { userId: 'a', at: T2 } };
  t.test('a name nobody used is claimed', async (t) => {
    usernameSpec([])
      .when({ type: 'claim-username', userId: 'a', now: T1 })
      .then(t, { events: [claimedByA], state: { holder: 'a' } });
  });
  t.test("another user's name is refused", async (t) => {
    usernameSpec([claimedByA]).when({ type: 'claim-username', userId: 'b', now: T2 }).thenThrows(t, 'USERNAME_TAKEN');
  });
  t.test('claiming a name one holds changes nothing', async (t) => {
    usernameSpec([claimedByA]).when({ type: 'claim-username', userId: 'a', now: T2 }).then(t, { events: [], state: { holder: 'a' } });
  });
  t.test('a released name is claimed by someone else', async (t) => {
    usernameSpec([claimedByA, releasedByA])
      .when({ type: 'claim-username', userId: 'b', now: T2 })
      .then(t, { events: [{ type: 'username-claimed', data: { userId: 'b', at: T2 } }], state: { holder: 'b' } });
  });
  t.test('the holder releases', async (t) => {
    usernameSpec([claimedByA]).when({ type: 'release-username', userId: 'a', now: T2 }).then(t, { events: [releasedByA], state: { holder: null } });
  });
  t.test('anyone else releasing changes nothing', async (t) => {
    usernameSpec([claimedByA]).when({ type: 'release-username', userId: 'b', now: T2 }).then(t, { events: [], state: { holder: 'a' } });
    usernameSpec([]).when({ type: 'release-username', userId: 'b', now: T2 }).then(t, { events: [], state: { holder: null } });
  });
});

t.test('erasing a user from a name stream', async (t) => {
  const claimed = (userId: string): UsernameEvent => ({ type: 'username-claimed', data: { userId, at: T1 } });
  const released = (userId: string): UsernameEvent => ({ type: 'username-released', data: { userId, at: T2 } });
  t.same(usernameErasure([claimed('b')], 'a'), { kind: 'untouched' }, 'a name the user never held');
  t.same(usernameErasure([claimed('a')], 'a'), { kind: 'delete' }, 'held by the user: the name is freed');
  t.same(usernameErasure([claimed('b'), released('b'), claimed('a'), released('a')], 'a'), { kind: 'delete' }, 'held by nobody');
  t.same(
    usernameErasure([claimed('a'), released('a'), claimed('b'), released('b'), claimed('b')], 'a'),
    { kind: 'keep-from', index: 4 },
    "held by someone else: from the holder's last claim on",
  );
});

t.test('the user view has exactly the public fields', async (t) => {
  t.same(userView('u1', fresh), {
    id: 'u1',
    email: 'ada@example.com',
    username: null,
    publicProfile: false,
    emailNotifications: true,
    pushNotifications: false,
    createdAt: T1,
  });
  t.equal(userView('u1', initialUserState), null);
});

t.test('stored payloads parse; unknown types and versions are refused', async (t) => {
  t.same(parseUserEvent('account-created', { email: 'a@b.c', createdAt: T1 }, 1), {
    type: 'account-created',
    data: { email: 'a@b.c', createdAt: T1 },
  });
  t.same(parseUsernameEvent('username-released', { userId: 'a', at: T1 }, 1), {
    type: 'username-released',
    data: { userId: 'a', at: T1 },
  });
  t.throws(() => parseUserEvent('account-created', { email: 'a@b.c', createdAt: T1 }, 2));
  t.throws(() => parseUserEvent('account-deleted', {}, 1));
  t.throws(() => parseUsernameEvent('username-claimed', { at: T1 }, 1));
});
