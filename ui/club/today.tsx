import { useEffect, useState } from 'preact/hooks';
import { isRecord } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { messageOf } from '../shared/messages.ts';
import { clubApi } from './api.ts';
import { isNight, localDate, WEEKDAYS } from './night.ts';
import { AppNav } from './nav.tsx';
import { keptNights } from './sync.ts';
import type { Navigate, User } from './user.ts';

type Slot = { readonly venueId: string; readonly venueName: string; readonly start: string; readonly end: string; readonly sessionId: string | null };
type Summary = { readonly id: string; readonly venueName: string | null; readonly startTime: string; readonly endTime: string; readonly people: number; readonly rounds: number; readonly status: string };
type Today = { readonly date: string; readonly weekday: number; readonly slots: readonly Slot[]; readonly sessions: readonly Summary[] };

const isToday = (value: unknown): value is Today => isRecord(value) && Array.isArray(value['slots']) && Array.isArray(value['sessions']);

const LONG_DATE = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** Today: the client's own date, that weekday's slots; one tap opens the night or goes back into it. */
export function TodayScreen({ user, navigate, onLogOut }: { readonly user: User | null; readonly navigate: Navigate; readonly onLogOut: () => void }) {
  const [date] = useState(() => localDate(new Date()));
  const [today, setToday] = useState<Today | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [kept, setKept] = useState<Awaited<ReturnType<typeof keptNights>>>([]);

  useEffect(() => {
    clubApi.get('/api/today', { query: { date }, accept: isToday }).then(setToday, (error) => {
      setProblem(messageOf(error, { offline: 'No connection: today’s slots cannot be loaded. A night already open on this phone still opens.' }));
      void keptNights(date).then(setKept);
    });
  }, [date]);

  const open = async (slot: Slot) => {
    if (slot.sessionId) return navigate(`/app/session/${slot.sessionId}`);
    setOpening(slot.venueId + slot.start);
    setProblem(null);
    try {
      const night = await clubApi.post('/api/sessions', { body: { venueId: slot.venueId, date, startTime: slot.start }, accept: (value) => isNight(value) });
      navigate(`/app/session/${night.id}`);
    } catch (error) {
      setProblem(messageOf(error, { offline: 'No connection: opening a night needs the network once.' }));
    } finally {
      setOpening(null);
    }
  };

  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const others = today?.sessions.filter((night) => !today.slots.some((slot) => slot.sessionId === night.id)) ?? [];
  return (
    <AppShell
      title="Today"
      actions={
        <nav class="header-actions" aria-label="Account">
          {user?.canChangePassword ? (
            <a
              class="button"
              href="/app/account"
              onClick={(event) => {
                event.preventDefault();
                navigate('/app/account');
              }}
            >
              Account
            </a>
          ) : null}
          <button type="button" onClick={onLogOut}>
            Log out
          </button>
        </nav>
      }
    >
      <AppNav current="/app" navigate={navigate} />
      <p class="today-date">{LONG_DATE.format(new Date(year, month - 1, day))}</p>
      {user ? <p class="hint">Logged in as {user.username}.</p> : null}
      {problem ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      {today === null && !problem ? <p>Loading today’s nights…</p> : null}
      {today === null && kept.length > 0 ? (
        <section aria-labelledby="kept-heading">
          <h2 id="kept-heading">Nights on this phone</h2>
          <ul class="cards">
            {kept.map(({ night, unsent }) => (
              <li key={night.id} class="card">
                <div>
                  <strong>{night.venueName ?? 'Night'}</strong>{' '}
                  <span class="time">
                    {night.startTime}–{night.endTime}
                  </span>
                  {unsent ? <span class="hint"> · changes waiting to sync</span> : null}
                </div>
                <button type="button" class="primary" onClick={() => navigate(`/app/session/${night.id}`)}>
                  Continue night<span class="visually-hidden"> at {night.venueName} {night.startTime}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {today !== null ? (
        <section aria-labelledby="slots-heading">
          <h2 id="slots-heading">{WEEKDAYS[today.weekday]}’s nights</h2>
          {today.slots.length === 0 ? <p>No club night is scheduled on a {WEEKDAYS[today.weekday]}.</p> : null}
          <ul class="cards">
            {today.slots.map((slot) => (
              <li key={slot.venueId + slot.start} class="card">
                <div>
                  <strong>{slot.venueName}</strong>
                  <span class="time">
                    {' '}
                    {slot.start}–{slot.end}
                  </span>
                </div>
                <button type="button" class="primary" disabled={opening !== null} onClick={() => void open(slot)}>
                  {slot.sessionId ? 'Continue night' : 'Open night'}
                  <span class="visually-hidden">
                    {' '}
                    at {slot.venueName} {slot.start}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <>
              <h2>Other nights today</h2>
              <ul class="cards">
                {others.map((night) => (
                  <li key={night.id} class="card">
                    <div>
                      <strong>{night.venueName ?? 'A venue no longer listed'}</strong>{' '}
                      <span class="time">
                        {night.startTime}–{night.endTime}
                      </span>
                    </div>
                    <button type="button" onClick={() => navigate(`/app/session/${night.id}`)}>
                      Continue night<span class="visually-hidden"> at {night.startTime}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </AppShell>
  );
}
