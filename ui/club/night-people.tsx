import { useState } from 'preact/hooks';
import type { Player } from './night-cache.ts';
import { addPerson, canSitOut, type Level, type Night, type NightPerson, newId, personWithLevel, removePerson, setLevel, sittingOutOf, toggleSittingOut } from './night.ts';

const nowIso = (): string => new Date().toISOString();

/** A person's name on a night's list, marked when a guest or sitting out. */
export function PersonOnNight({ person, sittingOut }: { readonly person: NightPerson; readonly sittingOut: boolean }) {
  return (
    <span class="who">
      {person.name}
      {person.guest ? <span class="hint"> · guest</span> : null}
      {sittingOut ? <span class="hint"> · sitting out</span> : null}
    </span>
  );
}

/** Who is here tonight, each with tonight's level, sitting out or leaving; people added from People or new. */
export function NightPeople({
  night,
  readOnly,
  players,
  levels,
  edit,
}: {
  readonly night: Night;
  readonly readOnly: boolean;
  /** the club's People, null until they are loaded */
  readonly players: readonly Player[] | null;
  readonly levels: readonly Level[];
  readonly edit: (change: (night: Night) => Night) => void;
}) {
  const present = new Set(night.people.map((person) => person.id));
  const absent = (players ?? []).filter((player) => !player.archived && !present.has(player.id));
  const sittingOut = sittingOutOf(night);
  return (
    <section aria-labelledby="people-heading">
      <h2 id="people-heading">
        Here tonight ({night.people.length}){sittingOut.length > 0 ? ` · ${sittingOut.length} sitting out` : ''}
      </h2>
      {night.people.length === 0 ? <p>Nobody yet: add people below.</p> : null}
      <ul class="people">
        {night.people.map((person) => (
          <li key={person.id}>
            <PersonOnNight person={person} sittingOut={sittingOut.includes(person.id)} />
            <select aria-label={`Tonight’s level of ${person.name}`} disabled={readOnly} value={person.levelId ?? ''} onChange={(event) => edit((current) => setLevel(current, person.id, event.currentTarget.value || null, levels))}>
              <option value="">No level</option>
              {person.levelId !== null && !levels.some((level) => level.id === person.levelId) ? <option value={person.levelId}>{person.levelName ?? 'Tonight’s level'}</option> : null}
              {levels.map((level) => (
                <option key={level.id} value={level.id}>
                  {level.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              class="sit-out"
              disabled={readOnly || !canSitOut(night, person.id)}
              aria-pressed={sittingOut.includes(person.id)}
              aria-label={`${person.name} sits out`}
              onClick={() => edit((current) => toggleSittingOut(current, person.id))}
            >
              Sits out
            </button>
            <button type="button" disabled={readOnly} aria-label={`${person.name} leaves`} onClick={() => edit((current) => removePerson(current, person.id, nowIso()))}>
              Leaves
            </button>
          </li>
        ))}
      </ul>
      <h3>Add from People</h3>
      {players === null ? <p class="hint">The club’s people load once there is a connection.</p> : null}
      {players !== null && absent.length === 0 ? <p class="hint">Everyone in People is here.</p> : null}
      <ul class="add-list">
        {absent.map((player) => (
          <li key={player.id}>
            <button type="button" disabled={readOnly} onClick={() => edit((current) => addPerson(current, personWithLevel(player, levels)))}>
              Add {player.name}
            </button>
          </li>
        ))}
      </ul>
      <NewPerson levels={levels} disabled={readOnly} onAdd={(person) => edit((current) => addPerson(current, person))} />
    </section>
  );
}

function NewPerson({ levels, disabled, onAdd }: { levels: readonly Level[]; disabled: boolean; onAdd: (person: ReturnType<typeof personWithLevel>) => void }) {
  const [name, setName] = useState('');
  const [levelId, setLevelId] = useState('');
  const [guest, setGuest] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') return;
    // the phone makes the id, so a person is added with no signal; the save creates them on the server
    const id = newId(crypto.getRandomValues(new Uint8Array(24)));
    onAdd(personWithLevel({ id, name: name.trim(), levelId: levelId || null, guest }, levels));
    setName('');
    setGuest(false);
  };
  return (
    <form class="stack new-person" onSubmit={submit}>
      <h3>Someone new</h3>
      <label for="new-name">Name</label>
      <input id="new-name" type="text" autocomplete="off" maxLength={100} required value={name} onInput={(event) => setName(event.currentTarget.value)} />
      <label for="new-level">Level</label>
      <select id="new-level" value={levelId} onChange={(event) => setLevelId(event.currentTarget.value)}>
        <option value="">No level</option>
        {levels.map((level) => (
          <option key={level.id} value={level.id}>
            {level.name}
          </option>
        ))}
      </select>
      <label class="check">
        <input type="checkbox" checked={guest} onChange={(event) => setGuest(event.currentTarget.checked)} />
        Guest (here once: not listed in People)
      </label>
      <button type="submit" disabled={disabled}>
        Add new person
      </button>
    </form>
  );
}
