import { useState } from 'preact/hooks';
import type { SaveState } from '../../shared/components/save-badge.tsx';
import { SaveBadge } from '../../shared/components/save-badge.tsx';
import { WeekdaySelect } from '../../shared/components/weekday-select.tsx';
import { chooseAccent, chooseTheme } from '../../shared/theme.ts';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { gymApi, type Settings } from '../gym-api.ts';
import { ACCENTS, parseNumber } from '../model.ts';
import '../tools.css';
import { Problem } from '../outcome.tsx';
import { Link } from '../link.tsx';

function Choice<T extends string>({ legend, name, options, value, onChange }: { readonly legend: string; readonly name: string; readonly options: readonly (readonly [T, string])[]; readonly value: T; readonly onChange: (value: T) => void }) {
  return (
    <fieldset class="choice-group">
      <legend>{legend}</legend>
      <div class="choice-row">
        {options.map(([option, label]) => (
          <label key={option} class={`choice-pill${value === option ? ' chosen' : ''}`}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            {name === 'accent' ? <span class={`swatch swatch-${option}`} aria-hidden="true" /> : null}
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SettingsScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const { user, setUser } = signedIn;
  const settings = user.settings;
  const [save, setSave] = useState<SaveState>({ kind: 'saved', at: null });
  const [problem, setProblem] = useState<string | null>(null);
  const [rest, setRest] = useState(String(settings.restTimerSec));

  const change = async (changes: Partial<Settings>) => {
    setSave({ kind: 'saving' });
    setProblem(null);
    // shown at once; the server's answer is the settings from then on
    setUser({ ...user, settings: { ...settings, ...changes } });
    try {
      setUser(await gymApi.settings(changes));
      setSave({ kind: 'saved', at: new Date() });
    } catch (error) {
      setUser(user);
      setProblem(messageOf(error, { unit: user.settings.unit }));
      setSave({ kind: 'failed', message: messageOf(error, { unit: user.settings.unit }) });
    }
  };

  return (
    // a refusal is about what was typed: typing again answers it, so it goes
    <section class="stack" aria-labelledby="settings-heading" onInput={() => setProblem(null)}>
      <div class="heading-row">
        <h2 id="settings-heading">Settings</h2>
        <SaveBadge state={save} />
      </div>
      <Problem message={problem} />
      <Choice
        legend="Weights in"
        name="unit"
        options={[
          ['kg', 'Kilograms (kg)'],
          ['lb', 'Pounds (lb)'],
        ]}
        value={settings.unit}
        onChange={(unit) => void change({ unit })}
      />
      <Choice
        legend="Accent colour"
        name="accent"
        options={Object.keys(ACCENTS).map((name) => [name, name[0]!.toUpperCase() + name.slice(1)] as const)}
        value={settings.accent}
        onChange={(accent) => {
          chooseAccent(ACCENTS[accent] ?? null);
          void change({ accent });
        }}
      />
      <Choice
        legend="Theme"
        name="appearance"
        options={[
          ['light', 'Light'],
          ['dark', 'Dark'],
        ]}
        value={settings.appearance}
        onChange={(appearance) => {
          chooseTheme(appearance);
          void change({ appearance });
        }}
      />
      <form
        class="field"
        onSubmit={(event) => {
          event.preventDefault();
          // an emptied field is no answer: Number('') is 0, which would turn the timer off unasked
          const seconds = parseNumber(rest);
          if (seconds === null || !Number.isInteger(seconds) || seconds > 3600) {
            setProblem(rest.trim() === '' ? 'Rest timer: type the seconds of rest, or 0 for no timer.' : 'Rest timer: a whole number of seconds from 0 to 3600.');
            return;
          }
          void change({ restTimerSec: seconds });
        }}
      >
        <label for="rest-seconds">Rest between sets (seconds; 0 for no timer)</label>
        <div class="inline-row">
          <input id="rest-seconds" type="number" inputMode="numeric" min={0} max={3600} step={1} value={rest} onInput={(event) => setRest(event.currentTarget.value)} />
          <button type="submit">Save rest</button>
        </div>
      </form>
      <div class="field">
        <label for="weekly-goal">Weekly goal (days)</label>
        <select id="weekly-goal" value={settings.weeklyGoal} onChange={(event) => void change({ weeklyGoal: Number(event.currentTarget.value) })}>
          {[1, 2, 3, 4, 5, 6, 7].map((days) => (
            <option key={days} value={days}>
              {days}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="week-start">Weeks start on</label>
        <WeekdaySelect id="week-start" value={settings.weekStart} onChange={(weekStart) => void change({ weekStart })} />
      </div>
      <p class="hint">Signed in as {user.email}.</p>
      <button type="button" onClick={() => void signedIn.signOut().then(setProblem)}>
        Log out
      </button>
      <Export />
      <section class="stack section" aria-labelledby="bring-heading">
        <h3 id="bring-heading">Bring your history</h3>
        <p>Import the workouts of a Strong or Hevy CSV export; you see what comes in before it is written.</p>
        <Link to="/import/file" navigate={signedIn.navigate} class="button back-link">
          Import a CSV export
        </Link>
      </section>
      <PasswordChange />
      <DeleteAccount signedIn={signedIn} />
    </section>
  );
}

/** Real downloads: the browser saves the server's file; the login's cookie goes with the request. */
function Export() {
  return (
    <section class="stack section" aria-labelledby="export-heading">
      <h3 id="export-heading">Export</h3>
      <p>Everything you entered as one JSON file (weights in kilograms), or every set as a CSV table in your unit.</p>
      <div class="export-links">
        <a class="button" href="/api/export" download="gym-export.json">
          Download JSON
        </a>
        <a class="button" href="/api/export.csv" download="gym-sets.csv">
          Download CSV
        </a>
      </div>
    </section>
  );
}

function PasswordChange() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      class="stack section"
      onSubmit={(event) => {
        event.preventDefault();
        setOutcome(null);
        gymApi.changePassword({ currentPassword: current, newPassword: next }).then(
          () => {
            setCurrent('');
            setNext('');
            setOutcome({ ok: true, text: 'Password changed. Your other devices are signed out.' });
          },
          (error: unknown) => setOutcome({ ok: false, text: messageOf(error) }),
        );
      }}
    >
      <h3>Change the password</h3>
      <div class="field">
        <label for="current-password">Current password</label>
        <input id="current-password" type="password" required autocomplete="current-password" value={current} onInput={(event) => setCurrent(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="next-password">New password</label>
        <input id="next-password" type="password" required autocomplete="new-password" value={next} onInput={(event) => setNext(event.currentTarget.value)} />
      </div>
      {outcome ? (
        <p class={outcome.ok ? 'done-line' : 'problem'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
      <button type="submit">Change the password</button>
    </form>
  );
}

function DeleteAccount({ signedIn }: { readonly signedIn: SignedIn }) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      class="stack section"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        gymApi.deleteAccount(password).then(
          () => signedIn.forget(),
          (error: unknown) => setProblem(messageOf(error)),
        );
      }}
    >
      <h3>Delete the account</h3>
      <p>Everything goes, at once and for good: every workout and set, your plans, exercises, body weight and cardio, and the account itself.</p>
      <div class="field">
        <label for="delete-password">Your password, to confirm</label>
        <input id="delete-password" type="password" required autocomplete="current-password" value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
      </div>
      <Problem message={problem} />
      <button type="submit" class="danger">
        Delete my account and everything in it
      </button>
    </form>
  );
}
