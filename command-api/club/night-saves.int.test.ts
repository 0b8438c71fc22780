// Saving a club night (PUT /api/sessions/:id, spec 002 rules 1–5): what is refused and why, one
// winner per version, a retried or late copy of a phone's save, and the levels a night keeps.
import t from 'tap';
import { nightStream } from '../../domain/club/night.ts';
import { cuid, snapshotOf } from '../../testing/club/client.ts';
import { type Person, type Settings, startNightsTest } from '../../testing/club/nights-setup.ts';
import type { Night } from '../../testing/club/client.ts';

const { system, call, ok, level, hall, annex, people, ids, court1, court2, openNight, todayNight } = await startNightsTest(t);

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
