import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { useLoad } from '../../shared/use-load.ts';
import { gymCopies } from '../copies.ts';
import { type Exercise, gymApi, type History } from '../gym-api.ts';
import { InlineForm } from '../inline-form.tsx';
import { Link } from '../link.tsx';
import { Chart, type ChartLine } from '../stats/chart.tsx';
import type { LibraryEntry } from './exercise-match.ts';
import './exercises.css';
import { kgToShown } from '../model.ts';
import { exerciseNamed, useLibrary } from './use-library.ts';
import { exerciseProgress } from '../stats/progress.ts';
import { Problem } from '../outcome.tsx';


export function ExercisesScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const [query, setQuery] = useState('');
  const searched = query.trim();
  // the whole list is kept on the phone; a search asks the server (it matches codes too), the list
  // shown staying until its answer rather than blinking out at every key
  const loaded = useLoad<readonly Exercise[]>('exercises', () => gymApi.exercises(searched || undefined), {
    copies: gymCopies,
    keep: searched ? null : 'exercises',
  });
  const asked = useRef(searched);
  useEffect(() => {
    if (asked.current === searched) return;
    asked.current = searched;
    loaded.reload();
  }, [searched]);
  const exercises = loaded.state.kind === 'ok' ? loaded.state.value : null;
  const [actionProblem, setProblem] = useState<string | null>(null);
  const problem = actionProblem ?? (loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<LibraryEntry | null>(null);
  const library = useLibrary();
  const suggestions = library && name.trim().length >= 2 && chosen?.name !== name.trim() ? library.suggest(name) : [];


  return (
    <section class="stack" aria-labelledby="exercises-heading">
      <h2 id="exercises-heading">Exercises</h2>
      <div class="field">
        <label for="exercise-search">Search by name or code</label>
        <input id="exercise-search" type="search" value={query} onInput={(event) => setQuery(event.currentTarget.value)} />
      </div>
      <Problem message={problem} />
      {exercises === null ? (
        loaded.state.kind === 'loading' ? <p>Loading your exercises…</p> : null
      ) : exercises.length === 0 ? (
        <p>{query.trim() ? 'No exercise matches.' : 'No exercises yet: they come with a plan, or add one below.'}</p>
      ) : (
        <ul class="link-list">
          {exercises.map((exercise) => (
            <li key={exercise.id}>
              <Link to={`/exercises/${exercise.id}`} navigate={signedIn.navigate}>
                {exercise.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <InlineForm
        label="New exercise"
        fieldId="exercise-name"
        onSubmit={() =>
          // a suggestion chosen is the link; otherwise the entry of exactly that name, if any
          exerciseNamed(name.trim(), chosen?.name === name.trim() ? chosen.id : undefined).then(
            (made) => signedIn.navigate(`/exercises/${made.id}`),
            (error: unknown) => setProblem(messageOf(error, { subject: 'the exercise' })),
          )
        }
        below={
          <>
            <p class="hint" id="exercise-library-hint">
              {chosen?.name === name.trim() ? `Linked to the library's ${chosen.name} (${chosen.muscle}, ${chosen.equipment}).` : 'Names from the exercise library are suggested as you type.'}
            </p>
            {suggestions.length > 0 ? (
              <ul class="suggestions" aria-label="Suggestions from the exercise library" data-testid="suggestions">
                {suggestions.map(({ entry }) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      onClick={() => {
                        setName(entry.name);
                        setChosen(entry);
                      }}
                    >
                      {entry.name} <span class="hint">{entry.muscle}, {entry.equipment}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        }
      >
        <input
          id="exercise-name"
          type="text"
          required
          maxLength={100}
          value={name}
          aria-describedby="exercise-library-hint"
          onInput={(event) => {
            setName(event.currentTarget.value);
            // the message was about the name: typing another one answers it
            setProblem(null);
          }}
        />
        <button type="submit">Create</button>
      </InlineForm>
      <Link to="/import" navigate={signedIn.navigate} class="button back-link">
        Read a screenshot of another app
      </Link>
    </section>
  );
}

export function ExerciseScreen({ signedIn, id }: { readonly signedIn: SignedIn; readonly id: string }) {
  const unit = signedIn.user.settings.unit;
  const loaded = useLoad<History>(`exercise:${id}`, () => gymApi.history(id), { copies: gymCopies, keep: `exercise:${id}` });
  const history = loaded.state.kind === 'ok' ? loaded.state.value : null;
  const setHistory = loaded.set;
  const [others, setOthers] = useState<readonly Exercise[]>([]);
  const [actionProblem, setProblem] = useState<string | null>(null);
  const problem = actionProblem ?? (loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null);
  const [done, setDone] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [into, setInto] = useState('');

  // the rename field starts from the exercise's name as shown (the copy, then the server's)
  const shownName = history?.exercise.name ?? null;
  useEffect(() => {
    if (shownName !== null) setName(shownName);
  }, [shownName]);
  useEffect(() => {
    gymApi.exercises().then(
      (all) => setOthers(all.filter((each) => each.id !== id)),
      () => undefined,
    );
  }, [id]);

  const series = useMemo(() => (history ? exerciseProgress(history.workouts, unit) : null), [history, unit]);
  const chartLines = useMemo<ChartLine[]>(() => [{ label: 'e1RM', unit }, { label: 'Volume', unit }], [unit]);

  if (!history || !series) return problem ? <Problem message={problem} /> : <p>Loading the exercise…</p>;
  const exercise = history.exercise;
  const target = others.find((each) => each.id === into);
  const setCount = history.workouts.reduce((sum, workout) => sum + workout.sets.length, 0);
  const act = (action: () => Promise<void>) => {
    setProblem(null);
    setDone(null);
    action().catch((error: unknown) => setProblem(messageOf(error, { subject: 'the exercise' })));
  };

  return (
    <section class="stack" aria-labelledby="exercise-heading">
      <h2 id="exercise-heading">{exercise.name}</h2>
      <Problem message={problem} />
      <p role="status" class="done-line">
        {done ?? ''}
      </p>
      <LibraryLink exercise={exercise} onLinked={(libraryId) => setHistory({ ...history, exercise: { ...exercise, libraryId } })} onProblem={setProblem} />
      <h3>History</h3>
      <Chart title={`${exercise.name}: e1RM and volume over time`} series={series} lines={chartLines} testId="progress-chart" />
      {history.workouts.length === 0 ? (
        <p>Nothing logged yet.</p>
      ) : (
        <table class="history">
          <caption class="visually-hidden">Every workout with {exercise.name}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Sets ({unit} × reps)</th>
              <th scope="col">Best</th>
              <th scope="col">e1RM</th>
              <th scope="col">Volume</th>
            </tr>
          </thead>
          <tbody>
            {/* the e1RM and volume cells are the chart's own numbers (progress.ts), newest first */}
            {[...history.workouts]
              .sort((a, b) => a.date.localeCompare(b.date))
              .map((workout, index) => ({ workout, e1rm: series.lines[0]![index] ?? null, volume: series.lines[1]![index] ?? 0 }))
              .reverse()
              .map(({ workout, e1rm, volume }) => (
                <tr key={workout.sessionId} data-testid="history-row">
                  <th scope="row">{workout.date}</th>
                  {/* a warm-up is marked as the workout screen marks it: it is left out of the best and the volume */}
                  <td>{workout.sets.map((set) => `${set.kind === 'warmup' ? 'W ' : ''}${kgToShown(set.kg, unit)}×${set.reps}`).join(', ')}</td>
                  <td>{workout.bestSet ? `${kgToShown(workout.bestSet.kg, unit)}×${workout.bestSet.reps}` : '–'}</td>
                  <td>{e1rm === null ? '–' : e1rm}</td>
                  <td>{volume}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
      <p class="hint">e1RM: the estimated one-rep max of the best set (Epley). Volume: weight × reps of every set, in {unit}.</p>

      <InlineForm
        label="Name"
        fieldId="exercise-rename"
        onSubmit={() =>
          act(async () => {
            const renamed = await gymApi.renameExercise(id, name.trim());
            setHistory({ ...history, exercise: { ...exercise, name: renamed.name } });
            setDone(`Renamed to ${renamed.name}.`);
          })
        }
      >
        <input
          id="exercise-rename"
          type="text"
          required
          maxLength={100}
          value={name}
          onInput={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <button type="submit" disabled={name.trim() === exercise.name}>
          Rename
        </button>
      </InlineForm>

      {others.length > 0 ? (
        <InlineForm
          label="Merge into another exercise"
          fieldId="merge-into"
          onSubmit={() => {
            if (!target) return;
            // a merge cannot be undone: the person reads what moves before it happens
            const moves = `${setCount} ${setCount === 1 ? 'set' : 'sets'} of ${exercise.name}`;
            if (!confirm(`Merge ${exercise.name} into ${target.name}? ${moves} move to ${target.name}, its plan slots follow, and ${exercise.name} is removed. This cannot be undone.`)) return;
            act(async () => {
              await gymApi.mergeExercise(id, target.id);
              signedIn.navigate(`/exercises/${target.id}`);
            });
          }}
          below={
            <p class="hint" data-testid="merge-effect">
              {target
                ? `${setCount} ${setCount === 1 ? 'set moves' : 'sets move'} to ${target.name} (numbered after its own), plan slots of ${exercise.name} point at ${target.name}, and ${exercise.name} is removed.`
                : 'Its sets move to the exercise you choose, its plan slots point there, and it is removed.'}
            </p>
          }
        >
          <select id="merge-into" value={into} onChange={(event) => setInto(event.currentTarget.value)}>
            <option value="">Choose…</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
          <button type="submit" disabled={!target}>
            Merge
          </button>
        </InlineForm>
      ) : null}

      <button
        type="button"
        onClick={() =>
          act(async () => {
            await gymApi.deleteExercise(id);
            signedIn.navigate('/exercises');
          })
        }
      >
        Delete {exercise.name}
      </button>
      <p class="hint">An exercise with logged sets or in a plan cannot be deleted: merge it into another, or take it out of the plan first.</p>
      <Link to="/exercises" navigate={signedIn.navigate} class="button back-link">
        All exercises
      </Link>
    </section>
  );
}

/** The exercise's entry in the bundled library, or the entries its name suggests to link it to. */
function LibraryLink({ exercise, onLinked, onProblem }: { readonly exercise: Exercise; readonly onLinked: (libraryId: string | null) => void; readonly onProblem: (message: string) => void }) {
  const library = useLibrary();
  if (!library) return null;
  const linked = library.libraryEntry(exercise.libraryId);
  const link = (libraryId: string | null) =>
    gymApi.linkLibrary(exercise.id, libraryId).then(
      (changed) => onLinked(changed.libraryId ?? null),
      (error: unknown) => onProblem(messageOf(error)),
    );
  if (linked) {
    return (
      <div class="library-line" data-testid="library-link">
        <p>
          Library: {linked.name} ({linked.muscle}, {linked.equipment})
        </p>
        <button type="button" onClick={() => void link(null)}>
          Unlink
        </button>
      </div>
    );
  }
  // the same name as an entry: that entry alone; otherwise the three closest
  const exact = library.exactEntry(exercise.name);
  const offered = exact ? [{ entry: exact }] : library.suggest(exercise.name, undefined, 3);
  return (
    <div class="stack" data-testid="library-link">
      <p class="hint">Not linked to the exercise library.</p>
      {offered.length > 0 ? (
        <ul class="suggestions" aria-label="Link to the exercise library">
          {offered.map(({ entry }) => (
            <li key={entry.id}>
              <button type="button" onClick={() => void link(entry.id)}>
                Link to {entry.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
