// Issue 11: what PostgreSQL cannot store (year 0, NUL, a lone surrogate) is refused at the door
// with 400 naming the field, on writes and reads alike, and the read side keeps following the log.
import t from 'tap';
import { clubClient, cuid } from '../testing/club/client.ts';
import { trainingUser } from '../testing/gym/training-client.ts';
import { startTestSystem } from '../testing/harness.ts';

const system = await startTestSystem(t);
const me = await trainingUser(system.apps.gym!, 'unstorable@example.org');
const club = await clubClient(system, 'unstorable');
const forms = system.apps.forms!;
await system.defineForm('unstorable');

const refusal = (message: string) => ({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
const RANGE = 'between 1900-01-01 and 2999-12-31';
const NUL = 'must not contain NUL characters';
const SURROGATE = 'must be valid Unicode text (no unpaired surrogates)';

t.test('gym: dates outside 1900-01-01..2999-12-31 and unstorable text are 400 naming the field', async (t) => {
  const exercise = await me.exercise('Squat');
  const workout = await me.workout('2026-11-26');
  const plan = await me.ok('POST', '/api/plans', { name: 'Block', startDate: '2026-11-23', days: [] });
  const cases: Array<[string, string, object | undefined, string]> = [
    ['POST', '/api/sessions', { date: '0000-01-01' }, `body.date: ${RANGE}`],
    ['POST', '/api/sessions', { date: '3000-01-01' }, `body.date: ${RANGE}`],
    ['POST', '/api/plans', { name: 'P', startDate: '1899-12-31', days: [] }, `body.startDate: ${RANGE}`],
    ['POST', `/api/plans/${plan.id}/duplicate`, { date: '0000-01-01' }, `body.date: ${RANGE}`],
    ['PUT', '/api/bodyweight', { date: '0000-01-01', kg: 80 }, `body.date: ${RANGE}`],
    ['GET', '/api/sessions?from=0000-01-01', undefined, `querystring.from: ${RANGE}`],
    ['GET', '/api/home?date=0000-01-01', undefined, `querystring.date: ${RANGE}`],
    ['GET', '/api/stats?date=0001-01-05', undefined, `querystring.date: ${RANGE}`],
    ['GET', '/api/bodyweight?to=9999-12-31', undefined, `querystring.to: ${RANGE}`],
    ['GET', '/api/cardio/logs?from=0000-01-01', undefined, `querystring.from: ${RANGE}`],
    ['POST', '/api/exercises', { name: 'Bench\u0000' }, `body.name: ${NUL}`],
    ['POST', '/api/exercises', { name: '\ud800' }, `body.name: ${SURROGATE}`],
    ['PATCH', `/api/exercises/${exercise}`, { code: 'a\u0000' }, `body.code: ${NUL}`],
    ['PATCH', `/api/sessions/${workout}`, { notes: 'heavy\u0000' }, `body.notes: ${NUL}`],
    ['PATCH', '/api/settings', { accent: '\u0000' }, `body.accent: ${NUL}`],
    ['GET', '/api/exercises?q=%00', undefined, `querystring.q: ${NUL}`],
  ];
  for (const [method, url, payload, message] of cases) {
    const res = await me.call(method as 'GET', url, payload);
    t.same([res.statusCode, res.json()], [400, refusal(message)], `${method} ${url}`);
  }
  // nothing of it reached the log: the read side follows, and a write still answers at once
  t.equal((await me.call('POST', '/api/sessions', { date: '1900-01-01' })).statusCode, 201);
  t.equal((await me.call('POST', '/api/sessions', { date: '2999-12-31' })).statusCode, 201);
  t.equal((await me.call('GET', '/api/stats?date=1900-01-01')).statusCode, 200);
});

t.test('club: a NUL in a path id or a name, and an instant in year 0, are 400 naming the field', async (t) => {
  const { venues } = await club.ok<{ venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Hall' }, 201);
  const venueId = venues[0]!.id;
  const night = await club.ok<{ id: string; version: number }>('POST', '/api/sessions', { venueId, date: '2026-11-26', startTime: '18:00', endTime: '21:00' }, 201);
  const snapshot = { version: night.version, venueId, date: '2026-11-26', startTime: '18:00', endTime: '21:00', courts: 1, roundLengthSec: 720, lineUp: [], timer: null, rounds: [] };
  const cases: Array<[string, string, object | undefined, string]> = [
    ['GET', '/api/players/%00', undefined, `params.id: ${NUL}`],
    ['GET', '/api/sessions/a%00b', undefined, `params.id: ${NUL}`],
    ['POST', '/api/players', { id: cuid('x'), name: 'Ann\u0000' }, `body.name: ${NUL}`],
    ['POST', '/api/venues', { name: '\udfff' }, `body.name: ${SURROGATE}`],
    ['POST', '/api/sessions', { venueId, date: '0000-01-01', startTime: '18:00', endTime: '21:00' }, `body.date: ${RANGE}`],
    ['GET', '/api/sessions?from=0000-01-01&to=0000-01-02', undefined, `querystring.from: ${RANGE}`],
    ['PUT', `/api/sessions/${night.id}`, { ...snapshot, people: [{ id: cuid('p'), name: 'Bo\u0000', levelId: null }] }, `body.people.0.name: ${NUL}`],
    [
      'PUT',
      `/api/sessions/${night.id}`,
      { ...snapshot, people: [], timer: { roundNumber: 1, durationSec: 720, startedAt: '0000-01-01T00:00:00Z', pausedRemainingSec: null } },
      `body.timer.startedAt: ${RANGE}`,
    ],
  ];
  for (const [method, url, payload, message] of cases) {
    const res = await club.call(method as 'GET', url, payload);
    t.same([res.statusCode, res.json()], [400, refusal(message)], `${method} ${url}`);
  }
});

t.test('forms: a NUL or lone surrogate anywhere in answers, keys included, is 400 naming the field', async (t) => {
  const cases: Array<[string, string]> = [
    ['{"answers":{"q1":"\\u0000"}}', `body.answers.q1: ${NUL}`],
    ['{"answers":{"q1":["a","\\ud800"]}}', `body.answers.q1.1: ${SURROGATE}`],
    ['{"notes":{"q1":{"row":"x\\u0000"}}}', `body.notes.q1.row: ${NUL}`],
    ['{"respondent":"\\u0000"}', `body.respondent: ${NUL}`],
  ];
  for (const [payload, message] of cases) {
    const res = await forms.inject({
      method: 'POST',
      url: '/api/forms/unstorable',
      headers: { origin: 'http://localhost:3004', 'content-type': 'application/json', 'x-real-ip': '192.0.2.11' },
      payload,
    });
    t.same([res.statusCode, res.json()], [400, refusal(message)], payload);
  }
  const key = await forms.inject({
    method: 'POST',
    url: '/api/forms/unstorable',
    headers: { origin: 'http://localhost:3004', 'content-type': 'application/json', 'x-real-ip': '192.0.2.11' },
    payload: '{"answers":{"q\\u0000":"x"}}',
  });
  t.equal(key.statusCode, 400, 'a question id with a NUL');
  t.match(key.json(), { code: 'VALIDATION_FAILED', message: /^body\.answers/ });
});
