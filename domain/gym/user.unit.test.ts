import t from 'tap';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { decideUser } from './user-decide.ts';
import { DEFAULT_SETTINGS, evolveUser, initialUserState, parseUserEvent, settingsPatchSchema, type UserEvent, type UserState } from './user.ts';

const T1 = '2026-01-01T10:00:00.000Z';
const T2 = '2026-01-02T10:00:00.000Z';

const created: UserEvent = { type: 'account-created', data: { email: 'a@x.io', createdAt: T1 } };
const active: UserState = { status: 'active', email: 'a@x.io', settings: DEFAULT_SETTINGS, createdAt: T1, passwordChangedAt: null };

const spec = deciderSpec({ initialState: initialUserState, evolve: evolveUser, decide: decideUser });

t.test('creating an account records the email and time; the settings start at their defaults', async (t) => {
  spec([])
    .when({ type: 'create-account', email: 'a@x.io', now: T1 })
    .then(t, { events: [created], state: active });
  t.same(DEFAULT_SETTINGS, { restTimerSec: 90, weeklyGoal: 3, weekStart: 1, accent: 'blue', unit: 'kg', appearance: 'light' });
});

t.test('an account starts with the settings its device gave that differ from the defaults', async (t) => {
  spec([])
    .when({ type: 'create-account', email: 'a@x.io', now: T1, settings: { appearance: 'dark', unit: 'kg' } })
    .then(t, {
      events: [created, { type: 'settings-changed', data: { appearance: 'dark' } }],
      state: { ...active, settings: { ...DEFAULT_SETTINGS, appearance: 'dark' } },
    });
  spec([])
    .when({ type: 'create-account', email: 'a@x.io', now: T1, settings: { appearance: 'light' } })
    .then(t, { events: [created], state: active });
});

t.test('an account is created once', async (t) => {
  spec([created]).when({ type: 'create-account', email: 'a@x.io', now: T2 }).thenThrows(t, 'ACCOUNT_EXISTS');
});

t.test('a settings change records only the values that differ', async (t) => {
  spec([created])
    .when({ type: 'change-settings', changes: { restTimerSec: 90, weeklyGoal: 5, unit: 'lb' } })
    .then(t, {
      events: [{ type: 'settings-changed', data: { weeklyGoal: 5, unit: 'lb' } }],
      state: { ...active, settings: { ...DEFAULT_SETTINGS, weeklyGoal: 5, unit: 'lb' } },
    });
});

t.test('changes fold over earlier ones', async (t) => {
  spec([created, { type: 'settings-changed', data: { accent: 'Hot Pink', weekStart: 0 } }])
    .when({ type: 'change-settings', changes: { appearance: 'dark' } })
    .then(t, {
      events: [{ type: 'settings-changed', data: { appearance: 'dark' } }],
      state: { ...active, settings: { ...DEFAULT_SETTINGS, accent: 'Hot Pink', weekStart: 0, appearance: 'dark' } },
    });
});

t.test('a change to the values already held records nothing', async (t) => {
  spec([created]).when({ type: 'change-settings', changes: { accent: 'blue' } }).then(t, { events: [], state: active });
});

t.test('settings of an account that does not exist cannot change', async (t) => {
  spec([]).when({ type: 'change-settings', changes: { unit: 'lb' } }).thenThrows(t, 'ACCOUNT_NOT_FOUND');
});

t.test('a password change records when, never what', async (t) => {
  spec([created])
    .when({ type: 'record-password-change', now: T2 })
    .then(t, { events: [{ type: 'password-changed', data: { at: T2 } }], state: { ...active, passwordChangedAt: T2 } });
  spec([]).when({ type: 'record-password-change', now: T2 }).thenThrows(t, 'ACCOUNT_NOT_FOUND');
});

t.test('stored payloads are parsed by type and version', async (t) => {
  t.same(parseUserEvent('account-created', { email: 'a@x.io', createdAt: T1 }, 1), created);
  t.same(parseUserEvent('settings-changed', { unit: 'lb' }, 1), { type: 'settings-changed', data: { unit: 'lb' } });
  t.same(parseUserEvent('password-changed', { at: T2 }, 1), { type: 'password-changed', data: { at: T2 } });
  t.throws(() => parseUserEvent('password-changed', { at: T2 }, 2), /unknown gym user event/);
  t.throws(() => parseUserEvent('account-deleted', {}, 1), /unknown gym user event/);
  t.throws(() => parseUserEvent('settings-changed', { unit: 'stone' }, 1));
});

t.test('the settings bounds', async (t) => {
  const valid = (patch: unknown): boolean => settingsPatchSchema.safeParse(patch).success;
  t.ok(valid({ restTimerSec: 0 }) && valid({ restTimerSec: 3600 }));
  t.notOk(valid({ restTimerSec: -1 }) || valid({ restTimerSec: 3601 }) || valid({ restTimerSec: 1.5 }));
  t.ok(valid({ weeklyGoal: 1 }) && valid({ weeklyGoal: 7 }));
  t.notOk(valid({ weeklyGoal: 0 }) || valid({ weeklyGoal: 8 }));
  t.ok(valid({ weekStart: 0 }) && valid({ weekStart: 6 }));
  t.notOk(valid({ weekStart: -1 }) || valid({ weekStart: 7 }));
  t.ok(valid({ accent: 'x' }) && valid({ accent: 'x'.repeat(32) }));
  t.notOk(valid({ accent: '' }) || valid({ accent: 'x'.repeat(33) }));
  t.notOk(valid({ unit: 'stone' }) || valid({ appearance: 'dim' }) || valid({ colour: 'red' }));
});
