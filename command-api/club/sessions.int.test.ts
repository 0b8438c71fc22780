import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { nightStream } from '../../domain/club/night.ts';
import { claimNight, nightKeyAggregate, nightKeyStream } from '../../domain/club/night-key.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../../testing/harness.ts';
import { clubClient, cuid, snapshotOf } from '../../testing/club/client.ts';

const system = await startTestSystem(t);
const { call, ok } = await clubClient(system);

type Settings = {
  club: { defaultCourts: number; roundLengthSec: number };
  levels: Array<{ id: string; name: string; rank: number }>;
  venues: Array<{ id: string; name: string }>;
};
type Person = { id: string; name: string; levelId: string | null; levelName: string | null; levelRank: number | null; guest: boolean };
type Court = { court: number; teamA: string[]; teamB: string[] };
type Night = {
  id: string;
  venueId: string;
  venueName: string | null;
  date: string;
  startTime: string;
  endTime: string;
  courts: number;
  roundLengthSec: number;
  status: 'open' | 'closed';
  version: number;
  people: Person[];
  lineUp: Court[];
  timer: Record<string, unknown> | null;
  rounds: Array<{ number: number; startedAt: string; endedAt: string; lineUp: Court[] }>;
};

await ok('PUT', '/api/settings/club', { defaultCourts: 2, roundLengthSec: 600 });
await ok('POST', '/api/levels', { name: 'Strong' }, 201);
await ok('POST', '/api/levels', { name: 'Middle' }, 201);
let settings = await ok<Settings>('POST', '/api/venues', { name: 'Hall' }, 201);
const level = (name: string) => settings.levels.find((candidate) => candidate.name === name)!.id;
const hall = settings.venues[0]!.id;
// Thursday 19:00–21:30
await ok('POST', `/api/venues/${hall}/slots`, { weekday: 4, start: '19:00', end: '21:30' }, 201);
settings = await ok<Settings>('POST', '/api/venues', { name: 'Annex', active: false }, 201);
const annex = settings.venues.find((venue) => venue.name === 'Annex')!.id;

const people = Array.from({ length: 8 }, (_, index) => ({
  id: cuid(`n${index}`),
  name: `Player ${index}`,
  levelId: index < 4 ? level('Strong') : level('Middle'),
}));
const ids = people.map((person) => person.id);
const court1 = { court: 1, teamA: [ids[0], ids[7]], teamB: [ids[3], ids[4]] };
const court2 = { court: 2, teamA: [ids[1], ids[6]], teamB: [ids[2], ids[5]] };


async function openNight(date: string, extra: object = {}): Promise<Night> {
  return ok<Night>('POST', '/api/sessions', { venueId: hall, date, ...extra }, 201);
}

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

t.test('PUT rule 1: what needs no lock is refused first with a reason', async (t) => {
  const night = await openNight('2026-10-01', { startTime: '18:00', endTime: '20:00' });
  const valid = snapshotOf(night, { people });
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ venueId: 'gone' }, /^body\.venueId: this night's venue no longer exists$/],
    // issue 34: the refusal names the person, not the level's id
    [{ people: [people[0], { ...people[1], levelId: 'retired-level' }] }, new RegExp(`^body\\.people\\[1\\]\\.levelId: ${people[1]!.name}'s level no longer exists; pick another$`)],
    [{ lineUp: [court1, { ...court2, court: 3 }] }, /^body\.lineUp\[1\]\.court: court 3 is on the sheet, but the night has 2 courts$/],
    [
      {
        rounds: [
          { number: 1, startedAt: '2026-10-01T18:00:00+01:00', endedAt: '2026-10-01T18:10:00+01:00', lineUp: [court1] },
          { number: 1, startedAt: '2026-10-01T18:10:00+01:00', endedAt: '2026-10-01T18:20:00+01:00', lineUp: [court2] },
        ],
      },
      /^body\.rounds\[1\]\.number: round 1 is filed twice$/,
    ],
    [{ lineUp: [court1, { ...court2, teamA: [ids[0], ids[6]] }] }, /^body\.lineUp\[1\]: .* is on court twice/],
  ];
  for (const [change, message] of cases) {
    const answer = await call('PUT', `/api/sessions/${night.id}`, { ...valid, ...change });
    t.equal(answer.statusCode, 400, String(message));
    t.match(answer.json(), { code: 'INVALID_SNAPSHOT', message });
  }
  const shape = await call('PUT', `/api/sessions/${night.id}`, { ...valid, version: undefined });
  t.match(shape.json(), { statusCode: 400, message: /^body\.version/ });
  t.equal((await call('PUT', `/api/sessions/${cuid('none')}`, valid)).statusCode, 404);
  t.equal((await ok<Night>('GET', `/api/sessions/${night.id}`)).version, 1, 'nothing was saved');
});

t.test('PUT rules 2–5: one winner per version, wholesale replacement, unseen people created, roundStartedAt optional', async (t) => {
  const night = await openNight('2026-10-08', { startTime: '18:00', endTime: '20:00' });
  const existing = await ok<Person>('POST', '/api/players', { id: ids[0], name: 'Player 0', levelId: level('Strong') }, 201);

  const mine = snapshotOf(night, {
    people: [...people.slice(0, 4).map((person, index) => (index === 0 ? { ...person, name: 'Renamed by a phone', levelId: level('Middle') } : person))],
    // a phone on an older build: no roundStartedAt
    timer: { roundNumber: 1, durationSec: 600, startedAt: '2026-10-08T18:05:00+01:00', pausedRemainingSec: null },
  });
  const theirs = snapshotOf(night, { people: people.slice(4) });
  const [a, b] = await Promise.all([call('PUT', `/api/sessions/${night.id}`, mine), call('PUT', `/api/sessions/${night.id}`, theirs)]);
  const answers = [a, b].sort((x, y) => x.statusCode - y.statusCode);
  t.same(answers.map((answer) => answer.statusCode), [200, 409], 'exactly one save wins the version');
  t.same(answers[0]!.json(), { version: 2 }, 'the new version');
  const conflict = answers[1]!.json<{ code: string; current: Night }>();
  t.equal(conflict.code, 'VERSION_CONFLICT');
  const winner = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.same(conflict.current, winner, "409 carries the winner's copy");
  t.equal(winner.version, 2);
  const winnerIsMine = a.statusCode === 200;
  t.same(winner.people.map((person) => person.id), winnerIsMine ? ids.slice(0, 4) : ids.slice(4));

  // rule 4: everyone the server had not seen exists now, the losing copy's people too; Player 0 kept name and level
  for (const person of people) t.equal((await call('GET', `/api/players/${person.id}`)).statusCode, 200, `${person.name} exists`);
  t.same(await ok('GET', `/api/players/${existing.id}`), existing, 'never renamed or re-levelled from a snapshot');
  if (winnerIsMine) {
    t.same(winner.timer, { roundNumber: 1, durationSec: 600, startedAt: '2026-10-08T18:05:00+01:00', roundStartedAt: null, pausedRemainingSec: null }, 'rule 5');
    t.match(winner.people[0], { name: 'Player 0', levelId: level('Middle'), levelName: 'Middle', levelRank: 1 }, "the night's level is the phone's");
  }

  // rule 3: the next save replaces people and rounds wholesale
  const round = { number: 1, startedAt: '2026-10-08T18:05:00+01:00', endedAt: '2026-10-08T18:15:00+01:00', lineUp: [court1, court2] };
  const next = snapshotOf(winner, {
    people: people.map(({ id, name, levelId }) => ({ id, name, levelId })),
    lineUp: [court1, court2],
    timer: { roundNumber: 2, durationSec: 600, startedAt: null, roundStartedAt: null, pausedRemainingSec: 420 },
    rounds: [round],
  });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, next), { version: 3 });
  let saved = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.equal(saved.people.length, 8);
  t.same(saved.lineUp, [court1, court2]);
  t.same(saved.rounds, [round]);
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(saved, { people: saved.people.slice(0, 4).map(({ id, name, levelId }) => ({ id, name, levelId })), lineUp: [], rounds: [] })), { version: 4 });
  saved = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.same(saved.people.map((person) => person.id), ids.slice(0, 4));
  t.same(saved.rounds, []);

  // a retried save (the answer was lost) is harmless: 409 with the copy it already made
  const retried = await call('PUT', `/api/sessions/${night.id}`, snapshotOf(saved, { version: 3 }));
  t.equal(retried.statusCode, 409);
  t.same(retried.json<{ current: Night }>().current, saved);
  t.equal((await system.core.store.readStream(nightStream(night.id))).length, 4, 'opened and three saves');
});

t.test('a retried save of the same snapshot (its answer was lost) is answered as the success it was', async (t) => {
  const night = await openNight('2026-10-22');
  const snapshot = snapshotOf(night, { people: [{ id: cuid('rt'), name: 'Retried', levelId: level('Strong') }], snapshotId: cuid('snap') });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshot), { version: 2 });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshot), { version: 2 }, 'the same snapshot again: 200 with the version it made');
  t.equal((await system.core.store.readStream(nightStream(night.id))).length, 2, 'opened and one save: the retry appended nothing');

  const stale = await call('PUT', `/api/sessions/${night.id}`, { ...snapshot, snapshotId: cuid('other') });
  t.equal(stale.statusCode, 409, 'another snapshot from the same version is still a conflict');
  t.equal(stale.json<{ code: string }>().code, 'VERSION_CONFLICT');
  // the phone changed the night again before it heard back: its next send still starts from version 1
  const newer = { ...snapshot, endTime: '22:15' };
  t.same(await ok('PUT', `/api/sessions/${night.id}`, newer), { version: 3 }, "the phone's own newer copy is saved on top of its save");
  t.same(await ok('PUT', `/api/sessions/${night.id}`, newer), { version: 3 }, 'and sent again, appends nothing');
  t.equal((await ok<Night>('GET', `/api/sessions/${night.id}`)).endTime, '22:15');

  // once another save (or a close) moved the version on, the old snapshot is no longer the latest
  const saved = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(saved, { endTime: '21:00', snapshotId: cuid('snap') })), { version: 4 });
  const late = await call('PUT', `/api/sessions/${night.id}`, newer);
  t.equal(late.statusCode, 409, 'a retry arriving after another save is a conflict');
  t.equal(late.json<{ current: Night }>().current.version, 4);
  const last = snapshotOf(await ok<Night>('GET', `/api/sessions/${night.id}`), { endTime: '21:15', snapshotId: cuid('snap') });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, last), { version: 5 });
  await ok('POST', `/api/sessions/${night.id}/close`);
  const afterClose = await call('PUT', `/api/sessions/${night.id}`, last);
  t.equal(afterClose.statusCode, 409, 'closing moved the version on: the retry is not taken for the latest');
});

t.test('a late copy of a send the phone gave up on never replaces the newer copy saved before it arrived', async (t) => {
  const night = await openNight('2026-10-29');
  const snapshotId = cuid('late');
  // the phone files round 1 (seq 1) and gives up waiting; it then files round 2 (seq 2), which arrives first
  const round = (number: number) => ({ number, startedAt: `2026-10-29T19:${10 * number}:00.000Z`, endedAt: `2026-10-29T19:${10 * number + 9}:00.000Z`, lineUp: [court1] });
  const older = snapshotOf(night, { people, rounds: [round(1)], snapshotId, snapshotSeq: 1 });
  const newer = snapshotOf(night, { people, rounds: [round(1), round(2)], snapshotId, snapshotSeq: 2 });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, newer), { version: 2 });
  const late = await call('PUT', `/api/sessions/${night.id}`, older);
  t.equal(late.statusCode, 409, 'the late older copy is not answered as saved: its phone, if it still listens, merges onto the newer night');
  t.match(late.json(), { code: 'VERSION_CONFLICT', current: { version: 2, rounds: [{ number: 1 }, { number: 2 }] } });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, newer), { version: 2 }, 'the newer copy sent again changes nothing either');
  t.same((await ok<Night>('GET', `/api/sessions/${night.id}`)).rounds.map((each) => each.number), [1, 2], 'both rounds the phone filed are kept');
  const events = await system.core.store.readStream(nightStream(night.id));
  t.same(
    events.map((event) => [event.type, (event.data as { snapshotSeq?: number }).snapshotSeq]),
    [
      ['session-opened', undefined],
      ['snapshot-saved', 2],
    ],
    'one save, which records its order',
  );
  const bad = await call('PUT', `/api/sessions/${night.id}`, { ...newer, snapshotSeq: 'two' });
  t.equal(bad.statusCode, 400);
  t.match(bad.json<{ message: string }>().message, /snapshotSeq/, 'a malformed order is refused naming the field');
});

t.test("each person's level that night is a copy: later level changes do not rewrite it", async (t) => {
  const night = await openNight('2026-10-15', { startTime: '18:00', endTime: '20:00' });
  const person = { id: cuid('lv'), name: 'Leveller', levelId: level('Middle') };
  await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { people: [person] }));
  await ok('PATCH', `/api/players/${person.id}`, { levelId: level('Strong') });
  await ok('PATCH', `/api/levels/${level('Middle')}`, { name: 'Intermediate' });
  const after = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.match(after.people[0], { id: person.id, levelId: level('Middle'), levelName: 'Middle', levelRank: 1 });
  await ok('PATCH', `/api/levels/${level('Middle')}`, { name: 'Middle' });
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
  const october = await ok<{ sessions: Array<Record<string, unknown>> }>('GET', '/api/sessions?from=2026-10-08&to=2026-10-08');
  t.match(october.sessions, [{ date: '2026-10-08', people: 4, rounds: 0 }]);
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

type Today = { slots: Array<{ venueId: string; start: string; sessionId: string | null }> };
const todayNight = async (date: string): Promise<string | null> => (await ok<Today>('GET', `/api/today?date=${date}`)).slots.find((slot) => slot.venueId === hall)?.sessionId ?? null;

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

t.test('issue 12.11: a saved night keeps the levels of its day through a rename, a reorder and a removal', async (t) => {
  let club = await ok<Settings>('POST', '/api/levels', { name: 'Temp' }, 201);
  const temp = club.levels.find((candidate) => candidate.name === 'Temp')!;
  t.equal(temp.rank, 2);
  const night = await openNight('2031-03-06');
  const guest = { id: cuid('tmp'), name: 'Tempo', levelId: temp.id };
  await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { people: [guest] }));
  await ok('POST', `/api/sessions/${night.id}/close`);
  await ok('PATCH', `/api/levels/${temp.id}`, { name: 'Renamed' });
  await ok('PUT', '/api/levels/order', { order: [temp.id, level('Strong'), level('Middle')] });
  let reopened = await ok<Night>('POST', `/api/sessions/${night.id}/reopen`);
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(reopened, { endTime: '21:45' })), { version: 5 });
  t.match((await ok<Night>('GET', `/api/sessions/${night.id}`)).people, [{ id: guest.id, levelId: temp.id, levelName: 'Temp', levelRank: 2 }]);

  await ok('PATCH', `/api/players/${guest.id}`, { levelId: level('Middle') });
  club = await ok<Settings>('DELETE', `/api/levels/${temp.id}`);
  t.notOk(club.levels.some((candidate) => candidate.id === temp.id), 'the level is gone');
  reopened = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(reopened, { endTime: '22:00' })), { version: 6 }, 'the night still saves');
  t.match((await ok<Night>('GET', `/api/sessions/${night.id}`)).people, [{ levelId: temp.id, levelName: 'Temp', levelRank: 2 }]);
  const late = { id: cuid('late'), name: 'Late', levelId: temp.id };
  const kept = reopened.people.map(({ id, name, levelId }) => ({ id, name, levelId }));
  const newcomer = await call('PUT', `/api/sessions/${night.id}`, snapshotOf(reopened, { version: 6, people: [...kept, late] }));
  t.match(newcomer.json(), { statusCode: 400, code: 'INVALID_SNAPSHOT', message: /^body\.people\[1\]\.levelId: Late's level no longer exists; pick another$/ }, 'a newcomer cannot take the removed level');
});

t.test('issue 12.13: a filed round on a court the night never had is out of range; a court it had that evening is kept', async (t) => {
  const night = await openNight('2031-03-13', { courts: 3 });
  const round = (courts: number[]) => ({
    number: 1,
    startedAt: '2031-03-13T19:05:00+00:00',
    endedAt: '2031-03-13T19:15:00+00:00',
    lineUp: courts.map((court) => ({ ...court1, court })),
  });
  const wide = await call('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { people, rounds: [round([4])] }));
  t.equal(wide.statusCode, 400);
  t.match(wide.json(), { code: 'INVALID_SNAPSHOT', message: /^body\.rounds\[0\]\.lineUp\[0\]\.court: round 1 is on court 4, but the night has had at most 3 courts$/ });
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { people, rounds: [round([3])] })), { version: 2 });
  const saved = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(saved, { courts: 2 })), { version: 3 }, 'two courts for the rest of the evening; round 1 on court 3 stays');
  t.match(await ok<Night>('GET', `/api/sessions/${night.id}`), { courts: 2, rounds: [{ number: 1, lineUp: [{ court: 3 }] }] });
});

t.test('issue 12.14: a save cannot move a night to another venue, date or start', async (t) => {
  const night = await openNight('2031-03-20');
  for (const [field, value] of [['date', '2031-03-27'], ['startTime', '18:30'], ['venueId', annex]] as const) {
    const moved = await call('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { [field]: value }));
    t.equal(moved.statusCode, 400, field);
    t.match(moved.json(), { code: 'INVALID_SNAPSHOT', message: new RegExp(`^body\\.${field}: the night was opened with ${night[field]}; a save cannot move it`) });
  }
  t.match(await ok<Night>('GET', `/api/sessions/${night.id}`), { date: '2031-03-20', startTime: '19:00', venueId: hall, version: 1 });
  t.equal(await todayNight('2031-03-20'), night.id);
  t.equal(await todayNight('2031-03-27'), null);
  t.same(await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { endTime: '22:00' })), { version: 2 }, 'the end may change');
});

t.test('issue 12.16: the Calendar takes at most 366 days, both ends included', async (t) => {
  t.equal((await call('GET', '/api/sessions?from=2031-01-01&to=2032-01-01')).statusCode, 200, '366 days');
  const over = await call('GET', '/api/sessions?from=2031-01-01&to=2032-01-02');
  t.equal(over.statusCode, 400, '367 days');
  t.match(over.json(), { message: /^querystring\.to: at most 366 days including from and to/ });
});
