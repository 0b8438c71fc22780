import { useState } from 'preact/hooks';
import { isRecord } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { messageOf } from '../shared/messages.ts';
import { useLoad } from '../shared/use-load.ts';
import { clubApi } from './api.ts';
import { clubCopies } from './copies.ts';
import { AppNav } from './nav.tsx';
import { clubTime, type Level, newId } from './night.ts';
import { sameNameAs } from './same-name.ts';
import type { Navigate } from './user.ts';

type Player = { readonly id: string; readonly name: string; readonly levelId: string | null; readonly guest: boolean; readonly archived: boolean };
const isPlayers = (value: unknown): value is { players: Player[] } => isRecord(value) && Array.isArray(value['players']);
const isLevels = (value: unknown): value is { levels: Level[] } => isRecord(value) && Array.isArray(value['levels']);
const isPlayer = (value: unknown): value is Player => isRecord(value) && typeof value['id'] === 'string';

const OFFLINE = 'No connection: changes to People need the network. Try again in a moment.';
const problemOf = (error: unknown): string => messageOf(error, { offline: OFFLINE });

/**
 * The club's people (guests are never listed): add, edit, archive, delete. The list is this phone's
 * copy (the one a night adds from) until the server answers; changes need the network.
 */
export function PeopleScreen({ navigate }: { readonly navigate: Navigate }) {
  const [archived, setArchived] = useState(false);
  const list = archived ? 'players-archived' : 'players';
  const loaded = useLoad(list, () => clubApi.get('/api/players', { query: archived ? { archived: 'true' } : {}, accept: isPlayers }).then((answer) => answer.players), {
    copies: clubCopies,
    keep: list,
    message: { offline: 'No connection, and this phone has no copy of People yet: open it once with a connection.' },
  });
  const levels = useLoad('levels', () => clubApi.get('/api/settings', { accept: isLevels }).then((answer) => answer.levels), { copies: clubCopies, keep: 'levels' });
  const players = loaded.state.kind === 'ok' ? loaded.state.value : null;
  const levelList = levels.state.kind === 'ok' ? levels.state.value : [];
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  /** true once the server took the change */
  const act = async (change: () => Promise<unknown>): Promise<boolean> => {
    setProblem(null);
    try {
      await change();
      setEditing(null);
      setDeleting(null);
      loaded.reload();
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    }
  };
  const levelName = (id: string | null) => levelList.find((level) => level.id === id)?.name ?? 'no level';

  return (
    <AppShell title="People">
      <AppNav current="/app/people" navigate={navigate} />
      {problem ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      {loaded.state.kind === 'ok' && loaded.state.offline ? (
        <p class="notice" role="status">
          Offline: People as this phone last had {loaded.state.keptAt ? `it at ${clubTime(new Date(loaded.state.keptAt))}` : 'it'}. Changes need the network.
        </p>
      ) : null}
      {loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? (
        <div class="notice" role="alert">
          <p>{loaded.state.message}</p>
          <button type="button" onClick={loaded.reload}>
            Try again
          </button>
        </div>
      ) : null}
      {archived ? null : (
        <PersonForm
          legend="Add a person"
          submit="Add"
          levels={levelList}
          others={players ?? []}
          onSave={(name, levelId) => act(() => clubApi.post('/api/players', { body: { id: newId(crypto.getRandomValues(new Uint8Array(24))), name, levelId }, accept: isPlayer }))}
        />
      )}
      <label class="check">
        <input type="checkbox" checked={archived} onChange={(event) => setArchived(event.currentTarget.checked)} />
        Show the archived instead
      </label>
      {loaded.state.kind === 'loading' ? <p role="status">Loading people…</p> : null}
      {players?.length === 0 ? <p>{archived ? 'Nobody is archived.' : 'Nobody yet: add the club’s people above.'}</p> : null}
      <ul class="cards">
        {players?.map((player) => (
          <li key={player.id} class="card">
            {editing === player.id ? (
              <PersonForm
                legend={`Edit ${player.name}`}
                submit="Save"
                levels={levelList}
                others={players ?? []}
                initial={player}
                onSave={(name, levelId) => act(() => clubApi.patch('/api/players/{id}', { path: { id: player.id }, body: { name, levelId }, accept: isPlayer }))}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <div class="who">
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
  /** the people listed: a name one of them has already is warned of before it is saved */
  others: readonly Player[];
  initial?: Player;
  /** answers whether the change was taken: a name not saved stays typed */
  onSave: (name: string, levelId: string | null) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(props.initial?.name ?? '');
  const [levelId, setLevelId] = useState(props.initial?.levelId ?? '');
  const key = props.initial?.id ?? 'new';
  // the name warned of: saving it again, unchanged, is the answer "yes, another person"
  const [warned, setWarned] = useState<string | null>(null);
  const namesake = sameNameAs(name, props.others, props.initial?.id ?? null);
  const warning = namesake !== null && warned === name.trim() ? namesake : null;
  return (
    <form
      class="stack person-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return;
        if (namesake !== null && warned !== name.trim()) return setWarned(name.trim());
        void props.onSave(name.trim(), levelId || null).then((taken) => {
          if (taken && !props.initial) setName('');
          if (taken) setWarned(null);
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
        {warning ? (
          <p class="warning" role="alert" id={`same-name-${key}`}>
            There is already someone called {warning.name} in People. {props.submit} only if this is another person, and a surname or an initial will
            tell them apart on the sheet.
          </p>
        ) : null}
        <div class="actions">
          <button type="submit" class="primary" aria-describedby={warning ? `same-name-${key}` : undefined}>
            {warning ? (props.initial ? `${props.submit} anyway` : `Add another ${warning.name}`) : props.submit}
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
