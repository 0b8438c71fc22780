import t from 'tap';
import { playerStream } from '../../domain/club/player.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { clubClient, cuid } from '../../testing/club/client.ts';

const system = await startTestSystem(t);
const { call, ok } = await clubClient(system);

type Settings = { levels: Array<{ id: string; name: string }>; venues: Array<{ id: string; name: string }> };
type Player = { id: string; name: string; levelId: string | null; guest: boolean; archived: boolean; createdAt: string };

await ok('POST', '/api/levels', { name: 'Strong' }, 201);
const settings = await ok<Settings>('POST', '/api/levels', { name: 'Beginner' }, 201);
const strong = settings.levels.find((level) => level.name === 'Strong')!.id;
const beginner = settings.levels.find((level) => level.name === 'Beginner')!.id;

t.test('POST /api/players creates with the client id, and the same id again answers the existing person', async (t) => {
  const id = cuid('ann');
  const created = await call('POST', '/api/players', { id, name: ' Ann ', levelId: strong });
  t.equal(created.statusCode, 201);
  const ann = created.json<Player>();
  t.match(ann, { id, name: 'Ann', levelId: strong, guest: false, archived: false });
  t.ok(!Number.isNaN(Date.parse(ann.createdAt)));

  const again = await call('POST', '/api/players', { id, name: 'Someone else', levelId: beginner, guest: true });
  t.equal(again.statusCode, 200, 'an existing id is 200');
  t.same(again.json(), ann, 'never renamed, re-levelled or made a guest by a repeat');
  t.same(await ok('GET', `/api/players/${id}`), ann);
});

t.test('20 identical requests racing make one person: one 201, nineteen 200, one event', async (t) => {
  const id = cuid('race');
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => call('POST', '/api/players', { id, name: 'Racer', levelId: beginner })),
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  t.same(statuses, [...Array<number>(19).fill(200), 201], 'one 201 and nineteen 200');
  const bodies = new Set(answers.map((answer) => answer.body));
  t.equal(bodies.size, 1, 'every answer is the same person');
  const events = await system.core.store.readStream(playerStream(id));
  t.same(events.map((event) => event.type), ['player-created']);
  const listed = await ok<{ players: Player[] }>('GET', '/api/players');
  t.equal(listed.players.filter((player) => player.id === id).length, 1);
});

t.test('bad input is a 400 naming the field', async (t) => {
  const cases: Array<[object, string]> = [
    [{ id: 'Not A Cuid!', name: 'X' }, 'body.id'],
    [{ id: cuid(), name: '' }, 'body.name'],
    [{ id: cuid(), name: 'x'.repeat(101) }, 'body.name'],
    [{ id: cuid() }, 'body.name'],
    [{ id: cuid(), name: 'X', levelId: 'no-such-level' }, 'body.levelId'],
    [{ id: cuid(), name: 'X', guest: 'yes' }, 'body.guest'],
  ];
  for (const [payload, field] of cases) {
    const answer = await call('POST', '/api/players', payload);
    t.equal(answer.statusCode, 400, JSON.stringify(payload));
    t.match(answer.json(), { code: 'VALIDATION_FAILED', message: new RegExp(`^${field.replace('.', '\\.')}`) });
  }
  const patch = await call('PATCH', `/api/players/${cuid()}`, {});
  t.equal(patch.statusCode, 400);
  t.match(patch.json(), { message: /at least one/ });
});

t.test('People: by name, no guests; archive and restore; edit', async (t) => {
  const zed = await ok<Player>('POST', '/api/players', { id: cuid('zed'), name: 'zed', levelId: beginner }, 201);
  const amy = await ok<Player>('POST', '/api/players', { id: cuid('amy'), name: 'Amy', levelId: null }, 201);
  const guest = await ok<Player>('POST', '/api/players', { id: cuid('g'), name: 'Visitor', guest: true }, 201);
  let names = (await ok<{ players: Player[] }>('GET', '/api/players')).players.map((player) => player.name);
  t.ok(names.indexOf('Amy') < names.indexOf('zed'), 'case-insensitive name order');
  t.notOk(names.includes('Visitor'), 'guests are never listed');
  t.equal((await ok<Player>('GET', `/api/players/${guest.id}`)).guest, true, 'but can be read');

  const archived = await ok<Player>('PATCH', `/api/players/${zed.id}`, { archived: true });
  t.equal(archived.archived, true);
  names = (await ok<{ players: Player[] }>('GET', '/api/players')).players.map((player) => player.name);
  t.notOk(names.includes('zed'), 'archived people leave the list');
  t.same((await ok<{ players: Player[] }>('GET', '/api/players?archived=true')).players.map((player) => player.name), ['zed']);
  await ok('PATCH', `/api/players/${zed.id}`, { archived: false });

  const edited = await ok<Player>('PATCH', `/api/players/${amy.id}`, { name: 'Amy B', levelId: strong });
  t.match(edited, { name: 'Amy B', levelId: strong });
  t.same(await ok('GET', `/api/players/${amy.id}`), edited);
  t.match((await ok<Player>('PATCH', `/api/players/${amy.id}`, { levelId: null })), { levelId: null });
  t.equal((await call('PATCH', `/api/players/${amy.id}`, { levelId: 'nope' })).statusCode, 400);
  t.equal((await call('PATCH', `/api/players/${cuid()}`, { name: 'Ghost' })).statusCode, 404);
  t.equal((await call('GET', `/api/players/${cuid()}`)).statusCode, 404);
  t.equal((await call('GET', '/api/players?archived=maybe')).statusCode, 400);
});

t.test('a level people hold cannot be removed until they move', async (t) => {
  const level = (await ok<Settings>('POST', '/api/levels', { name: 'Middle' }, 201)).levels.find((candidate) => candidate.name === 'Middle')!.id;
  const bo = await ok<Player>('POST', '/api/players', { id: cuid('bo'), name: 'Bo', levelId: level }, 201);
  const refused = await call('DELETE', `/api/levels/${level}`);
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'LEVEL_IN_USE', message: /^1 person holds this level/ });
  await ok('PATCH', `/api/players/${bo.id}`, { levelId: beginner });
  await ok('DELETE', `/api/levels/${level}`);
});

t.test('DELETE /api/players/:id: gone when unused; 409 once in a night or a round', async (t) => {
  const spare = await ok<Player>('POST', '/api/players', { id: cuid('sp'), name: 'Spare' }, 201);
  t.same(await ok('DELETE', `/api/players/${spare.id}`), { ok: true });
  t.equal((await call('GET', `/api/players/${spare.id}`)).statusCode, 404);
  t.equal((await call('DELETE', `/api/players/${spare.id}`)).statusCode, 404);

  const venue = (await ok<Settings>('POST', '/api/venues', { name: 'Hall' }, 201)).venues[0]!.id;
  const night = await ok<{ id: string; version: number }>('POST', '/api/sessions', { venueId: venue, date: '2026-11-20', startTime: '19:00', endTime: '21:00' }, 201);
  const people = ['a', 'b', 'c', 'd'].map((label) => ({ id: cuid(label), name: `Person ${label}`, levelId: beginner }));
  const snapshot = {
    venueId: venue,
    date: '2026-11-20',
    startTime: '19:00',
    endTime: '21:00',
    courts: 1,
    roundLengthSec: 720,
    timer: null,
    lineUp: [],
  };
  const round = { number: 1, startedAt: '2026-11-20T19:05:00+01:00', endedAt: '2026-11-20T19:17:00+01:00', lineUp: [{ court: 1, teamA: [people[0]!.id, people[3]!.id], teamB: [people[1]!.id, people[2]!.id] }] };
  await ok('PUT', `/api/sessions/${night.id}`, { ...snapshot, version: night.version, people, rounds: [round] });
  const inNight = await call('DELETE', `/api/players/${people[1]!.id}`);
  t.equal(inNight.statusCode, 409);
  t.match(inNight.json(), { code: 'PLAYER_IN_HISTORY', message: /in 1 night\(s\) and 1 round\(s\)/ });
  // the person left the sheet but played round 1
  await ok('PUT', `/api/sessions/${night.id}`, { ...snapshot, version: night.version + 1, people: people.filter((person) => person !== people[1]), rounds: [round] });
  const inRound = await call('DELETE', `/api/players/${people[1]!.id}`);
  t.equal(inRound.statusCode, 409);
  t.match(inRound.json(), { message: /in 0 night\(s\) and 1 round\(s\)/ });
});

t.test('every People route needs a login', async (t) => {
  for (const [method, url] of [['GET', '/api/players'], ['POST', '/api/players'], ['GET', '/api/players/x'], ['PATCH', '/api/players/x'], ['DELETE', '/api/players/x']] as const) {
    t.equal((await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' }, {})).statusCode, 401, `${method} ${url}`);
  }
});
