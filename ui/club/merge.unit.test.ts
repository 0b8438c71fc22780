import t from 'tap';
import fc from 'fast-check';
import { createRandom } from '../../domain/club/random.ts';
import { assumedBase, mergeNights, sameNightContent } from './merge.ts';
import { addPerson, chooseSittingOut, endRound, type Night, nextRound, pauseTimer, removePerson, setCourts, setLevel, shuffleNight, startTimer, toggleSittingOut } from './night.ts';
import { at, emptyNight, LEVELS, person } from './test-night.ts';

const levels = LEVELS;
const empty = emptyNight();
const withPeople = (count: number): Night => Array.from({ length: count }, (_, index) => person(index)).reduce(addPerson, empty);

/** One change a phone makes with the night screen's own functions; `time` is when (seconds after 19:00). */
type Op =
  | { readonly kind: 'add'; readonly who: number }
  | { readonly kind: 'remove'; readonly who: number }
  | { readonly kind: 'level'; readonly who: number; readonly level: string | null }
  | { readonly kind: 'shuffle'; readonly seed: number }
  | { readonly kind: 'next'; readonly seed: number }
  | { readonly kind: 'start' }
  | { readonly kind: 'pause' }
  | { readonly kind: 'end' }
  | { readonly kind: 'courts'; readonly courts: number }
  | { readonly kind: 'sitOut'; readonly who: number }
  | { readonly kind: 'choose'; readonly seed: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), who: fc.integer({ min: 0, max: 13 }) }),
  fc.record({ kind: fc.constant('remove' as const), who: fc.integer({ min: 0, max: 13 }) }),
  fc.record({ kind: fc.constant('level' as const), who: fc.integer({ min: 0, max: 13 }), level: fc.constantFrom('strong', 'middle', null) }),
  fc.record({ kind: fc.constant('shuffle' as const), seed: fc.nat() }),
  fc.record({ kind: fc.constant('next' as const), seed: fc.nat() }),
  fc.record({ kind: fc.constant('start' as const) }),
  fc.record({ kind: fc.constant('pause' as const) }),
  fc.record({ kind: fc.constant('end' as const) }),
  fc.record({ kind: fc.constant('courts' as const), courts: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('sitOut' as const), who: fc.integer({ min: 0, max: 13 }) }),
  fc.record({ kind: fc.constant('choose' as const), seed: fc.nat() }),
);

function apply(night: Night, op: Op, time: string): Night {
  switch (op.kind) {
    case 'add':
      return addPerson(night, person(op.who));
    case 'remove':
      return removePerson(night, person(op.who).id, time);
    case 'level':
      return night.people.some((present) => present.id === person(op.who).id) ? setLevel(night, person(op.who).id, op.level, levels) : night;
    case 'shuffle': {
      const result = shuffleNight(night, createRandom(op.seed));
      return result.ok ? result.night : night;
    }
    case 'next': {
      const result = nextRound(night, createRandom(op.seed), time);
      return result.ok ? result.night : night;
    }
    case 'start':
      return startTimer(night, time);
    case 'pause':
      return pauseTimer(night, time);
    case 'end':
      return endRound(night, time);
    case 'courts':
      return setCourts(night, op.courts);
    case 'sitOut':
      return night.people.some((present) => present.id === person(op.who).id) ? toggleSittingOut(night, person(op.who).id) : night;
    case 'choose':
      return chooseSittingOut(night, createRandom(op.seed));
  }
}

/** A phone's copy after its changes, made at the times given (each later than the last). */
const play = (from: Night, ops: readonly Op[], times: readonly number[]): Night => ops.reduce((night, op, index) => apply(night, op, at(times[index]!)), from);

/** base from the empty night; theirs and mine from base, their changes' times interleaved after base's. */
const scenarioArb = fc
  .record({
    start: fc.array(opArb, { maxLength: 25 }),
    theirs: fc.array(opArb, { maxLength: 15 }),
    mine: fc.array(opArb, { maxLength: 15 }),
    theirTimes: fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 15, maxLength: 15 }),
    myTimes: fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 15, maxLength: 15 }),
  })
  .map(({ start, theirs, mine, theirTimes, myTimes }) => {
    const base = { ...play(withPeople(8), start, start.map((_, index) => index)), version: 4 };
    const rising = (steps: readonly number[]) => steps.reduce<number[]>((times, step) => [...times, (times.at(-1) ?? 100) + step], []);
    return {
      base,
      theirs: { ...play(base, theirs, rising(theirTimes)), version: 5 },
      mine: play(base, mine, rising(myTimes)),
    };
  });

const roundKey = (round: Night['rounds'][number]) => JSON.stringify({ ...round, number: 0 });
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ids = (night: Night) => new Set(night.people.map((present) => present.id));

t.test('nothing the other phone added is lost: its people and its filed rounds are in the merge', async (t) => {
  fc.assert(
    fc.property(scenarioArb, ({ base, theirs, mine }) => {
      const { night } = mergeNights(base, theirs, mine);
      const kept = ids(night);
      const baseIds = ids(base);
      for (const added of theirs.people.filter((present) => !baseIds.has(present.id))) if (!kept.has(added.id)) return false;
      const filed = new Set(night.rounds.map(roundKey));
      return theirs.rounds.every((round) => filed.has(roundKey(round)));
    }),
  );
});

t.test('nothing this phone added is lost except what notApplied lists', async (t) => {
  fc.assert(
    fc.property(scenarioArb, ({ base, theirs, mine }) => {
      const result = mergeNights(base, theirs, mine);
      const kept = ids(result.night);
      const baseIds = ids(base);
      if (mine.people.some((present) => !baseIds.has(present.id) && !kept.has(present.id))) return false;
      const filed = new Set(result.night.rounds.map(roundKey));
      if (!mine.rounds.every((round) => filed.has(roundKey(round)))) return false;
      const said = (word: string) => result.notApplied.some((sentence) => sentence.includes(word));
      const changed = (key: 'lineUp' | 'timer' | 'courts') => JSON.stringify(mine[key]) !== JSON.stringify(base[key]);
      if (changed('lineUp') && JSON.stringify(result.night.lineUp) !== JSON.stringify(mine.lineUp) && !said('line-up')) return false;
      if (changed('courts') && result.night.courts !== mine.courts && !said('Courts')) return false;
      const timerOf = (night: Night) => night.timer && { ...night.timer, roundNumber: 0 };
      if (changed('timer') && JSON.stringify(timerOf(result.night)) !== JSON.stringify(timerOf(mine)) && !said('timer')) return false;
      // who sits out: this phone's unless the other phone changed it too (said), or they left or went on court there
      const out = (night: Night) => JSON.stringify(night.sittingOut ?? []);
      const fits = (mine.sittingOut ?? []).every((id) => ids(result.night).has(id) && !result.night.lineUp.some((entry) => [...entry.teamA, ...entry.teamB].includes(id)));
      if (out(mine) !== out(base) && out(result.night) !== out(mine) && fits && !said('sits out')) return false;
      for (const own of mine.people) {
        const before = base.people.find((present) => present.id === own.id);
        const after = result.night.people.find((present) => present.id === own.id);
        if (before && after && before.levelId !== own.levelId && after.levelId !== own.levelId && !said(own.name)) return false;
      }
      return true;
    }),
  );
});

t.test('merging with base === theirs gives mine, on theirs’ version', async (t) => {
  fc.assert(
    fc.property(scenarioArb, ({ base, mine }) => {
      const theirs = { ...base, version: 5 };
      const result = mergeNights(base, theirs, mine);
      return sameJson(result.night, { ...mine, version: 5 }) && result.notApplied.length === 0;
    }),
  );
});

t.test('merging with base === mine gives theirs', async (t) => {
  fc.assert(
    fc.property(scenarioArb, ({ base, theirs }) => {
      const result = mergeNights(base, theirs, base);
      return sameJson(result.night, theirs) && result.notApplied.length === 0;
    }),
  );
});

t.test('the merge is a night the server takes: rounds in order of start, numbers unique, the timer on a number not filed, the sheet of people present', async (t) => {
  fc.assert(
    fc.property(scenarioArb, ({ base, theirs, mine }) => {
      const { night } = mergeNights(base, theirs, mine);
      const starts = night.rounds.map((round) => round.startedAt);
      if (starts.some((start, index) => index > 0 && start < starts[index - 1]!)) return false;
      const numbers = night.rounds.map((round) => round.number);
      if (new Set(numbers).size !== numbers.length) return false;
      if (night.timer && numbers.includes(night.timer.roundNumber)) return false;
      const present = ids(night);
      const onCourt = night.lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);
      // issue 34: who sits out is here, once, and off court
      const sittingOut = night.sittingOut ?? [];
      if (!sittingOut.every((id) => present.has(id) && !onCourt.includes(id)) || new Set(sittingOut).size !== sittingOut.length) return false;
      return onCourt.every((id) => present.has(id)) && new Set(onCourt).size === onCourt.length && night.lineUp.every((entry) => entry.court <= night.courts);
    }),
  );
});

t.test('the issue’s two phones: A adds a person and files round 5, B added someone else on the older copy: all of it stays', async (t) => {
  const base = withPeople(8);
  const drawn = shuffleNight(base, createRandom(1));
  if (!drawn.ok) throw new Error(drawn.reason);
  const shared = { ...drawn.night, version: 4 };
  const theirs = { ...endRound(startTimer(addPerson(shared, person(9)), at(10)), at(20)), version: 5 };
  const mine = addPerson(shared, person(10));
  const result = mergeNights(shared, theirs, mine);
  t.same(result.night.people.map((present) => present.name), [...base.people.map((present) => present.name), 'P9', 'P10']);
  t.same(result.night.rounds.map((round) => round.number), [1]);
  t.same(result.merged, ['P9 was added on the other phone.', 'Round 1 was filed on the other phone.', 'The line-up is the other phone’s.', 'The round timer is the other phone’s.']);
  t.same(result.notApplied, []);
});

t.test('both phones filed a round 1: both stay, by start, the later renumbered', async (t) => {
  const drawn = shuffleNight(withPeople(8), createRandom(2));
  if (!drawn.ok) throw new Error(drawn.reason);
  const base = drawn.night;
  const theirs = { ...endRound(startTimer(base, at(30)), at(90)), version: 5 };
  const mine = endRound(startTimer(base, at(20)), at(80));
  const result = mergeNights(base, theirs, mine);
  t.same(
    result.night.rounds.map((round) => [round.number, round.startedAt]),
    [
      [1, at(20)],
      [2, at(30)],
    ],
  );
  t.equal(result.night.timer?.roundNumber, 3, 'the round in play comes after both');
  t.ok(result.merged.includes('Round 1 from the other phone is round 2 now: both phones filed a round 1.'));
  t.same(result.notApplied, [], 'both timers moved to the same next round: nothing to choose');
});

t.test('someone taken off on this phone stays when the other phone put them on court since, and it is said', async (t) => {
  const base = withPeople(8);
  const drawn = shuffleNight(base, createRandom(5));
  if (!drawn.ok) throw new Error(drawn.reason);
  const theirs = { ...drawn.night, version: 5 };
  const mine = removePerson(base, person(3).id, at(5));
  const result = mergeNights(base, theirs, mine);
  t.ok(ids(result.night).has(person(3).id));
  t.same(result.notApplied, ['P3 was not taken off: the other phone put them on court since.']);
});

t.test('a level changed on each side: the server’s wins and this phone’s is listed', async (t) => {
  const base = withPeople(4);
  const theirs = { ...setLevel(base, person(0).id, 'middle', levels), version: 5 };
  const mine = setLevel(setLevel(base, person(0).id, null, levels), person(1).id, 'strong', levels);
  const result = mergeNights(base, theirs, mine);
  t.same(
    result.night.people.slice(0, 2).map((present) => present.levelId),
    ['middle', 'strong'],
    'P0 keeps the other phone’s level, P1 this phone’s',
  );
  t.same(result.notApplied, ['P0’s level none was not applied: the other phone set Middle.']);
});

t.test('with no kept base, both sides’ people and rounds stay and the server’s sheet wins', async (t) => {
  const theirs = { ...addPerson(withPeople(4), person(5)), version: 5 };
  const mine = setCourts(addPerson(withPeople(4), person(6)), 3);
  const result = mergeNights(assumedBase(theirs, mine), theirs, mine);
  t.same(result.night.people.map((present) => present.name), ['P0', 'P1', 'P2', 'P3', 'P5', 'P6']);
  t.equal(result.night.courts, 3);
  t.ok(sameNightContent(result.night, { ...result.night, version: 1 }));
});
