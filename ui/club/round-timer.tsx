import { useEffect, useRef, useState } from 'preact/hooks';
import { isTimeUp, remaining, timerStatus } from '../../domain/club/timer.ts';
import { signalTimeUp } from '../shared/time-up.ts';
import { keepScreenOn } from '../shared/wake-lock.ts';
import { clock, endRound, type Night, pauseTimer, resumeTimer, startTimer, timerRunning } from './night.ts';

const nowIso = (): string => new Date().toISOString();

/** The round's countdown: start, pause, resume, end; at zero a sound and a vibration, and the screen kept on while it runs. */
export function RoundTimer({ night, readOnly, edit }: { night: Night; readOnly: boolean; edit: (change: (night: Night) => Night) => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  const nowText = new Date(now).toISOString();
  const timer = night.timer;
  const status = timer ? timerStatus(timer) : 'stopped';
  const left = timer ? remaining(timer, nowText) : night.roundLengthSec;
  const timeUp = timer !== null && isTimeUp(timer, nowText);
  const roundNumber = timer?.roundNumber ?? (night.rounds.reduce((max, round) => Math.max(max, round.number), 0) + 1);

  // at zero: a sound and a vibration, once per round, on this phone only
  const alerted = useRef<number | null>(null);
  useEffect(() => {
    if (!timeUp || alerted.current === roundNumber) return;
    alerted.current = roundNumber;
    signalTimeUp([400, 200, 400], 0.6);
  }, [timeUp, roundNumber]);

  // the screen stays on while a round runs, asked again each time the page is shown; paused or ended, it may sleep
  const running = timerRunning(night);
  useEffect(() => (running ? keepScreenOn() : undefined), [running]);

  return (
    <section aria-labelledby="timer-heading" class={`timer${timeUp ? ' time-up' : ''}`}>
      <h2 id="timer-heading">Round {roundNumber}</h2>
      {timeUp ? (
        <div class="time-up-bar" role="alert">
          Time is up
        </div>
      ) : null}
      <p class="countdown" role="timer" aria-label="Time left">
        {clock(left)}
      </p>
      <p class="hint">{status === 'running' ? 'Running' : status === 'paused' ? 'Paused' : 'Not started'}</p>
      <div class="actions">
        {status === 'stopped' ? (
          <button type="button" class="primary" disabled={readOnly} onClick={() => edit((current) => startTimer(current, nowIso()))}>
            Start
          </button>
        ) : null}
        {status === 'running' ? (
          <button type="button" disabled={readOnly} onClick={() => edit((current) => pauseTimer(current, nowIso()))}>
            Pause
          </button>
        ) : null}
        {status === 'paused' ? (
          <button type="button" class="primary" disabled={readOnly} onClick={() => edit((current) => resumeTimer(current, nowIso()))}>
            Resume
          </button>
        ) : null}
        <button type="button" disabled={readOnly || night.lineUp.length === 0} onClick={() => edit((current) => endRound(current, nowIso()))}>
          End round
        </button>
      </div>
    </section>
  );
}
