import { useEffect, useState } from 'preact/hooks';
import { signalTimeUp } from '../../shared/time-up.ts';
import { clock } from '../model.ts';

/** Counts down the rest after a tick; at zero it vibrates and beeps (as far as the browser lets a page). */
export function RestTimer({ endsAt, onDone }: { readonly endsAt: number; readonly onDone: () => void }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = (endsAt - now) / 1000;
  useEffect(() => {
    if (left > 0) return;
    signalTimeUp([300, 150, 300], 0.4);
  }, [left <= 0]);
  return (
    <div class="rest-timer" role="timer" aria-live="off" data-testid="rest-timer">
      <span>{left > 0 ? `Rest ${clock(left)}` : 'Rest over: next set'}</span>
      <button type="button" onClick={onDone}>
        {left > 0 ? 'Skip rest' : 'Close'}
      </button>
    </div>
  );
}
