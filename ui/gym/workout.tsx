import { useEffect, useState } from 'preact/hooks';
import { watchSyncMoments } from '../shared/sync-moments.ts';
import { signalTimeUp } from '../shared/time-up.ts';
import type { Session } from './app.tsx';
import { messageOf, refusalWords } from '../shared/messages.ts';
import { gymApi, type Home, type Plan, type Workout } from './gym-api.ts';
import { keep, kept } from './local.ts';
import { SET_BOUNDS } from '../../domain/gym/bounds.ts';
import { SET_KINDS } from '../../domain/gym/set-kind.ts';
import {
  clock,
  type ExerciseRows,
  kgToShown,
  lastSetText,
  lastTimeOf,
  type LoggedSet,
  parseNumber,
  type PastWorkout,
  type PlannedExercise,
  type Row,
  type RowState,
  type SetKind,
  slotTarget,
  typedKg,
  type Unit,
  workoutRows,
  workoutTitle,
} from './model.ts';
import { SET_KIND_WORDS } from './workout-history.ts';
import { shownSets, startKey, workoutKey } from './workout-replica.ts';
import { Link } from './link.tsx';
import { links } from './routes.ts';
import { Problem } from './outcome.tsx';
import { exerciseNamed } from './use-library.ts';

type Extra = { readonly exerciseId: string; readonly name: string };

const STATE_TEXT: Readonly<Record<RowState['kind'], string>> = { saving: 'Saving…', saved: 'Saved', queued: 'Queued: will send', failed: 'Not saved' };

function rowState(row: Row, state: RowState | undefined): RowState | null {
  if (state) return state;
  if (row.source === 'logged') return { kind: 'saved' };
  return null;
}

/** an exercise's newest workouts, kept for the last time of each set: this one and the one before, with room for a later one */
const pastKey = (exerciseId: string): string => `past:${exerciseId}`;
const PAST_KEPT = 3;

/** How long a deleted set can be brought back with one tap. */
const UNDO_MS = 8_000;
/** a set deleted here, as it was, with its exercise's name and when: what Undo ticks again */
type Deleted = Omit<LoggedSet, 'id'> & { readonly name: string; readonly at: number };
type SetDetails = { readonly kind: SetKind; readonly note: string; readonly rpe: number | null };
/** RPE as lifters log it: 6 (easy) to 10 (nothing left) in half steps */
const RPE_CHOICES = [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10] as const;

/** The set number's stand-in for a set that is not an ordinary one, as Strong and Hevy mark them. */
const KIND_MARK: Readonly<Record<SetKind, string | null>> = { normal: null, warmup: 'W', drop: 'D', failure: 'F' };
const KIND_CHOICE: Readonly<Record<SetKind, string>> = { normal: 'Normal', warmup: 'Warm-up', drop: 'Drop set', failure: 'To failure' };

/** Counts down the rest after a tick; at zero it vibrates and beeps (as far as the browser lets a page). */
function RestTimer({ endsAt, onDone }: { readonly endsAt: number; readonly onDone: () => void }) {
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

function SetRow({
  exercise,
  row,
  unit,
  state,
  last,
  onTick,
  onDetails,
  onDelete,
}: {
  readonly exercise: string;
  readonly row: Row;
  readonly unit: Unit;
  readonly state: RowState | null;
  /** what this set was the last time of the exercise ("last: 100 × 5"), null when there is none */
  readonly last: string | null;
  readonly onTick: (kg: number, reps: number, details: SetDetails) => void;
  /** a set already ticked takes another kind or note at once; null for a row not ticked yet */
  readonly onDetails: ((details: SetDetails) => void) | null;
  readonly onDelete: (() => void) | null;
}) {
  // What the user typed wins over what is known of the set until the set's values change (a
  // correction, a deletion, a tick of other numbers); an unticked row otherwise shows the
  // suggestion, which follows the set above. A queued set confirmed with the same numbers keeps
  // what is being typed: the answer arriving mid-typing must not undo it. Derived in the render
  // itself, so the row never shows "Saved" beside an old value.
  const basis = row.source === 'planned' ? `planned|${unit}` : `set|${row.kg}|${row.reps}|${unit}`;
  const [edit, setEdit] = useState<{ basis: string; weight: string | null; reps: string | null }>({ basis, weight: null, reps: null });
  const typed = edit.basis === basis ? edit : { basis, weight: null, reps: null };
  const weight = typed.weight ?? (row.kg === null ? '' : String(kgToShown(row.kg, unit)));
  const reps = typed.reps ?? (row.reps === null ? '' : String(row.reps));
  const [problem, setProblem] = useState<string | null>(null);
  // the kind and note chosen here, until the set's own change (as the numbers above)
  const detailsBasis = `${row.source}|${row.kind}|${row.note}|${row.rpe}`;
  const [chosen, setChosen] = useState<{ basis: string; details: SetDetails } | null>(null);
  const details = chosen?.basis === detailsBasis ? chosen.details : { kind: row.kind, note: row.note, rpe: row.rpe };
  const [open, setOpen] = useState(false);
  const [noteTyped, setNoteTyped] = useState<string | null>(null);
  const name = `${exercise} set ${row.setNumber}`;
  const tick = () => {
    const shown = parseNumber(weight);
    const count = parseNumber(reps);
    if (shown === null || count === null || !Number.isInteger(count)) {
      setProblem('Type the weight and a whole number of reps.');
      return;
    }
    setProblem(null);
    setOpen(false);
    onTick(typedKg(shown, row.kg, unit), count, details);
  };
  const choose = (next: SetDetails) => {
    setChosen({ basis: detailsBasis, details: next });
    if (onDetails && (next.kind !== row.kind || next.note !== row.note || next.rpe !== row.rpe)) onDetails(next);
  };
  const mark = KIND_MARK[details.kind];
  const note = noteTyped ?? details.note;
  const done = state?.kind === 'saved' || state?.kind === 'queued' || state?.kind === 'saving';
  return (
    <li class={`set-row${done ? ' set-done' : ''}`} data-testid="set-row">
      {onDelete ? (
        <button type="button" class="delete" aria-label={`Delete ${name}`} onClick={onDelete}>
          <span aria-hidden="true">✕</span>
        </button>
      ) : (
        <span />
      )}
      <button
        type="button"
        class={`set-number${mark ? ` kind-${details.kind}` : ''}`}
        aria-expanded={open}
        aria-label={`${name}${details.kind === 'normal' ? '' : `, ${SET_KIND_WORDS[details.kind]}`}: kind, RPE and note`}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{mark ?? row.setNumber}</span>
      </button>
      <input
        type="text"
        inputMode="decimal"
        aria-label={`${name} weight (${unit})`}
        value={weight}
        onInput={(event) => setEdit({ ...typed, weight: event.currentTarget.value })}
      />
      <input
        type="text"
        inputMode="numeric"
        aria-label={`${name} reps`}
        value={reps}
        onInput={(event) => setEdit({ ...typed, reps: event.currentTarget.value })}
      />
      <button type="button" class={done ? 'tick ticked' : 'tick'} aria-label={`Tick ${name}`} onClick={tick}>
        <span aria-hidden="true">✓</span>
      </button>
      <div class="set-meta">
        <span class={`set-state${state ? ` state-${state.kind}` : ''}`} data-testid="set-state" aria-label={`${name}:`}>
          {problem ?? (state ? (state.kind === 'failed' ? `Not saved: ${refusalWords(state, unit)}` : STATE_TEXT[state.kind]) : '')}
        </span>
        {details.rpe === null ? null : <span data-testid="set-rpe">RPE {details.rpe}</span>}
        {last ? <span data-testid="set-last">{last}</span> : null}
      </div>
      {details.note && !open ? (
        <span class="set-note" data-testid="set-note">
          “{details.note}”
        </span>
      ) : null}
      {open ? (
        <div class="set-details" data-testid="set-details">
          <fieldset class="kind-choice">
            <legend>Kind of {name}</legend>
            {SET_KINDS.map((kind) => (
              <label key={kind}>
                <input type="radio" name={`kind-${name}`} checked={details.kind === kind} onChange={() => choose({ ...details, kind })} />
                {KIND_CHOICE[kind]}
              </label>
            ))}
          </fieldset>
          <p class="hint">A warm-up counts in no record, estimate or volume.</p>
          <div class="field">
            <label for={`rpe-${name}`}>RPE of {name}</label>
            <select
              id={`rpe-${name}`}
              value={details.rpe === null ? '' : String(details.rpe)}
              onChange={(event) => choose({ ...details, rpe: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
            >
              <option value="">None</option>
              {RPE_CHOICES.map((rpe) => (
                <option key={rpe} value={String(rpe)}>
                  {rpe}
                  {rpe === 10 ? ': nothing left' : rpe === 8 ? ': two reps left' : rpe === 6 ? ': easy' : ''}
                </option>
              ))}
            </select>
          </div>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              choose({ ...details, note: note.trim() });
              setNoteTyped(null);
            }}
          >
            <label for={`note-${name}`}>Note on {name}</label>
            <div class="inline-row">
              <input id={`note-${name}`} type="text" value={note} maxLength={SET_BOUNDS.setNote} onInput={(event) => setNoteTyped(event.currentTarget.value)} />
              <button type="submit" disabled={note.trim() === details.note}>
                {onDetails ? 'Save set note' : 'Keep for the tick'}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </li>
  );
}

export function WorkoutScreen({ session, workoutId }: { readonly session: Session; readonly workoutId: string }) {
  const unit = session.user.settings.unit;
  const { sets, setsView: view } = session;
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
    const load = () =>
      gymApi.workout(workoutId).then(
        (fresh) => {
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
    void sets?.tick(workoutId, { exerciseId, setNumber, kg, reps, unit: session.user.settings.unit, ...details });
    // a warm-up is followed by the working sets, not by a rest
    if (session.user.settings.restTimerSec > 0 && details.kind !== 'warmup') setRestEndsAt(Date.now() + session.user.settings.restTimerSec * 1000);
  };
  const redetail = (exerciseId: string, row: Row, details: SetDetails) => {
    if (row.kg === null || row.reps === null) return;
    void sets?.tick(workoutId, { exerciseId, setNumber: row.setNumber, kg: row.kg, reps: row.reps, unit: session.user.settings.unit, ...details });
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
    void sets?.tick(workoutId, { exerciseId, setNumber, kg, reps, rpe, kind, note, unit: session.user.settings.unit });
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
      session.navigate('/history');
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
        <Link to={platesLink} navigate={session.navigate} class="button back-link">
          Plate calculator
        </Link>
        <Link to={`/workout/${workoutId}/history`} navigate={session.navigate} class="button back-link">
          Changes
        </Link>
      </div>
      {restEndsAt ? <RestTimer endsAt={restEndsAt} onDone={() => setRestEndsAt(null)} /> : null}
      {exercises.map((exercise) => {
        const extraRows = moreRows[exercise.exerciseId] ?? 0;
        const rows = [...exercise.rows];
        for (let index = 0; index < extraRows; index++) {
          const last = rows.at(-1);
          rows.push({ setNumber: (last?.setNumber ?? 0) + 1, kg: last?.kg ?? null, reps: last?.reps ?? null, rpe: null, kind: 'normal', note: '', setId: null, source: 'planned' });
        }
        const past = lastTimeOf(kept<PastWorkout[]>(pastKey(exercise.exerciseId)) ?? [], workoutId, workout.date);
        const lastOf = (setNumber: number): string | null => {
          const set = past?.sets.find((each) => each.setNumber === setNumber);
          return set ? lastSetText(set, unit) : null;
        };
        const slot = day?.slots.find((each) => each.exerciseId === exercise.exerciseId);
        return (
          <section key={exercise.exerciseId} class="exercise" aria-label={exercise.name}>
            <h3>{exercise.name}</h3>
            {slot ? (
              <p class="hint" data-testid="slot-target">
                {slotTarget(slot)}
                {slot.note ? ` · ${slot.note}` : ''}
              </p>
            ) : null}
            <div class="set-head" aria-hidden="true">
              <span />
              <span>Set</span>
              <span>{unit}</span>
              <span>Reps</span>
            </div>
            <ol class="sets">
              {rows.map((row) => (
                <SetRow
                  key={`${exercise.exerciseId}-${row.setNumber}`}
                  exercise={exercise.name}
                  row={row}
                  unit={unit}
                  state={rowState(row, states.get(`${exercise.exerciseId}:${row.setNumber}`))}
                  last={lastOf(row.setNumber)}
                  onTick={(kg, reps, details) => tick(exercise.exerciseId, row.setNumber, kg, reps, details)}
                  onDetails={row.source === 'planned' ? null : (details) => redetail(exercise.exerciseId, row, details)}
                  onDelete={row.source === 'planned' ? null : () => remove(row, exercise.exerciseId, exercise.name)}
                />
              ))}
            </ol>
            <button type="button" onClick={() => setMoreRows({ ...moreRows, [exercise.exerciseId]: extraRows + 1 })}>
              Add a set of {exercise.name}
            </button>
          </section>
        );
      })}
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
