// Bring a history from Strong or Hevy (issue 19; loaded when opened, lazy-screen.tsx): the picked CSV
// is sent as a dry run, the preview says what would be written (the unit a Strong file is read in
// can be switched), and only Confirm writes. The server reads and checks the file; this screen
// only shows what it answers.
import { useState } from 'preact/hooks';
import { useOnline } from '../../shared/use-online.ts';
import { IMPORT_BOUNDS } from '../../../domain/gym/bounds.ts';
import { ApiRefusal } from '../../shared/api.ts';
import { messageOf } from '../../shared/messages.ts';
import type { SignedIn } from '../signed-in.ts';
import { gymApi, type WorkoutImport } from '../gym-api.ts';
import { Link } from '../link.tsx';
import { dayText, type Unit } from '../model.ts';
import { Problem } from '../outcome.tsx';
import './import.css';

const PREVIEW_DEADLINE_MS = 30_000;
const IMPORT_DEADLINE_MS = 120_000;
const OFFLINE = 'No connection: importing needs the network. Try again when you are online.';
const FORMATS: Readonly<Record<WorkoutImport['format'], string>> = { strong: 'Strong', 'strong-legacy': 'Strong (older export)', hevy: 'Hevy' };

type Picked = { readonly name: string; readonly csv: string };
/** `reading` keeps the preview it replaces (a switch of the unit), so the screen and its focus stay put */
type Stage =
  | { readonly kind: 'pick' }
  | { readonly kind: 'reading'; readonly answer: WorkoutImport | null }
  | { readonly kind: 'preview'; readonly answer: WorkoutImport } | { readonly kind: 'importing'; readonly answer: WorkoutImport } | { readonly kind: 'done'; readonly answer: WorkoutImport };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** to a hundredth: a session keeps the file's seconds, which as minutes rarely end */
const hundredths = (value: number) => Number(value.toFixed(2));

type CardioEntry = WorkoutImport['cardio'][number];
/** how many machines the sessions are on, by name in any case as the server matches them */
const machineCount = (cardio: readonly CardioEntry[]) => new Set(cardio.map((entry) => entry.machine.toLocaleLowerCase('en'))).size;
/** the workouts and the cardio sessions an import writes, in words; either alone when the other is none */
function toWriteText(workouts: number, lifts: string, sessions: number, cardio: string, and = ' and '): string {
  if (sessions === 0) return lifts;
  return workouts === 0 ? cardio : `${lifts}${and}${cardio}`;
}

/** The refusal in words for this screen: the API's own, said plainly where it is technical. */
function problemOf(error: unknown): string {
  if (error instanceof ApiRefusal && error.status === 413) return `The file is too large: an import takes up to ${megabytes(IMPORT_BOUNDS.bytes)}.`;
  return messageOf(error, { offline: OFFLINE, late: 'The server took too long to answer. Try again: what was imported stays, and the rest follows.' });
}

export function ImportFileScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const online = useOnline();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [problem, setProblem] = useState<string | null>(null);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const preview = async (file: Picked, unit?: Unit, previous: WorkoutImport | null = null) => {
    setProblem(null);
    setStage({ kind: 'reading', answer: previous });
    try {
      const answer = await gymApi.importWorkouts({ csv: file.csv, timeZone, dryRun: true, ...(unit ? { unit } : {}) }, PREVIEW_DEADLINE_MS);
      setStage({ kind: 'preview', answer });
    } catch (error) {
      setProblem(problemOf(error));
      setStage(previous ? { kind: 'preview', answer: previous } : { kind: 'pick' });
    }
  };

  const pick = async (file: File) => {
    setProblem(null);
    setPicked(null);
    setStage({ kind: 'pick' });
    // JSON escapes some characters, so the body is somewhat larger than the file
    if (file.size > IMPORT_BOUNDS.bytes * 0.95) {
      setProblem(`${file.name} is ${megabytes(file.size)}; an import takes files up to ${megabytes(IMPORT_BOUNDS.bytes)}.`);
      return;
    }
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setProblem(`${file.name} could not be read on this phone.`);
      return;
    }
    const next = { name: file.name, csv };
    setPicked(next);
    await preview(next);
  };

  const confirm = async (dry: WorkoutImport) => {
    if (!picked) return;
    setProblem(null);
    setStage({ kind: 'importing', answer: dry });
    try {
      const answer = await gymApi.importWorkouts({ csv: picked.csv, timeZone, ...(dry.format === 'strong' && dry.unit ? { unit: dry.unit } : {}) }, IMPORT_DEADLINE_MS);
      setStage({ kind: 'done', answer });
    } catch (error) {
      setProblem(problemOf(error));
      setStage({ kind: 'preview', answer: dry });
    }
  };

  const answer = stage.kind === 'pick' ? null : stage.answer;
  const toWrite = answer ? answer.workouts.filter((workout) => workout.status !== 'unchanged') : [];
  const setsToWrite = answer?.setsImported ?? 0;
  const cardioToWrite = answer ? answer.cardio.filter((entry) => entry.status !== 'unchanged') : [];
  const done = stage.kind === 'done';
  const statusText = (status: WorkoutImport['workouts'][number]['status']) =>
    // a workout already here that the file differs from keeps what was added here and takes the file's numbers: merged
    status === 'unchanged' ? 'already in your log' : status === 'new' ? (done ? 'imported' : 'new') : done ? 'merged with the one in your log' : 'to merge with the one in your log';

  return (
    <section class="stack" aria-labelledby="import-file-heading">
      <h2 id="import-file-heading">Import a CSV export</h2>
      <p class="hint">
        Bring your history from Strong or Hevy: export your workouts as a CSV file in that app, then pick the file here. You see what would be imported before anything is
        written, and importing the same file again adds nothing twice.
      </p>
      {online || problem === OFFLINE ? null : <p class="note-line">{OFFLINE}</p>}
      <div class="field">
        <label for="import-csv">CSV file</label>
        <input
          id="import-csv"
          class="import-file"
          type="file"
          accept=".csv,text/csv"
          disabled={stage.kind === 'reading' || stage.kind === 'importing'}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // emptied, so picking the same file again (after an import, or a fix) is a new pick
            event.currentTarget.value = '';
            if (file) void pick(file);
          }}
        />
      </div>
      <p role="status" class="done-line">
        {stage.kind === 'reading'
          ? `Reading ${picked?.name ?? 'the file'}…`
          : stage.kind === 'importing'
            ? `Importing ${toWriteText(toWrite.length, plural(toWrite.length, 'workout'), cardioToWrite.length, plural(cardioToWrite.length, 'cardio session'))}… a long history takes a minute.`
            : done
              ? `Imported ${toWriteText(
                  toWrite.length,
                  `${plural(toWrite.length, 'workout')} and ${plural(setsToWrite, 'set')}`,
                  cardioToWrite.length,
                  `${plural(cardioToWrite.length, 'cardio session')} on ${plural(machineCount(cardioToWrite), 'machine')}`,
                  ', and ',
                )}.`
              : ''}
      </p>
      <Problem message={problem} />
      {answer ? (
        <div class="stack" data-testid="import-preview">
          <h3>{done ? 'What was imported' : 'Preview'}</h3>
          <p>
            {FORMATS[answer.format]} export: {plural(answer.workouts.length, 'workout')}
            {answer.cardio.length > 0 ? `, ${plural(answer.cardio.length, 'cardio session')}` : ''}
            {picked ? <span class="hint"> ({picked.name})</span> : null}
          </p>
          {answer.format === 'strong' && !done ? (
            <fieldset class="choice-group">
              <legend>Weights in this file are in</legend>
              <p class="hint">
                Strong does not write the unit into its export: {answer.unitSource === 'setting' ? 'your unit setting is assumed' : 'as you chose'}. Pick the unit you used in Strong.
              </p>
              <div class="choice-row">
                {(['kg', 'lb'] as const).map((unit) => (
                  <label key={unit} class={`choice-pill${answer.unit === unit ? ' chosen' : ''}`}>
                    <input
                      type="radio"
                      name="import-unit"
                      value={unit}
                      checked={answer.unit === unit}
                      onChange={() => {
                        // not disabled while busy: a disabled radio would drop the keyboard's focus
                        if (picked && stage.kind === 'preview') void preview(picked, unit, answer);
                      }}
                    />
                    {unit === 'kg' ? 'kilograms (kg)' : 'pounds (lb)'}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p data-testid="import-unit">
              Weights in {answer.unit === null ? 'kg and lb, as each row says' : answer.unit === 'kg' ? 'kilograms (kg)' : 'pounds (lb)'}
              {answer.format === 'strong' ? '' : ', as the file says'}.
            </p>
          )}
          {answer.workouts.length === 0 ? <p>The file holds no sets of lifts to import.</p> : null}
          <ul class="plain-list import-workouts" aria-label="Workouts in the file">
            {answer.workouts.map((workout) => (
              <li key={workout.id} class="import-workout" data-testid="import-workout">
                {done ? (
                  <Link to={`/workout/${workout.id}`} navigate={signedIn.navigate}>
                    {dayText(workout.date)}: {workout.name || 'Workout'}
                  </Link>
                ) : (
                  <span class="card-title">
                    {dayText(workout.date)}: {workout.name || 'Workout'}
                  </span>
                )}
                <span class="hint">
                  {plural(workout.sets, 'set')}, {statusText(workout.status)}
                </span>
              </li>
            ))}
          </ul>
          {answer.cardio.length > 0 ? (
            <div class="stack">
              <h4>Cardio and timed holds</h4>
              <p data-testid="import-cardio-summary">
                {plural(answer.cardio.length, 'session')} on {plural(machineCount(answer.cardio), 'machine')} named after the exercise, logged under Cardio
                {answer.machinesCreated.length > 0 ? `; ${done ? 'machines added' : 'machines to add'}: ${answer.machinesCreated.join(', ')}` : ''}.
              </p>
              <ul class="plain-list import-workouts" aria-label="Cardio sessions in the file">
                {answer.cardio.map((entry) => (
                  <li key={entry.id} class="import-workout" data-testid="import-cardio">
                    <span class="card-title">
                      {dayText(entry.date)}: {entry.machine}
                    </span>
                    <span class="hint">
                      {hundredths(entry.minutes)} min{entry.distanceKm === null ? '' : `, ${hundredths(entry.distanceKm)} km`}, {statusText(entry.status)}
                      {entry.note ? ` (${entry.note})` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {answer.exercisesCreated.length > 0 ? (
            <div>
              <h4>{done ? 'Exercises created' : 'Exercises to create'}</h4>
              <p data-testid="exercises-created">{answer.exercisesCreated.join(', ')}</p>
            </div>
          ) : null}
          {answer.exercisesMatched.length > 0 ? (
            <div>
              <h4>Matched to your exercises</h4>
              <p class="hint">Same name, any case.</p>
              <p data-testid="exercises-matched">{answer.exercisesMatched.join(', ')}</p>
            </div>
          ) : null}
          {answer.skipped.length > 0 ? (
            <details class="import-skipped">
              <summary>{plural(answer.skipped.length, 'row')} left out</summary>
              <p class="hint">The rows of the file left out or not kept whole, and why.</p>
              <ul data-testid="import-skipped">
                {answer.skipped.map((row) => (
                  <li key={`${row.line}:${row.reason}`}>
                    Line {row.line}: {row.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {done ? (
            <Link to="/history" navigate={signedIn.navigate} class="button back-link">
              Open History
            </Link>
          ) : toWrite.length === 0 && cardioToWrite.length === 0 ? (
            answer.workouts.length > 0 || answer.cardio.length > 0 ? <p>Everything in this file is in your log already: there is nothing to import.</p> : null
          ) : (
            <button type="button" class="primary big" disabled={stage.kind !== 'preview' || !online} onClick={() => void confirm(answer)}>
              Import {toWriteText(toWrite.length, `${plural(toWrite.length, 'workout')} (${plural(setsToWrite, 'set')})`, cardioToWrite.length, plural(cardioToWrite.length, 'cardio session'))}
            </button>
          )}
        </div>
      ) : null}
      <Link to="/import" navigate={signedIn.navigate} class="button back-link">
        Read a screenshot instead
      </Link>
    </section>
  );
}
