// Shuffles per second of the club night's client shuffle, with 10 earlier rounds of history so
// the search rarely stops early. Run: PATH=$PWD/node_modules/.bin:$PATH node ops/bench/club-shuffle.ts
import os from 'node:os';
import { createRandom } from '../../domain/club/random.ts';
import { type LineUp, shuffle } from '../../domain/club/shuffle.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const HISTORY_ROUNDS = 10;

function night(size: number) {
  // 6 levels, so ties are common as on a real night
  const people = Array.from({ length: size }, (_, i) => ({ id: `player-${i}`, rank: i % 6 }));
  const courts = Array.from({ length: size / 4 }, (_, i) => i + 1);
  const history: LineUp[] = [];
  const random = createRandom(size);
  for (let round = 0; round < HISTORY_ROUNDS; round++) {
    const result = shuffle({ people, courts, history, random });
    if (!result.ok) throw new Error(result.reason);
    history.push(result.lineUp);
  }
  return { people, courts, history };
}

function measure(size: number): { perSecond: number; runs: number; meanCandidates: number; meanScore: number } {
  const { people, courts, history } = night(size);
  let runs = 0;
  let candidates = 0;
  let score = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  while (performance.now() < deadline) {
    const result = shuffle({ people, courts, history, random: createRandom(runs) });
    if (!result.ok) throw new Error(result.reason);
    candidates += result.candidatesTried;
    score += result.score;
    runs++;
  }
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: runs / elapsed, runs, meanCandidates: candidates / runs, meanScore: score / runs };
}

const cpus = os.cpus();
console.log(`machine: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores, node ${process.version}`);
console.log(`history: ${HISTORY_ROUNDS} earlier rounds; ${SECONDS} s per size`);
for (const size of [8, 24, 48]) {
  const { perSecond, runs, meanCandidates, meanScore } = measure(size);
  console.log(
    `${String(size).padStart(2)} people: ${perSecond.toFixed(0).padStart(7)} shuffles/s ` +
      `(${runs} runs, ${meanCandidates.toFixed(1)} candidates each, mean best score ${meanScore.toFixed(1)})`,
  );
}
