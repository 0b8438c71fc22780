import { useEffect, useState } from 'preact/hooks';
import { isRecord } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { messageOf } from '../shared/messages.ts';
import { clubApi } from './api.ts';
import { AppNav } from './nav.tsx';
import { type Level, newId } from './night.ts';
import type { Navigate } from './user.ts';

type Player = { readonly id: string; readonly name: string; readonly levelId: string | null; readonly guest: boolean; readonly archived: boolean };
const isPlayers = (value: unknown): value is { players: Player[] } => isRecord(value) && Array.isArray(value['players']);
const isLevels = (value: unknown): value is { levels: Level[] } => isRecord(value) && Array.isArray(value['levels']);
const isPlayer = (value: unknown): value is Player => isRecord(value) && typeof value['id'] === 'string';

const problemOf = (error: unknown): string => messageOf(error, { offline: 'No connection: People needs the network. Try again in a moment.' });

/** The club's people (guests are never listed): add, edit, archive, delete. Online only. */
export function PeopleScreen({ navigate }: { readonly navigate: Navigate }) {
  const [archived, setArchived] = useState(false);
  const [players, setPlayers] = useState<readonly Player[] | null>(null);
  const [levels, setLevels] = useState<readonly Level[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    clubApi.get('/api/players', { query: archived ? { archived: 'true' } : {}, accept: isPlayers }).then((answer) => setPlayers(answer.players), (error) => setProblem(problemOf(error)));
  }, [archived, reload]);
  useEffect(() => {
    clubApi.get('/api/settings', { accept: isLevels }).then((answer) => setLevels(answer.levels), () => undefined);
  }, []);

  const act = async (change: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await change();
      setEditing(null);
      setDeleting(null);
      setReload((count) => count + 1);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const levelName = (id: string | null) => levels.find((level) => level.id === id)?.name ?? 'no level';

  return (
    <AppShell title="People">
      <AppNav current="/app/people" navigate={navigate} />
      {problem ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      {archived ? null : (
        <PersonForm
          legend="Add a person"
          submit="Add"
          levels={levels}
          onSave={(name, levelId) => act(() => clubApi.post('/api/players', { body: { id: newId(crypto.getRandomValues(new Uint8Array(24))), name, levelId }, accept: isPlayer }))}
        />
      )}
      <label class="check">
        <input type="checkbox" checked={archived} onChange={(event) => (setPlayers(null), setArchived(event.currentTarget.checked))} />
        Show the archived instead
      </label>
      {players === null && !problem ? <p>Loading people…</p> : null}
      {players?.length === 0 ? <p>{archived ? 'Nobody is archived.' : 'Nobody yet: add the club’s people above.'}</p> : null}
      <ul class="cards">
        {players?.map((player) => (
          <li key={player.id} class="card">
            {editing === player.id ? (
              <PersonForm
                legend={`Edit ${player.name}`}
                submit="Save"
                levels={levels}
                initial={player}
                onSave={(name, levelId) => act(() => clubApi.patch('/api/players/{id}', { path: { id: player.id }, body: { name, levelId }, accept: isPlayer }))}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <div>
                  <strong>{player.name}</strong> <span class="hint">· {levelName(player.levelId)}</span>
                </div>
                <div class="actions">
                  <button type="button" onClick={() => setEditing(player.id)}>
                    Edit<span class="visually-hidden"> {player.name}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => void act(() => clubApi.patch('/api/players/{id}', { path: { id: player.id }, body: { archived: !player.archived }, accept: isPlayer }))}
                  >
                    {player.archived ? 'Unarchive' : 'Archive'}
                    <span class="visually-hidden"> {player.name}</span>
                  </button>
                  {deleting === player.id ? (
                    <>
                      <button type="button" class="danger" onClick={() => void act(() => clubApi.delete('/api/players/{id}', { path: { id: player.id }, accept: isRecord }))}>
                        Yes, delete {player.name}
                      </button>
                      <button type="button" onClick={() => setDeleting(null)}>
                        Keep<span class="visually-hidden"> {player.name}</span>
                      </button>
                    </>
                  ) : (
                    <button type="button" onClick={() => (setProblem(null), setDeleting(player.id))}>
                      Delete<span class="visually-hidden"> {player.name}</span>
                    </button>
                  )}
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </AppShell>
  );
}

function PersonForm(props: {
  legend: string;
  submit: string;
  levels: readonly Level[];
  initial?: Player;
  onSave: (name: string, levelId: string | null) => Promise<void> | void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(props.initial?.name ?? '');
  const [levelId, setLevelId] = useState(props.initial?.levelId ?? '');
  const key = props.initial?.id ?? 'new';
  return (
    <form
      class="stack person-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return;
        void Promise.resolve(props.onSave(name.trim(), levelId || null)).then(() => {
          if (!props.initial) setName('');
        });
      }}
    >
      <fieldset>
        <legend>{props.legend}</legend>
        <label for={`name-${key}`}>Name</label>
        <input id={`name-${key}`} type="text" autocomplete="off" maxLength={100} required value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <label for={`level-${key}`}>Level</label>
        <select id={`level-${key}`} value={levelId} onChange={(event) => setLevelId(event.currentTarget.value)}>
          <option value="">No level</option>
          {props.levels.map((level) => (
            <option key={level.id} value={level.id}>
              {level.name}
            </option>
          ))}
        </select>
        <div class="actions">
          <button type="submit" class="primary">
            {props.submit}
          </button>
          {props.onCancel ? (
            <button type="button" onClick={props.onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
