import { useState } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { gymApi, type Home, type Workout } from '../gym-api.ts';
import { Link } from '../link.tsx';
import { useLoad } from '../../shared/use-load.ts';
import { gymCopies } from '../copies.ts';
import { keep, keptUnder } from '../local.ts';
import { kgToShown, localDate, type Unit } from '../model.ts';
import { Problem } from '../outcome.tsx';
import { workoutKey, workoutToContinue } from '../workout/workout-replica.ts';

const dayName = (day: { ordinal: number; title: string | null }) => (day.title ? `Day ${day.ordinal}: ${day.title}` : `Day ${day.ordinal}`);

function weight(kg: number | null, unit: Unit): string {
  return kg === null ? '' : `${kgToShown(kg, unit)} ${unit}`;
}

export function TodayScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const { user, navigate } = signedIn;
  const unit = user.settings.unit;
  const today = localDate(new Date());
  // the last copy at once (a slow or absent network), the server's when it answers
  const loaded = useLoad<Home>(`home:${today}`, () => gymApi.home(today), { copies: gymCopies, keep: 'home' });
  const home = loaded.state.kind === 'ok' ? loaded.state.value : null;
  const [startProblem, setProblem] = useState<string | null>(null);
  const problem = startProblem ?? (loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null);
  const [busy, setBusy] = useState(false);
  // today's open workout with sets, from this phone's copies and the server's list of the day (any device)
  const copies = keptUnder<Workout>(workoutKey(''));
  const continuing = workoutToContinue(copies, signedIn.setsView?.commands ?? [], today)?.id ?? (home?.date === today ? home.openWorkouts?.[0]?.id : null) ?? null;

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const day = home?.nextDay && home.activePlan ? { planId: home.activePlan.id, planName: home.activePlan.name, dayOrdinal: home.nextDay.ordinal, dayTitle: home.nextDay.title } : null;
      // started here at once, signal or not: the server hears of it before the first set
      const workoutId = await signedIn.sets!.start(signedIn.user.id, home?.nextDay?.id ?? null, today, day);
      // the workout screen draws the day's exercises from the plan at once, before its own reads
      if (home?.activePlan) keep(`plan:${home.activePlan.id}`, home.activePlan);
      navigate(`/workout/${workoutId}`);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="stack" aria-labelledby="today-heading">
      <h2 id="today-heading">Today</h2>
      {home ? (
        <>
          <p class="week" data-testid="week">
            Trained {home.daysTrainedThisWeek} of {home.weeklyGoal} days this week
          </p>
          {home.activePlan ? (
            <div class="card">
              <p class="card-title">{home.activePlan.name}</p>
              <p>Next: {home.nextDay ? dayName(home.nextDay) : 'no days in this plan'}</p>
            </div>
          ) : (
            <p>
              No plan yet. <Link to="/plans" navigate={navigate}>Pick a plan</Link>, or train without one.
            </p>
          )}
        </>
      ) : (
        <p>Loading today…</p>
      )}
      <Problem message={problem} />
      {continuing ? (
        <button type="button" class="primary big" onClick={() => navigate(`/workout/${continuing}`)}>
          Continue today’s workout
        </button>
      ) : (
        <button type="button" class="primary big" disabled={busy || !signedIn.sets} onClick={() => void start()}>
          {home?.nextDay ? `Start ${dayName(home.nextDay)}` : 'Start a workout'}
        </button>
      )}
      {home && home.exercises.length > 0 ? (
        <>
          <h3>Exercises of the plan</h3>
          <ul class="plain-list">
            {home.exercises.map((each) => (
              <li key={each.exerciseId} class="card">
                <p class="card-title">{each.exerciseName ?? 'Exercise'}</p>
                <p class="hint">
                  {each.last ? `Last (${each.last.date}): ${each.last.sets.map((set) => `${kgToShown(set.kg, unit)}×${set.reps}`).join(', ')} ${unit}` : 'Not done yet'}
                </p>
                <p>
                  {each.hint.action === 'start'
                    ? `Start with a weight you can lift for ${each.hint.reps ?? ''} reps`
                    : each.hint.action === 'increase'
                      ? `Go up: ${weight(each.hint.kg, unit)}`
                      : `Repeat: ${weight(each.hint.kg, unit)}`}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
