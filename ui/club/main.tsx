import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '../shared/tokens.css';
import './app.css';
import './public.css';
import { AppShell } from '../shared/components/app-shell.tsx';
import { isRecord } from '../shared/api.ts';
import { clubApi } from './api.ts';
import { WEEKDAYS } from './night.ts';

type Schedule = { readonly venues: readonly { readonly name: string; readonly slots: readonly { readonly weekday: number; readonly start: string; readonly end: string }[] }[] };

const isSchedule = (value: unknown): value is Schedule => isRecord(value) && Array.isArray(value['venues']);

// Monday first: how a club's week reads on a notice board
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** The public page: where and when the club plays, from the one copy of the schedule (Settings). */
function PublicSchedule() {
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    clubApi.get('/api/public/schedule', { accept: isSchedule }).then(setSchedule, () => setFailed(true));
  }, []);
  return (
    <AppShell title="Club nights">
      <p class="lead">Where and when we play. Come along: no booking needed.</p>
      {failed ? <p role="alert">The schedule cannot be loaded: there is no connection. Try again in a moment.</p> : null}
      {schedule === null && !failed ? <p>Loading the schedule…</p> : null}
      {schedule !== null && schedule.venues.length === 0 ? <p>No club nights are scheduled at the moment.</p> : null}
      {schedule?.venues.map((venue) => (
        <section class="venue" key={venue.name} aria-label={venue.name}>
          <h2>{venue.name}</h2>
          {venue.slots.length === 0 ? (
            <p>No weekly nights here at the moment.</p>
          ) : (
            <ul class="slots">
              {[...venue.slots]
                .sort((a, b) => WEEK_ORDER.indexOf(a.weekday) - WEEK_ORDER.indexOf(b.weekday) || a.start.localeCompare(b.start))
                .map((slot) => (
                  <li key={`${slot.weekday}-${slot.start}`}>
                    <span class="weekday">{WEEKDAYS[slot.weekday]}</span>{' '}
                    <span class="time">
                      {slot.start}–{slot.end}
                    </span>
                  </li>
                ))}
            </ul>
          )}
        </section>
      ))}
      <p class="members">
        Members: <a href="/app">open the club app</a>.
      </p>
    </AppShell>
  );
}

render(<PublicSchedule />, document.getElementById('app')!);
