// Rules 1–8 of the club night shuffle. Runs in the client with no signal, so it is pure and
// replayable: the same people, seed and earlier rounds give the same courts.
import { type Random, shuffled } from './random.ts';

export type PersonId = string;
export type CourtEntry = {
  readonly court: number;
  readonly teamA: readonly [PersonId, PersonId];
  readonly teamB: readonly [PersonId, PersonId];
};
export type LineUp = readonly CourtEntry[];
/** rank: the level's rank, 0 strongest (the coach level is 0); null when the person has no level */
export type PresentPerson = { readonly id: PersonId; readonly rank: number | null };

export const SHUFFLE_CANDIDATES = 300;
export const PARTNER_WEIGHT = 10;
export const OPPONENT_WEIGHT = 3;
export const COURT_MATE_WEIGHT = 1;

export type ShuffleInput = {
  readonly people: readonly PresentPerson[];
  readonly courts: readonly number[];
  readonly history: readonly LineUp[];
  readonly random: Random;
};

export type ShuffleOk = {
  readonly ok: true;
  readonly lineUp: LineUp;
  readonly score: number;
  /** the four strength groups, strongest first, as the ties fell */
  readonly groups: readonly (readonly PersonId[])[];
  readonly candidatesTried: number;
};
export type ShuffleRefused = {
  readonly ok: false;
  readonly reason: string;
  readonly missingPeople?: number;
  readonly missingCourts?: number;
};
export type ShuffleResult = ShuffleOk | ShuffleRefused;

export type ShuffleOptions = {
  readonly candidates?: number;
  /** sees every candidate scored; for tests and tuning */
  readonly onCandidate?: (lineUp: LineUp, score: number) => void;
};

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

export function shuffle(input: ShuffleInput, options: ShuffleOptions = {}): ShuffleResult {
  const { people, courts, history, random } = input;
  if (!people.some((person) => person.rank !== null)) return { ok: false, reason: 'no one has a level' };
  const missingPeople = (4 - (people.length % 4)) % 4;
  if (missingPeople > 0) {
    return { ok: false, reason: `${plural(missingPeople, 'more person', 'more people')} needed`, missingPeople };
  }
  const courtsNeeded = people.length / 4;
  const missingCourts = courtsNeeded - new Set(courts).size;
  if (missingCourts > 0) {
    return { ok: false, reason: `${plural(missingCourts, 'more court', 'more courts')} needed`, missingCourts };
  }

  const groups = strengthGroups(people, random);
  const index = indexHistory(history);
  const limit = options.candidates ?? SHUFFLE_CANDIDATES;
  let best: LineUp = [];
  let bestScore = Infinity;
  let tried = 0;
  while (tried < limit && bestScore > 0) {
    const candidate = candidateLineUp(groups, courts, random);
    const score = scoreWith(candidate, index);
    tried++;
    options.onCandidate?.(candidate, score);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return { ok: true, lineUp: best, score: bestScore, groups, candidatesTried: tried };
}

/**
 * Sorted strongest first and cut into four equal groups. Ties are broken by shuffling before a
 * stable sort. People without a level go last: someone not yet graded is most often new, and
 * guessing them weak keeps a stranger out of the strongest group.
 */
export function strengthGroups(people: readonly PresentPerson[], random: Random): PersonId[][] {
  const strength = (person: PresentPerson): number => person.rank ?? Number.MAX_SAFE_INTEGER;
  const sorted = shuffled(random, people).sort((a, b) => strength(a) - strength(b));
  const size = sorted.length / 4;
  return [0, 1, 2, 3].map((g) => sorted.slice(g * size, (g + 1) * size).map((person) => person.id));
}

/** One random pick: who of each group goes to which court, and which of the night's courts. */
export function candidateLineUp(groups: readonly (readonly PersonId[])[], courts: readonly number[], random: Random): LineUp {
  const [g1, g2, g3, g4] = groups.map((group) => shuffled(random, group));
  if (!g1 || !g2 || !g3 || !g4) throw new Error('four strength groups expected');
  const numbers = shuffled(random, [...new Set(courts)]);
  const entries: CourtEntry[] = g1.map((strongest, i) => ({
    court: numbers[i] as number,
    teamA: [strongest, g4[i] as PersonId],
    teamB: [g2[i] as PersonId, g3[i] as PersonId],
  }));
  return entries.sort((a, b) => a.court - b.court);
}

/** Rule 8: tap one, tap another. Anyone not on court leaves the sheet as it was. */
export function swapPeople(lineUp: LineUp, idA: PersonId, idB: PersonId): LineUp {
  const onCourt = (id: PersonId) => lineUp.some((entry) => [...entry.teamA, ...entry.teamB].includes(id));
  if (idA === idB || !onCourt(idA) || !onCourt(idB)) return lineUp;
  const swap = (id: PersonId): PersonId => (id === idA ? idB : id === idB ? idA : id);
  return lineUp.map((entry) => ({
    court: entry.court,
    teamA: [swap(entry.teamA[0]), swap(entry.teamA[1])],
    teamB: [swap(entry.teamB[0]), swap(entry.teamB[1])],
  }));
}

type PairHistory = { partners: number; opponents: number };
type HistoryIndex = ReadonlyMap<string, PairHistory>;

const pairKey = (a: PersonId, b: PersonId): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

function indexHistory(history: readonly LineUp[]): HistoryIndex {
  const index = new Map<string, PairHistory>();
  const bump = (a: PersonId, b: PersonId, relation: keyof PairHistory) => {
    const key = pairKey(a, b);
    const seen = index.get(key) ?? { partners: 0, opponents: 0 };
    seen[relation]++;
    index.set(key, seen);
  };
  for (const lineUp of history) {
    for (const { teamA, teamB } of lineUp) {
      bump(teamA[0], teamA[1], 'partners');
      bump(teamB[0], teamB[1], 'partners');
      for (const a of teamA) for (const b of teamB) bump(a, b, 'opponents');
    }
  }
  return index;
}

/**
 * Each unordered pair sharing a court in the line-up is scored once per earlier round in which
 * they shared a court: 10 if partners both times, 3 if opponents both times, 1 if the role
 * changed (a plain repeated court-mate). Per occurrence, so the pairs met most often weigh most.
 */
export function scoreLineUp(lineUp: LineUp, history: readonly LineUp[]): number {
  return scoreWith(lineUp, indexHistory(history));
}

function scoreWith(lineUp: LineUp, index: HistoryIndex): number {
  if (index.size === 0) return 0;
  let score = 0;
  const partners = (a: PersonId, b: PersonId) => {
    const seen = index.get(pairKey(a, b));
    if (seen) score += PARTNER_WEIGHT * seen.partners + COURT_MATE_WEIGHT * seen.opponents;
  };
  const opponents = (a: PersonId, b: PersonId) => {
    const seen = index.get(pairKey(a, b));
    if (seen) score += OPPONENT_WEIGHT * seen.opponents + COURT_MATE_WEIGHT * seen.partners;
  };
  for (const { teamA, teamB } of lineUp) {
    partners(teamA[0], teamA[1]);
    partners(teamB[0], teamB[1]);
    for (const a of teamA) for (const b of teamB) opponents(a, b);
  }
  return score;
}
