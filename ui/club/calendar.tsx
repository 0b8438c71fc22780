import { useEffect, useState } from 'preact/hooks';
import { isRecord } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { messageOf } from '../shared/messages.ts';
import { clubApi } from './api.ts';
import { AppNav } from './nav.tsx';
import { localDate } from './night.ts';
import type { Navigate } from './user.ts';

type Summary = {
  readonly id: string;
  readonly venueName: string | null;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly status: 'open' | 'closed';
  readonly people: number;
  readonly rounds: number;
};
const isSummaries = (value: unknown): value is { sessions: Summary[] } => isRecord(value) && Array.isArray(value['sessions']);

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** The first and last date of the month `offset` months from `today` (club-local strings). */
export function monthRange(today: string, offset: number): { from: string; to: string; first: Date } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(year, month - 1 + offset, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
  return { from: localDate(first), to: localDate(last), first };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Nights by month with how many came and how many rounds were played; any night opens from here. */
export function CalendarScreen({ navigate }: { readonly navigate: Navigate }) {
  const [offset, setOffset] = useState(0);
  const [nights, setNights] = useState<readonly Summary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const range = monthRange(localDate(new Date()), offset);

  useEffect(() => {
    setNights(null);
    setProblem(null);
    clubApi.get('/api/sessions', { query: { from: range.from, to: range.to }, accept: isSummaries }).then(
      (answer) => setNights(answer.sessions),
      (error) => setProblem(messageOf(error, { offline: 'No connection: the calendar needs the network.' })),
    );
  }, [range.from]);

  return (
    <AppShell title="Calendar">
      <AppNav current="/app/calendar" navigate={navigate} />
      <div class="month">
        <button type="button" onClick={() => setOffset(offset - 1)}>
          <span aria-hidden="true">‹</span> Earlier<span class="visually-hidden"> month</span>
        </button>
        <h2 aria-live="polite">{MONTH.format(range.first)}</h2>
        <button type="button" onClick={() => setOffset(offset + 1)}>
          Later<span class="visually-hidden"> month</span> <span aria-hidden="true">›</span>
        </button>
      </div>
      {problem ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      {nights === null && !problem ? <p>Loading the nights…</p> : null}
      {nights?.length === 0 ? <p>No nights this month.</p> : null}
      <ul class="cards">
        {nights?.map((night) => (
          <li key={night.id} class="card">
            <div>
              <strong>{DAY.format(new Date(`${night.date}T12:00:00`))}</strong> {night.venueName ?? 'A venue no longer listed'}{' '}
              <span class="time">
                {night.startTime}–{night.endTime}
              </span>
              <br />
              <span class="hint">
                {plural(night.people, 'person').replace('persons', 'people')}, {plural(night.rounds, 'round')}
                {night.status === 'closed' ? ', closed' : ''}
              </span>
            </div>
            <button type="button" onClick={() => navigate(`/app/session/${night.id}`)}>
              Open<span class="visually-hidden"> the night of {night.date} at {night.startTime}</span>
            </button>
          </li>
        ))}
      </ul>
    </AppShell>
  );
}
