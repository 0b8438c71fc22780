import t from 'tap';
import { userStream } from '../../domain/gym/user.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { DEFAULTS, gymClient } from '../../testing/gym/client.ts';

const system = await startTestSystem(t);
const gym = gymClient(system.apps.gym!);

const patch = (sid: string | null, payload: object) => gym.call('PATCH', '/api/settings', { sid, payload });
const invalid = (message: string) => ({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });

t.test('PATCH /api/settings changes any subset and answers the updated user, as GET /me then shows it', async (t) => {
  const { user, sid } = await gym.signup('settings@example.org');
  const first = await patch(sid, { restTimerSec: 120, unit: 'lb' });
  t.equal(first.statusCode, 200);
  const once = { ...user, settings: { ...DEFAULTS, restTimerSec: 120, unit: 'lb' } };
  t.same(first.json(), once);
  t.same((await gym.me(sid)).json(), once, 'read-your-writes');

  const all = { restTimerSec: 0, weeklyGoal: 7, weekStart: 0, accent: 'Hot Pink #ff69b4', unit: 'kg', appearance: 'dark' };
  const second = await patch(sid, all);
  t.equal(second.statusCode, 200);
  t.same(second.json(), { ...user, settings: all }, 'the accent is stored as given');
  t.same((await gym.me(sid)).json(), { ...user, settings: all });

  const bounds = await patch(sid, { restTimerSec: 3600, weeklyGoal: 1, weekStart: 6 });
  t.same(bounds.json().settings, { ...all, restTimerSec: 3600, weeklyGoal: 1, weekStart: 6 }, 'the upper and lower bounds are accepted');

  const same = await patch(sid, { appearance: 'dark' });
  t.equal(same.statusCode, 200);
  t.same(same.json(), bounds.json(), 'a change to the value held answers the user unchanged');

  const events = await system.core.store.readStream(userStream(user.id));
  t.same(
    events.map((event) => [event.type, event.data]),
    [
      ['account-created', { email: 'settings@example.org', createdAt: user.createdAt }],
      ['settings-changed', { restTimerSec: 120, unit: 'lb' }],
      ['settings-changed', { restTimerSec: 0, weeklyGoal: 7, weekStart: 0, accent: 'Hot Pink #ff69b4', unit: 'kg', appearance: 'dark' }],
      ['settings-changed', { restTimerSec: 3600, weeklyGoal: 1, weekStart: 6 }],
    ],
    'each change is one event holding only what changed; nothing for the no-op',
  );
});

t.test('each setting is validated and the 400 names the field', async (t) => {
  const { user, sid } = await gym.signup('invalid@example.org');
  const cases: Array<[object, RegExp]> = [
    [{ restTimerSec: -1 }, /^body\.restTimerSec: /],
    [{ restTimerSec: 3601 }, /^body\.restTimerSec: /],
    [{ restTimerSec: 1.5 }, /^body\.restTimerSec: /],
    [{ restTimerSec: '90' }, /^body\.restTimerSec: /],
    [{ weeklyGoal: 0 }, /^body\.weeklyGoal: /],
    [{ weeklyGoal: 8 }, /^body\.weeklyGoal: /],
    [{ weekStart: -1 }, /^body\.weekStart: /],
    [{ weekStart: 7 }, /^body\.weekStart: /],
    [{ accent: '' }, /^body\.accent: /],
    [{ accent: 'x'.repeat(33) }, /^body\.accent: /],
    [{ unit: 'stone' }, /^body\.unit: /],
    [{ appearance: 'dim' }, /^body\.appearance: /],
    [{ unit: 'lb', colour: 'red' }, /^body: .*colour/],
    [{}, /^body: at least one setting$/],
  ];
  for (const [payload, message] of cases) {
    const res = await patch(sid, payload);
    t.equal(res.statusCode, 400, JSON.stringify(payload));
    t.match(res.json(), invalid(res.json().message));
    t.match(res.json().message, message);
  }
  const exact = await patch(sid, { weeklyGoal: 8 });
  t.same(exact.json(), invalid('body.weeklyGoal: Too big: expected number to be <=7'));
  t.same((await gym.me(sid)).json(), { ...user, settings: DEFAULTS }, 'nothing changed');
  t.equal((await system.core.store.readStream(userStream(user.id))).length, 1, 'no event');
});

t.test('PATCH /api/settings needs a session', async (t) => {
  const res = await patch(null, { unit: 'lb' });
  t.equal(res.statusCode, 401);
  t.same(res.json(), { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Sign in first' });
});
