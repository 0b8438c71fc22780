import { useState } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { useLoad } from '../../shared/use-load.ts';
import { gymCopies } from '../copies.ts';
import { gymApi, type WorkoutSummary } from '../gym-api.ts';
import { Link } from '../link.tsx';
import { kept } from '../local.ts';
import { daysBefore, dayText, kgToShown, localDate, workoutTitle } from '../model.ts';
import { Problem } from '../outcome.tsx';

/** How far back the list first reaches, and how much more each "earlier" adds. */
const WEEKS_SHOWN = 12;

type Listing = { readonly from: string; readonly to: string; readonly workouts: readonly WorkoutSummary[] };

/** Every workout with a set, newest first, twelve weeks at a time (`GET /api/sessions`). */
export function HistoryScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const unit = signedIn.user.settings.unit;
  const today = localDate(new Date());
  const [from, setFrom] = useState(() => kept<Listing>('history')?.from ?? daysBefore(today, WEEKS_SHOWN * 7 - 1));
  const loaded = useLoad<Listing>(
    `history:${from}:${today}`,
    async () => {
      const workouts = await gymApi.workouts({ from, to: today });
      return { from, to: today, workouts: [...workouts].sort((a, b) => b.date.localeCompare(a.date) || b.startedAt.localeCompare(a.startedAt)) };
    },
    { copies: gymCopies, keep: 'history' },
  );
  const listing = loaded.state.kind === 'ok' ? loaded.state.value : null;
  // the kept copy stands in for an answer that does not come: the header already says offline
  const problem = loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null;

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
                <Link to={`/workout/${workout.id}`} navigate={signedIn.navigate}>
                  {dayText(workout.date)}: {workout.title || workoutTitle(workout)}
                </Link>
                <span class="hint">
                  {' '}
                  {workout.setCount} {workout.setCount === 1 ? 'set' : 'sets'}, {volume(workout.volumeKg)}
                  {workout.finishedAt ? '' : ', not finished'}
                </span>
                {workout.exerciseNames.length > 0 ? (
                  <span class="history-exercises" data-testid="history-exercises">
                    {workout.exerciseNames.join(', ')}
                  </span>
                ) : null}
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
