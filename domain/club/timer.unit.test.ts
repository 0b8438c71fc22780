import t from 'tap';
import { bestRoundStart, endRound, isTimeUp, newTimer, pause, remaining, resume, start, timerStatus } from './timer.ts';

const at = (minute: number, second = 0): string =>
  new Date(Date.UTC(2026, 10, 25, 19, minute, second)).toISOString();

t.test('given a stopped 12-minute timer, then remaining is the whole duration', async (t) => {
  const timer = newTimer(1, 720);
  t.equal(timerStatus(timer), 'stopped');
  t.equal(remaining(timer, at(30)), 720);
  t.notOk(isTimeUp(timer, at(30)));
});

t.test('given a start at 19:00, when read at 19:05, then remaining = durationSec - (now - startedAt)', async (t) => {
  const timer = start(newTimer(1, 720), at(0));
  t.equal(timerStatus(timer), 'running');
  t.equal(timer.startedAt, at(0));
  t.equal(timer.roundStartedAt, at(0));
  t.equal(remaining(timer, at(5)), 420);
  t.equal(remaining(timer, at(11, 59)), 1);
  t.notOk(isTimeUp(timer, at(11, 59)));
});

t.test('given a running timer, when read past its end, then remaining never goes below 0 and time is up', async (t) => {
  const timer = start(newTimer(1, 720), at(0));
  t.equal(remaining(timer, at(12)), 0);
  t.equal(remaining(timer, at(40)), 0);
  t.ok(isTimeUp(timer, at(12)));
});

t.test('given a pause at 19:05, then remaining holds at 420 however late it is read', async (t) => {
  const paused = pause(start(newTimer(1, 720), at(0)), at(5));
  t.equal(timerStatus(paused), 'paused');
  t.equal(paused.startedAt, null, 'startedAt cleared');
  t.equal(paused.pausedRemainingSec, 420);
  t.equal(remaining(paused, at(50)), 420);
  t.notOk(isTimeUp(paused, at(50)));
});

t.test('given a pause at 19:05 and a resume at 19:20, then startedAt is back-dated to 19:15 and the countdown goes on from 420', async (t) => {
  const resumed = resume(pause(start(newTimer(1, 720), at(0)), at(5)), at(20));
  t.equal(timerStatus(resumed), 'running');
  t.equal(resumed.startedAt, at(15));
  t.equal(resumed.pausedRemainingSec, null);
  t.equal(remaining(resumed, at(20)), 420);
  t.equal(remaining(resumed, at(22)), 300);
  t.ok(isTimeUp(resumed, at(27)));
});

t.test('given a first start at 19:00, when paused, resumed, started again and ended early, then roundStartedAt stays 19:00', async (t) => {
  const first = start(newTimer(3, 720), at(0));
  const paused = pause(first, at(4));
  const resumed = resume(paused, at(10));
  const startedAgain = start(resumed, at(11));
  for (const timer of [first, paused, resumed, startedAgain]) t.equal(timer.roundStartedAt, at(0));
  t.equal(startedAgain, resumed, 'start on a running timer changes nothing');
  t.not(resumed.startedAt, at(0), 'startedAt moved, the history start did not');
});

t.test('given a paused timer, when start is tapped, then it resumes rather than restarting', async (t) => {
  const paused = pause(start(newTimer(1, 600), at(0)), at(2));
  const started = start(paused, at(10));
  t.equal(remaining(started, at(10)), 480);
  t.equal(started.roundStartedAt, at(0));
});

t.test('given pause on a stopped timer or resume on a running one, then nothing changes', async (t) => {
  const stopped = newTimer(1, 600);
  const running = start(stopped, at(0));
  t.equal(pause(stopped, at(1)), stopped);
  t.equal(resume(running, at(1)), running);
});

t.test('given a running round 3, when the round ends, then the next timer is round 4, stopped, with no roundStartedAt', async (t) => {
  const running = start(newTimer(3, 720), at(0));
  t.same(endRound(running, 4), { roundNumber: 4, durationSec: 720, startedAt: null, roundStartedAt: null, pausedRemainingSec: null });
});

t.test('given the best start of a round: roundStartedAt, else the anchor of an older running timer, else the time a paused one has played, else none', async (t) => {
  const resumed = resume(pause(start(newTimer(1, 720), at(0)), at(5)), at(20));
  t.equal(bestRoundStart(resumed, at(25)), at(0), 'roundStartedAt, never the back-dated anchor');
  t.equal(bestRoundStart({ ...resumed, roundStartedAt: null }, at(25)), at(15), 'an older build: the anchor');
  t.equal(bestRoundStart({ ...newTimer(1, 720), pausedRemainingSec: 600 }, at(25)), at(23), 'an older build, paused after 120 s of play');
  t.equal(bestRoundStart(newTimer(1, 720), at(25)), null, 'never started');
});
