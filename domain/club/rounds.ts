// Round numbers and filing. nextRoundNumber is the only source of a round number, so a reopened
// night, a removal mid-round and Next round can never hand out the same number twice.
import type { LineUp, PersonId, PresentPerson } from './shuffle.ts';
import { bestRoundStart, endRound, type Timer } from './timer.ts';

export type FinishedRound = {
  readonly number: number;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly lineUp: LineUp;
  /**
   * each player's name as the phone had it when the round was filed: the round keeps naming someone
   * who has since left the night or been deleted from People. Absent in rounds filed by older builds.
   */
  readonly names?: Readonly<Record<PersonId, string>>;
  /**
   * who was here and not on its courts when it was filed: those sitting it out, and anyone who came
   * during it. Absent when everyone played, and in rounds filed by older builds.
   */
  readonly sittingOut?: readonly PersonId[];
};

/** Someone at the night; the name, when the phone has one, is filed with each round they play. */
export type NightPlayer = PresentPerson & { readonly name?: string };

/** The open night as the client holds it; plain data, saved as one snapshot. */
export type NightState = {
  readonly people: readonly NightPlayer[];
  readonly lineUp: LineUp;
  readonly timer: Timer | null;
  readonly rounds: readonly FinishedRound[];
};

/** After the highest number filed or on the timer; a reopened night continues after its last. */
export function nextRoundNumber(finishedRounds: readonly FinishedRound[], currentTimer: Timer | null): number {
  const highest = finishedRounds.reduce((max, round) => Math.max(max, round.number), currentTimer?.roundNumber ?? 0);
  return highest + 1;
}

/**
 * The round in play as it stood at `now`, started at roundStartedAt (never startedAt, which is
 * back-dated by resume, unless an older build left nothing better). Null when it never started or
 * nobody is on court: someone leaving before the first start has played nothing.
 */
export function fileRound(timer: Timer | null, lineUp: LineUp, now: string): FinishedRound | null {
  const startedAt = timer === null ? null : bestRoundStart(timer, now);
  if (timer === null || startedAt === null || lineUp.length === 0) return null;
  return { number: timer.roundNumber, startedAt, endedAt: now, lineUp };
}

/**
 * End round, from a running, paused or stopped timer (spec timer table): the courts as they stand are
 * filed and the timer moves to the next round, stopped; the courts are cleared. A round ended
 * without its timer ever started is filed untimed, starting and ending at `now`, because the people
 * on court did play it. Empty courts file nothing.
 */
export function endRoundOfNight(state: NightState, now: string): NightState {
  if (state.lineUp.length === 0) return state;
  const number = state.timer?.roundNumber ?? nextRoundNumber(state.rounds, null);
  const startedAt = (state.timer === null ? null : bestRoundStart(state.timer, now)) ?? now;
  const sittingOut = offCourt(state.people, state.lineUp);
  const names = namesOf(state.people, [...onCourt(state.lineUp), ...sittingOut]);
  const filed: FinishedRound = {
    number,
    startedAt,
    endedAt: now,
    lineUp: state.lineUp,
    ...(Object.keys(names).length === 0 ? {} : { names }),
    ...(sittingOut.length === 0 ? {} : { sittingOut }),
  };
  const rounds = [...state.rounds, filed];
  const timer = state.timer === null ? null : endRound(state.timer, nextRoundNumber(rounds, state.timer));
  return { ...state, lineUp: [], rounds, timer };
}

const onCourt = (lineUp: LineUp): PersonId[] => lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);

/** Who is here and not on the courts, in the order they came. */
export function offCourt(people: readonly NightPlayer[], lineUp: LineUp): PersonId[] {
  const playing = new Set(onCourt(lineUp));
  return people.filter((person) => !playing.has(person.id)).map((person) => person.id);
}

/** The name of each of `ids` whose name the phone holds: what a filed round keeps of them. */
function namesOf(people: readonly NightPlayer[], ids: readonly PersonId[]): Record<PersonId, string> {
  const names: Record<PersonId, string> = {};
  for (const id of ids) {
    const name = people.find((person) => person.id === id)?.name;
    if (name !== undefined) names[id] = name;
  }
  return names;
}

const isOnCourt = (lineUp: LineUp, personId: PersonId): boolean =>
  lineUp.some((entry) => entry.teamA.includes(personId) || entry.teamB.includes(personId));

/** Someone leaving mid-round ends that round as it stood: it is filed, then the courts cleared. */
export function removePersonFromNight(state: NightState, personId: PersonId, now: string): NightState {
  const people = state.people.filter((person) => person.id !== personId);
  if (!isOnCourt(state.lineUp, personId)) return { ...state, people };
  if (fileRound(state.timer, state.lineUp, now) === null) return { ...state, lineUp: [], people };
  return { ...endRoundOfNight(state, now), people };
}
