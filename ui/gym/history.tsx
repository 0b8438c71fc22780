import { useEffect, useState } from 'preact/hooks';
import type { Session } from './app.tsx';
import { messageOf } from '../shared/messages.ts';
import { gymApi, type WorkoutSummary } from './gym-api.ts';
import { Link } from './link.tsx';
import { keep, kept } from './local.ts';
import { daysBefore, dayText, kgToShown, localDate, workoutTitle } from './model.ts';
import { Problem } from './outcome.tsx';

/** How far back the list first reaches, and how much more each "earlier" adds. */
const WEEKS_SHOWN = 12;

type Listing = { readonly from: string; readonly to: string; readonly workouts: readonly WorkoutSummary[] };

/** Every workout with a set, newest first, twelve weeks at a time (`GET /api/sessions`). */
export function HistoryScreen({ session }: { readonly session: Session }) {
  const unit = session.user.settings.unit;
  const today = localDate(new Date());
  const [listing, setListing] = useState<Listing | null>(() => kept<Listing>('history'));
  const [from, setFrom] = useState(() => listing?.from ?? daysBefore(today, WEEKS_SHOWN * 7 - 1));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setProblem(null);
    gymApi.workouts({ from, to: today }).then(
      (workouts) => {
        const next = { from, to: today, workouts: [...workouts].sort((a, b) => b.date.localeCompare(a.date) || b.startedAt.localeCompare(a.startedAt)) };
        keep('history', next);
        setListing(next);
      },
      (error: unknown) => setProblem(messageOf(error)),
    );
  }, [from, today]);

  const volume = (kg: number) => `${Math.round(kgToShown(kg, unit)).toLocaleString()} ${unit}`;
  return (
    <section class="stack" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <Problem message={problem} />
      {listing === null ? (
        problem ? null : <p>Loading your workouts…</p>
      ) : (
        <>
          <p data-testid="history-range">
            {listing.workouts.length} {listing.workouts.length === 1 ? 'workout' : 'workouts'} since {dayText(listing.from)}
          </p>
          {listing.workouts.length === 0 ? <p>No workout with a set in these weeks.</p> : null}
          <ul class="plain-list" aria-label="Workouts">
            {listing.workouts.map((workout) => (
              <li key={workout.id} data-testid="history-workout">
                <Link to={`/workout/${workout.id}`} navigate={session.navigate}>
                  {dayText(workout.date)}: {workoutTitle(workout)}
                </Link>
                <span class="hint">
                  {' '}
                  {workout.setCount} {workout.setCount === 1 ? 'set' : 'sets'}, {volume(workout.volumeKg)}
                  {workout.finishedAt ? '' : ', not finished'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" onClick={() => setFrom(daysBefore(from, WEEKS_SHOWN * 7))}>
        Show {WEEKS_SHOWN} earlier weeks
      </button>
    </section>
  );
}
