// Round numbers and filing. nextRoundNumber is the only source of a round number, so a reopened
// night, a removal mid-round and Next round can never hand out the same number twice.
import type { LineUp, PersonId, PresentPerson } from './shuffle.ts';
import { endRound, type Timer } from './timer.ts';

export type FinishedRound = {
  readonly number: number;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly lineUp: LineUp;
};

/** The open night as the client holds it; plain data, saved as one snapshot. */
export type NightState = {
  readonly people: readonly PresentPerson[];
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
 * back-dated by resume). Null when it never started or nobody is on court: nothing was played.
 */
export function fileRound(timer: Timer | null, lineUp: LineUp, now: string): FinishedRound | null {
  if (timer === null || timer.roundStartedAt === null || lineUp.length === 0) return null;
  return { number: timer.roundNumber, startedAt: timer.roundStartedAt, endedAt: now, lineUp };
}

/** Files the round in play and moves the timer to the next, stopped; the courts are cleared. */
export function endRoundOfNight(state: NightState, now: string): NightState {
  const filed = fileRound(state.timer, state.lineUp, now);
  if (filed === null || state.timer === null) return { ...state, lineUp: [] };
  const rounds = [...state.rounds, filed];
  return { ...state, lineUp: [], rounds, timer: endRound(state.timer, nextRoundNumber(rounds, state.timer)) };
}

const isOnCourt = (lineUp: LineUp, personId: PersonId): boolean =>
  lineUp.some((entry) => entry.teamA.includes(personId) || entry.teamB.includes(personId));

/** Someone leaving mid-round ends that round as it stood: it is filed, then the courts cleared. */
export function removePersonFromNight(state: NightState, personId: PersonId, now: string): NightState {
  const people = state.people.filter((person) => person.id !== personId);
  if (!isOnCourt(state.lineUp, personId)) return { ...state, people };
  return { ...endRoundOfNight(state, now), people };
}
