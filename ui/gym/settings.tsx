import { useState } from 'preact/hooks';
import type { SaveState } from '../shared/components/save-badge.tsx';
import { SaveBadge } from '../shared/components/save-badge.tsx';
import { chooseAccent, chooseTheme } from '../shared/theme.ts';
import type { Session } from './app.tsx';
import { problemOf } from './auth.tsx';
import { gymApi, type Settings } from './gym-api.ts';
import { ACCENTS } from './model.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

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

export function SettingsScreen({ session }: { readonly session: Session }) {
  const { user, setUser } = session;
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
      setProblem(problemOf(error));
      setSave({ kind: 'failed', message: problemOf(error) });
    }
  };

  return (
    <section class="stack" aria-labelledby="settings-heading">
      <div class="heading-row">
        <h2 id="settings-heading">Settings</h2>
        <SaveBadge state={save} />
      </div>
      {problem ? (
        <p class="problem" role="alert">
          {problem}
        </p>
      ) : null}
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
          const seconds = Number(rest);
          if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600) {
            setProblem('Rest timer: a whole number of seconds from 0 to 3600.');
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
        <select id="week-start" value={settings.weekStart} onChange={(event) => void change({ weekStart: Number(event.currentTarget.value) })}>
          {WEEKDAYS.map((day, index) => (
            <option key={day} value={index}>
              {day}
            </option>
          ))}
        </select>
      </div>
      <p class="hint">Signed in as {user.email}.</p>
      <button type="button" onClick={() => void session.signOut()}>
        Log out
      </button>
    </section>
  );
}
