import fc from 'fast-check';
import t from 'tap';
import { createRandom } from './random.ts';
import {
  candidateLineUp,
  type LineUp,
  type PresentPerson,
  scoreLineUp,
  shuffle,
  type ShuffleOk,
  type ShuffleResult,
  swapPeople,
} from './shuffle.ts';

const ranked = (count: number, rankOf: (i: number) => number | null = (i) => i): PresentPerson[] =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i}`, rank: rankOf(i) }));

const okResult = (result: ShuffleResult): ShuffleOk => {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
};

const idsOn = (lineUp: LineUp): string[] => lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);

t.test('refusals', async (t) => {
  t.test('given 10 people and 3 courts, when shuffled, then it refuses: 2 more people needed', async (t) => {
    t.same(shuffle({ people: ranked(10), courts: [1, 2, 3], history: [], random: createRandom(1) }), {
      ok: false,
      reason: '2 more people needed',
      missingPeople: 2,
    });
  });
  t.test('given 11 people, then 1 more person needed', async (t) => {
    t.same(shuffle({ people: ranked(11), courts: [1, 2, 3], history: [], random: createRandom(1) }), {
      ok: false,
      reason: '1 more person needed',
      missingPeople: 1,
    });
  });
  t.test('given 16 people and 3 courts, then it refuses: 1 more court needed', async (t) => {
    t.same(shuffle({ people: ranked(16), courts: [1, 2, 3], history: [], random: createRandom(1) }), {
      ok: false,
      reason: '1 more court needed',
      missingCourts: 1,
    });
  });
  t.test('given 24 people and 4 courts, then 2 more courts needed', async (t) => {
    t.match(shuffle({ people: ranked(24), courts: [1, 2, 3, 4], history: [], random: createRandom(1) }), {
      ok: false,
      reason: '2 more courts needed',
      missingCourts: 2,
    });
  });
  t.test('given 8 people none of whom has a level, then it refuses with the reason shown on Next round', async (t) => {
    t.same(shuffle({ people: ranked(8, () => null), courts: [1, 2], history: [], random: createRandom(1) }), {
      ok: false,
      reason: 'no one has a level',
    });
  });
  t.test('given no one present, then it refuses: no one has a level', async (t) => {
    t.match(shuffle({ people: [], courts: [1], history: [], random: createRandom(1) }), { ok: false });
  });
});

t.test('given 8 people with ranks 0..7, then each court is group 1 + group 4 against group 2 + group 3', async (t) => {
  // groups by rank: {p0,p1} {p2,p3} {p4,p5} {p6,p7}
  const result = okResult(shuffle({ people: ranked(8), courts: [1, 2], history: [], random: createRandom(9) }));
  t.same(result.groups, [['p0', 'p1'], ['p2', 'p3'], ['p4', 'p5'], ['p6', 'p7']]);
  t.equal(result.lineUp.length, 2);
  t.same(result.lineUp.map((entry) => entry.court), [1, 2]);
  for (const { teamA, teamB } of result.lineUp) {
    t.ok(['p0', 'p1'].includes(teamA[0]) && ['p6', 'p7'].includes(teamA[1]), `team A ${teamA.join('+')} is group 1 + group 4`);
    t.ok(['p2', 'p3'].includes(teamB[0]) && ['p4', 'p5'].includes(teamB[1]), `team B ${teamB.join('+')} is group 2 + group 3`);
  }
});

t.test('given the coach (rank 0) and people without a level, then the unlevelled are ranked weakest', async (t) => {
  const people: PresentPerson[] = [
    { id: 'none1', rank: null },
    { id: 'coach', rank: 0 },
    { id: 'none2', rank: null },
    { id: 'mid', rank: 3 },
  ];
  const result = okResult(shuffle({ people, courts: [1], history: [], random: createRandom(4) }));
  t.same(result.groups.slice(0, 2), [['coach'], ['mid']]);
  t.same([...(result.groups[2] ?? []), ...(result.groups[3] ?? [])].sort(), ['none1', 'none2']);
});

t.test('given the same people, seed and history, then the same line-up; another seed usually differs', async (t) => {
  const people = ranked(24, (i) => i % 5);
  const history = [okResult(shuffle({ people, courts: [1, 2, 3, 4, 5, 6], history: [], random: createRandom(100) })).lineUp];
  const run = (seed: number) =>
    okResult(shuffle({ people, courts: [1, 2, 3, 4, 5, 6, 7], history, random: createRandom(seed) })).lineUp;
  t.same(run(5), run(5));
  const others = [6, 7, 8, 9, 10].filter((seed) => JSON.stringify(run(seed)) !== JSON.stringify(run(5)));
  t.ok(others.length >= 4, `${others.length} of 5 other seeds give another line-up`);
});

t.test('score weights on hand-built histories', async (t) => {
  const now: LineUp = [{ court: 1, teamA: ['a', 'b'], teamB: ['c', 'd'] }];
  t.test('given no history, then the score is 0', async (t) => {
    t.equal(scoreLineUp(now, []), 0);
  });
  t.test('given a and b were partners once before, then 10', async (t) => {
    t.equal(scoreLineUp(now, [[{ court: 2, teamA: ['b', 'a'], teamB: ['x', 'y'] }]]), 10);
  });
  t.test('given a and c were opponents once before, then 3', async (t) => {
    t.equal(scoreLineUp(now, [[{ court: 2, teamA: ['a', 'x'], teamB: ['y', 'c'] }]]), 3);
  });
  t.test('given a and b were opponents before and are partners now, then 1 (court-mates again)', async (t) => {
    t.equal(scoreLineUp(now, [[{ court: 2, teamA: ['a', 'x'], teamB: ['b', 'y'] }]]), 1);
  });
  t.test('given a and c were partners before and are opponents now, then 1', async (t) => {
    t.equal(scoreLineUp(now, [[{ court: 2, teamA: ['c', 'a'], teamB: ['x', 'y'] }]]), 1);
  });
  t.test('given the very same court one round earlier, then 2 partners + 4 opponents = 2×10 + 4×3 = 32', async (t) => {
    t.equal(scoreLineUp(now, [now]), 32);
  });
  t.test('given the same court twice before, then each earlier round counts: 64', async (t) => {
    t.equal(scoreLineUp(now, [now, now]), 64);
  });
  t.test('given a and b partners before on another court number, then the court number does not matter: 10', async (t) => {
    t.equal(scoreLineUp(now, [[{ court: 9, teamA: ['a', 'b'], teamB: ['e', 'f'] }]]), 10);
  });
  t.test('given the same four rearranged (a+c vs b+d before), then a+c,b+d were partners (now opponents: 1 each) and a-b,a-d,c-b,c-d opponents (a-b now partners: 1; c-d now partners: 1; a-d, c-b now opponents: 3 each)', async (t) => {
    t.equal(scoreLineUp(now, [[{ court: 1, teamA: ['a', 'c'], teamB: ['b', 'd'] }]]), 1 + 1 + 1 + 1 + 3 + 3);
  });
});

t.test('given no history, when shuffled, then the first candidate scores 0 and the search stops at 1', async (t) => {
  const result = okResult(shuffle({ people: ranked(16), courts: [1, 2, 3, 4], history: [], random: createRandom(3) }));
  t.equal(result.score, 0);
  t.equal(result.candidatesTried, 1);
});

t.test('given a history a zero line-up exists for, then the search stops at the first zero before 300', async (t) => {
  const people = ranked(16);
  const history = [okResult(shuffle({ people, courts: [1, 2, 3, 4], history: [], random: createRandom(11) })).lineUp];
  const scores: number[] = [];
  const result = okResult(
    shuffle({ people, courts: [1, 2, 3, 4], history, random: createRandom(12) }, { onCandidate: (_, score) => scores.push(score) }),
  );
  t.equal(result.score, 0);
  t.equal(result.candidatesTried, scores.length);
  t.ok(result.candidatesTried < 300, `stopped after ${result.candidatesTried}`);
  t.equal(scores.indexOf(0), scores.length - 1, 'the last candidate tried is the first zero');
});

t.test('given a history no line-up can escape, then all 300 candidates are tried', async (t) => {
  // one court: the same four always meet, so every candidate scores above 0
  const people = ranked(4);
  const history: LineUp[] = [[{ court: 1, teamA: ['p0', 'p3'], teamB: ['p1', 'p2'] }]];
  const result = okResult(shuffle({ people, courts: [1], history, random: createRandom(1) }));
  t.equal(result.candidatesTried, 300);
  t.equal(result.score, 32);
});

t.test('swapPeople', async (t) => {
  const lineUp: LineUp = [
    { court: 1, teamA: ['a', 'b'], teamB: ['c', 'd'] },
    { court: 2, teamA: ['e', 'f'], teamB: ['g', 'h'] },
  ];
  t.test('given two people on different courts, when swapped, then they trade places', async (t) => {
    t.same(swapPeople(lineUp, 'b', 'g'), [
      { court: 1, teamA: ['a', 'g'], teamB: ['c', 'd'] },
      { court: 2, teamA: ['e', 'f'], teamB: ['b', 'h'] },
    ]);
  });
  t.test('given two people on the same court in different teams, when swapped, then they change teams', async (t) => {
    t.same(swapPeople(lineUp, 'a', 'd')[0], { court: 1, teamA: ['d', 'b'], teamB: ['c', 'a'] });
  });
  t.test('given someone not on court or the same person twice, then the line-up is unchanged', async (t) => {
    t.equal(swapPeople(lineUp, 'a', 'zz'), lineUp);
    t.equal(swapPeople(lineUp, 'a', 'a'), lineUp);
  });
  t.test('given a hand swap, when shuffled again, then the new line-up is drawn afresh and ignores the swap', async (t) => {
    const people = ranked(8);
    const drawn = okResult(shuffle({ people, courts: [1, 2], history: [], random: createRandom(2) })).lineUp;
    const swapped = swapPeople(drawn, 'p0', 'p7');
    const again = okResult(shuffle({ people, courts: [1, 2], history: [], random: createRandom(2) })).lineUp;
    t.same(again, drawn, 'a shuffle depends on people, seed and history only');
    t.notSame(again, swapped);
  });
});

// ---------------------------------------------------------------------------------------------
// properties

const nightArb = fc
  .integer({ min: 1, max: 6 })
  .chain((k) =>
    fc.record({
      k: fc.constant(k),
      // a narrow rank range forces ties
      ranks: fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { freq: 8 }), { minLength: 4 * k, maxLength: 4 * k }),
      extraCourts: fc.integer({ min: 0, max: 2 }),
      seed: fc.integer(),
      otherSeed: fc.integer(),
      historyRounds: fc.integer({ min: 0, max: 4 }),
    }),
  )
  .filter(({ ranks }) => ranks.some((rank) => rank !== null));

type Night = { k: number; ranks: (number | null)[]; extraCourts: number; seed: number; otherSeed: number; historyRounds: number };

function play(night: Night) {
  const people = night.ranks.map((rank, i) => ({ id: `p${i}`, rank }));
  const courts = Array.from({ length: night.k + night.extraCourts }, (_, i) => i + 1);
  const history: LineUp[] = [];
  const historyRandom = createRandom(night.seed ^ 0x5bd1e995);
  for (let round = 0; round < night.historyRounds; round++) {
    history.push(okResult(shuffle({ people, courts, history: [], random: historyRandom }, { candidates: 1 })).lineUp);
  }
  const scores: number[] = [];
  const result = okResult(
    shuffle({ people, courts, history, random: createRandom(night.seed) }, { onCandidate: (_, score) => scores.push(score) }),
  );
  return { people, courts, history, result, scores };
}

const strength = (rank: number | null): number => rank ?? Infinity;

t.test('property: every person is used exactly once, on k distinct courts of the night', async (t) => {
  fc.assert(
    fc.property(nightArb, (night) => {
      const { people, courts, result } = play(night);
      const used = idsOn(result.lineUp);
      const courtNumbers = result.lineUp.map((entry) => entry.court);
      return (
        used.length === people.length &&
        new Set(used).size === people.length &&
        people.every((person) => used.includes(person.id)) &&
        result.lineUp.length === night.k &&
        new Set(courtNumbers).size === night.k &&
        courtNumbers.every((court) => courts.includes(court))
      );
    }),
    { numRuns: 200 },
  );
  t.pass('held for 200 nights');
});

t.test('property: the groups are cut by strength and each court takes one of each, teams 1+4 against 2+3', async (t) => {
  fc.assert(
    fc.property(nightArb, (night) => {
      const { people, result } = play(night);
      const rankOf = new Map(people.map((person) => [person.id, strength(person.rank)]));
      const groupRanks = result.groups.map((group) => group.map((id) => rankOf.get(id) as number));
      const sizesOk = result.groups.length === 4 && result.groups.every((group) => group.length === night.k);
      // with ties the boundaries may fall inside a rank, but never out of order
      const orderedOk = groupRanks.every((ranks, g) => g === 0 || Math.max(...(groupRanks[g - 1] ?? [])) <= Math.min(...ranks));
      const groupOf = (id: string) => result.groups.findIndex((group) => group.includes(id));
      const courtsOk = result.lineUp.every(
        ({ teamA, teamB }) => groupOf(teamA[0]) === 0 && groupOf(teamB[0]) === 1 && groupOf(teamB[1]) === 2 && groupOf(teamA[1]) === 3,
      );
      return sizesOk && orderedOk && courtsOk;
    }),
    { numRuns: 200 },
  );
  t.pass('held for 200 nights');
});

t.test('property: the winner scores no more than any candidate the search tried, and is the reported score', async (t) => {
  fc.assert(
    fc.property(nightArb, (night) => {
      const { history, result, scores } = play(night);
      return (
        scores.length === result.candidatesTried &&
        result.score === Math.min(...scores) &&
        result.score === scoreLineUp(result.lineUp, history) &&
        (result.score === 0 ? scores.at(-1) === 0 : scores.length === 300)
      );
    }),
    { numRuns: 200 },
  );
  t.pass('held for 200 nights');
});

t.test('property: best of 300 scores no more than one random candidate from the same groups and another seed', async (t) => {
  // A lone pick beats the best of 300 only by drawing better than all 300 (chance ≤ 1/301 per
  // night), so the property runs on a fixed seed to stay reproducible.
  fc.assert(
    fc.property(nightArb, (night) => {
      const { courts, history, result } = play(night);
      const pick = candidateLineUp(result.groups, courts, createRandom(night.otherSeed));
      return result.score <= scoreLineUp(pick, history);
    }),
    { numRuns: 200, seed: 20261125 },
  );
  t.pass('held for 200 nights');
});
