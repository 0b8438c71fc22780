import t from 'tap';
import { deciderSpec, domainError } from '../../testing/decider-spec.ts';
import { DomainError } from '../shared/events.ts';
import { MAX_SNAPSHOT_SEQ, type Night, nightAggregate, type NightState, type Snapshot, snapshotSchema } from './night.ts';
import { checkSnapshot, type ClubLists, copyLevels, decideNight, type NightCommand, peopleAddedBy, StaleCopy } from './night-decide.ts';
import type { Level, Venue } from './settings.ts';

const at = '2026-11-26T19:00:00.000Z';
const venues: Venue[] = [{ id: 'hall', name: 'Hall', sortOrder: 0, active: true }];
const levels: Level[] = [
  { id: 'coach', name: 'Coach', rank: 0, isCoach: true },
  { id: 'strong', name: 'Strong', rank: 1, isCoach: false },
];
const people = ['caaaaaaaa', 'cbbbbbbbb', 'ccccccccc', 'cdddddddd'].map((id) => ({ id, name: id, levelId: 'strong', guest: false }));

const club = { venues, levels };
const given = deciderSpec({ initialState: nightAggregate.initialState, evolve: nightAggregate.evolve, decide: decideNight });
const openSession = (date = '2026-11-26'): NightCommand => ({ type: 'open-session', venueId: 'hall', date, startTime: '19:00', endTime: '21:00', courts: 2, roundLengthSec: 720, at });
const save = (changes: Partial<Snapshot> = {}, lists: ClubLists = club): NightCommand => ({ type: 'save-snapshot', snapshot: snapshot(changes), club: lists, at });
const close: NightCommand = { type: 'close-session', at };
/** the night just opened: its history is the given of most decisions here */
const opened = given([]).when(openSession()).decided();

function snapshot(changes: Partial<Snapshot> = {}): Snapshot {
  return snapshotSchema.parse({
    version: 1,
    venueId: 'hall',
    date: '2026-11-26',
    startTime: '19:00',
    endTime: '21:00',
    courts: 2,
    roundLengthSec: 720,
    people,
    lineUp: [{ court: 1, teamA: ['caaaaaaaa', 'cdddddddd'], teamB: ['cbbbbbbbb', 'ccccccccc'] }],
    timer: null,
    rounds: [],
    ...changes,
  });
}

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
};

t.test('opening starts at version 1 with an empty night; opening again is the same night', async (t) => {
  t.match(opened.state, { status: 'open', version: 1, people: [], rounds: [], openedAs: { venueId: 'hall', date: '2026-11-26', startTime: '19:00' } });
  given(opened.history).when(openSession()).then(t, []);
  given(opened.history).when(openSession('2026-11-27')).thenThrows(t, 'SESSION_ID_TAKEN');
});

t.test('a save claims the next version; a stale or closed copy is refused', async (t) => {
  const saved = given(opened.history).when(save()).decided();
  t.equal(saved.state?.version, 2);
  t.equal(saved.state?.people.length, 4);
  given(saved.history).when(save()).thenThrows(t, domainError('VERSION_CONFLICT', /^version 1 is not the latest \(2\)/));
  const closed = given(saved.history).when(close).decided();
  t.match(closed.state, { status: 'closed', version: 3 });
  given(closed.history).when(close).then(t, [], 'closing twice changes nothing');
  given(closed.history).when(save({ version: 3 })).thenThrows(t, 'SESSION_CLOSED');
  const reopened = given(closed.history).when({ type: 'reopen-session', at }).decided();
  t.match(reopened.state, { status: 'open', version: 4 });
  given([]).when(save()).thenThrows(t, 'SESSION_NOT_FOUND');
});

t.test('after a save whose answer was lost, the same phone\'s next send from the same version is not a conflict', async (t) => {
  const first = given(opened.history).when(save({ snapshotId: 'cphonea01' })).decided();
  t.equal(first.state?.version, 2);
  given(first.history).when(save({ snapshotId: 'cphonea01' })).then(t, [], 'the same snapshot again: nothing to append, version 2 is its answer');

  // the answer was lost; the phone changed the night before it could retry: same id, still from version 1
  const later = given(first.history).when(save({ snapshotId: 'cphonea01', courts: 3 })).decided();
  t.match(later.state, { version: 3, courts: 3 }, 'its newer copy is saved on top of its own save');
  given(later.history).when(save({ snapshotId: 'cphonea01', courts: 3 })).then(t, [], 'and a retry of that one appends nothing');
  const third = given(later.history).when(save({ snapshotId: 'cphonea01', courts: 4 })).decided();
  t.match(third.state, { version: 4, courts: 4 }, 'however many answers were lost in a row');

  given(third.history)
    .when(save({ snapshotId: 'cphoneb01', courts: 1 }))
    .thenThrows(t, domainError('VERSION_CONFLICT', /^version 1 is not the latest \(4\)/), "another phone's copy from version 1 is a conflict");
  given(third.history).when(save({ snapshotId: 'cphonea01', version: 2, courts: 1 })).thenThrows(t, 'VERSION_CONFLICT', 'the same id from another version is not the same change');
  const other = given(third.history).when(save({ snapshotId: 'cphoneb02', version: 4, courts: 2 })).decided();
  t.equal(other.state?.version, 5);
  given(other.history)
    .when(save({ snapshotId: 'cphonea01', courts: 4 }))
    .thenThrows(t, domainError('VERSION_CONFLICT', /^version 1 is not the latest \(5\)/), 'once another phone saved, the old change is a conflict');
  const closed = given(later.history).when(close).decided();
  given(closed.history).when(save({ snapshotId: 'cphonea01', courts: 3 })).thenThrows(t, 'VERSION_CONFLICT', 'so it is once the night was closed');
});

t.test('a late copy of an older send of the same change never replaces the newer one it reached the server after, nor hears Saved', async (t) => {
  // the phone sent its change (seq 1, 3 courts), gave up on it, changed the night again and sent seq 2
  const newer = given(opened.history).when(save({ snapshotId: 'cphonea01', snapshotSeq: 2, courts: 4 })).decided();
  t.match(newer.state, { version: 2, courts: 4, lastSave: { snapshotId: 'cphonea01', version: 2, basedOn: 1, seq: 2 } });
  // the copy it gave up on arrives now: never saved over the newer one, and never answered as if it were held
  given(newer.history)
    .when(save({ snapshotId: 'cphonea01', snapshotSeq: 1, courts: 3 }))
    .thenThrows(t, domainError('VERSION_CONFLICT', /a later copy of this change was saved first/), 'the older copy is refused: version 2 (4 courts) stays');
  given(newer.history).when(save({ snapshotId: 'cphonea01', snapshotSeq: 2, courts: 4 })).then(t, [], 'the same copy again appends nothing');
  given(newer.history).when(save({ snapshotId: 'cphonea01', snapshotSeq: 1, courts: 4 })).then(t, [], 'nor does an earlier send that held the same night');
  const later = given(newer.history).when(save({ snapshotId: 'cphonea01', snapshotSeq: 3, courts: 5 })).decided();
  t.match(later.state, { version: 3, courts: 5, lastSave: { seq: 3, basedOn: 1 } }, 'a newer copy of the same change is saved on top');
  given(later.history).when(save({ snapshotId: 'cphonea01', snapshotSeq: 2, courts: 4 })).thenThrows(t, 'VERSION_CONFLICT', 'and the copy before it is refused too');
  // an older build sends no seq: the rule of a save after a lost answer, as before
  t.match(given(later.history).when(save({ snapshotId: 'cphonea01', courts: 2 })).decided().state, { version: 4, courts: 2, lastSave: { seq: null } });
  // once another phone saved, a late copy is a conflict as any stale copy is
  const other = given(later.history).when(save({ snapshotId: 'cphoneb01', version: 3, courts: 1 })).decided();
  given(other.history).when(save({ snapshotId: 'cphonea01', snapshotSeq: 1, courts: 3 })).thenThrows(t, 'VERSION_CONFLICT');
  for (const snapshotSeq of [MAX_SNAPSHOT_SEQ + 1, -1, 1.5]) {
    const parsed = snapshotSchema.safeParse({ ...snapshot(), snapshotSeq });
    t.same(parsed.error?.issues.map((issue) => issue.path.join('.')), ['snapshotSeq'], `snapshotSeq ${snapshotSeq} is refused, naming the field`);
  }
});

t.test('a night with a finished round is never deleted; an empty one is', async (t) => {
  const round = { number: 1, startedAt: '2026-11-26T19:05:00+01:00', endedAt: '2026-11-26T19:17:00+01:00', lineUp: snapshot().lineUp };
  const played = given(opened.history).when(save({ rounds: [round] })).decided();
  given(played.history).when({ type: 'delete-session', at }).thenThrows(t, domainError('SESSION_HAS_ROUNDS', /^the night has 1 finished round;/));
  t.equal(given(opened.history).when({ type: 'delete-session', at }).decided().state, null);
});

t.test('rule 1 names the first field that does not fit', async (t) => {
  const night = opened.state as Night;
  t.equal(refusal(() => checkSnapshot(snapshot(), club, night)), 'accepted');
  t.equal(refusal(() => checkSnapshot(snapshot({ venueId: 'barn' }), club, night)), "INVALID_SNAPSHOT: body.venueId: this night's venue no longer exists");
  t.equal(
    refusal(() => checkSnapshot(snapshot({ people: [people[0]!, { ...people[1]!, levelId: 'gone' }, people[2]!, people[3]!] }), club, night)),
    "INVALID_SNAPSHOT: body.people[1].levelId: cbbbbbbbb's level no longer exists; pick another",
  );
  t.equal(
    refusal(() => checkSnapshot(snapshot({ courts: 1, lineUp: [{ court: 2, teamA: ['caaaaaaaa', 'cdddddddd'], teamB: ['cbbbbbbbb', 'ccccccccc'] }] }), club, night)),
    'INVALID_SNAPSHOT: body.lineUp[0].court: court 2 is on the sheet, but the night has 1 court',
  );
  const round = (number: number) => ({ number, startedAt: '2026-11-26T19:05:00Z', endedAt: '2026-11-26T19:17:00Z', lineUp: [] });
  t.equal(refusal(() => checkSnapshot(snapshot({ rounds: [round(1), round(2), round(2)] }), club, night)), 'INVALID_SNAPSHOT: body.rounds[2].number: round 2 is filed twice');
  t.equal(
    refusal(() => checkSnapshot(snapshot({ rounds: [round(1)], timer: { roundNumber: 1, durationSec: 720, startedAt: null, roundStartedAt: null, pausedRemainingSec: null } }), club, night)),
    'INVALID_SNAPSHOT: body.timer.roundNumber: round 1 is already filed; the timer must be on a later round',
  );
  t.equal(refusal(() => checkSnapshot(snapshot({ people: [...people, people[0]!] }), club, night)), "INVALID_SNAPSHOT: body.people[4].id: caaaaaaaa is listed twice among tonight's people");
  t.equal(refusal(() => checkSnapshot(snapshot({ people: people.slice(0, 3) }), club, night)), "INVALID_SNAPSHOT: body.lineUp[0]: someone on court 1 is not among tonight's people");
});

t.test('rule 5: roundStartedAt may be missing; it reads as null', async (t) => {
  const parsed = snapshot({ timer: { roundNumber: 1, durationSec: 720, startedAt: at, pausedRemainingSec: null } as Snapshot['timer'] });
  t.same(parsed.timer, { roundNumber: 1, durationSec: 720, startedAt: at, roundStartedAt: null, pausedRemainingSec: null });
});

t.test('the level of the night is copied with its name and rank', async (t) => {
  t.same(copyLevels([{ id: 'cxxxxxxxx', name: 'X', levelId: 'coach', guest: false }, { id: 'cyyyyyyyy', name: 'Y', levelId: null, guest: true }], levels), [
    { playerId: 'cxxxxxxxx', name: 'X', levelId: 'coach', levelName: 'Coach', levelRank: 0 },
    { playerId: 'cyyyyyyyy', name: 'Y', levelId: null, levelName: null, levelRank: null },
  ]);
});

const round = (number: number, courts: number[]) => ({
  number,
  startedAt: '2026-11-26T19:05:00Z',
  endedAt: '2026-11-26T19:17:00Z',
  lineUp: courts.map((court, index) => ({
    court,
    teamA: [`ca${index}aaaaaaa`, `cb${index}bbbbbbb`] as [string, string],
    teamB: [`cc${index}ccccccc`, `cd${index}ddddddd`] as [string, string],
  })),
});

t.test('a save cannot move the night: venue, date and start are the slot key it holds', async (t) => {
  const night = opened.state as Night;
  const otherVenue = { venues: [...venues, { id: 'barn', name: 'Barn', sortOrder: 1, active: true }], levels };
  t.equal(refusal(() => checkSnapshot(snapshot({ date: '2026-12-03' }), club, night)), 'INVALID_SNAPSHOT: body.date: the night was opened with 2026-11-26; a save cannot move it');
  t.equal(refusal(() => checkSnapshot(snapshot({ startTime: '18:00' }), club, night)), 'INVALID_SNAPSHOT: body.startTime: the night was opened with 19:00; a save cannot move it');
  t.equal(refusal(() => checkSnapshot(snapshot({ venueId: 'barn' }), otherVenue, night)), 'INVALID_SNAPSHOT: body.venueId: the night was opened with hall; a save cannot move it');
  t.equal(refusal(() => checkSnapshot(snapshot({ endTime: '22:00', courts: 3, roundLengthSec: 600 }), club, night)), 'accepted', 'end, courts and round length may change');
  given(opened.history).when(save({ date: '2026-12-03' })).thenThrows(t, domainError('INVALID_SNAPSHOT', /^body\.date/), 'the decision checks it too');
});

t.test('a filed round on a court the night never had is out of range; one the night had that evening is kept', async (t) => {
  const night = opened.state as Night;
  t.equal(
    refusal(() => checkSnapshot(snapshot({ rounds: [round(1, [1, 3])] }), club, night)),
    'INVALID_SNAPSHOT: body.rounds[0].lineUp[1].court: round 1 is on court 3, but the night has had at most 2 courts',
  );
  t.equal(refusal(() => checkSnapshot(snapshot({ rounds: [round(1, [2, 2])] }), club, night)), 'INVALID_SNAPSHOT: body.rounds[0].lineUp[1].court: round 1 has court 2 twice');
  // round 1 on three courts, then the evening went down to two
  const three = given(opened.history).when(save({ courts: 3, rounds: [round(1, [1, 2, 3])] })).decided();
  t.equal(three.state?.mostCourts, 3);
  const two = given(three.history).when(save({ version: 2, courts: 2, rounds: [round(1, [1, 2, 3])] })).decided().state as Night;
  t.match(two, { version: 3, courts: 2, mostCourts: 3 });
  t.equal(refusal(() => checkSnapshot(snapshot({ version: 3, rounds: [round(1, [1, 2, 3]), round(2, [1, 2, 3])] }), club, two)), 'accepted');
  t.equal(
    refusal(() => checkSnapshot(snapshot({ version: 3, lineUp: [{ court: 3, teamA: ['caaaaaaaa', 'cdddddddd'], teamB: ['cbbbbbbbb', 'ccccccccc'] }] }), club, two)),
    'INVALID_SNAPSHOT: body.lineUp[0].court: court 3 is on the sheet, but the night has 2 courts',
    'the courts in play are the count now',
  );
});

t.test('a saved night keeps the levels of its day: a renamed or removed level changes no copy; a newcomer takes today\'s', async (t) => {
  const saved = given(opened.history).when(save()).decided();
  const savedNight = saved.state as Night;
  t.match(savedNight.people[0], { levelId: 'strong', levelName: 'Strong', levelRank: 1 });
  const renamed = { venues, levels: [{ id: 'coach', name: 'Coach', rank: 1, isCoach: true }, { id: 'strong', name: 'Advanced', rank: 0, isCoach: false }] };
  const newcomer = { id: 'ceeeeeeee', name: 'New', levelId: 'strong', guest: false };
  const again = given(saved.history).when(save({ version: 2, people: [...people, newcomer] }, renamed)).decided();
  const againNight = again.state as Night;
  t.same(againNight.people.slice(0, 4).map((person) => [person.levelName, person.levelRank]), Array(4).fill(['Strong', 1]), 'the copies of that night');
  t.match(againNight.people[4], { playerId: 'ceeeeeeee', levelName: 'Advanced', levelRank: 0 });
  const removed = { venues, levels: [levels[0]!] };
  t.equal(refusal(() => checkSnapshot(snapshot({ version: 3 }), removed, againNight)), 'accepted', 'a removed level still saves for those who had it');
  const third = given(again.history).when(save({ version: 3 }, removed)).decided().state as Night;
  t.match(third.people[0], { levelId: 'strong', levelName: 'Strong', levelRank: 1 });
  t.equal(
    refusal(() => checkSnapshot(snapshot({ version: 4, people: [...people, { ...newcomer, id: 'cffffffff' }] }), removed, third)),
    "INVALID_SNAPSHOT: body.people[4].levelId: New's level no longer exists; pick another",
    'a newcomer cannot take a removed level',
  );
  const moved = copyLevels([{ ...people[0]!, levelId: 'coach' }], levels, savedNight.people);
  t.same(moved, [{ playerId: 'caaaaaaaa', name: 'caaaaaaaa', levelId: 'coach', levelName: 'Coach', levelRank: 0 }], 'a level changed on the phone is copied anew');
});

t.test('issue 34: the refusal names the person: "Ana\'s level no longer exists; pick another"', async (t) => {
  const ana = { id: 'caaaaaaaa', name: 'Ana', levelId: 'e5c67a8c', guest: false };
  t.equal(
    refusal(() => checkSnapshot(snapshot({ people: [ana, ...people.slice(1)] }), club, opened.state as Night)),
    "INVALID_SNAPSHOT: body.people[0].levelId: Ana's level no longer exists; pick another",
  );
  const named = people.map((person, index) => ({ ...person, name: ['Ana', 'Ben', 'Cleo', 'Dev'][index]! }));
  t.equal(
    refusal(() => checkSnapshot(snapshot({ people: named, lineUp: [{ court: 1, teamA: ['caaaaaaaa', 'caaaaaaaa'], teamB: ['cbbbbbbbb', 'ccccccccc'] }] }), club, opened.state as Night)),
    'INVALID_SNAPSHOT: body.lineUp[0]: Ana is on court twice',
  );
});

t.test('issue 34: sitting out is kept with the night, and must be someone here and off court', async (t) => {
  const fifth = { id: 'ceeeeeeee', name: 'Eve', levelId: 'strong', guest: false };
  const withEve = snapshot({ people: [...people, fifth], sittingOut: ['ceeeeeeee'] });
  t.equal(refusal(() => checkSnapshot(withEve, club, opened.state as Night)), 'accepted');
  const saved = given(opened.history).when({ type: 'save-snapshot', snapshot: withEve, club, at }).decided().state as Night;
  t.same(saved.sittingOut, ['ceeeeeeee'], 'folded into the night');
  t.same(snapshot().sittingOut, undefined, 'optional in the body');
  t.same((given(opened.history).when(save()).decided().state as Night).sittingOut, [], 'absent: nobody sits out');
  t.equal(
    refusal(() => checkSnapshot(snapshot({ people: [...people, fifth], sittingOut: ['caaaaaaaa'] }), club, opened.state as Night)),
    'INVALID_SNAPSHOT: body.sittingOut[0]: caaaaaaaa is on court and sitting out at once',
  );
  t.equal(
    refusal(() => checkSnapshot(snapshot({ sittingOut: ['ceeeeeeee'] }), club, opened.state as Night)),
    "INVALID_SNAPSHOT: body.sittingOut[0]: someone sitting out is not among tonight's people",
  );
  t.equal(
    refusal(() => checkSnapshot(snapshot({ people: [...people, fifth], sittingOut: ['ceeeeeeee', 'ceeeeeeee'] }), club, opened.state as Night)),
    'INVALID_SNAPSHOT: body.sittingOut[1]: Eve is listed twice as sitting out',
  );
  const filed = { ...round(1, [1]), sittingOut: ['ceeeeeeee'], names: { ceeeeeeee: 'Eve' } };
  t.equal(refusal(() => checkSnapshot(snapshot({ rounds: [filed] }), club, opened.state as Night)), 'accepted', 'a filed round keeps who sat it out, and their names, though they left');
  t.equal(
    refusal(() => checkSnapshot(snapshot({ rounds: [{ ...filed, sittingOut: ['ca0aaaaaaa'] }] }), club, opened.state as Night)),
    'INVALID_SNAPSHOT: body.rounds[0].sittingOut[0]: someone who left both played and sat out round 1',
  );
  t.equal(
    refusal(() => checkSnapshot(snapshot({ rounds: [{ ...filed, sittingOut: [] }] }), club, opened.state as Night)),
    'INVALID_SNAPSHOT: body.rounds[0].names.ceeeeeeee: round 1 names Eve, who neither played it nor sat it out',
  );
  // the event of a night nobody sits out leaves the field out, as an older build's does
  const { events } = given(opened.history).when(save({ sittingOut: [] })).decided();
  t.notOk('sittingOut' in (events[0]!.data as object));
});

t.test('issue 34: a save that changes nothing makes no version; one that changes only who sits out does', async (t) => {
  const saved = given(opened.history).when(save()).decided();
  t.equal(saved.state?.version, 2);
  given(saved.history).when(save({ version: 2, snapshotId: 'cnewphoneid' })).then(t, [], 'the same night again, from any phone: no event');
  given(saved.history).when(save({ version: 2, sittingOut: [] })).then(t, [], 'an empty sittingOut is nobody, as before');
  given(saved.history).when(save({ version: 1 })).thenThrows(t, 'VERSION_CONFLICT', 'an older version is still a conflict');
  const fifth = { id: 'ceeeeeeee', name: 'Eve', levelId: 'strong', guest: false };
  const withEve = given(saved.history).when(save({ version: 2, people: [...people, fifth] })).decided();
  const sitting = given(withEve.history).when(save({ version: 3, people: [...people, fifth], sittingOut: ['ceeeeeeee'] })).decided();
  t.equal(sitting.events.length, 1, 'who sits out is a change');
  const closed = given(saved.history).when(close).decided();
  given(closed.history).when(save({ version: 3 })).thenThrows(t, 'SESSION_CLOSED', 'a closed night still says so');
});

t.test('rule 4: a save adds the people the club does not know, whether or not its copy wins', async (t) => {
  const known = new Set(['caaaaaaaa', 'cbbbbbbbb']);
  const added = (refusal: unknown, night: NightState = opened.state, copy: Snapshot = snapshot()) => peopleAddedBy(copy, night, refusal, known).map((person) => person.id);
  t.same(added(null), ['ccccccccc', 'cdddddddd'], 'a save that is taken');
  t.same(added(new StaleCopy('VERSION_CONFLICT', 'another phone saved first')), ['ccccccccc', 'cdddddddd'], 'a stale copy: its people exist all the same');
  t.same(added(new DomainError('INVALID_SNAPSHOT', 'people[0].levelId: gone')), [], 'a copy that breaks rule 1 adds no one');
  t.same(added(new DomainError('SESSION_NOT_FOUND', 'no such night'), given([]).state), [], 'nor a save of a night that is not there');
  const saved = given(opened.history).when(save({ snapshotId: 'cphone0001', snapshotSeq: 5 })).decided();
  const late = snapshot({ snapshotId: 'cphone0001', snapshotSeq: 4 });
  t.same(added(null, saved.state, late), [], 'nor a late copy of a save already taken');
});
