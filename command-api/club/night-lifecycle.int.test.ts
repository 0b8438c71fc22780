// A club night's life outside its saves: opening (the slot's defaults, one night per slot, what is
// refused), closing, reopening and deleting; the Calendar and Today; moving a weekly slot; ops audit
// of a night's versions; and which club routes need a login.
import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { nightStream } from '../../domain/club/night.ts';
import { claimNight, nightKeyAggregate, nightKeyStream } from '../../domain/club/night-key.ts';
import { TEST_SESSION_SECRET } from '../../testing/harness.ts';
import { cuid, snapshotOf } from '../../testing/club/client.ts';
import { startNightsTest } from '../../testing/club/nights-setup.ts';
import type { Night } from '../../testing/club/client.ts';

const { system, call, ok, hall, annex, people, court1, court2, openNight, todayNight } = await startNightsTest(t);

t.test('opening a night: the slot and club defaults, and the same slot again is the same night', async (t) => {
  const night = await openNight('2026-11-26');
  t.match(night, {
    venueId: hall,
    venueName: 'Hall',
    date: '2026-11-26',
    startTime: '19:00',
    endTime: '21:30',
    courts: 2,
    roundLengthSec: 600,
    status: 'open',
    version: 1,
    people: [],
    lineUp: [],
    timer: null,
    rounds: [],
  });
  t.match(night.id, /^[a-z][a-z0-9]{24}$/, 'a cuid');
  const again = await call('POST', '/api/sessions', { venueId: hall, date: '2026-11-26' });
  t.equal(again.statusCode, 200);
  t.equal(again.json<Night>().id, night.id);

  const racing = await Promise.all(Array.from({ length: 10 }, (_, index) => call('POST', '/api/sessions', { venueId: hall, date: '2026-12-03', id: cuid(`r${index}`) })));
  t.same(racing.map((answer) => answer.statusCode).sort(), [...Array<number>(9).fill(200), 201], 'two phones opening one slot: one night');
  t.equal(new Set(racing.map((answer) => answer.json<Night>().id)).size, 1);

  const offline = cuid('off');
  const chosen = await ok<Night>('POST', '/api/sessions', { id: offline, venueId: hall, date: '2026-11-27', startTime: '10:00', endTime: '12:00', courts: 4, roundLengthSec: 900 }, 201);
  t.match(chosen, { id: offline, courts: 4, roundLengthSec: 900, startTime: '10:00' });
});

t.test('opening refuses what it cannot place, naming the field', async (t) => {
  const cases: Array<[object, string]> = [
    [{ venueId: 'nowhere', date: '2026-11-26' }, 'body.venueId'],
    [{ venueId: hall, date: '2026-11-25' }, 'body.startTime'],
    [{ venueId: hall, date: '2026-11-25', startTime: '10:00' }, 'body.endTime'],
    [{ venueId: hall, date: '2026-02-30', startTime: '10:00', endTime: '11:00' }, 'body.date'],
    [{ venueId: hall, date: '2026-11-25', startTime: '11:00', endTime: '10:00' }, 'body.endTime'],
    [{ venueId: hall, date: '2026-11-25', startTime: '10:00', endTime: '11:00', courts: 0 }, 'body.courts'],
    [{ venueId: hall, date: '2026-11-25', startTime: '10:00', endTime: '11:00', id: 'UPPER' }, 'body.id'],
  ];
  for (const [payload, field] of cases) {
    const answer = await call('POST', '/api/sessions', payload);
    t.equal(answer.statusCode, 400, JSON.stringify(payload));
    t.match(answer.json(), { message: new RegExp(`^${field.replace('.', '\\.')}`) });
  }
});

t.test('close, reopen and delete; a closed night takes no snapshot', async (t) => {
  const night = await openNight('2026-09-03');
  const closed = await ok<Night>('POST', `/api/sessions/${night.id}/close`);
  t.match(closed, { status: 'closed', version: 2 });
  t.equal((await ok<Night>('POST', `/api/sessions/${night.id}/close`)).version, 2, 'closing twice changes nothing');
  const refused = await call('PUT', `/api/sessions/${night.id}`, snapshotOf(closed));
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'SESSION_CLOSED', current: { status: 'closed', version: 2 } });
  const stale = await call('PUT', `/api/sessions/${night.id}`, snapshotOf(night));
  t.match(stale.json(), { code: 'VERSION_CONFLICT', current: { status: 'closed' } }, 'a phone still editing gets the closed copy');
  const reopened = await ok<Night>('POST', `/api/sessions/${night.id}/reopen`);
  t.match(reopened, { status: 'open', version: 3 });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(reopened, { people: people.slice(0, 4) })), { version: 4 });

  const withRound = await ok<Night>('GET', `/api/sessions/${night.id}`);
  await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(withRound, { rounds: [{ number: 1, startedAt: '2026-09-03T19:00:00+01:00', endedAt: '2026-09-03T19:10:00+01:00', lineUp: [court1] }] }));
  const kept = await call('DELETE', `/api/sessions/${night.id}`);
  t.equal(kept.statusCode, 409);
  t.match(kept.json(), { code: 'SESSION_HAS_ROUNDS' });

  const mistake = await openNight('2026-09-10');
  t.same(await ok('DELETE', `/api/sessions/${mistake.id}`), { ok: true });
  t.equal((await call('GET', `/api/sessions/${mistake.id}`)).statusCode, 404);
  t.equal((await call('POST', `/api/sessions/${mistake.id}/close`)).statusCode, 404);
  const fresh = await openNight('2026-09-10');
  t.not(fresh.id, mistake.id, 'the slot is free again');
});

t.test('Calendar and Today', async (t) => {
  const calendar = await ok<{ sessions: Array<Record<string, unknown>> }>('GET', '/api/sessions?from=2026-11-26&to=2026-12-31');
  t.same(
    calendar.sessions.map((night) => [night.date, night.startTime, night.venueName, night.status]),
    [
      ['2026-11-26', '19:00', 'Hall', 'open'],
      ['2026-11-27', '10:00', 'Hall', 'open'],
      ['2026-12-03', '19:00', 'Hall', 'open'],
    ],
  );
  t.match(calendar.sessions[0], { people: 0, rounds: 0, courts: 2, version: 1 });
  // the night closed, reopened and saved with four people and a round above
  const september = await ok<{ sessions: Array<Record<string, unknown>> }>('GET', '/api/sessions?from=2026-09-03&to=2026-09-03');
  t.match(september.sessions, [{ date: '2026-09-03', people: 4, rounds: 1 }]);
  t.equal((await call('GET', '/api/sessions?from=2026-12-01&to=2026-11-01')).statusCode, 400);
  t.match((await call('GET', '/api/sessions?from=2025-01-01&to=2026-12-31')).json(), { message: /^querystring\.to: at most 366 days/ });
  t.match((await call('GET', '/api/sessions?from=2026-01-01')).json(), { message: /^querystring\.to/ });

  // Thursday: the Hall's slot, with the night opened for it; the inactive Annex is not offered
  await ok('POST', `/api/venues/${annex}/slots`, { weekday: 4, start: '18:00', end: '20:00' }, 201);
  const today = await ok<{ weekday: number; slots: Array<Record<string, unknown>>; sessions: unknown[] }>('GET', '/api/today?date=2026-11-26');
  t.equal(today.weekday, 4);
  const opened = calendar.sessions[0]!.id;
  t.same(today.slots, [{ venueId: hall, venueName: 'Hall', start: '19:00', end: '21:30', sessionId: opened }]);
  t.equal(today.sessions.length, 1);
  const friday = await ok<{ weekday: number; slots: unknown[] }>('GET', '/api/today?date=2026-11-27');
  t.same([friday.weekday, friday.slots], [5, []]);
  t.equal((await call('GET', '/api/today')).statusCode, 400);
});

t.test('a weekly slot can be moved', async (t) => {
  const slot = (await ok<{ venues: Array<{ id: string; slots: Array<{ id: string }> }> }>('GET', '/api/settings')).venues.find((venue) => venue.id === annex)!.slots[0]!.id;
  const moved = await ok<{ venues: Array<{ id: string; slots: unknown[] }> }>('PATCH', `/api/slots/${slot}`, { weekday: 2, end: '21:00' });
  t.same(moved.venues.find((venue) => venue.id === annex)!.slots, [{ id: slot, weekday: 2, start: '18:00', end: '21:00' }]);
  t.match((await call('PATCH', `/api/slots/${slot}`, { start: '22:00' })).json(), { statusCode: 400, message: /^end: must be after start/ });
  t.equal((await call('PATCH', '/api/slots/none', { weekday: 1 })).statusCode, 404);
  t.match((await call('PATCH', `/api/slots/${slot}`, { weekday: 7 })).json(), { message: /^body\.weekday/ });
});

t.test('ops audit shows every saved version of a night, and --at the night as it stood', async (t) => {
  const night = await openNight('2026-08-06');
  await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { people: people.slice(0, 4) }));
  await new Promise((resolve) => setTimeout(resolve, 30));
  const between = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 30));
  const second = await ok<Night>('GET', `/api/sessions/${night.id}`);
  await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(second, { people: people.map(({ id, name, levelId }) => ({ id, name, levelId })), lineUp: [court1, court2] }));

  const env = { ...process.env, DATABASE_URL: system.url, LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET };
  const ops = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(import.meta.dirname, '../../ops/cli.ts'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('exit', (code) => resolve({ code, out, err }));
    });
  const audit = await ops(['audit', nightStream(night.id)]);
  t.equal(audit.code, 0, audit.err);
  const lines = audit.out.trim().split('\n').map((line) => JSON.parse(line) as { type: string; data: { version?: number; people?: unknown[] } });
  t.same(lines.map((line) => [line.type, line.data.version ?? null, line.data.people?.length ?? null]), [
    ['session-opened', null, null],
    ['snapshot-saved', 2, 4],
    ['snapshot-saved', 3, 8],
  ]);
  const then = await ops(['audit', nightStream(night.id), '--at', between]);
  t.equal(then.code, 0, then.err);
  t.match(JSON.parse(then.out), { revision: 1, state: { version: 2, status: 'open', lineUp: [] } });
  t.equal((JSON.parse(then.out) as { state: { people: unknown[] } }).state.people.length, 4);
});

t.test('the club API: the 30 endpoints of spec 002, the three of a night’s history and readiness, every one but the schedule, login and health behind a login', async (t) => {
  const document = await ok<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
  const routes = Object.entries(document.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`));
  t.equal(routes.length, 34, routes.sort().join('\n'));
  for (const [method, url] of [
    ['GET', '/api/sessions?from=2026-01-01&to=2026-01-02'],
    ['GET', '/api/sessions/x'],
    ['POST', '/api/sessions'],
    ['PUT', '/api/sessions/x'],
    ['POST', '/api/sessions/x/close'],
    ['POST', '/api/sessions/x/reopen'],
    ['DELETE', '/api/sessions/x'],
    ['GET', '/api/sessions/x/versions'],
    ['GET', '/api/sessions/x/versions/1'],
    ['POST', '/api/sessions/x/versions/1/restore'],
    ['GET', '/api/today?date=2026-01-01'],
    ['PATCH', '/api/slots/x'],
  ] as const) {
    t.equal((await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, {})).statusCode, 401, `${method} ${url}`);
  }
});

t.test('issue 12.10: an id refused for a second slot leaves that slot free, with or without an id', async (t) => {
  // Thursdays, the Hall's 19:00 slot
  const first = cuid('x');
  t.equal((await ok<Night>('POST', '/api/sessions', { id: first, venueId: hall, date: '2031-01-16' }, 201)).id, first);
  const refused = await call('POST', '/api/sessions', { id: first, venueId: hall, date: '2031-01-23' });
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'SESSION_ID_TAKEN', message: /^id: / });
  t.equal(await todayNight('2031-01-23'), null, 'no night yet');
  const mine = cuid('y');
  t.equal((await ok<Night>('POST', '/api/sessions', { id: mine, venueId: hall, date: '2031-01-23' }, 201)).id, mine, 'the slot opens with an id');
  t.equal((await ok<Night>('POST', '/api/sessions', { venueId: hall, date: '2031-01-23' })).id, mine, 'and without one: the same night');
  t.equal(await todayNight('2031-01-23'), mine, 'Today shows it');
  t.equal((await ok<Night>('POST', '/api/sessions', { id: first, venueId: hall, date: '2031-01-16' })).id, first, 'a retry with the same id and slot is the same night');

  // two phones racing one id onto two slots: one night, and the other slot is not poisoned
  const raced = cuid('z');
  const answers = await Promise.all(['2031-01-30', '2031-02-06'].map((date) => call('POST', '/api/sessions', { id: raced, venueId: hall, date })));
  t.same(answers.map((answer) => answer.statusCode).sort(), [201, 409]);
  const loser = answers[0]!.statusCode === 409 ? '2031-01-30' : '2031-02-06';
  const opened = await ok<Night>('POST', '/api/sessions', { venueId: hall, date: loser }, 201);
  t.not(opened.id, raced);
  t.equal(await todayNight(loser), opened.id);

  // a key an older build left claimed for a night of another slot heals on the next open
  await system.core.commands({
    stream: nightKeyStream(hall, '2031-02-13', '19:00'),
    aggregate: nightKeyAggregate,
    decide: (state) => claimNight(state, first),
    context: { userId: null, correlationId: 'test' },
  });
  const healed = await ok<Night>('POST', '/api/sessions', { venueId: hall, date: '2031-02-13' }, 201);
  t.not(healed.id, first);
  t.equal(await todayNight('2031-02-13'), healed.id);
});

t.test('issue 12.16: the Calendar takes at most 366 days, both ends included', async (t) => {
  t.equal((await call('GET', '/api/sessions?from=2031-01-01&to=2032-01-01')).statusCode, 200, '366 days');
  const over = await call('GET', '/api/sessions?from=2031-01-01&to=2032-01-02');
  t.equal(over.statusCode, 400, '367 days');
  t.match(over.json(), { message: /^querystring\.to: at most 366 days including from and to/ });
});
