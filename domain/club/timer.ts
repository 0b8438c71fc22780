// The round timer is stored, never ticked: every reading is computed from the stored fields and
// `now` (ISO 8601), so a phone that slept or reloaded shows the right time left.
import { assertNever } from '../shared/events.ts';

export type Timer = {
  readonly roundNumber: number;
  readonly durationSec: number;
  /** the countdown anchor only; never the round's history start */
  readonly startedAt: string | null;
  /** set on the first start of the round; the filed round's start */
  readonly roundStartedAt: string | null;
  readonly pausedRemainingSec: number | null;
};

export type TimerStatus = 'stopped' | 'running' | 'paused';

export function newTimer(roundNumber: number, durationSec: number): Timer {
  return { roundNumber, durationSec, startedAt: null, roundStartedAt: null, pausedRemainingSec: null };
}

export function timerStatus(timer: Timer): TimerStatus {
  if (timer.startedAt !== null) return 'running';
  if (timer.pausedRemainingSec !== null) return 'paused';
  return 'stopped';
}

const ms = (iso: string): number => Date.parse(iso);

export function remaining(timer: Timer, now: string): number {
  const status = timerStatus(timer);
  switch (status) {
    case 'running':
      return Math.max(0, timer.durationSec - (ms(now) - ms(timer.startedAt as string)) / 1000);
    case 'paused':
      return timer.pausedRemainingSec as number;
    case 'stopped':
      return timer.durationSec;
    default:
      return assertNever(status);
  }
}

export function isTimeUp(timer: Timer, now: string): boolean {
  return timerStatus(timer) === 'running' && remaining(timer, now) <= 0;
}

/** From stopped; a paused timer resumes rather than restarting its countdown. */
export function start(timer: Timer, now: string): Timer {
  const status = timerStatus(timer);
  if (status === 'paused') return resume(timer, now);
  if (status === 'running') return timer;
  return { ...timer, startedAt: now, roundStartedAt: timer.roundStartedAt ?? now, pausedRemainingSec: null };
}

export function pause(timer: Timer, now: string): Timer {
  if (timerStatus(timer) !== 'running') return timer;
  return { ...timer, startedAt: null, pausedRemainingSec: remaining(timer, now) };
}

/** Back-dates startedAt so the running formula yields the time left at the pause. */
export function resume(timer: Timer, now: string): Timer {
  if (timerStatus(timer) !== 'paused') return timer;
  const elapsedMs = (timer.durationSec - (timer.pausedRemainingSec as number)) * 1000;
  return { ...timer, startedAt: new Date(ms(now) - elapsedMs).toISOString(), pausedRemainingSec: null };
}

/**
 * When the round in play began, as well as this timer can tell: roundStartedAt; for a timer from an
 * older build, which never set it, the countdown anchor (running) or the time already played
 * (paused). Null when the round was never started.
 */
export function bestRoundStart(timer: Timer, now: string): string | null {
  if (timer.roundStartedAt !== null) return timer.roundStartedAt;
  const status = timerStatus(timer);
  if (status === 'running') return timer.startedAt;
  if (status === 'paused') return new Date(ms(now) - (timer.durationSec - (timer.pausedRemainingSec as number)) * 1000).toISOString();
  return null;
}

/**
 * The timer for the round after; the caller files the ended round from the old timer's
 * roundStartedAt. The number comes from nextRoundNumber, the only source of round numbers.
 */
export function endRound(timer: Timer, nextRoundNumber: number): Timer {
  return newTimer(nextRoundNumber, timer.durationSec);
}
