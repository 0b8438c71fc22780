import { useEffect, useState } from 'preact/hooks';
import { watchSyncMoments } from '../../shared/sync-moments.ts';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { gymApi, type Home, type Plan, type Workout } from '../gym-api.ts';
import { keep, kept, writesOf } from '../local.ts';
import { SET_BOUNDS } from '../../../domain/gym/bounds.ts';
import { kgToShown, workoutTitle } from '../model.ts';
import { type ExerciseRows, type LoggedSet, lastTimeOf, type PastWorkout, type PlannedExercise, type Row, workoutRows } from './workout-rows.ts';
import { shownSets, startKey, workoutKey } from './workout-replica.ts';
import { Link } from '../link.tsx';
import { links } from '../routes.ts';
import { Problem } from '../outcome.tsx';
import { exerciseNamed } from '../exercises/use-library.ts';
import { ExerciseSets } from './exercise-sets.tsx';
import { RestTimer } from './rest-timer.tsx';
import type { SetDetails } from './set-row.tsx';

type Extra = { readonly exerciseId: string; readonly name: string };

/** an exercise's newest workouts, kept for the last time of each set: this one and the one before, with room for a later one */
const pastKey = (exerciseId: string): string => `past:${exerciseId}`;
const PAST_KEPT = 3;

/** How long a deleted set can be brought back with one tap. */
const UNDO_MS = 8_000;
/** a set deleted here, as it was, with its exercise's name and when: what Undo ticks again */
type Deleted = Omit<LoggedSet, 'id'> & { readonly name: string; readonly at: number };

export function WorkoutScreen({ signedIn, workoutId }: { readonly signedIn: SignedIn; readonly workoutId: string }) {
  const unit = signedIn.user.settings.unit;
  const { sets, setsView: view } = signedIn;
  // the replica's copy, drawn again whenever it changes (App re-renders on every copy change)
  const workout = kept<Workout>(workoutKey(workoutId));
  const [plan, setPlan] = useState<Plan | null>(() => (workout?.planId ? kept<Plan>(`plan:${workout.planId}`) : null));
  const [extras, setExtras] = useState<Extra[]>(() => kept<Extra[]>(`extras:${workoutId}`) ?? []);
  const [moreRows, setMoreRows] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [restEndsAt, setRestEndsAt] = useState<number | null>(null);
  const [newExercise, setNewExercise] = useState('');
  const [notes, setNotes] = useState(workout?.notes ?? '');
  const [title, setTitle] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<Deleted | null>(null);

  const remember = (next: Workout) => keep(workoutKey(next.id), next);

  useEffect(() => {
    let first = true;
    const load = (): Promise<void> => {
      const writesBefore = writesOf(workoutKey(workoutId));
      return gymApi.workout(workoutId).then(
        (fresh) => {
          // the outbox wrote a confirmed set into the copy while this read was on its way: the read may
          // be older than that answer, so it is made again rather than put over it
          if (writesOf(workoutKey(workoutId)) !== writesBefore) return load();
          const before = kept<Workout>(workoutKey(workoutId))?.notes ?? '';
          remember(fresh);
          // notes being typed are not replaced by a read
          setNotes((typed) => (first || typed === before ? fresh.notes : typed));
          if (fresh.planId && first) {
            gymApi.plan(fresh.planId).then(
              (found) => {
                keep(`plan:${found.id}`, found);
                setPlan(found);
              },
              () => undefined,
            );
          }
          first = false;
        },
        (error: unknown) => {
          // a workout started here with no signal is not on the server yet: its copy is the truth
          if (!kept(workoutKey(workoutId))) setProblem(messageOf(error));
        },
      );
    };
    void load();
    // what another phone did to this workout comes in when the network is back, when the screen is
    // seen again and every 8 s while it is open
    return watchSyncMoments({ retry: () => void load() });
  }, [workoutId]);

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(null), Math.max(0, deleted.at + UNDO_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [deleted]);

  // the last time of each exercise on the screen, asked once per exercise and kept for a visit with no signal
  const dayOfPlan = plan?.days.find((each) => each.id === workout?.planDayId);
  const shownExercises = [...new Set([...(dayOfPlan?.slots ?? []).map((slot) => slot.exerciseId), ...(workout?.sets ?? []).map((set) => set.exerciseId), ...extras.map((extra) => extra.exerciseId)])];
  useEffect(() => {
    for (const exerciseId of shownExercises) {
      gymApi.history(exerciseId).then(
        (history) => keep(pastKey(exerciseId), history.workouts.slice(0, PAST_KEPT).map(({ sessionId, date, sets }) => ({ sessionId, date, sets }))),
        () => undefined,
      );
    }
  }, [shownExercises.join()]);

  if (!workout) {
    return problem ? (
      <p class="problem" role="alert">
        {problem}
      </p>
    ) : (
      <p>Loading the workout…</p>
    );
  }

  const hints = new Map((kept<Home>('home')?.exercises ?? []).map((each) => [each.exerciseId, each.hint]));
  const day = plan?.days.find((each) => each.id === workout.planDayId);
  const planned: PlannedExercise[] = (day?.slots ?? []).map((slot) => ({
    exerciseId: slot.exerciseId,
    name: slot.exerciseName ?? 'Exercise',
    targetSets: slot.targetSets,
    reps: hints.get(slot.exerciseId)?.reps ?? slot.repMin,
    kg: hints.get(slot.exerciseId)?.kg ?? null,
  }));
  for (const extra of extras) {
    if (!planned.some((each) => each.exerciseId === extra.exerciseId)) planned.push({ exerciseId: extra.exerciseId, name: extra.name, targetSets: 3, reps: null, kg: null });
  }
  // the sets the server confirmed, minus those deleted here, with this phone's waiting ticks on top
  const commands = view?.commands ?? [];
  const { logged, pending } = shownSets(workout, commands, view?.offline ?? false);
  const states = new Map(pending.map((set) => [`${set.exerciseId}:${set.setNumber}`, set.state]));
  const names = new Map<string, string>(workout.sets.map((set) => [set.exerciseId, set.exerciseName ?? 'Exercise']));
  for (const extra of extras) names.set(extra.exerciseId, extra.name);
  const exercises: ExerciseRows[] = workoutRows(planned, logged, pending, names);
  const notOnServer = commands.some((command) => command.key === startKey(workoutId));
  // the set at hand is the first not ticked yet: the plate calculator opens on its weight
  const atHand = exercises.flatMap((each) => each.rows).find((row) => row.source === 'planned' && row.kg !== null);
  const platesLink = atHand?.kg == null ? links.plates : links.platesFor(String(kgToShown(atHand.kg, unit)));

  const tick = (exerciseId: string, setNumber: number, kg: number, reps: number, details: SetDetails) => {
    // the history says which unit the lifter typed; kg stays the weight
    void sets?.tick(workoutId, { exerciseId, setNumber, kg, reps, unit: signedIn.user.settings.unit, ...details });
    // a warm-up is followed by the working sets, not by a rest
    if (signedIn.user.settings.restTimerSec > 0 && details.kind !== 'warmup') setRestEndsAt(Date.now() + signedIn.user.settings.restTimerSec * 1000);
  };
  const redetail = (exerciseId: string, row: Row, details: SetDetails) => {
    if (row.kg === null || row.reps === null) return;
    void sets?.tick(workoutId, { exerciseId, setNumber: row.setNumber, kg: row.kg, reps: row.reps, unit: signedIn.user.settings.unit, ...details });
  };
  const remove = (row: Row, exerciseId: string, name: string) => {
    if (row.kg === null || row.reps === null) return;
    setProblem(null);
    void sets?.remove(workoutId, { exerciseId, setNumber: row.setNumber });
    setDeleted({ exerciseId, name, setNumber: row.setNumber, kg: row.kg, reps: row.reps, rpe: row.rpe, kind: row.kind, note: row.note, at: Date.now() });
  };
  const undo = () => {
    if (!deleted) return;
    const { exerciseId, setNumber, kg, reps, rpe, kind, note } = deleted;
    void sets?.tick(workoutId, { exerciseId, setNumber, kg, reps, rpe, kind, note, unit: signedIn.user.settings.unit });
    setDeleted(null);
  };
  const change = async (body: { finished?: boolean; title?: string; notes?: string }) => {
    setProblem(null);
    try {
      remember(await gymApi.changeWorkout(workoutId, body));
    } catch (error) {
      setProblem(messageOf(error, { unit }));
    }
  };
  const deleteWorkout = async (count: number) => {
    if (!confirm(`Delete this workout and its ${count} ${count === 1 ? 'set' : 'sets'}? This cannot be undone.`)) return;
    setProblem(null);
    try {
      await gymApi.deleteWorkout(workoutId);
      signedIn.navigate('/history');
    } catch (error) {
      setProblem(messageOf(error, { unit }));
    }
  };
  const addExercise = async (event: Event) => {
    event.preventDefault();
    setProblem(null);
    try {
      const exercise = await exerciseNamed(newExercise.trim());
      const next = [...extras.filter((each) => each.exerciseId !== exercise.id), { exerciseId: exercise.id, name: exercise.name }];
      keep(`extras:${workoutId}`, next);
      setExtras(next);
      setNewExercise('');
    } catch (error) {
      setProblem(messageOf(error, { unit }));
    }
  };

  return (
    <section class="stack" aria-labelledby="workout-heading">
      <h2 id="workout-heading">
        {workout.title || workoutTitle(workout)} · {workout.date}
      </h2>
      {workout.title && workout.planName ? <p class="hint">{workoutTitle(workout)}</p> : null}
      {workout.finishedAt ? <p class="hint">Finished. You can still correct sets, or reopen the workout.</p> : null}
      {notOnServer ? <p class="note-line">Started on this phone: the server gets it with the first signal.</p> : null}
      {deleted ? (
        <p class="notice-line" role="status" data-testid="undo-delete">
          <span>
            Deleted set {deleted.setNumber} of {deleted.name}.
          </span>
          <button type="button" onClick={undo}>
            Undo
          </button>
        </p>
      ) : null}
      <Problem message={problem} />
      <div class="actions">
        <Link to={platesLink} navigate={signedIn.navigate} class="button back-link">
          Plate calculator
        </Link>
        <Link to={`/workout/${workoutId}/history`} navigate={signedIn.navigate} class="button back-link">
          Changes
        </Link>
      </div>
      {restEndsAt ? <RestTimer endsAt={restEndsAt} onDone={() => setRestEndsAt(null)} /> : null}
      {exercises.map((exercise) => (
        <ExerciseSets
          key={exercise.exerciseId}
          exercise={exercise}
          extraRows={moreRows[exercise.exerciseId] ?? 0}
          slot={day?.slots.find((each) => each.exerciseId === exercise.exerciseId)}
          past={lastTimeOf(kept<PastWorkout[]>(pastKey(exercise.exerciseId)) ?? [], workoutId, workout.date)}
          states={states}
          unit={unit}
          onTick={(setNumber, kg, reps, details) => tick(exercise.exerciseId, setNumber, kg, reps, details)}
          onDetails={(row, details) => redetail(exercise.exerciseId, row, details)}
          onDelete={(row) => remove(row, exercise.exerciseId, exercise.name)}
          onAddRow={() => setMoreRows({ ...moreRows, [exercise.exerciseId]: (moreRows[exercise.exerciseId] ?? 0) + 1 })}
        />
      ))}
      <form class="inline-form" onSubmit={(event) => void addExercise(event)}>
        <label for="new-exercise">Add an exercise</label>
        <div class="inline-row">
          <input id="new-exercise" type="text" value={newExercise} required maxLength={100} onInput={(event) => setNewExercise(event.currentTarget.value)} />
          <button type="submit">Add</button>
        </div>
      </form>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (title !== null) void change({ title: title.trim() }).then(() => setTitle(null));
        }}
      >
        <label for="workout-title">Name</label>
        <div class="inline-row">
          <input
            id="workout-title"
            type="text"
            value={title ?? workout.title}
            maxLength={SET_BOUNDS.title}
            placeholder={workoutTitle(workout)}
            onInput={(event) => setTitle(event.currentTarget.value)}
          />
          <button type="submit" disabled={title === null || title.trim() === workout.title}>
            Save name
          </button>
        </div>
      </form>
      <div class="field">
        <label for="workout-notes">Notes</label>
        <textarea id="workout-notes" value={notes} maxLength={2000} onInput={(event) => setNotes(event.currentTarget.value)} />
        <button type="button" disabled={notes === workout.notes} onClick={() => void change({ notes })}>
          Save notes
        </button>
      </div>
      {workout.finishedAt ? (
        <button type="button" onClick={() => void change({ finished: false })}>
          Reopen workout
        </button>
      ) : (
        <button type="button" class="primary" onClick={() => void change({ finished: true })}>
          Finish workout
        </button>
      )}
      <button type="button" class="danger" onClick={() => void deleteWorkout(logged.length)}>
        Delete workout
      </button>
    </section>
  );
}
