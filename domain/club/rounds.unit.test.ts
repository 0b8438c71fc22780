import t from 'tap';
import { endRoundOfNight, type FinishedRound, fileRound, type NightState, nextRoundNumber, removePersonFromNight } from './rounds.ts';
import type { LineUp } from './shuffle.ts';
import { newTimer, pause, resume, start } from './timer.ts';

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 25, 19, minute)).toISOString();

const lineUp: LineUp = [
  { court: 1, teamA: ['a', 'h'], teamB: ['c', 'f'] },
  { court: 2, teamA: ['b', 'g'], teamB: ['d', 'e'] },
];
const people = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'bench'].map((id, rank) => ({ id, rank }));
const finished = (number: number): FinishedRound => ({ number, startedAt: at(number * 15), endedAt: at(number * 15 + 12), lineUp });

t.test('given an empty night with no timer, then the next round is 1', async (t) => {
  t.equal(nextRoundNumber([], null), 1);
});

t.test('given rounds 1..3 filed and a stopped timer still on 3, then the next round is 4', async (t) => {
  t.equal(nextRoundNumber([finished(1), finished(2), finished(3)], newTimer(3, 720)), 4);
  t.equal(nextRoundNumber([finished(1), finished(2), finished(3)], null), 4);
});

t.test('given a reopened night whose rounds are out of order, then numbering continues after the highest', async (t) => {
  t.equal(nextRoundNumber([finished(5), finished(2), finished(7)], newTimer(1, 720)), 8);
});

t.test('given rounds 1..2 filed and round 3 running, then the current round counts and the next is 4', async (t) => {
  t.equal(nextRoundNumber([finished(1), finished(2)], start(newTimer(3, 720), at(40))), 4);
});

t.test('given round 2 started at 19:00, paused and resumed, when filed at 19:30, then its start is roundStartedAt, not the back-dated startedAt', async (t) => {
  const timer = resume(pause(start(newTimer(2, 720), at(0)), at(5)), at(20));
  t.same(fileRound(timer, lineUp, at(30)), { number: 2, startedAt: at(0), endedAt: at(30), lineUp });
});

t.test('given a round never started or no one on court, then nothing is filed', async (t) => {
  t.equal(fileRound(newTimer(2, 720), lineUp, at(30)), null);
  t.equal(fileRound(start(newTimer(2, 720), at(0)), [], at(30)), null);
  t.equal(fileRound(null, lineUp, at(30)), null);
});

const night = (): NightState => ({
  people,
  lineUp,
  timer: pause(start(newTimer(3, 720), at(0)), at(4)),
  rounds: [finished(1), finished(2)],
});

t.test('given round 3 in play since 19:00, when a person on court leaves at 19:07, then round 3 is filed as it stood and the courts are cleared', async (t) => {
  const after = removePersonFromNight(night(), 'c', at(7));
  t.same(after.rounds, [finished(1), finished(2), { number: 3, startedAt: at(0), endedAt: at(7), lineUp, sittingOut: ['bench'] }]);
  t.same(after.lineUp, []);
  t.notOk(after.people.some((person) => person.id === 'c'), 'the person is gone');
  t.equal(after.people.length, people.length - 1);
  t.same(after.timer, newTimer(4, 720), 'the next round waits, stopped, as round 4');
});

t.test('given a person on the bench, when they leave, then only the people change', async (t) => {
  const before = night();
  const after = removePersonFromNight(before, 'bench', at(7));
  t.same(after, { ...before, people: people.filter((person) => person.id !== 'bench') });
});

t.test('given a line-up drawn but its round never started, when a person on court leaves, then no round is filed and the courts clear', async (t) => {
  const before: NightState = { ...night(), timer: newTimer(3, 720) };
  const after = removePersonFromNight(before, 'a', at(7));
  t.same(after.rounds, before.rounds);
  t.same(after.lineUp, []);
  t.same(after.timer, newTimer(3, 720), 'round 3 is still to play');
});

t.test('given round 3 ended by hand, then it is filed and the timer moves to round 4', async (t) => {
  const after = endRoundOfNight(night(), at(12));
  t.equal(after.rounds.at(-1)?.number, 3);
  t.equal(after.rounds.at(-1)?.startedAt, at(0));
  t.equal(after.timer?.roundNumber, 4);
  t.equal(nextRoundNumber(after.rounds, after.timer), 5);
});

t.test('given a stopped timer on round 3 with courts drawn, when End round is tapped at 19:12, then round 3 is filed untimed and the timer moves to round 4', async (t) => {
  const after = endRoundOfNight({ ...night(), timer: newTimer(3, 720) }, at(12));
  t.same(after.rounds, [finished(1), finished(2), { number: 3, startedAt: at(12), endedAt: at(12), lineUp, sittingOut: ['bench'] }]);
  t.same(after.lineUp, []);
  t.same(after.timer, newTimer(4, 720));
});

t.test('given a timer from an older build (no roundStartedAt), when the round ends, then it is filed with the best start it has', async (t) => {
  // running since 19:02: the countdown anchor is all it has
  const running = { ...start(newTimer(3, 720), at(2)), roundStartedAt: null };
  t.same(endRoundOfNight({ ...night(), timer: running }, at(12)).rounds.at(-1), { number: 3, startedAt: at(2), endedAt: at(12), lineUp, sittingOut: ['bench'] });
  // paused with 420 s of 720 left: 5 minutes were played before 19:12
  const paused = { ...newTimer(3, 720), pausedRemainingSec: 420 };
  t.same(endRoundOfNight({ ...night(), timer: paused }, at(12)).rounds.at(-1), { number: 3, startedAt: at(7), endedAt: at(12), lineUp, sittingOut: ['bench'] });
  t.same(fileRound(running, lineUp, at(12)), { number: 3, startedAt: at(2), endedAt: at(12), lineUp }, 'a person leaving files it too');
});

t.test('given courts drawn and no timer yet, when End round is tapped, then the round is filed under the next number', async (t) => {
  const after = endRoundOfNight({ ...night(), timer: null }, at(12));
  t.same(after.rounds.at(-1), { number: 3, startedAt: at(12), endedAt: at(12), lineUp, sittingOut: ['bench'] });
  t.equal(after.timer, null);
  t.same(after.lineUp, []);
});

t.test('given empty courts, when End round is tapped, then nothing is filed', async (t) => {
  const before = { ...night(), lineUp: [] };
  t.same(endRoundOfNight(before, at(12)), before);
});

const named = (): NightState => ({ ...night(), people: people.map((person) => ({ ...person, name: person.id.toUpperCase() })) });

t.test('given people with names, when the round ends, then the filed round keeps the name of each person on court and of each sitting it out', async (t) => {
  const after = endRoundOfNight(named(), at(12));
  t.same(after.rounds.at(-1)!.names, { a: 'A', h: 'H', c: 'C', f: 'F', b: 'B', g: 'G', d: 'D', e: 'E', bench: 'BENCH' });
  t.same(after.rounds.at(-1)!.sittingOut, ['bench'], 'the bench sat it out');
});

t.test('given everyone here on court, then the filed round has nobody sitting out', async (t) => {
  const after = endRoundOfNight({ ...named(), people: named().people.filter((person) => person.id !== 'bench') }, at(12));
  t.notOk('sittingOut' in after.rounds.at(-1)!);
});

t.test('given a person on court leaving, then the round filed as it stood keeps their name, though they are gone from the night', async (t) => {
  const after = removePersonFromNight(named(), 'c', at(7));
  t.equal(after.rounds.at(-1)!.names?.['c'], 'C');
  t.notOk(after.people.some((person) => person.id === 'c'));
});

t.test('given people without names (an older caller), then the filed round has no names at all', async (t) => {
  t.notOk('names' in endRoundOfNight(night(), at(12)).rounds.at(-1)!);
});
