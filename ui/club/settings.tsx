import { useEffect, useState } from 'preact/hooks';
import { isRecord } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { WeekdaySelect } from '../shared/components/weekday-select.tsx';
import { messageOf } from '../shared/messages.ts';
import { clubApi } from './api.ts';
import { AppNav } from './nav.tsx';
import { type Level, WEEKDAYS } from './night.ts';
import type { Navigate } from './user.ts';

type Slot = { readonly id: string; readonly weekday: number; readonly start: string; readonly end: string };
type Venue = { readonly id: string; readonly name: string; readonly sortOrder: number; readonly active: boolean; readonly slots: readonly Slot[] };
type Settings = { readonly club: { readonly defaultCourts: number; readonly roundLengthSec: number }; readonly levels: readonly Level[]; readonly venues: readonly Venue[] };
const isSettings = (value: unknown): value is Settings => isRecord(value) && isRecord(value['club']) && Array.isArray(value['levels']) && Array.isArray(value['venues']);

/** Every settings write answers the whole settings document: the screen shows what the server holds. */
export function SettingsScreen({ navigate }: { readonly navigate: Navigate }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    clubApi.get('/api/settings', { accept: isSettings }).then(setSettings, (error) => setProblem(messageOf(error, { offline: 'No connection: Settings needs the network.' })));
  }, []);
  const write: Write = async (call, tell = setProblem) => {
    setProblem(null);
    tell(null);
    try {
      setSettings(await call());
      return true;
    } catch (error) {
      tell(messageOf(error, { offline: 'No connection: the change was not saved. Try again with signal.' }));
      return false;
    }
  };

  return (
    <AppShell title="Settings">
      <AppNav current="/app/settings" navigate={navigate} />
      {problem ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      {settings === null ? (
        problem ? null : <p>Loading settings…</p>
      ) : (
        <>
          <ClubDefaults club={settings.club} onSave={(club) => write(() => clubApi.put('/api/settings/club', { body: club, accept: isSettings }))} />
          <Levels levels={settings.levels} write={write} />
          <Venues venues={settings.venues} write={write} />
        </>
      )}
    </AppShell>
  );
}

/**
 * Makes one settings call (its answer is the whole settings document) and shows what it answers;
 * false when it failed. A refusal is told at the top of the screen, or by `tell` beside the form it is about.
 */
type Write = (call: () => Promise<Settings>, tell?: (problem: string | null) => void) => Promise<boolean>;

function ClubDefaults({ club, onSave }: { club: Settings['club']; onSave: (club: Settings['club']) => Promise<boolean> }) {
  const [courts, setCourts] = useState(String(club.defaultCourts));
  const [minutes, setMinutes] = useState(String(club.roundLengthSec / 60));
  const [saved, setSaved] = useState(false);
  return (
    <form
      class="stack settings-block"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        void onSave({ defaultCourts: Number(courts), roundLengthSec: Math.round(Number(minutes) * 60) }).then(setSaved);
      }}
    >
      <h2>Club defaults</h2>
      <label for="default-courts">Courts for a new night</label>
      <input id="default-courts" type="number" inputMode="numeric" min={1} max={20} required value={courts} onInput={(event) => setCourts(event.currentTarget.value)} />
      <label for="round-minutes">Round length (minutes)</label>
      <input id="round-minutes" type="number" inputMode="numeric" min={1} max={60} required value={minutes} onInput={(event) => setMinutes(event.currentTarget.value)} />
      {saved ? (
        <p class="ok" role="status">
          Saved.
        </p>
      ) : null}
      <button type="submit" class="primary">
        Save defaults
      </button>
    </form>
  );
}

function Levels({ levels, write }: { levels: readonly Level[]; write: Write }) {
  const [name, setName] = useState('');
  const [coach, setCoach] = useState(false);
  const move = (index: number, by: number) => {
    const order = levels.map((level) => level.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    void write(() => clubApi.put('/api/levels/order', { body: { order }, accept: isSettings }));
  };
  return (
    <section class="settings-block" aria-labelledby="levels-heading">
      <h2 id="levels-heading">Levels</h2>
      <p class="hint">Strongest first: the shuffle draws by this order. The coach level is always first.</p>
      <ol class="cards">
        {levels.map((level, index) => (
          <li key={level.id} class="card">
            <span>
              <strong>{level.name}</strong>
              {level.isCoach ? <span class="hint"> · coach</span> : null}
            </span>
            <span class="actions">
              <button type="button" aria-label={`Move ${level.name} up`} disabled={index === 0 || level.isCoach || levels[index - 1]?.isCoach} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button type="button" aria-label={`Move ${level.name} down`} disabled={index === levels.length - 1 || level.isCoach} onClick={() => move(index, 1)}>
                ↓
              </button>
              <button type="button" aria-label={`Remove ${level.name}`} onClick={() => void write(() => clubApi.delete('/api/levels/{id}', { path: { id: level.id }, accept: isSettings }))}>
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void write(() => clubApi.post('/api/levels', { body: { name: name.trim(), isCoach: coach }, accept: isSettings })).then((ok) => ok && (setName(''), setCoach(false)));
        }}
      >
        <label for="level-name">New level</label>
        <input id="level-name" type="text" required maxLength={50} value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <label class="check">
          <input type="checkbox" checked={coach} onChange={(event) => setCoach(event.currentTarget.checked)} />
          The coach level
        </label>
        <button type="submit">Add level</button>
      </form>
    </section>
  );
}

function Venues({ venues, write }: { venues: readonly Venue[]; write: Write }) {
  const [name, setName] = useState('');
  return (
    <section class="settings-block" aria-labelledby="venues-heading">
      <h2 id="venues-heading">Venues and weekly slots</h2>
      <p class="hint">Active venues and their slots are the public schedule, in this order.</p>
      {venues.map((venue, index) => (
        <div key={venue.id} class="venue-settings" role="group" aria-label={venue.name}>
          <h3>{venue.name}</h3>
          <div class="actions">
            <label class="check">
              <input
                type="checkbox"
                checked={venue.active}
                onChange={(event) => void write(() => clubApi.patch('/api/venues/{id}', { path: { id: venue.id }, body: { active: event.currentTarget.checked }, accept: isSettings }))}
              />
              Active
            </label>
            <button type="button" aria-label={`Move ${venue.name} up`} disabled={index === 0} onClick={() => void write(() => clubApi.patch('/api/venues/{id}', { path: { id: venue.id }, body: { sortOrder: venues[index - 1]!.sortOrder - 1 }, accept: isSettings }))}>
              ↑
            </button>
          </div>
          <ul class="slot-list">
            {venue.slots.map((slot) => (
              <li key={slot.id}>
                {WEEKDAYS[slot.weekday]} {slot.start}–{slot.end}{' '}
                <button type="button" aria-label={`Remove ${WEEKDAYS[slot.weekday]} ${slot.start} at ${venue.name}`} onClick={() => void write(() => clubApi.delete('/api/slots/{id}', { path: { id: slot.id }, accept: isSettings }))}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <SlotForm venue={venue} write={write} />
        </div>
      ))}
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void write(() => clubApi.post('/api/venues', { body: { name: name.trim() }, accept: isSettings })).then((ok) => ok && setName(''));
        }}
      >
        <label for="venue-name">New venue</label>
        <input id="venue-name" type="text" required maxLength={100} value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <button type="submit">Add venue</button>
      </form>
    </section>
  );
}

function SlotForm({ venue, write }: { venue: Venue; write: Write }) {
  const [weekday, setWeekday] = useState(1);
  const [start, setStart] = useState('19:00');
  const [end, setEnd] = useState('21:00');
  // a refusal of this slot is said here, beside the times it is about, not at the top of Settings
  const [problem, setProblem] = useState<string | null>(null);
  const key = venue.id;
  return (
    <form
      class="slot-form"
      aria-describedby={problem ? `slot-problem-${key}` : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        // HH:mm strings compare as times; the server refuses the same, this only saves the trip
        if (end <= start) return setProblem(`The slot must end after it starts (${start}).`);
        void write(() => clubApi.post('/api/venues/{id}/slots', { path: { id: venue.id }, body: { weekday, start, end }, accept: isSettings }), setProblem);
      }}
    >
      <div>
        <label for={`weekday-${key}`}>Weekday</label>
        <WeekdaySelect id={`weekday-${key}`} value={weekday} onChange={setWeekday} />
      </div>
      <div>
        <label for={`start-${key}`}>Starts</label>
        <input id={`start-${key}`} type="time" required value={start} onInput={(event) => setStart(event.currentTarget.value)} />
      </div>
      <div>
        <label for={`end-${key}`}>Ends</label>
        <input id={`end-${key}`} type="time" required value={end} onInput={(event) => setEnd(event.currentTarget.value)} />
      </div>
      <button type="submit">
        Add slot<span class="visually-hidden"> at {venue.name}</span>
      </button>
      {problem ? (
        <p class="error slot-problem" role="alert" id={`slot-problem-${key}`}>
          {problem}
        </p>
      ) : null}
    </form>
  );
}
