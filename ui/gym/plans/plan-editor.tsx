import { useEffect, useState } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { type Exercise, gymApi } from '../gym-api.ts';
import { keep } from '../local.ts';
import { PLAN_BOUNDS } from '../../../domain/gym/bounds.ts';
import { type DayDraft, editOf, moved, type PlanEdit, revisionOf, type SlotDraft } from './plan-draft.ts';
import { Link } from '../link.tsx';
import '../tools.css';
import { Outcome } from '../outcome.tsx';
import { exerciseNamed } from '../exercises/use-library.ts';

let fresh = 0;
const newKey = () => `new-${++fresh}`;

/** One plan's days and slots; saved as one PATCH that keeps the ids of what was already there. */
export function PlanEditorScreen({ signedIn, id }: { readonly signedIn: SignedIn; readonly id: string }) {
  const [edit, setEdit] = useState<PlanEdit | null>(null);
  const [savedName, setSavedName] = useState('');
  const [exercises, setExercises] = useState<readonly Exercise[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [newExercise, setNewExercise] = useState('');

  useEffect(() => {
    Promise.all([gymApi.plan(id), gymApi.exercises()]).then(
      ([plan, list]) => {
        setEdit(editOf(plan));
        setSavedName(plan.name);
        setExercises(list);
      },
      (error: unknown) => setProblem(messageOf(error, { unit: signedIn.user.settings.unit })),
    );
  }, [id]);

  if (!edit) {
    return (
      <section class="stack" aria-labelledby="plan-edit-heading">
        <h2 id="plan-edit-heading">Edit the plan</h2>
        {problem ? (
          <p class="problem" role="alert">
            {problem}
          </p>
        ) : (
          <p>Loading the plan…</p>
        )}
      </section>
    );
  }

  const setDays = (days: readonly DayDraft[]) => setEdit({ ...edit, days });
  const setDay = (index: number, day: DayDraft) => setDays(edit.days.map((each, at) => (at === index ? day : each)));
  const setSlot = (dayIndex: number, slotIndex: number, changes: Partial<SlotDraft>) => {
    const day = edit.days[dayIndex]!;
    setDay(dayIndex, { ...day, slots: day.slots.map((slot, at) => (at === slotIndex ? { ...slot, ...changes } : slot)) });
  };
  const firstExercise = exercises[0]?.id ?? '';

  const save = async (event: Event) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    const revision = revisionOf(edit);
    if (typeof revision === 'string') {
      setProblem(revision);
      return;
    }
    setBusy(true);
    try {
      const plan = await gymApi.revisePlan(id, revision);
      setEdit(editOf(plan));
      setSavedName(plan.name);
      keep('home', null);
      setDone(`${plan.name} is saved.`);
    } catch (error) {
      setProblem(messageOf(error, { unit: signedIn.user.settings.unit }));
    } finally {
      setBusy(false);
    }
  };

  return (
    // a refusal is about what was typed: typing again answers it, so it goes
    <section class="stack" aria-labelledby="plan-edit-heading" onInput={() => setProblem(null)}>
      <h2 id="plan-edit-heading">Edit {savedName}</h2>
      <Link to="/plans" navigate={signedIn.navigate} class="button back-link">
        Back to plans
      </Link>
      <p class="hint">
        Up to {PLAN_BOUNDS.days} days and {PLAN_BOUNDS.slotsPerDay} exercises a day; {PLAN_BOUNDS.sets[0]} to {PLAN_BOUNDS.sets[1]} sets; reps from {PLAN_BOUNDS.reps[0]} to {PLAN_BOUNDS.reps[1]}, the low end not above the high end. A target weight per exercise is not part of a plan: the workout suggests your last weight.
      </p>
      <form class="stack" onSubmit={(event) => void save(event)}>
        <div class="field">
          <label for="plan-name">Plan name</label>
          <input id="plan-name" type="text" value={edit.name} onInput={(event) => setEdit({ ...edit, name: event.currentTarget.value })} />
        </div>
        {edit.days.map((day, d) => (
          <fieldset key={day.key} class="card plan-day" data-testid="plan-day">
            <legend class="card-title">Day {d + 1}</legend>
            <div class="field">
              <label for={`day-${day.key}-title`}>Day {d + 1} title (optional)</label>
              <input id={`day-${day.key}-title`} type="text" value={day.title} onInput={(event) => setDay(d, { ...day, title: event.currentTarget.value })} />
            </div>
            {day.slots.map((slot, s) => {
              const label = `Day ${d + 1} exercise ${s + 1}`;
              return (
                <div key={slot.key} class="plan-slot" role="group" aria-label={label}>
                  <div class="field">
                    <label for={`slot-${slot.key}-exercise`}>{label}</label>
                    <select id={`slot-${slot.key}-exercise`} value={slot.exerciseId} onChange={(event) => setSlot(d, s, { exerciseId: event.currentTarget.value })}>
                      {exercises.map((exercise) => (
                        <option key={exercise.id} value={exercise.id}>
                          {exercise.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div class="slot-numbers">
                    <div class="field">
                      <label for={`slot-${slot.key}-sets`}>Sets</label>
                      <input id={`slot-${slot.key}-sets`} type="text" inputMode="numeric" aria-label={`${label} sets`} value={slot.targetSets} onInput={(event) => setSlot(d, s, { targetSets: event.currentTarget.value })} />
                    </div>
                    <div class="field">
                      <label for={`slot-${slot.key}-min`}>Reps from</label>
                      <input id={`slot-${slot.key}-min`} type="text" inputMode="numeric" aria-label={`${label} reps from`} value={slot.repMin} onInput={(event) => setSlot(d, s, { repMin: event.currentTarget.value })} />
                    </div>
                    <div class="field">
                      <label for={`slot-${slot.key}-max`}>Reps to</label>
                      <input id={`slot-${slot.key}-max`} type="text" inputMode="numeric" aria-label={`${label} reps to`} value={slot.repMax} onInput={(event) => setSlot(d, s, { repMax: event.currentTarget.value })} />
                    </div>
                  </div>
                  <div class="field">
                    <label for={`slot-${slot.key}-note`}>Note (optional)</label>
                    <input id={`slot-${slot.key}-note`} type="text" aria-label={`${label} note (optional)`} value={slot.note} onInput={(event) => setSlot(d, s, { note: event.currentTarget.value })} />
                  </div>
                  <button type="button" onClick={() => setDay(d, { ...day, slots: day.slots.filter((_, at) => at !== s) })}>
                    Remove {label}
                  </button>
                </div>
              );
            })}
            <div class="actions">
              <button
                type="button"
                disabled={!firstExercise}
                onClick={() => setDay(d, { ...day, slots: [...day.slots, { key: newKey(), exerciseId: firstExercise, targetSets: '3', repMin: '8', repMax: '12', note: '' }] })}
              >
                Add an exercise to Day {d + 1}
              </button>
              <button type="button" disabled={d === 0} onClick={() => setDays(moved(edit.days, d, -1))}>
                Move Day {d + 1} up
              </button>
              <button type="button" disabled={d === edit.days.length - 1} onClick={() => setDays(moved(edit.days, d, 1))}>
                Move Day {d + 1} down
              </button>
              <button type="button" onClick={() => setDays(edit.days.filter((_, at) => at !== d))}>
                Remove Day {d + 1}
              </button>
            </div>
          </fieldset>
        ))}
        <button type="button" onClick={() => setDays([...edit.days, { key: newKey(), title: '', slots: [] }])}>
          Add a day
        </button>
        <Outcome problem={problem} done={done} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save the plan'}
        </button>
      </form>
      <form
        class="inline-form section"
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          exerciseNamed(newExercise).then(
            async (made) => {
              setNewExercise('');
              setExercises(await gymApi.exercises());
              setDone(`${made.name} can now be chosen for a day.`);
            },
            (error: unknown) => setProblem(messageOf(error)),
          );
        }}
      >
        <label for="plan-new-exercise">An exercise not in the list yet</label>
        <div class="inline-row">
          <input id="plan-new-exercise" type="text" required maxLength={100} value={newExercise} onInput={(event) => setNewExercise(event.currentTarget.value)} />
          <button type="submit">Create</button>
        </div>
      </form>
    </section>
  );
}
