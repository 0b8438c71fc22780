import t from 'tap';
import { deciderSpec, domainError } from '../../testing/decider-spec.ts';
import { changesBetween, listOf, nightVersions, peopleRestoredBy, type RecordedNightEvent } from './history.ts';
import { type Night, nightAggregate, type NightEvent, type Snapshot, snapshotSchema } from './night.ts';
import { decideNight, type NightCommand } from './night-decide.ts';
import type { Level, Venue } from './settings.ts';

const venues: Venue[] = [{ id: 'hall', name: 'Hall', sortOrder: 0, active: true }];
const levels: Level[] = [
  { id: 'strong', name: 'Strong', rank: 0, isCoach: false },
  { id: 'middle', name: 'Middle', rank: 1, isCoach: false },
];
const club = { venues, levels };
const [ada, ben, cleo, dev, eli, fay, guy, hal] = ['cadaaaaaaa', 'cbenaaaaaa', 'ccleoaaaaa', 'cdevaaaaaa', 'celiaaaaaa', 'cfayaaaaaa', 'cguyaaaaaa', 'chalaaaaaa'] as const;
const names: Record<string, string> = { [ada]: 'Ada', [ben]: 'Ben', [cleo]: 'Cleo', [dev]: 'Dev', [eli]: 'Eli', [fay]: 'Fay', [guy]: 'Guy', [hal]: 'Hal' };
const person = (id: string, levelId: string | null = 'strong') => ({ id, name: names[id]!, levelId, guest: false });
const court = (number: number, a: string, b: string, c: string, d: string) => ({ court: number, teamA: [a, b] as [string, string], teamB: [c, d] as [string, string] });

const given = deciderSpec({ initialState: nightAggregate.initialState, evolve: nightAggregate.evolve, decide: decideNight });

/**
 * A night decided command by command; its stream as the store would hand it back: each decided event,
 * stored as JSON, with the time it was recorded.
 */
function night() {
  const stream: RecordedNightEvent[] = [];
  let history: readonly NightEvent[] = [];
  let minute = 0;
  const run = (command: NightCommand): readonly NightEvent[] => {
    const decided = given(history).when(command).decided();
    history = decided.history;
    for (const event of decided.events) {
      stream.push({ type: event.type, data: JSON.parse(JSON.stringify(event.data)), metadata: { schemaVersion: 1 }, recordedAt: `2026-11-26T19:${String(minute++).padStart(2, '0')}:00.000Z` });
    }
    return decided.events;
  };
  const at = '2026-11-26T19:00:00.000Z';
  const state = () => given(history).state!;
  const save = (changes: Partial<Snapshot>) => {
    const current = state();
    const snapshot = snapshotSchema.parse({
      version: current.version,
      venueId: 'hall',
      date: '2026-11-26',
      startTime: '19:00',
      endTime: current.endTime,
      courts: current.courts,
      roundLengthSec: current.roundLengthSec,
      people: current.people.map((someone) => ({ id: someone.playerId, name: someone.name, levelId: someone.levelId })),
      lineUp: current.lineUp,
      timer: current.timer,
      rounds: current.rounds,
      ...changes,
    });
    return run({ type: 'save-snapshot', snapshot, club, at });
  };
  run({ type: 'open-session', venueId: 'hall', date: '2026-11-26', startTime: '19:00', endTime: '21:30', courts: 2, roundLengthSec: 600, at });
  return { stream, run, save, state, history: () => history, at };
}

t.test('every event that changed the night is a version, numbered as saves number them, with its kind and time', async (t) => {
  const { stream, run, save, state, at } = night();
  save({ people: [ada, ben, cleo, dev].map((id) => person(id)) });
  save({ lineUp: [court(1, ada, dev, ben, cleo)] });
  run({ type: 'close-session', at });
  run({ type: 'reopen-session', at });
  const versions = nightVersions(stream);
  t.same(
    versions.map((version) => [version.version, version.kind, version.restoredFrom, version.recordedAt]),
    [
      [1, 'opened', null, '2026-11-26T19:00:00.000Z'],
      [2, 'saved', null, '2026-11-26T19:01:00.000Z'],
      [3, 'saved', null, '2026-11-26T19:02:00.000Z'],
      [4, 'closed', null, '2026-11-26T19:03:00.000Z'],
      [5, 'reopened', null, '2026-11-26T19:04:00.000Z'],
    ],
  );
  t.same(versions.at(-1)!.night, state(), 'the last version is the night as the command side folds it');
  t.same(versions[1]!.night.people.map((someone) => someone.name), ['Ada', 'Ben', 'Cleo', 'Dev'], 'each version holds the night as it stood then');
  t.same(versions[0]!.changes, ['2 courts, 19:00–21:30, rounds of 10 min']);
  t.same(versions[1]!.changes, ['Added Ada, Ben, Cleo and Dev']);
  t.same(versions[2]!.changes, ['New line-up on 1 court']);
  t.same(versions[3]!.changes, ['Night closed']);
  t.same(versions[4]!.changes, ['Night reopened']);
});

t.test('a restore saves an older version as the newest: a new event, nothing earlier rewritten', async (t) => {
  const { stream, run, save, state, history, at } = night();
  save({ people: [ada, ben, cleo, dev].map((id) => person(id)), lineUp: [court(1, ada, dev, ben, cleo)] });
  save({ people: [ada, ben, cleo, dev, eli].map((id) => person(id)), courts: 3, endTime: '22:00' });
  const before = JSON.parse(JSON.stringify(stream));
  const two = nightVersions(stream)[1]!;
  const events = run({ type: 'restore-version', restored: two.night, from: 2, expectedVersion: 3, at });
  t.equal(events.length, 1);
  t.match(events[0], { type: 'snapshot-saved', data: { version: 4, restoredFrom: 2, courts: 2, endTime: '21:30' } });
  t.same(stream.slice(0, -1), before, 'the earlier events are as they were');
  const restored = state();
  t.same(
    [restored.version, restored.courts, restored.endTime, restored.people, restored.lineUp, restored.mostCourts, restored.lastSave],
    [4, 2, '21:30', two.night.people, two.night.lineUp, 3, null],
    "the night is version 2's again, at version 4; the most courts it had stays",
  );
  const versions = nightVersions(stream);
  t.match(versions.at(-1), { version: 4, kind: 'restored', restoredFrom: 2, changes: ['Removed Eli', '2 courts (was 3)', 'Ends at 21:30 (was 22:00)'] });
  t.notOk('restoredFrom' in restored, 'the restore mark is the event’s, not the night’s');

  given(history())
    .when({ type: 'restore-version', restored: two.night, from: 2, expectedVersion: 3, at })
    .thenThrows(t, domainError('VERSION_CONFLICT', /^version 3 is not the latest \(4\)/), 'a stale phone is told, as for a save');
  given(history()).when({ type: 'restore-version', restored: restored, from: 4, expectedVersion: 4, at }).thenThrows(t, domainError('NOT_AN_OLDER_VERSION', /^params\.version: 4 is not older/));
  given(history())
    .when({ type: 'restore-version', restored: { ...two.night, openedAt: '2026-11-27T10:00:00.000Z' }, from: 2, expectedVersion: 4, at })
    .thenThrows(t, 'VERSION_CONFLICT', 'a version of a night deleted since');
  given([]).when({ type: 'restore-version', restored: two.night, from: 2, expectedVersion: 4, at }).thenThrows(t, 'SESSION_NOT_FOUND');
  run({ type: 'close-session', at });
  given(history()).when({ type: 'restore-version', restored: two.night, from: 2, expectedVersion: 5, at }).thenThrows(t, 'SESSION_CLOSED', 'a closed night is reopened first');
});

t.test('an old snapshot-saved without restoredFrom still parses; one with it keeps it', async (t) => {
  const data = { version: 2, venueId: 'hall', date: '2026-11-26', startTime: '19:00', endTime: '21:30', courts: 2, roundLengthSec: 600, people: [], lineUp: [], timer: null, rounds: [], savedAt: '2026-11-26T19:00:00.000Z' };
  t.notOk('restoredFrom' in nightAggregate.parse('snapshot-saved', data, 1).data);
  t.match(nightAggregate.parse('snapshot-saved', { ...data, restoredFrom: 1 }, 1).data, { restoredFrom: 1 });
});

t.test('a night deleted and opened again under its id starts its versions again', async (t) => {
  const { stream, run, at } = night();
  run({ type: 'delete-session', at });
  t.same(nightVersions(stream), [], 'a deleted night has no versions');
  run({ type: 'open-session', venueId: 'hall', date: '2026-11-26', startTime: '19:00', endTime: '21:00', courts: 1, roundLengthSec: 600, at });
  t.same(nightVersions(stream).map((version) => [version.version, version.kind]), [[1, 'opened']]);
});

const base = (changes: Partial<Night> = {}): Night => ({
  venueId: 'hall',
  date: '2026-11-26',
  startTime: '19:00',
  endTime: '21:30',
  courts: 2,
  roundLengthSec: 600,
  status: 'open',
  version: 2,
  people: [ada, ben, cleo, dev, eli, fay, guy, hal].map((id, index) => ({ playerId: id, name: names[id]!, levelId: index < 4 ? 'strong' : 'middle', levelName: index < 4 ? 'Strong' : 'Middle', levelRank: index < 4 ? 0 : 1 })),
  lineUp: [],
  timer: null,
  rounds: [],
  sittingOut: [],
  openedAt: '2026-11-26T18:55:00.000Z',
  updatedAt: '2026-11-26T19:00:00.000Z',
  openedAs: { venueId: 'hall', date: '2026-11-26', startTime: '19:00' },
  mostCourts: 2,
  lastSave: null,
  ...changes,
});
const timer = (roundNumber: number, startedAt: string | null, pausedRemainingSec: number | null, roundStartedAt: string | null = startedAt) => ({
  roundNumber,
  durationSec: 600,
  startedAt,
  roundStartedAt,
  pausedRemainingSec,
});
const lineUp = [court(1, ada, fay, ben, eli), court(2, cleo, guy, dev, hal)];
const round1 = { number: 1, startedAt: '2026-11-26T19:05:00.000Z', endedAt: '2026-11-26T19:15:00.000Z', lineUp };

t.test('what changed between two versions, in short phrases', async (t) => {
  const night = base();
  t.same(changesBetween(night, night), ['No change'], 'a save that changed nothing that shows');
  t.same(changesBetween(null, night), ['2 courts, 19:00–21:30, rounds of 10 min']);
  t.same(changesBetween(night, base({ people: night.people.filter((someone) => someone.playerId !== fay) })), ['Removed Fay']);
  t.same(changesBetween(base({ people: [] }), night), ['Added Ada, Ben, Cleo, Dev and 4 more'], 'a long list is cut short');
  t.same(changesBetween(base({ people: night.people.slice(1, 7) }), base({ people: night.people.slice(0, 6) })), ['Added Ada', 'Removed Guy']);
  t.same(
    changesBetween(night, base({ people: night.people.map((someone) => (someone.playerId === ada ? { ...someone, levelId: 'middle', levelName: 'Middle', levelRank: 1 } : someone)) })),
    ['Ada plays as Middle (was Strong)'],
  );
  t.same(changesBetween(night, base({ people: night.people.map((someone) => (someone.playerId === fay ? { ...someone, levelId: null, levelName: null, levelRank: null } : someone)) })), ['Fay has no level (was Middle)']);
  t.same(changesBetween(night, base({ courts: 3, endTime: '22:00', roundLengthSec: 630 })), ['3 courts (was 2)', 'Ends at 22:00 (was 21:30)', 'Rounds last 10 min 30 s (was 10 min)']);
  t.same(changesBetween(night, base({ status: 'closed' })), ['Night closed']);
  t.same(changesBetween(night, base({ people: [...night.people].reverse() })), ['Order of people changed'], 'a change no game shows is still said');
  t.same(changesBetween(night, base({ people: night.people.map((someone) => (someone.playerId === ada ? { ...someone, name: 'Ada Rose' } : someone)) })), ['Ada is Ada Rose now']);
  t.same(changesBetween(night, base({ sittingOut: [ada] })), ['Ada sits out']);
  t.same(changesBetween(base({ sittingOut: [ada] }), base({ sittingOut: [ben, cleo] })), ['Ben and Cleo sit out']);
  t.same(changesBetween(base({ sittingOut: [ada, ben] }), base({ sittingOut: [ben, ada] })), ['Order of those sitting out changed'], 'the same people sitting out, in another order');
  t.same(changesBetween(base({ sittingOut: [ada] }), night), ['Nobody sits out']);
  t.same(changesBetween(base({ status: 'closed' }), night), ['Night reopened']);
});

t.test('the line-up: drawn, a hand swap, cleared; the round timer: started, paused, resumed, reset', async (t) => {
  const drawn = base({ lineUp, timer: timer(1, null, null) });
  t.same(changesBetween(base(), drawn), ['New line-up on 2 courts'], 'the first draw; a stopped timer of the round is no news');
  const swapped = base({ lineUp: [court(1, hal, fay, ben, eli), court(2, cleo, guy, dev, ada)], timer: timer(1, null, null) });
  t.same(changesBetween(drawn, swapped), ['Swapped Ada and Hal'], 'a hand swap names the two');
  const withinTeam = base({ lineUp: [court(1, fay, ada, ben, eli), lineUp[1]!], timer: timer(1, null, null) });
  t.same(changesBetween(drawn, withinTeam), ['Order on the sheet changed'], 'the order inside a team changes no game, and is said as such');
  const redrawn = base({ lineUp: [court(1, ada, ben, fay, eli), court(2, cleo, dev, guy, hal)], timer: timer(1, null, null) });
  t.same(changesBetween(drawn, redrawn), ['New line-up on 2 courts'], 'a shuffle');
  t.same(changesBetween(drawn, base({ timer: timer(1, null, null) })), ['Courts cleared']);

  const running = base({ lineUp, timer: timer(1, '2026-11-26T19:05:00.000Z', null) });
  t.same(changesBetween(drawn, running), ['Round 1 started']);
  const paused = base({ lineUp, timer: timer(1, null, 300, '2026-11-26T19:05:00.000Z') });
  t.same(changesBetween(running, paused), ['Round 1 paused']);
  t.same(changesBetween(paused, base({ lineUp, timer: timer(1, '2026-11-26T19:10:00.000Z', null, '2026-11-26T19:05:00.000Z') })), ['Round 1 resumed']);
  t.same(changesBetween(paused, drawn), ['Round 1 timer reset']);
  t.same(changesBetween(drawn, base({ lineUp, timer: { ...timer(1, null, null), durationSec: 720 } })), ['Round 1 lasts 12 min (was 10 min)']);
  t.same(changesBetween(drawn, base({ lineUp })), ['Round timer cleared']);
});

t.test('rounds: finished (Next round files it and draws again), taken off, changed', async (t) => {
  const playing = base({ lineUp, timer: timer(1, '2026-11-26T19:05:00.000Z', null) });
  const ended = base({ rounds: [round1], timer: timer(2, null, null) });
  t.same(changesBetween(playing, ended), ['Round 1 finished'], 'End round: the cleared courts go without saying');
  const next = base({ rounds: [round1], lineUp: [court(1, ada, cleo, fay, hal), court(2, ben, guy, dev, eli)], timer: timer(2, null, null) });
  t.same(changesBetween(playing, next), ['Round 1 finished', 'New line-up on 2 courts'], 'Next round');
  t.same(changesBetween(next, base({ rounds: [round1], lineUp: next.lineUp, timer: timer(2, '2026-11-26T19:16:00.000Z', null) })), ['Round 2 started']);
  const leaving = base({ people: base().people.filter((someone) => someone.playerId !== ada), rounds: [round1], timer: timer(2, null, null) });
  t.same(changesBetween(playing, leaving), ['Removed Ada', 'Round 1 finished'], 'someone leaving mid-round files it');
  const stranger = base({ lineUp: [court(1, ada, fay, ben, 'cnobodyaaa')] });
  t.same(changesBetween(stranger, base({ lineUp: [court(1, 'cnobodyaaa', fay, ben, ada)] })), ['Swapped Ada and someone who left'], 'someone on court not among the people');
  const round2 = { ...round1, number: 2, startedAt: '2026-11-26T19:16:00.000Z', endedAt: '2026-11-26T19:26:00.000Z' };
  t.same(changesBetween(base({ rounds: [round1, round2] }), base()), ['Rounds 1 and 2 taken off the finished rounds']);
  t.same(changesBetween(base({ rounds: [round1] }), base({ rounds: [{ ...round1, endedAt: '2026-11-26T19:16:00.000Z' }] })), ['Round 1 changed']);
});

t.test('names in a list', async (t) => {
  t.same([listOf([]), listOf(['Ada']), listOf(['Ada', 'Ben']), listOf(['Ada', 'Ben', 'Cleo']), listOf(['A', 'B', 'C', 'D', 'E'])], ['', 'Ada', 'Ada and Ben', 'Ada, Ben and Cleo', 'A, B, C, D and 1 more']);
});

t.test('the people a restored version names and the club no longer knows come back, with that night’s level while the club has it', async (t) => {
  const { stream, save } = night();
  save({ people: [person(ada), person(ben, 'middle'), person(cleo, null)] });
  const restored = nightVersions(stream)[1]!.night;
  const strongOnly: Level[] = [levels[0]!];
  t.same(
    peopleRestoredBy(restored, strongOnly, new Set([ada])),
    [
      { id: ben, name: 'Ben', levelId: null, guest: false },
      { id: cleo, name: 'Cleo', levelId: null, guest: false },
    ],
    'Ada is known; Ben’s level is gone, so he comes back without one',
  );
  t.same(peopleRestoredBy(restored, levels, new Set([ada, ben, cleo])), [], 'everyone known: no one to make');
  t.same(peopleRestoredBy(restored, levels, new Set())[1], { id: ben, name: 'Ben', levelId: 'middle', guest: false }, 'a level the club still has is kept');
});
