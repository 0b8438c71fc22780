// Where a lifter goes, within reach of the thumb: the places of every day as tabs along the bottom,
// the rest under More, and the workout under way one tap from any screen.
import { useState } from 'preact/hooks';
import type { Command } from '../shared/outbox-model.ts';
import type { Workout } from './gym-api.ts';
import type { Navigate } from './link.tsx';
import { keptUnder } from './local.ts';
import { localDate } from './model.ts';
import { links } from './routes.ts';
import { workoutKey, workoutToContinue } from './workout/workout-replica.ts';

const TABS = [
  [links.today, 'Today'],
  [links.history, 'History'],
  [links.exercises, 'Exercises'],
  [links.stats, 'Stats'],
] as const;
const MORE = [
  [links.plans, 'Plans'],
  [links.body, 'Body'],
  [links.cardio, 'Cardio'],
  [links.plates, 'Plates'],
  [links.import, 'Import'],
  [links.settings, 'Settings'],
] as const;

/** The place is the one shown, or holds it (an exercise is under Exercises). */
const isAt = (path: string, to: string): boolean => path === to || (to !== '/' && path.startsWith(`${to}/`)) || (to === '/' && path.startsWith('/workout'));

export function TabBar({ path, navigate, commands }: { readonly path: string; readonly navigate: Navigate; readonly commands: readonly Command[] }) {
  const [moreOpen, setMoreOpen] = useState(false);
  const go = (to: string) => (event: Event) => {
    event.preventDefault();
    setMoreOpen(false);
    navigate(to);
  };
  const underMore = MORE.some(([to]) => isAt(path, to));
  // the workout of today not finished, on this phone or another: one tap back to it from anywhere else
  const running = workoutToContinue(keptUnder<Workout>(workoutKey('')), commands, localDate(new Date()));
  const runningLink = running ? links.workout(running.id) : null;
  return (
    <div class="tab-dock">
      {runningLink && !path.startsWith(runningLink) ? (
        <a class="running-workout" href={runningLink} onClick={go(runningLink)}>
          Workout under way: back to it
        </a>
      ) : null}
      <nav class="tab-bar" aria-label="Main">
        {TABS.map(([to, label]) => (
          <a key={to} href={to} aria-current={isAt(path, to) ? 'page' : undefined} onClick={go(to)}>
            {label}
          </a>
        ))}
        <details class="more" open={moreOpen} onToggle={(event) => setMoreOpen(event.currentTarget.open)}>
          <summary aria-current={underMore ? 'page' : undefined}>More</summary>
          <ul class="more-list">
            {MORE.map(([to, label]) => (
              <li key={to}>
                <a href={to} aria-current={isAt(path, to) ? 'page' : undefined} onClick={go(to)}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </nav>
    </div>
  );
}
