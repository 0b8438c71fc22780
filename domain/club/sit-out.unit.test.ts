import fc from 'fast-check';
import t from 'tap';
import { createRandom } from './random.ts';
import { chooseSitOuts, sitOutRecords, sitOutsNeeded, type SitOutRound } from './sit-out.ts';

const ids = (count: number): string[] => Array.from({ length: count }, (_, i) => `p${i}`);

/** `rounds` rounds of a night of `people`, each sitting out whom chooseSitOuts picks, as Next round does. */
function playNight(people: readonly string[], courts: number, rounds: number, seed: number): SitOutRound[] {
  const random = createRandom(seed);
  const filed: SitOutRound[] = [];
  for (let number = 1; number <= rounds; number++) {
    const sittingOut = chooseSitOuts({ people, count: sitOutsNeeded(people.length, courts), rounds: filed, random });
    filed.push({ number, sittingOut });
  }
  return filed;
}

const spread = (people: readonly string[], rounds: readonly SitOutRound[]): number => {
  const counts = people.map((id) => rounds.filter((round) => round.sittingOut?.includes(id)).length);
  return Math.max(...counts) - Math.min(...counts);
};

t.test('how many sit out: past the last multiple of four, and past what the courts take', async (t) => {
  t.equal(sitOutsNeeded(13, 3), 1);
  t.equal(sitOutsNeeded(12, 3), 0);
  t.equal(sitOutsNeeded(15, 4), 3);
  t.equal(sitOutsNeeded(13, 2), 5, 'two courts take eight of thirteen');
  t.equal(sitOutsNeeded(3, 2), 3, 'three cannot fill a court');
  t.equal(sitOutsNeeded(0, 2), 0);
});

t.test('given 13 people on 3 courts over 12 rounds, then sit-outs differ by at most one and nobody sits out twice', async (t) => {
  const people = ids(13);
  const rounds = playNight(people, 3, 12, 7);
  t.ok(rounds.every((round) => round.sittingOut?.length === 1), 'one sits out each round');
  t.equal(spread(people, rounds), 1, 'twelve have sat out once, one not yet');
  t.equal(new Set(rounds.flatMap((round) => round.sittingOut ?? [])).size, 12, 'twelve different people');
  const thirteenth = chooseSitOuts({ people, count: 1, rounds, random: createRandom(1) });
  t.same(thirteenth, people.filter((id) => !rounds.some((round) => round.sittingOut?.includes(id))), 'round 13: the one who has not sat out yet');
});

t.test('given everyone sat out once, then the one who sat out last round is the last to sit out again', async (t) => {
  const people = ids(5);
  const rounds: SitOutRound[] = people.map((id, index) => ({ number: index + 1, sittingOut: [id] }));
  for (let seed = 0; seed < 20; seed++) {
    const chosen = chooseSitOuts({ people, count: 4, rounds, random: createRandom(seed) });
    t.notOk(chosen.includes('p4'), `seed ${seed}: p4 sat out round 5 and is not among four chosen`);
    t.same(chosen, ['p0', 'p1', 'p2', 'p3'], 'longest ago first');
  }
});

t.test('someone who came late has sat out nothing and goes first; someone who left is not chosen', async (t) => {
  const rounds: SitOutRound[] = [
    { number: 1, sittingOut: ['p0'] },
    { number: 2, sittingOut: ['gone'] },
    { number: 3 },
  ];
  t.same(chooseSitOuts({ people: ['p0', 'p1'], count: 1, rounds, random: createRandom(3) }), ['p1']);
  t.same(sitOutRecords(rounds), new Map([['p0', { times: 1, lastRound: 1 }], ['gone', { times: 1, lastRound: 2 }]]), 'a round filed by an older build counts nobody');
});

t.test('ties fall to the random source: the same seed, the same choice; another seed may differ', async (t) => {
  const people = ids(13);
  const chosen = (seed: number) => chooseSitOuts({ people, count: 1, rounds: [], random: createRandom(seed) })[0];
  t.equal(chosen(42), chosen(42));
  t.ok(new Set(Array.from({ length: 20 }, (_, seed) => chosen(seed))).size > 1, 'not always the first to come');
});

t.test('any night: sit-outs differ by at most one between any two people, and nobody sits out two rounds running while someone has sat out fewer times', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 4, max: 40 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 30 }), fc.integer(), (count, courts, rounds, seed) => {
      const people = ids(count);
      const night = playNight(people, courts, rounds, seed);
      if (spread(people, night) > 1) return false;
      return night.every((round, index) => {
        const before = night.slice(0, index);
        const times = (id: string) => before.filter((earlier) => earlier.sittingOut?.includes(id)).length;
        const previous = before.at(-1)?.sittingOut ?? [];
        return (round.sittingOut ?? []).every(
          (id) => !previous.includes(id) || people.every((other) => round.sittingOut?.includes(other) || previous.includes(other) || times(other) > times(id)),
        );
      });
    }),
    { numRuns: 300 },
  );
  t.pass('300 nights of 4 to 40 people on 1 to 10 courts');
});
