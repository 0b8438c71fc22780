// The versions of a night, one version's night, and restore: the log is the history, and a restore
// is one more save on top of it.
import t from 'tap';
import { nightStream } from '../../domain/club/night.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { clubClient, cuid, type Night, snapshotOf } from '../../testing/club/client.ts';

const system = await startTestSystem(t);
const { call, ok } = await clubClient(system);

type Version = { version: number; recordedAt: string; kind: string; restoredFrom: number | null; changes: string[] };
type Versions = { id: string; version: number; versions: Version[] };

const settings = await (async () => {
  await ok('POST', '/api/levels', { name: 'Strong' }, 201);
  await ok('POST', '/api/levels', { name: 'Middle' }, 201);
  return ok<{ levels: Array<{ id: string; name: string }>; venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Hall' }, 201);
})();
const hall = settings.venues[0]!.id;
const level = (name: string) => settings.levels.find((candidate) => candidate.name === name)!.id;
const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal'];
const people = names.map((name, index) => ({ id: cuid(name.toLowerCase()), name, levelId: level(index < 4 ? 'Strong' : 'Middle') }));
const ids = people.map((person) => person.id);
const lineUp = [
  { court: 1, teamA: [ids[0], ids[7]], teamB: [ids[3], ids[4]] },
  { court: 2, teamA: [ids[1], ids[6]], teamB: [ids[2], ids[5]] },
];

let nextDate = 0;
const openNight = async (): Promise<Night> =>
  ok<Night>('POST', '/api/sessions', { venueId: hall, date: `2027-03-${String(++nextDate).padStart(2, '0')}`, startTime: '19:00', endTime: '21:30', courts: 2, roundLengthSec: 600 }, 201);

/** Saves the night with `changes` on top of the copy given; answers the night as GET then answers it. */
async function save(night: Night, changes: Partial<Record<string, unknown>>): Promise<Night> {
  await ok('PUT', `/api/sessions/${night.id}`, snapshotOf(night, changes));
  return ok<Night>('GET', `/api/sessions/${night.id}`);
}

/** A night of six versions: opened, people came, courts drawn, round 1 started, finished, and the end moved. */
async function playedNight(): Promise<Night[]> {
  const opened = await openNight();
  const came = await save(opened, { people: people.slice(0, 4) });
  const drawn = await save(came, { people, lineUp, timer: { roundNumber: 1, durationSec: 600, startedAt: null, roundStartedAt: null, pausedRemainingSec: null } });
  const started = await save(drawn, { timer: { roundNumber: 1, durationSec: 600, startedAt: '2027-03-01T19:05:00.000Z', roundStartedAt: '2027-03-01T19:05:00.000Z', pausedRemainingSec: null } });
  const round1 = { number: 1, startedAt: '2027-03-01T19:05:00.000Z', endedAt: '2027-03-01T19:15:00.000Z', lineUp };
  const finished = await save(started, { lineUp: [], rounds: [round1], timer: { roundNumber: 2, durationSec: 600, startedAt: null, roundStartedAt: null, pausedRemainingSec: null } });
  const later = await save(finished, { endTime: '22:00', courts: 3 });
  return [opened, came, drawn, started, finished, later];
}

t.test('the versions of a night, newest first: version, time, kind and what changed', async (t) => {
  const nights = await playedNight();
  const id = nights[0]!.id;
  await ok('POST', `/api/sessions/${id}/close`);
  await ok('POST', `/api/sessions/${id}/reopen`);
  const listed = await ok<Versions>('GET', `/api/sessions/${id}/versions`);
  t.same(
    { ...listed, versions: listed.versions.map(({ recordedAt: _recordedAt, ...version }) => version) },
    {
      id,
      version: 8,
      versions: [
        { version: 8, kind: 'reopened', restoredFrom: null, changes: ['Night reopened'] },
        { version: 7, kind: 'closed', restoredFrom: null, changes: ['Night closed'] },
        { version: 6, kind: 'saved', restoredFrom: null, changes: ['3 courts (was 2)', 'Ends at 22:00 (was 21:30)'] },
        { version: 5, kind: 'saved', restoredFrom: null, changes: ['Round 1 finished'] },
        { version: 4, kind: 'saved', restoredFrom: null, changes: ['Round 1 started'] },
        { version: 3, kind: 'saved', restoredFrom: null, changes: ['Added Eli, Fay, Gus and Hal', 'New line-up on 2 courts'] },
        { version: 2, kind: 'saved', restoredFrom: null, changes: ['Added Ada, Ben, Cleo and Dev'] },
        { version: 1, kind: 'opened', restoredFrom: null, changes: ['2 courts, 19:00–21:30, rounds of 10 min'] },
      ],
    },
  );
  const times = listed.versions.map((version) => version.recordedAt);
  t.ok(times.every((time) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(time)), 'each with the time the log recorded it');
  t.same([...times].sort().reverse(), times, 'newest first');
  const events = await system.core.store.readStream(nightStream(id));
  t.same(times, events.map((event) => event.recordedAt.toISOString()).reverse(), "the times are the events' own");
  const other = await clubClient(system, 'second-desk');
  t.same(await other.ok('GET', `/api/sessions/${id}/versions`), listed, "the club's nights are every club login's: another account reads the same history");
});

t.test("one version's night is the night as GET answered it right after that save", async (t) => {
  const nights = await playedNight();
  const id = nights[0]!.id;
  for (const night of nights) t.same(await ok<Night>('GET', `/api/sessions/${id}/versions/${night.version}`), night, `version ${night.version}`);
});

t.test('restore saves an older version as the newest: the log grows by one event, nothing earlier changes', async (t) => {
  const nights = await playedNight();
  const [, , drawn, , , later] = nights as [Night, Night, Night, Night, Night, Night];
  const id = later.id;
  const before = await system.core.store.readStream(nightStream(id));
  t.equal(before.length, 6);

  const restored = await ok<Night>('POST', `/api/sessions/${id}/versions/${drawn.version}/restore`, { expectedVersion: later.version });
  const { version: _version, updatedAt: _updatedAt, ...drawnContent } = drawn;
  t.same({ ...restored, version: 0, updatedAt: '' }, { ...drawnContent, version: 0, updatedAt: '' }, 'the night is version 3 again');
  t.equal(restored.version, 7, 'as the newest version');
  t.same(await ok<Night>('GET', `/api/sessions/${id}`), restored, 'and that is what the night screen reads');

  const after = await system.core.store.readStream(nightStream(id));
  t.equal(after.length, before.length + 1, 'one more event');
  t.same(
    after.slice(0, before.length).map(({ id, type, data, revision }) => ({ id, type, data, revision })),
    before.map(({ id, type, data, revision }) => ({ id, type, data, revision })),
    'the earlier events are as they were',
  );
  t.match(after.at(-1), { type: 'snapshot-saved', revision: 6n, data: { version: 7, restoredFrom: 3, courts: 2, endTime: '21:30', rounds: [] } });

  const listed = await ok<Versions>('GET', `/api/sessions/${id}/versions`);
  t.same(
    listed.versions.slice(0, 2).map(({ recordedAt: _recordedAt, ...version }) => version),
    [
      { version: 7, kind: 'restored', restoredFrom: 3, changes: ['2 courts (was 3)', 'Ends at 21:30 (was 22:00)', 'Round 1 taken off the finished rounds', 'New line-up on 2 courts'] },
      { version: 6, kind: 'saved', restoredFrom: null, changes: ['3 courts (was 2)', 'Ends at 22:00 (was 21:30)'] },
    ],
    'the history says it was restored from version 3',
  );
  t.same(await ok('GET', `/api/sessions/${id}/versions/6`), later, 'the version it replaced is still there');

  // the phone goes on saving from the restored version
  const next = await save(restored, { endTime: '21:45' });
  t.equal(next.version, 8);
  t.same(next.lineUp, lineUp);
});

t.test('restore is built on the newest version like a save: a stale phone, a closed night and the newest itself are refused', async (t) => {
  const nights = await playedNight();
  const later = nights.at(-1)!;
  const id = later.id;
  const stale = await call('POST', `/api/sessions/${id}/versions/2/restore`, { expectedVersion: 5 });
  t.equal(stale.statusCode, 409);
  t.same(stale.json(), { statusCode: 409, code: 'VERSION_CONFLICT', error: 'Conflict', message: 'version 5 is not the latest (6): the night was changed on another phone', current: later });
  const newest = await call('POST', `/api/sessions/${id}/versions/6/restore`, { expectedVersion: 6 });
  t.same(newest.json(), { statusCode: 400, code: 'NOT_AN_OLDER_VERSION', error: 'Bad Request', message: "params.version: 6 is not older than the night's newest version (6)" });
  const closed = await ok<Night>('POST', `/api/sessions/${id}/close`);
  const refused = await call('POST', `/api/sessions/${id}/versions/2/restore`, { expectedVersion: 7 });
  t.equal(refused.statusCode, 409);
  t.same(refused.json(), { statusCode: 409, code: 'SESSION_CLOSED', error: 'Conflict', message: 'the night is closed; reopen it to change it', current: closed });
  t.equal((await system.core.store.readStream(nightStream(id))).length, 7, 'nothing was appended but the close');
});

t.test('a restore sent again after its answer was lost is its own: the night it made, nothing appended twice', async (t) => {
  const nights = await playedNight();
  const id = nights.at(-1)!.id;
  const body = { expectedVersion: 6, snapshotId: cuid('restore') };
  const first = await ok<Night>('POST', `/api/sessions/${id}/versions/3/restore`, body);
  t.equal(first.version, 7);
  const again = await call('POST', `/api/sessions/${id}/versions/3/restore`, body);
  t.same([again.statusCode, again.json()], [200, first], 'the answer the phone never got');
  t.equal((await system.core.store.readStream(nightStream(id))).length, 7, 'one restore in the log');
  const anotherPhone = await call('POST', `/api/sessions/${id}/versions/3/restore`, { expectedVersion: 6, snapshotId: cuid('other') });
  t.equal(anotherPhone.statusCode, 409, 'the same restore from another phone, built on version 6, is a conflict');
});

t.test('a restore and a save at once: one wins, the other gets the 409 a save gets', async (t) => {
  const nights = await playedNight();
  let night = nights.at(-1)!;
  const winners: string[] = [];
  for (let race = 0; race < 6; race++) {
    // an end time the night has never had: a save of what the night already holds changes nothing and is no race
    const endTime = `22:${String(race + 10)}`;
    const [restore, put] = await Promise.all([
      call('POST', `/api/sessions/${night.id}/versions/2/restore`, { expectedVersion: night.version }),
      call('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { endTime })),
    ]);
    const current = await ok<Night>('GET', `/api/sessions/${night.id}`);
    t.same([restore.statusCode, put.statusCode].sort(), [200, 409], `race ${race}: exactly one wins`);
    const loser = restore.statusCode === 409 ? restore : put;
    t.match(loser.json(), { code: 'VERSION_CONFLICT' });
    t.same(loser.json<{ current: Night }>().current, current, "the loser is given the winner's copy");
    t.equal(current.version, night.version + 1, 'one version more, not two');
    winners.push(restore.statusCode === 200 ? 'restore' : 'save');
    t.equal(current.endTime, restore.statusCode === 200 ? '21:30' : endTime, 'the night is the winner’s');
    night = current;
  }
  t.comment(`winners: ${winners.join(', ')}`);
});

t.test('someone deleted from People since the restored version comes back', async (t) => {
  const opened = await openNight();
  const guest = { id: cuid('gone'), name: 'Gone', levelId: level('Middle') };
  const came = await save(opened, { people: [guest] });
  const left = await save(came, { people: [] });
  await ok('DELETE', `/api/players/${guest.id}`);
  t.equal((await call('GET', `/api/players/${guest.id}`)).statusCode, 404);
  const restored = await ok<Night>('POST', `/api/sessions/${opened.id}/versions/${came.version}/restore`, { expectedVersion: left.version });
  t.match(restored.people, [{ id: guest.id, name: 'Gone', levelId: level('Middle') }]);
  t.match(await ok('GET', `/api/players/${guest.id}`), { id: guest.id, name: 'Gone', levelId: level('Middle'), guest: false });
});

t.test('404 for a night that is not there or a version it never had; 400 naming the field; 401 without a login', async (t) => {
  const night = await openNight();
  const missing = cuid('none');
  for (const [method, url, payload] of [
    ['GET', `/api/sessions/${missing}/versions`],
    ['GET', `/api/sessions/${missing}/versions/1`],
    ['POST', `/api/sessions/${missing}/versions/1/restore`, { expectedVersion: 1 }],
  ] as const) {
    t.same((await call(method, url, payload)).json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No such night' }, `${method} ${url}`);
  }
  for (const [method, url, payload] of [
    ['GET', `/api/sessions/${night.id}/versions/2`],
    ['POST', `/api/sessions/${night.id}/versions/2/restore`, { expectedVersion: 1 }],
  ] as const) {
    t.same((await call(method, url, payload)).json(), { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'The night has no version 2' }, `${method} ${url}`);
  }

  const mistake = await openNight();
  await ok('DELETE', `/api/sessions/${mistake.id}`);
  t.equal((await call('GET', `/api/sessions/${mistake.id}/versions`)).statusCode, 404, 'a deleted night has no history to show');
  t.equal((await call('GET', `/api/sessions/${mistake.id}/versions/1`)).statusCode, 404);

  for (const [method, url, payload, field] of [
    ['GET', `/api/sessions/${night.id}/versions/0`, undefined, 'params.version'],
    ['GET', `/api/sessions/${night.id}/versions/one`, undefined, 'params.version'],
    ['GET', `/api/sessions/${night.id}/versions/1.5`, undefined, 'params.version'],
    ['POST', `/api/sessions/${night.id}/versions/-1/restore`, { expectedVersion: 1 }, 'params.version'],
    ['POST', `/api/sessions/${night.id}/versions/1/restore`, {}, 'body.expectedVersion'],
    ['POST', `/api/sessions/${night.id}/versions/1/restore`, { expectedVersion: 'latest' }, 'body.expectedVersion'],
  ] as const) {
    const answer = await call(method, url, payload);
    t.equal(answer.statusCode, 400, `${method} ${url} ${JSON.stringify(payload)}`);
    t.match(answer.json(), { statusCode: 400, code: 'VALIDATION_FAILED', message: new RegExp(`^${field.replace('.', '\\.')}: `) });
  }

  for (const [method, url] of [
    ['GET', `/api/sessions/${night.id}/versions`],
    ['GET', `/api/sessions/${night.id}/versions/1`],
    ['POST', `/api/sessions/${night.id}/versions/1/restore`],
  ] as const) {
    const answer = await call(method, url, method === 'POST' ? { expectedVersion: 1 } : undefined, {});
    t.equal(answer.statusCode, 401, `${method} ${url} without a login`);
    t.match(answer.json(), { code: 'UNAUTHENTICATED' });
  }
});

t.test('issue 34: a save that changes nothing makes no version; who sits out is saved, read back, listed in the history and kept in the filed round', async (t) => {
  const opened = await openNight();
  const snapshotId = cuid('same');
  const came = await save(opened, { people, snapshotId });
  t.equal(came.version, 2);
  const logged = async () => (await system.core.store.readStream(nightStream(opened.id))).length;
  const before = await logged();
  for (const again of [snapshotOf(came, { snapshotId: cuid('other') }), snapshotOf(came, { sittingOut: [] }), snapshotOf(came)]) {
    t.same(await ok('PUT', `/api/sessions/${opened.id}`, again), { version: 2 }, 'the night as it is, from any phone: its version answers');
  }
  t.equal(await logged(), before, 'nothing appended');

  // nine would not fill two courts: Hal sits out while the other eight play
  const hal = ids[7]!;
  const nine = [...people, { id: cuid('ivy'), name: 'Ivy', levelId: level('Middle') }];
  const sevenPlus = [
    { court: 1, teamA: [ids[0], ids[6]], teamB: [ids[3], ids[4]] },
    { court: 2, teamA: [ids[1], ids[5]], teamB: [ids[2], nine[8]!.id] },
  ];
  const sitting = await save(came, { people: nine, lineUp: sevenPlus, sittingOut: [hal] });
  t.same([sitting.version, sitting.sittingOut], [3, [hal]], 'saved and read back');
  const round = { number: 1, startedAt: '2027-03-01T19:05:00.000Z', endedAt: '2027-03-01T19:15:00.000Z', lineUp: sevenPlus, sittingOut: [hal], names: { [hal]: 'Hal' } };
  const filed = await save(sitting, { rounds: [round], lineUp: [], sittingOut: [] });
  t.match(filed, { version: 4, sittingOut: [], rounds: [{ number: 1, sittingOut: [hal], names: { [hal]: 'Hal' } }] }, 'the filed round keeps who sat it out');
  const onCourt = await call('PUT', `/api/sessions/${opened.id}`, snapshotOf(filed, { lineUp: sevenPlus, sittingOut: [ids[0]] }));
  t.match(onCourt.json(), { statusCode: 400, code: 'INVALID_SNAPSHOT', message: 'body.sittingOut[0]: Ada is on court and sitting out at once' });

  const history = await ok<Versions>('GET', `/api/sessions/${opened.id}/versions`);
  t.same(history.versions.map((version) => version.version), [4, 3, 2, 1], 'one version per change');
  t.notOk(history.versions.some((version) => version.changes.includes('No change')), 'no version says No change');
  t.ok(history.versions[1]!.changes.includes('Hal sits out'), 'the version that sat Hal out says so');
  const atThree = await ok<Night>('GET', `/api/sessions/${opened.id}/versions/3`);
  t.same(atThree.sittingOut, [hal], 'an older version answers who sat out then');
});
