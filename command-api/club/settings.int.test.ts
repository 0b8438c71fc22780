import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { newClubLogin } from '../../testing/sign-in.ts';

const system = await startTestSystem(t);
const app = system.apps.club;
if (!app) throw new Error('the club service was not built');

const { cookie } = await newClubLogin(system.core.accounts, app, 'admin');

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = { cookie }) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

type Document = {
  club: { defaultCourts: number; roundLengthSec: number };
  levels: Array<{ id: string; name: string; rank: number; isCoach: boolean }>;
  venues: Array<{ id: string; name: string; sortOrder: number; active: boolean; slots: Array<{ id: string; weekday: number; start: string; end: string }> }>;
};
async function ok(method: Method, url: string, payload?: object, status = 200): Promise<Document> {
  const response = await call(method, url, payload);
  if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}
const error = (statusCode: number, code: string, message: string) => ({
  statusCode,
  code,
  error: { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 409: 'Conflict' }[statusCode],
  message,
});

t.test('the settings document after a sequence of changes', async (t) => {
  t.same(await ok('GET', '/api/settings'), { club: { defaultCourts: 3, roundLengthSec: 720 }, levels: [], venues: [] }, 'defaults');

  await ok('PUT', '/api/settings/club', { defaultCourts: 5, roundLengthSec: 900 });
  await ok('POST', '/api/levels', { name: 'Strong' }, 201);
  await ok('POST', '/api/levels', { name: 'Middle' }, 201);
  let doc = await ok('POST', '/api/levels', { name: 'Coach', isCoach: true }, 201);
  const id = (name: string) => doc.levels.find((level) => level.name === name)?.id ?? 'missing';
  t.same(doc.levels.map((level) => [level.name, level.rank, level.isCoach]), [['Coach', 0, true], ['Strong', 1, false], ['Middle', 2, false]]);
  await ok('POST', '/api/levels', { name: 'Beginner' }, 201);
  doc = await ok('PATCH', `/api/levels/${id('Middle')}`, { name: 'Improver' });
  doc = await ok('PUT', '/api/levels/order', { order: [id('Coach'), id('Improver'), id('Strong'), id('Beginner')] });
  doc = await ok('DELETE', `/api/levels/${id('Strong')}`);

  const hall = (await ok('POST', '/api/venues', { name: 'Hall', sortOrder: 2 }, 201)).venues[0]!.id;
  const gym = (await ok('POST', '/api/venues', { name: 'Gym', sortOrder: 1, active: false }, 201)).venues[0]!.id;
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 4, start: '19:00', end: '21:00' }, 201);
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 2, start: '20:00', end: '22:00' }, 201);
  doc = await ok('POST', `/api/venues/${hall}/slots`, { weekday: 2, start: '18:00', end: '20:00' }, 201);
  const gone = doc.venues.find((venue) => venue.id === hall)!.slots.find((slot) => slot.start === '20:00')!.id;
  await ok('DELETE', `/api/slots/${gone}`);
  doc = await ok('PATCH', `/api/venues/${gym}`, { name: 'Sports Centre', active: true });

  const slotIds = doc.venues.find((venue) => venue.id === hall)!.slots.map((slot) => slot.id);
  t.same(await ok('GET', '/api/settings'), {
    club: { defaultCourts: 5, roundLengthSec: 900 },
    levels: [
      { id: id('Coach'), name: 'Coach', rank: 0, isCoach: true },
      { id: id('Improver'), name: 'Improver', rank: 1, isCoach: false },
      { id: id('Beginner'), name: 'Beginner', rank: 2, isCoach: false },
    ],
    venues: [
      { id: gym, name: 'Sports Centre', sortOrder: 1, active: true, slots: [] },
      {
        id: hall,
        name: 'Hall',
        sortOrder: 2,
        active: true,
        slots: [
          { id: slotIds[0], weekday: 2, start: '18:00', end: '20:00' },
          { id: slotIds[1], weekday: 4, start: '19:00', end: '21:00' },
        ],
      },
    ],
  });
  t.same(doc, await ok('GET', '/api/settings'), 'every write answers with the whole document');
});

t.test('refusals', async (t) => {
  const doc = await ok('GET', '/api/settings');
  const coachId = doc.levels.find((level) => level.isCoach)!.id;
  const otherId = doc.levels.find((level) => !level.isCoach)!.id;
  const hall = doc.venues.find((venue) => venue.name === 'Hall')!.id;
  const cases: Array<[Method, string, object | undefined, ReturnType<typeof error>]> = [
    ['POST', '/api/levels', { name: 'coach' }, error(409, 'LEVEL_NAME_TAKEN', 'a level is already named coach')],
    ['POST', '/api/levels', { name: 'Head coach', isCoach: true }, error(409, 'COACH_EXISTS', 'there is already a coach level')],
    ['PATCH', `/api/levels/${otherId}`, { name: 'COACH' }, error(409, 'LEVEL_NAME_TAKEN', 'a level is already named COACH')],
    ['PATCH', '/api/levels/nope', { name: 'X' }, error(404, 'LEVEL_NOT_FOUND', 'no level nope')],
    ['DELETE', '/api/levels/nope', undefined, error(404, 'LEVEL_NOT_FOUND', 'no level nope')],
    ['PUT', '/api/levels/order', { order: [coachId] }, error(400, 'LEVEL_ORDER_MISMATCH', 'order: must list every existing level id exactly once')],
    [
      'PUT',
      '/api/levels/order',
      { order: doc.levels.map((level) => level.id).reverse() },
      error(400, 'COACH_NOT_FIRST', 'order: the coach level must stay first (rank 0)'),
    ],
    ['POST', '/api/venues', { name: 'hall' }, error(409, 'VENUE_NAME_TAKEN', 'a venue is already named hall')],
    ['PATCH', '/api/venues/nope', { active: false }, error(404, 'VENUE_NOT_FOUND', 'no venue nope')],
    ['POST', '/api/venues/nope/slots', { weekday: 1, start: '10:00', end: '11:00' }, error(404, 'VENUE_NOT_FOUND', 'no venue nope')],
    ['DELETE', '/api/slots/nope', undefined, error(404, 'SLOT_NOT_FOUND', 'no slot nope')],
  ];
  for (const [method, url, payload, body] of cases) {
    const response = await call(method, url, payload);
    t.same([response.statusCode, response.json()], [body.statusCode, body], `${method} ${url} ${JSON.stringify(payload)}`);
  }
  const invalid: Array<[Method, string, object, string]> = [
    ['PUT', '/api/settings/club', { defaultCourts: 21, roundLengthSec: 720 }, 'defaultCourts'],
    ['PUT', '/api/settings/club', { defaultCourts: 3, roundLengthSec: 30 }, 'roundLengthSec'],
    ['POST', '/api/levels', { name: '' }, 'name'],
    ['POST', `/api/venues/${hall}/slots`, { weekday: 7, start: '10:00', end: '11:00' }, 'weekday'],
    ['POST', `/api/venues/${hall}/slots`, { weekday: 1, start: '24:00', end: '23:00' }, 'start'],
    ['POST', `/api/venues/${hall}/slots`, { weekday: 1, start: '11:00', end: '10:00' }, 'end'],
  ];
  for (const [method, url, payload, field] of invalid) {
    const response = await call(method, url, payload);
    t.equal(response.statusCode, 400, `${url} ${JSON.stringify(payload)}`);
    t.match(response.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request' });
    t.match(response.json().message, new RegExp(field), `the message names ${field}`);
  }
  t.same(await ok('GET', '/api/settings'), doc, 'nothing changed');
});

t.test('401 without a session', async (t) => {
  const unauthenticated = error(401, 'UNAUTHENTICATED', 'Sign in first');
  const routes: Array<[Method, string, object | undefined]> = [
    ['GET', '/api/settings', undefined],
    ['PUT', '/api/settings/club', { defaultCourts: 3, roundLengthSec: 720 }],
    ['POST', '/api/levels', { name: 'Sneaky' }],
    ['PATCH', '/api/levels/x', { name: 'Sneaky' }],
    ['PUT', '/api/levels/order', { order: [] }],
    ['DELETE', '/api/levels/x', undefined],
    ['POST', '/api/venues', { name: 'Sneaky' }],
    ['PATCH', '/api/venues/x', { active: false }],
    ['POST', '/api/venues/x/slots', { weekday: 1, start: '10:00', end: '11:00' }],
    ['DELETE', '/api/slots/x', undefined],
  ];
  for (const [method, url, payload] of routes) {
    const response = await call(method, url, payload, {});
    t.same([response.statusCode, response.json()], [401, unauthenticated], `${method} ${url}`);
  }
});

t.test('the public schedule: active venues, slot times, no ids, no cookie', async (t) => {
  const schedule = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/schedule' });
    t.equal(response.statusCode, 200);
    return response.json();
  };
  const doc = await ok('POST', '/api/venues', { name: 'Old barn', sortOrder: 0, active: false }, 201);
  t.ok(doc.venues.some((venue) => venue.name === 'Old barn'));
  t.same(await schedule(), {
    venues: [
      { name: 'Sports Centre', slots: [] },
      {
        name: 'Hall',
        slots: [
          { weekday: 2, start: '18:00', end: '20:00' },
          { weekday: 4, start: '19:00', end: '21:00' },
        ],
      },
    ],
  });
  const hall = doc.venues.find((venue) => venue.name === 'Hall')!.id;
  await ok('PATCH', `/api/venues/${hall}`, { active: false });
  t.same(await schedule(), { venues: [{ name: 'Sports Centre', slots: [] }] }, 'a deactivated venue leaves the schedule');
});
