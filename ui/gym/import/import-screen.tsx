// Read a screenshot of another tracker (issue 14; loaded when opened, lazy-screen.tsx): the image is read in this
// browser (the server never receives it), the lines become exercises and sets the user checks and
// corrects, and only then are they logged through the ordinary routes as a workout on the phone's
// date. Each set keeps the kind the card marked (W, D, F: issue 37), which the person can change.
import { useState } from 'preact/hooks';
import { SET_KINDS, type SetKind } from '../../../domain/gym/set-kind.ts';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { gymApi } from '../gym-api.ts';
import { kgToShown, localDate, parseNumber, typedKg } from '../model.ts';
import { parseWorkoutText } from './ocr-parse.ts';
import { exerciseNamed, useLibrary } from '../exercises/use-library.ts';
import './import.css';
import { Problem } from '../outcome.tsx';
import { Link } from '../link.tsx';

// readKg: the weight as read from the image, sent as it is unless the person changes the number shown
type DraftSet = { readonly weight: string; readonly reps: string; readonly readKg: number; readonly kind: SetKind; readonly rpe: number | null };
type DraftExercise = { readonly name: string; readonly sets: readonly DraftSet[] };
/** the words of the kind picker, short: it sits under the weight on a phone; W, D and F on the other app's card */
const KIND_WORDS: Readonly<Record<SetKind, string>> = { normal: 'Normal', warmup: 'Warm-up', drop: 'Drop', failure: 'Failure' };
type Stage = { readonly kind: 'pick' } | { readonly kind: 'reading'; readonly percent: number } | { readonly kind: 'review' } | { readonly kind: 'saving' };

export function ImportScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const unit = signedIn.user.settings.unit;
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [drafts, setDrafts] = useState<DraftExercise[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [date, setDate] = useState(localDate(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const library = useLibrary();
  const exactEntry = (name: string) => library?.exactEntry(name) ?? null;

  const read = async (file: File) => {
    setProblem(null);
    setStage({ kind: 'reading', percent: 0 });
    try {
      const { readText } = await import('./ocr.ts');
      const text = await readText(file, ({ status, progress }) => {
        if (status === 'recognizing text') setStage({ kind: 'reading', percent: Math.round(progress * 100) });
      });
      const parsed = parseWorkoutText(text, unit);
      setDrafts(parsed.exercises.map((exercise) => ({ name: exercise.name, sets: exercise.sets.map((set) => ({ weight: String(kgToShown(set.kg, unit)), reps: String(set.reps), readKg: set.kg, kind: set.kind, rpe: set.rpe })) })));
      setSkipped([...parsed.skipped]);
      setStage({ kind: 'review' });
    } catch {
      setProblem('The image could not be read. Try a sharper screenshot.');
      setStage({ kind: 'pick' });
    }
  };

  const change = (index: number, next: DraftExercise | null) => setDrafts(drafts.flatMap((each, at) => (at !== index ? [each] : next && next.sets.length > 0 ? [next] : [])));
  const setCount = drafts.reduce((sum, each) => sum + each.sets.length, 0);

  const log = async () => {
    const checked: { name: string; sets: { kg: number; reps: number; kind: SetKind; rpe: number | null }[] }[] = [];
    for (const draft of drafts) {
      const name = draft.name.trim();
      if (!name) return setProblem('Every exercise needs a name.');
      const sets = [];
      for (const [index, set] of draft.sets.entries()) {
        const weight = parseNumber(set.weight);
        const reps = Number(set.reps);
        if (weight === null) return setProblem(`${name}, set ${index + 1}: the weight is a number in ${unit}.`);
        if (!Number.isInteger(reps) || reps < 1) return setProblem(`${name}, set ${index + 1}: the reps are a whole number from 1.`);
        sets.push({ kg: typedKg(weight, set.readKg, unit), reps, kind: set.kind, rpe: set.rpe });
      }
      checked.push({ name, sets });
    }
    setProblem(null);
    setStage({ kind: 'saving' });
    try {
      const workout = await gymApi.startWorkout({ planDayId: null, date });
      for (const { name, sets } of checked) {
        const exercise = await exerciseNamed(name);
        // a workout already on that date keeps its sets: these come after them
        const after = Math.max(0, ...workout.sets.filter((set) => set.exerciseId === exercise.id).map((set) => set.setNumber));
        for (const [index, set] of sets.entries()) await gymApi.tick(workout.id, { exerciseId: exercise.id, setNumber: after + index + 1, unit, ...set });
      }
      signedIn.navigate(`/workout/${workout.id}`);
    } catch (error) {
      setProblem(messageOf(error, { unit }));
      setStage({ kind: 'review' });
    }
  };

  return (
    <section class="stack" aria-labelledby="import-heading">
      <h2 id="import-heading">Read a screenshot</h2>
      <p class="hint">Pick a screenshot of a workout from another app. It is read on this phone and never sent anywhere; you check the sets before they are logged.</p>
      <p class="hint">
        Have a CSV export from Strong or Hevy? <Link to="/import/file" navigate={signedIn.navigate}>Import the whole history</Link> instead.
      </p>
      <div class="field">
        <label for="import-image">Screenshot</label>
        <input
          id="import-image"
          class="import-file"
          type="file"
          accept="image/*"
          disabled={stage.kind === 'reading' || stage.kind === 'saving'}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void read(file);
          }}
        />
      </div>
      <p role="status" class="done-line">
        {stage.kind === 'reading' ? `Reading the image… ${stage.percent}%` : stage.kind === 'saving' ? 'Logging the sets…' : ''}
      </p>
      <Problem message={problem} />
      {stage.kind === 'review' || stage.kind === 'saving' ? (
        <>
          <h3>What was read</h3>
          {drafts.length === 0 ? (
            <p>No sets were found in the image: lines such as “Squat 3 x 5 @ 100 kg” or “Bench Press 80 kg x 8” are, and an exercise’s name on its own line with its sets below it (“1  100 kg × 5”, “W  60 kg × 10”), as Strong and Hevy share them.</p>
          ) : null}
          {drafts.map((draft, index) => (
            <fieldset key={index} class="card import-exercise" data-testid="proposed-exercise">
              <legend class="visually-hidden">Exercise {index + 1}</legend>
              <div class="field">
                <label for={`import-name-${index}`}>Exercise {index + 1}</label>
                <input id={`import-name-${index}`} type="text" required maxLength={100} value={draft.name} onInput={(event) => change(index, { ...draft, name: event.currentTarget.value })} />
              </div>
              <p class="hint">{exactEntry(draft.name) ? `Library: ${exactEntry(draft.name)!.name}` : 'Not in the exercise library: logged under this name.'}</p>
              <ol class="import-sets">
                {draft.sets.map((set, at) => {
                  const edit = (next: DraftSet | null) => change(index, { ...draft, sets: draft.sets.flatMap((each, where) => (where !== at ? [each] : next ? [next] : [])) });
                  return (
                    <li key={at} class="import-set">
                      <label for={`import-kg-${index}-${at}`}>
                        Set {at + 1} ({unit})
                      </label>
                      <input id={`import-kg-${index}-${at}`} type="text" inputMode="decimal" value={set.weight} onInput={(event) => edit({ ...set, weight: event.currentTarget.value })} />
                      <label for={`import-reps-${index}-${at}`}>reps</label>
                      <input id={`import-reps-${index}-${at}`} type="text" inputMode="numeric" value={set.reps} onInput={(event) => edit({ ...set, reps: event.currentTarget.value })} />
                      <button type="button" aria-label={`Leave out set ${at + 1} of ${draft.name}`} onClick={() => edit(null)}>
                        <span aria-hidden="true">✕</span>
                      </button>
                      <label for={`import-kind-${index}-${at}`}>
                        Kind<span class="visually-hidden"> of set {at + 1}</span>
                      </label>
                      <select
                        id={`import-kind-${index}-${at}`}
                        class="import-kind"
                        value={set.kind}
                        onChange={(event) => {
                          const chosen = event.currentTarget.value;
                          edit({ ...set, kind: SET_KINDS.find((kind) => kind === chosen) ?? 'normal' });
                        }}
                      >
                        {SET_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {KIND_WORDS[kind]}
                          </option>
                        ))}
                      </select>
                      {set.rpe === null ? null : <span class="import-rpe">RPE {set.rpe}</span>}
                    </li>
                  );
                })}
              </ol>
              <button type="button" onClick={() => change(index, null)}>
                Leave out {draft.name || 'this exercise'}
              </button>
            </fieldset>
          ))}
          {skipped.length > 0 ? (
            <details>
              <summary>
                {skipped.length} {skipped.length === 1 ? 'line was' : 'lines were'} not a set
              </summary>
              <ul data-testid="skipped">
                {skipped.map((line, at) => (
                  <li key={at}>{line}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {setCount > 0 ? (
            <>
              <div class="field">
                <label for="import-date">Workout date</label>
                <input id="import-date" type="date" required value={date} onInput={(event) => setDate(event.currentTarget.value)} />
              </div>
              <button type="button" class="primary big" disabled={stage.kind === 'saving'} onClick={() => void log()}>
                Log {setCount} {setCount === 1 ? 'set' : 'sets'}
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
