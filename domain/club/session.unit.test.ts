import t from 'tap';
import { DomainError } from '../shared/events.ts';
import { fold } from '../shared/aggregate.ts';
import {
  checkSnapshot,
  claimNight,
  copyLevels,
  decideSession,
  nightKeyAggregate,
  releaseNight,
  sessionAggregate,
  type SessionEvent,
  type SessionState,
  type Snapshot,
  snapshotSchema,
} from './session.ts';
import type { Level, Venue } from './settings.ts';

const at = '2026-11-26T19:00:00.000Z';
const venues: Venue[] = [{ id: 'hall', name: 'Hall', sortOrder: 0, active: true }];
const levels: Level[] = [
  { id: 'coach', name: 'Coach', rank: 0, isCoach: true },
  { id: 'strong', name: 'Strong', rank: 1, isCoach: false },
];
const people = ['caaaaaaaa', 'cbbbbbbbb', 'ccccccccc', 'cdddddddd'].map((id) => ({ id, name: id, levelId: 'strong', guest: false }));

const apply = (state: SessionState, events: SessionEvent[]): SessionState => events.reduce(sessionAggregate.evolve, state);
const opened = apply(null, decideSession({ type: 'open-session', venueId: 'hall', date: '2026-11-26', startTime: '19:00', endTime: '21:00', courts: 2, roundLengthSec: 720, at }, null));

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
  t.match(opened, { status: 'open', version: 1, people: [], rounds: [], openedAs: { venueId: 'hall', date: '2026-11-26', startTime: '19:00' } });
  const again = decideSession({ type: 'open-session', venueId: 'hall', date: '2026-11-26', startTime: '19:00', endTime: '21:00', courts: 2, roundLengthSec: 720, at }, opened);
  t.same(again, []);
  t.match(refusal(() => decideSession({ type: 'open-session', venueId: 'hall', date: '2026-11-27', startTime: '19:00', endTime: '21:00', courts: 2, roundLengthSec: 720, at }, opened)), /^SESSION_ID_TAKEN/);
});

t.test('a save claims the next version; a stale or closed copy is refused', async (t) => {
  const saved = apply(opened, decideSession({ type: 'save-snapshot', snapshot: snapshot(), people: copyLevels(people, levels), at }, opened));
  t.equal(saved?.version, 2);
  t.equal(saved?.people.length, 4);
  t.match(refusal(() => decideSession({ type: 'save-snapshot', snapshot: snapshot(), people: [], at }, saved)), /^VERSION_CONFLICT: version 1 is not the latest \(2\)/);
  const closed = apply(saved, decideSession({ type: 'close-session', at }, saved));
  t.match(closed, { status: 'closed', version: 3 });
  t.same(decideSession({ type: 'close-session', at }, closed), [], 'closing twice changes nothing');
  t.match(refusal(() => decideSession({ type: 'save-snapshot', snapshot: snapshot({ version: 3 }), people: [], at }, closed)), /^SESSION_CLOSED/);
  const reopened = apply(closed, decideSession({ type: 'reopen-session', at }, closed));
  t.match(reopened, { status: 'open', version: 4 });
  t.match(refusal(() => decideSession({ type: 'save-snapshot', snapshot: snapshot(), people: [], at }, null)), /^SESSION_NOT_FOUND/);
});

t.test('a night with a finished round is never deleted; an empty one is', async (t) => {
  const round = { number: 1, startedAt: '2026-11-26T19:05:00+01:00', endedAt: '2026-11-26T19:17:00+01:00', lineUp: snapshot().lineUp };
  const played = apply(opened, decideSession({ type: 'save-snapshot', snapshot: snapshot({ rounds: [round] }), people: [], at }, opened));
  t.match(refusal(() => decideSession({ type: 'delete-session', at }, played)), /^SESSION_HAS_ROUNDS: the night has 1 finished round;/);
  t.equal(apply(opened, decideSession({ type: 'delete-session', at }, opened)), null);
});

t.test('rule 1 names the first field that does not fit', async (t) => {
  const club = { venues, levels };
  t.equal(refusal(() => checkSnapshot(snapshot(), club)), 'accepted');
  t.equal(refusal(() => checkSnapshot(snapshot({ venueId: 'barn' }), club)), 'INVALID_SNAPSHOT: body.venueId: no venue barn');
  t.equal(
    refusal(() => checkSnapshot(snapshot({ people: [people[0]!, { ...people[1]!, levelId: 'gone' }, people[2]!, people[3]!] }), club)),
    'INVALID_SNAPSHOT: body.people[1].levelId: no level gone',
  );
  t.equal(
    refusal(() => checkSnapshot(snapshot({ courts: 1, lineUp: [{ court: 2, teamA: ['caaaaaaaa', 'cdddddddd'], teamB: ['cbbbbbbbb', 'ccccccccc'] }] }), club)),
    'INVALID_SNAPSHOT: body.lineUp[0].court: court 2, but the night has 1 court',
  );
  const round = (number: number) => ({ number, startedAt: '2026-11-26T19:05:00Z', endedAt: '2026-11-26T19:17:00Z', lineUp: [] });
  t.equal(refusal(() => checkSnapshot(snapshot({ rounds: [round(1), round(2), round(2)] }), club)), 'INVALID_SNAPSHOT: body.rounds[2].number: round 2 appears twice');
  t.equal(
    refusal(() => checkSnapshot(snapshot({ rounds: [round(1)], timer: { roundNumber: 1, durationSec: 720, startedAt: null, roundStartedAt: null, pausedRemainingSec: null } }), club)),
    'INVALID_SNAPSHOT: body.timer.roundNumber: round 1 is already filed',
  );
  t.equal(refusal(() => checkSnapshot(snapshot({ people: [...people, people[0]!] }), club)), 'INVALID_SNAPSHOT: body.people[4].id: caaaaaaaa is listed twice');
  t.equal(refusal(() => checkSnapshot(snapshot({ people: people.slice(0, 3) }), club)), 'INVALID_SNAPSHOT: body.lineUp[0]: cdddddddd is on court but not among people');
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

t.test('a slot key is held by the first night to claim it until that night releases it', async (t) => {
  const stored = (events: ReturnType<typeof claimNight>) => events.map((event) => ({ ...event, metadata: { schemaVersion: 1 } }));
  const first = stored(claimNight(null, 'night-a'));
  t.equal(fold(nightKeyAggregate, first), 'night-a');
  t.same(claimNight('night-a', 'night-b'), [], 'the holder stays');
  t.same(releaseNight('night-a', 'night-b'), [], 'only the holder releases');
  t.equal(fold(nightKeyAggregate, [...first, ...stored(releaseNight('night-a', 'night-a'))]), null);
});
