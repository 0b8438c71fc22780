import { useEffect, useState } from 'preact/hooks';
import { isRetryable } from '../../shared/api.ts';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { gymApi, type WorkoutHistory, type WorkoutVersion } from '../gym-api.ts';
import { Link } from '../link.tsx';
import { dayText, type Unit } from '../model.ts';
import { Problem } from '../outcome.tsx';
import { changeText, setText } from './workout-history.ts';

const OFFLINE = 'The history is read from the server’s log and is not kept on this phone: open it again when you are online.';

const when = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The workout as it stood after one change: its sets by exercise, its notes, finished or not. */
function VersionView({ version, unit }: { readonly version: WorkoutVersion; readonly unit: Unit }) {
  const byExercise = new Map<string, Array<WorkoutVersion['sets'][number]>>();
  for (const set of version.sets) byExercise.set(set.exerciseId, [...(byExercise.get(set.exerciseId) ?? []), set]);
  return (
    <div class="version" data-testid="workout-version">
      <p class="version-title">As it stood after this change</p>
      {version.deleted ? <p>The workout was deleted.</p> : null}
      {!version.deleted && version.sets.length === 0 ? <p>No sets yet.</p> : null}
      {[...byExercise.values()].map((sets) => (
        <div key={sets[0]!.exerciseId}>
          <p class="version-exercise">{sets[0]!.exerciseName ?? 'An exercise no longer in your list'}</p>
          <ol class="version-sets">
            {sets.map((set) => (
              <li key={set.id}>
                Set {set.setNumber}: {setText(set, unit)}
              </li>
            ))}
          </ol>
        </div>
      ))}
      {version.notes ? <p>Notes: {version.notes}</p> : null}
      {version.deleted ? null : <p class="hint">{version.finishedAt ? `Finished ${when.format(new Date(version.finishedAt))}` : 'Not finished'}</p>}
    </div>
  );
}

/**
 * Every change to one workout, newest first, as the log records it (`GET /api/sessions/:id/history`);
 * choosing a change shows the workout as it stood right after it.
 */
export function WorkoutHistoryScreen({ signedIn, workoutId }: { readonly signedIn: SignedIn; readonly workoutId: string }) {
  const unit = signedIn.user.settings.unit;
  const [history, setHistory] = useState<WorkoutHistory | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<{ readonly revision: number; readonly version: WorkoutVersion | null } | null>(null);

  const explain = (error: unknown) => setProblem(isRetryable(error) ? OFFLINE : messageOf(error));
  useEffect(() => {
    gymApi.workoutHistory(workoutId).then(setHistory, explain);
  }, [workoutId]);

  const choose = (revision: number) => {
    if (open?.revision === revision) return setOpen(null);
    setProblem(null);
    setOpen({ revision, version: null });
    gymApi.workoutVersion(workoutId, revision).then(
      (version) => setOpen((current) => (current?.revision === revision ? { revision, version } : current)),
      (error: unknown) => {
        setOpen(null);
        explain(error);
      },
    );
  };

  const entries = (history?.entries ?? []).flatMap((entry) => {
    const text = changeText(entry.change, unit);
    return text === null ? [] : [{ ...entry, text }];
  });
  return (
    <section class="stack" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes to this workout</h2>
      <Link to={`/workout/${workoutId}`} navigate={signedIn.navigate} class="button back-link">
        Back to the workout
      </Link>
      <Problem message={problem} />
      {history === null ? (
        problem ? null : <p>Reading the history…</p>
      ) : (
        <>
          <p class="hint">
            {history.date === '' ? '' : `${dayText(history.date)} · `}{entries.length} {entries.length === 1 ? 'change' : 'changes'}, newest first
            {history.deleted ? '. The workout was deleted; its history stays.' : '.'} Choose one to see the workout as it stood then.
          </p>
          <ol class="timeline" aria-label="Changes">
            {entries.map((entry) => (
              <li key={entry.revision} data-testid="history-entry">
                <button type="button" class="timeline-entry" aria-expanded={open?.revision === entry.revision} onClick={() => choose(entry.revision)}>
                  <span class="timeline-text">{entry.text}</span>
                  <span class="hint">
                    <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                    {entry.device ? ` · ${entry.device}` : ''}
                  </span>
                </button>
                {open?.revision === entry.revision ? open.version ? <VersionView version={open.version} unit={unit} /> : <p class="hint">Reading…</p> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
