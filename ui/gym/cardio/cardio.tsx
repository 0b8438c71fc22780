import { useEffect, useState } from 'preact/hooks';
import { CARDIO_BOUNDS } from '../../../domain/gym/bounds.ts';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { useLoad } from '../../shared/use-load.ts';
import { gymCopies } from '../copies.ts';
import { type CardioFields, type CardioLog, gymApi, type Machine } from '../gym-api.ts';
import { localDate, parseNumber } from '../model.ts';
import { InlineForm } from '../inline-form.tsx';
import { Outcome } from '../outcome.tsx';

type Draft = { date: string; machineId: string; minutes: string; distanceKm: string; calories: string; level: string };
const emptyDraft = (machineId: string): Draft => ({ date: localDate(new Date()), machineId, minutes: '', distanceKm: '', calories: '', level: '' });
const text = (value: number | null): string => (value === null ? '' : String(value));

/** The fields as the API takes them; a blank optional field is none. A word is refused here, bounds by the API. */
function fieldsOf(draft: Draft): CardioFields | string {
  const minutes = parseNumber(draft.minutes);
  if (minutes === null) return 'Minutes: a number.';
  const optional = (value: string, name: string): number | null | string => (value.trim() === '' ? null : (parseNumber(value) ?? `${name}: a number, or blank.`));
  const distanceKm = optional(draft.distanceKm, 'Distance');
  const calories = optional(draft.calories, 'Calories');
  const level = optional(draft.level, 'Level');
  for (const value of [distanceKm, calories, level]) if (typeof value === 'string') return value;
  return { machineId: draft.machineId, date: draft.date, minutes, distanceKm: distanceKm as number | null, calories: calories as number | null, level: level as number | null };
}

/** to a hundredth: an imported session keeps the file's seconds and miles, which as minutes and km rarely end */
const hundredths = (value: number): number => Number(value.toFixed(2));

function describe(log: CardioLog): string {
  const parts = [`${hundredths(log.minutes)} min`];
  if (log.distanceKm !== null) parts.push(`${hundredths(log.distanceKm)} km`);
  if (log.calories !== null) parts.push(`${log.calories} kcal`);
  if (log.level !== null) parts.push(`level ${log.level}`);
  return `${log.date} · ${log.machineName ?? 'Machine'}: ${parts.join(', ')}`;
}

type Cardio = { readonly machines: readonly Machine[]; readonly logs: readonly CardioLog[] };

async function fetchCardio(): Promise<Cardio> {
  const [machines, logs] = await Promise.all([gymApi.machines(), gymApi.cardioLogs()]);
  return { machines, logs };
}

export function CardioScreen(_props: { readonly signedIn: SignedIn }) {
  const loaded = useLoad<Cardio>('cardio', fetchCardio, { copies: gymCopies, keep: 'cardio' });
  const machines = loaded.state.kind === 'ok' ? loaded.state.value.machines : null;
  const logs = loaded.state.kind === 'ok' ? loaded.state.value.logs : null;
  const [actionProblem, setProblem] = useState<string | null>(null);
  const problem = actionProblem ?? (loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null);
  const [done, setDone] = useState<string | null>(null);
  const [newMachine, setNewMachine] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState<Draft>(emptyDraft(''));
  const [editing, setEditing] = useState<string | null>(null);

  // after a change both lists are asked again; a failure to list is the load's own to tell
  const load = () => fetchCardio().then(loaded.set, () => loaded.reload());
  const firstMachine = machines?.[0]?.id ?? null;
  useEffect(() => {
    if (firstMachine) setDraft((now) => (now.machineId ? now : { ...now, machineId: firstMachine }));
  }, [firstMachine]);
  const act = (action: () => Promise<string>) => {
    setProblem(null);
    setDone(null);
    action()
      .then(async (message) => {
        setDone(message);
        await load();
      })
      .catch((error: unknown) => setProblem(messageOf(error)));
  };

  const submitLog = (event: Event) => {
    event.preventDefault();
    const fields = fieldsOf(draft);
    if (typeof fields === 'string') {
      setProblem(fields);
      setDone(null);
      return;
    }
    const id = editing;
    act(async () => {
      if (id) await gymApi.changeCardioLog(id, fields);
      else await gymApi.logCardio(fields);
      setEditing(null);
      setDraft(emptyDraft(fields.machineId));
      return id ? 'Session changed.' : 'Session logged.';
    });
  };

  return (
    // a refusal is about what was typed: typing again answers it, so it goes
    <section class="stack" aria-labelledby="cardio-heading" onInput={() => setProblem(null)}>
      <h2 id="cardio-heading">Cardio</h2>
      <Outcome problem={problem} done={done} />

      <h3>Machines</h3>
      {machines === null ? (
        <p>Loading your machines…</p>
      ) : machines.length === 0 ? (
        <p>No machine yet: add the treadmill, bike or rower you use.</p>
      ) : (
        <ul class="plain-list">
          {machines.map((machine) => (
            <li key={machine.id} class="card" data-testid="machine">
              <p class="card-title">{machine.name}</p>
              <InlineForm
                label={`New name for ${machine.name}`}
                fieldId={`rename-${machine.id}`}
                onSubmit={() => {
                  const name = names[machine.id] ?? '';
                  act(async () => {
                    const renamed = await gymApi.renameMachine(machine.id, name);
                    setNames(({ [machine.id]: _done, ...others }) => others);
                    return `${machine.name} is now ${renamed.name}.`;
                  });
                }}
              >
                <input id={`rename-${machine.id}`} type="text" required maxLength={100} value={names[machine.id] ?? ''} onInput={(event) => setNames({ ...names, [machine.id]: event.currentTarget.value })} />
                <button type="submit">Rename</button>
              </InlineForm>
              <button type="button" onClick={() => act(async () => (await gymApi.deleteMachine(machine.id), `${machine.name} is deleted.`))}>
                Delete {machine.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <InlineForm
        label="New machine"
        fieldId="new-machine"
        onSubmit={() =>
          act(async () => {
            const machine = await gymApi.addMachine(newMachine);
            setNewMachine('');
            setDraft((now) => (now.machineId ? now : { ...now, machineId: machine.id }));
            return `${machine.name} is added.`;
          })
        }
      >
        <input id="new-machine" type="text" required maxLength={100} value={newMachine} onInput={(event) => setNewMachine(event.currentTarget.value)} />
        <button type="submit">Add machine</button>
      </InlineForm>
      <p class="hint">A machine with logged sessions cannot be deleted: delete its sessions first.</p>

      {machines && machines.length > 0 ? (
        <form class="stack section" onSubmit={submitLog}>
          <h3>{editing ? 'Change the session' : 'Log a session'}</h3>
          <div class="field">
            <label for="cardio-date">Date</label>
            <input id="cardio-date" type="date" required value={draft.date} onInput={(event) => setDraft({ ...draft, date: event.currentTarget.value })} />
          </div>
          <div class="field">
            <label for="cardio-machine">Machine</label>
            <select id="cardio-machine" value={draft.machineId} onChange={(event) => setDraft({ ...draft, machineId: event.currentTarget.value })}>
              {machines.map((machine) => (
                <option key={machine.id} value={machine.id}>
                  {machine.name}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="cardio-minutes">Minutes ({CARDIO_BOUNDS.minutes[0]} to {CARDIO_BOUNDS.minutes[1]})</label>
            <input id="cardio-minutes" type="text" inputMode="decimal" required value={draft.minutes} onInput={(event) => setDraft({ ...draft, minutes: event.currentTarget.value })} />
          </div>
          <div class="field">
            <label for="cardio-distance">Distance in km (optional, up to {CARDIO_BOUNDS.distanceKm})</label>
            <input id="cardio-distance" type="text" inputMode="decimal" value={draft.distanceKm} onInput={(event) => setDraft({ ...draft, distanceKm: event.currentTarget.value })} />
          </div>
          <div class="field">
            <label for="cardio-calories">Calories (optional, a whole number up to {CARDIO_BOUNDS.calories})</label>
            <input id="cardio-calories" type="text" inputMode="numeric" value={draft.calories} onInput={(event) => setDraft({ ...draft, calories: event.currentTarget.value })} />
          </div>
          <div class="field">
            <label for="cardio-level">Level (optional, a whole number up to {CARDIO_BOUNDS.level})</label>
            <input id="cardio-level" type="text" inputMode="numeric" value={draft.level} onInput={(event) => setDraft({ ...draft, level: event.currentTarget.value })} />
          </div>
          <div class="actions">
            <button type="submit" class="primary">
              {editing ? 'Save the changes' : 'Log the session'}
            </button>
            {editing ? (
              <button
                type="button"
                onClick={() => {
                  setEditing(null);
                  setDraft(emptyDraft(draft.machineId));
                }}
              >
                Cancel the change
              </button>
            ) : null}
          </div>
        </form>
      ) : null}

      <h3>Sessions</h3>
      {logs === null ? (
        <p>Loading your sessions…</p>
      ) : logs.length === 0 ? (
        <p>No session logged yet.</p>
      ) : (
        <ul class="plain-list">
          {logs.map((log) => (
            <li key={log.id} class="reading cardio-log" data-testid="cardio-log">
              <span>{describe(log)}</span>
              <span class="actions">
                <button
                  type="button"
                  aria-label={`Edit ${describe(log)}`}
                  onClick={() => {
                    setEditing(log.id);
                    setDraft({ date: log.date, machineId: log.machineId, minutes: String(log.minutes), distanceKm: text(log.distanceKm), calories: text(log.calories), level: text(log.level) });
                    document.getElementById('cardio-minutes')?.focus();
                  }}
                >
                  Edit
                </button>
                <button type="button" aria-label={`Delete ${describe(log)}`} onClick={() => act(async () => (await gymApi.deleteCardioLog(log.id), 'Session deleted.'))}>
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
