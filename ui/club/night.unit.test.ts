import t from 'tap';
import { createRandom } from '../../domain/club/random.ts';
import {
  addPerson,
  canSitOut,
  chooseSittingOut,
  clock,
  clubTime,
  endRound,
  isNight,
  localDate,
  type Night,
  newId,
  nextRound,
  nextRoundBlocked,
  pauseTimer,
  personWithLevel,
  resumeTimer,
  setCourts,
  shuffleNight,
  snapshotOf,
  startTimer,
  swap,
  whyLineUp,
  removePerson,
  setLevel,
  takeServerCopy,
  nameInRound,
  nameOnSheet,
  toggleSittingOut,
  whySittingOut,
} from './night.ts';
import { emptyNight, LEVELS } from './test-night.ts';
import { scoreLineUp } from '../../domain/club/shuffle.ts';

const levels = LEVELS;
const empty = emptyNight();
const withPeople = (count: number, levelId: string | null = 'middle'): Night =>
  Array.from({ length: count }, (_, index) => personWithLevel({ id: `cperson${index}x`, name: `P${index}`, levelId: index < 4 ? (levelId && 'strong') : levelId, guest: false }, levels)).reduce(addPerson, empty);
/** The names filed with a round: everyone on its courts, as the night names them (cpersonNx is PN). */
const namesOn = (lineUp: Night['lineUp']): Record<string, string> =>
  Object.fromEntries(lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]).map((id) => [id, `P${id.slice('cperson'.length, -1)}`]));
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 26, 19, minute, second)).toISOString();

t.test('given 7 people, when shuffling, then it refuses saying 1 more person is needed', async (t) => {
  const result = shuffleNight(withPeople(7), createRandom(1));
  t.same(result, { ok: false, reason: 'Cannot shuffle: 1 more person needed, or 3 more to sit out (Choose who sits out).' });
  t.same(shuffleNight(withPeople(3), createRandom(1)), { ok: false, reason: 'Cannot shuffle: 1 more person needed.' }, 'three cannot fill a court: sitting out is no way');
});

t.test('given 8 people on 2 courts, when shuffling, then two courts of four and round 1 on the timer', async (t) => {
  const result = shuffleNight(withPeople(8), createRandom(7));
  if (!result.ok) throw new Error(result.reason);
  t.equal(result.night.lineUp.length, 2);
  t.same(result.night.lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]).sort(), withPeople(8).people.map((person) => person.id).sort());
  t.match(result.night.timer, { roundNumber: 1, durationSec: 600, startedAt: null });
  t.same(shuffleNight(withPeople(8), createRandom(7)), result, 'the same seed gives the same courts');
});

t.test('given 12 people and 2 courts, when shuffling, then it says 1 more court is needed', async (t) => {
  t.same(shuffleNight(withPeople(12), createRandom(1)), { ok: false, reason: 'Cannot shuffle: 1 more court needed, or 4 more to sit out (Choose who sits out).' });
});

t.test('given nobody has a level, then Next round is blocked with the reason', async (t) => {
  const night = withPeople(8, null);
  const noLevels = { ...night, people: night.people.map((person) => ({ ...person, levelId: null, levelName: null, levelRank: null })) };
  t.match(nextRoundBlocked(noLevels), /Nobody here has a level/);
  t.same(nextRound(noLevels, createRandom(1), at(0)), { ok: false, reason: nextRoundBlocked(noLevels) });
  t.equal(nextRoundBlocked(withPeople(8)), null);
});

t.test('given a round started at 19:00, when Next round at 19:10, then round 1 is filed from its real start and round 2 drawn', async (t) => {
  const drawn = shuffleNight(withPeople(8), createRandom(3));
  if (!drawn.ok) throw new Error(drawn.reason);
  const running = startTimer(drawn.night, at(0));
  const next = nextRound(running, createRandom(4), at(10));
  if (!next.ok) throw new Error(next.reason);
  t.same(next.night.rounds, [{ number: 1, startedAt: at(0), endedAt: at(10), lineUp: drawn.night.lineUp, names: namesOn(drawn.night.lineUp) }]);
  t.match(next.night.timer, { roundNumber: 2, startedAt: null, roundStartedAt: null });
  t.equal(next.night.lineUp.length, 2);
});

t.test('given a running timer, pause, resume and end round keep the round start', async (t) => {
  const drawn = shuffleNight(withPeople(8), createRandom(3));
  if (!drawn.ok) throw new Error(drawn.reason);
  const paused = pauseTimer(startTimer(drawn.night, at(0)), at(2));
  t.equal(paused.timer?.pausedRemainingSec, 480);
  const resumed = resumeTimer(paused, at(5));
  t.equal(resumed.timer?.startedAt, at(3), 'back-dated so the formula gives the time left');
  const ended = endRound(resumed, at(8));
  t.same(ended.rounds.map((round) => [round.number, round.startedAt, round.endedAt]), [[1, at(0), at(8)]]);
  t.same(ended.lineUp, []);
});

t.test('a hand swap moves two people across courts; setCourts drops courts beyond the count', async (t) => {
  const drawn = shuffleNight(withPeople(8), createRandom(9));
  if (!drawn.ok) throw new Error(drawn.reason);
  const a = drawn.night.lineUp[0]!.teamA[0];
  const b = drawn.night.lineUp[1]!.teamB[1];
  const swapped = swap(drawn.night, a, b);
  t.equal(swapped.lineUp[0]!.teamA[0], b);
  t.equal(swapped.lineUp[1]!.teamB[1], a);
  t.same(setCourts(drawn.night, 1).lineUp, [drawn.night.lineUp[0]]);
  t.equal(setCourts(drawn.night, 0), drawn.night, 'a count the server refuses is not taken');
});

t.test('the snapshot is what PUT takes, with its id; a night from the server is checked', async (t) => {
  const night = withPeople(1);
  t.same(snapshotOf(night, 'csnapshot1'), {
    version: 4,
    venueId: 'hall',
    date: '2026-11-26',
    startTime: '19:00',
    endTime: '21:30',
    courts: 2,
    roundLengthSec: 600,
    people: [{ id: 'cperson0x', name: 'P0', levelId: 'strong', guest: false }],
    lineUp: [],
    timer: null,
    rounds: [],
    sittingOut: [],
    snapshotId: 'csnapshot1',
  });
  t.ok(isNight(night, 'night1'));
  t.notOk(isNight(night, 'night2'), 'another night is not this one');
  t.notOk(isNight('<html>portal</html>'));
  t.match(newId(new Uint8Array(24)), /^c[a-z0-9]{24}$/);
  t.equal(addPerson(night, night.people[0]!), night, 'someone already here is not added twice');
});

t.test('clock and the local date', async (t) => {
  t.equal(clock(125), '2:05');
  t.equal(clock(0.2), '0:01', 'a part second left still shows');
  t.equal(clock(-3), '0:00');
  t.equal(localDate(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
});

t.test('why this line-up: per court, repeated partners, opponents and court-mates add up to the shuffle’s own score', async (t) => {
  const [a, b, c, d, e, f, g, h] = withPeople(8).people.map((person) => person.id) as [string, string, string, string, string, string, string, string];
  const round1 = [
    { court: 1, teamA: [a, b] as const, teamB: [c, d] as const },
    { court: 2, teamA: [e, f] as const, teamB: [g, h] as const },
  ];
  const night: Night = {
    ...withPeople(8),
    rounds: [{ number: 1, startedAt: at(0), endedAt: at(10), lineUp: round1 }],
    lineUp: [
      { court: 1, teamA: [a, b], teamB: [c, e] },
      { court: 2, teamA: [d, f], teamB: [g, h] },
    ],
  };
  const why = whyLineUp(night);
  t.same(why[0], { court: 1, score: 10 + 2 * 3, partners: 1, opponents: 2, courtMates: 0 }, 'a+b partners again; a–c and b–c opponents again');
  t.same(why[1], { court: 2, score: 10 + 2 * 3, partners: 1, opponents: 2, courtMates: 0 }, 'g+h partners again; f–g and f–h opponents again');
  t.equal(why.reduce((sum, court) => sum + court.score, 0), scoreLineUp(night.lineUp, [round1]), 'the same score the shuffle minimised');
  const mates: Night = { ...night, lineUp: [{ court: 1, teamA: [a, c], teamB: [b, d] }] };
  t.same(whyLineUp(mates)[0], { court: 1, score: 4 * 1 + 2 * 3, partners: 0, opponents: 2, courtMates: 4 }, 'a role changed counts as a court-mate');
});

t.test('given a round in play, when someone on court leaves, then the round is filed as it stood and the courts cleared', async (t) => {
  const drawn = shuffleNight(withPeople(8), createRandom(5));
  if (!drawn.ok) throw new Error(drawn.reason);
  const running = startTimer(drawn.night, at(0));
  const leaving = running.lineUp[1]!.teamB[0];
  const after = removePerson(running, leaving, at(4));
  t.equal(after.people.length, 7);
  t.notOk(after.people.some((person) => person.id === leaving));
  t.same(after.rounds, [{ number: 1, startedAt: at(0), endedAt: at(4), lineUp: running.lineUp, names: namesOn(running.lineUp) }]);
  t.same(after.lineUp, []);
  t.match(after.timer, { roundNumber: 2, startedAt: null });
  const before = removePerson(drawn.night, leaving, at(4));
  t.same([before.rounds, before.lineUp], [[], []], 'before the round started nothing is filed');
  const benched = removePerson(after, after.people[0]!.id, at(5));
  t.same(benched.rounds, after.rounds, 'someone not on court just leaves');
});

t.test('tonight’s level of someone: name and rank follow the level; no level is allowed', async (t) => {
  const night = withPeople(2);
  const id = night.people[0]!.id;
  t.match(setLevel(night, id, 'middle', levels).people[0], { id, levelId: 'middle', levelName: 'Middle', levelRank: 1 });
  t.match(setLevel(night, id, null, levels).people[0], { id, levelId: null, levelName: null, levelRank: null });
  t.same(setLevel(night, id, 'middle', levels).people[1], night.people[1], 'nobody else changes');
});

t.test('the opening rule: the server copy is ignored when lower, with unsent edits, or while a save is in flight', async (t) => {
  t.ok(takeServerCopy(null, 1), 'nothing here yet: the server copy');
  t.ok(takeServerCopy({ version: 3, unsent: false, inFlight: false }, 3), 'the same version, nothing unsent');
  t.ok(takeServerCopy({ version: 3, unsent: false, inFlight: false }, 5), 'a newer one');
  t.notOk(takeServerCopy({ version: 5, unsent: false, inFlight: false }, 4), 'a lower server version');
  t.notOk(takeServerCopy({ version: 3, unsent: true, inFlight: false }, 5), 'unsent local edits');
  t.notOk(takeServerCopy({ version: 3, unsent: false, inFlight: true }, 5), 'a save in flight');
});

t.test('issue 32: a finished round names all four who played, after one leaves the night, after one is gone from People, and in the snapshot sent', async (t) => {
  const drawn = shuffleNight(withPeople(4), createRandom(7));
  if (!drawn.ok) throw new Error(drawn.reason);
  const [a, b, c, d] = [...drawn.night.lineUp[0]!.teamA, ...drawn.night.lineUp[0]!.teamB] as [string, string, string, string];
  const filed = endRound(startTimer(drawn.night, at(0)), at(10));
  const round = filed.rounds[0]!;
  t.same(round.names, namesOn(drawn.night.lineUp), 'the round is filed with the name of each of the four');
  t.same(snapshotOf(filed, 'csnapshot2').rounds[0]!.names, round.names, 'and PUT sends them');

  // a leaves; b was never in People (added here), so nobody but this round knows b's name
  const after = removePerson(filed, a, at(11));
  const named = (night: Night) => [a, b, c, d].map((id) => nameInRound(night, night.rounds[0]!, id));
  t.same(named({ ...after, people: after.people.filter((person) => person.id !== b) }), [a, b, c, d].map((id) => round.names![id]), 'all four named');
  t.equal(nameOnSheet(after, a), 'Someone who left', 'the sheet knows only who is here');

  // a round filed by an older build, without names: tonight's name, then People's (the server's answer), then nobody
  const { names: _names, ...older } = round;
  const old = { ...after, rounds: [older], playerNames: { [a]: 'Ada from People' } };
  t.same([a, c].map((id) => nameInRound(old, older, id)), ['Ada from People', round.names![c]]);
  t.equal(nameInRound({ ...old, playerNames: {} }, older, a), 'Someone who left', 'nobody knows them any more');
  t.equal(nameInRound({ people: old.people }, older, a), 'Someone who left', 'a copy kept from before the server answered playerNames');
});

const playing = (night: Night): string[] => night.lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);

t.test('issue 34: thirteen here on three courts: one chosen to sit out, the shuffle draws the twelve; Next round files who sat out and chooses again', async (t) => {
  const thirteen = setCourts(withPeople(13), 3);
  t.match(shuffleNight(thirteen, createRandom(1)), { ok: false, reason: /^Cannot shuffle: 3 more people needed, or 1 more to sit out/ }, 'the refusal stays, and says the other way');
  const chosen = chooseSittingOut(thirteen, createRandom(2));
  t.equal(chosen.sittingOut?.length, 1, 'one sits out');
  const out = chosen.sittingOut![0]!;
  const drawn = shuffleNight(chosen, createRandom(3));
  if (!drawn.ok) throw new Error(drawn.reason);
  t.equal(drawn.night.lineUp.length, 3);
  t.notOk(playing(drawn.night).includes(out), 'the one sitting out is not drawn');
  t.same(whySittingOut(drawn.night), [{ id: out, name: nameOnSheet(drawn.night, out), times: 0, lastRound: null }], 'why: never sat out before');

  let night = startTimer(drawn.night, at(0));
  const seen = new Map<string, number>([[out, 1]]);
  for (let round = 1; round <= 11; round++) {
    const next = nextRound(night, createRandom(100 + round), at(round * 10));
    if (!next.ok) throw new Error(next.reason);
    t.same(next.night.rounds.at(-1)!.sittingOut, night.sittingOut, `round ${round} is filed with who sat it out`);
    t.equal(next.night.sittingOut?.length, 1);
    t.not(next.night.sittingOut![0], night.sittingOut![0], 'never the same one twice running');
    seen.set(next.night.sittingOut![0]!, (seen.get(next.night.sittingOut![0]!) ?? 0) + 1);
    night = startTimer(next.night, at(round * 10 + 1));
  }
  t.equal(seen.size, 12, 'twelve rounds: twelve different people sat out');
  t.ok([...seen.values()].every((times) => times === 1));
});

t.test('issue 34: sitting out by hand; a started round keeps its players; leaving and End round', async (t) => {
  const drawn = shuffleNight(withPeople(8), createRandom(3));
  if (!drawn.ok) throw new Error(drawn.reason);
  const first = playing(drawn.night)[0]!;
  const marked = toggleSittingOut(drawn.night, first);
  t.same([marked.sittingOut, marked.lineUp], [[first], []], 'before the round starts, sitting someone out takes the sheet off: Shuffle draws again');
  t.same(toggleSittingOut(marked, first).sittingOut, [], 'and back in');
  const running = startTimer(drawn.night, at(0));
  t.notOk(canSitOut(running, first), 'once started, those on court play the round');
  t.equal(toggleSittingOut(running, first), running, 'so marking them changes nothing');
  const ninth = addPerson(running, personWithLevel({ id: 'cperson8x', name: 'P8', levelId: 'middle', guest: false }, levels));
  t.same(toggleSittingOut(ninth, 'cperson8x').sittingOut, ['cperson8x'], 'someone off court can be marked while it runs');
  const ended = endRound(toggleSittingOut(ninth, 'cperson8x'), at(10));
  t.same([ended.rounds.at(-1)!.sittingOut, ended.sittingOut], [['cperson8x'], []], 'End round files who sat out and clears it for the next');
  const left = removePerson(toggleSittingOut(ninth, 'cperson8x'), 'cperson8x', at(5));
  t.same(left.sittingOut, [], 'someone leaving leaves sitting out too');
});

t.test('issue 34: round times on the club’s clock, HH:mm, never the phone’s 12-hour one', async (t) => {
  t.equal(clubTime(new Date(2026, 10, 26, 17, 57)), '17:57');
  t.equal(clubTime(new Date(2026, 10, 26, 9, 5)), '09:05');
  t.equal(clubTime(new Date(2026, 10, 26, 0, 0)), '00:00');
});
