// A night's history: every version, newest first, what each changed, the night as it stood at any
// of them, and restoring one as the newest. The server's log holds the history, so this screen
// needs the network; with none it says so and waits for the signal.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useOnline } from '../shared/use-online.ts';
import { timerStatus } from '../../domain/club/timer.ts';
import { ApiRefusal, isRecord } from '../shared/api.ts';
import { ThemeToggle } from '../shared/components/theme-toggle.tsx';
import { UpdatePrompt } from '../shared/components/update-prompt.tsx';
import { clubApi } from './api.ts';
import { clock, clubTime, isNight, localDate, nameOnSheet, type Night, sittingOutOf } from './night.ts';
import { Court } from './court.tsx';
import { FinishedRounds } from './finished-rounds.tsx';
import { PersonOnNight } from './night-people.tsx';
import { type NightSync, type NightView, watchNight } from './sync.ts';
import type { Navigate } from './user.ts';

type VersionKind = 'opened' | 'saved' | 'restored' | 'closed' | 'reopened';
type Version = { readonly version: number; readonly recordedAt: string; readonly kind: VersionKind; readonly restoredFrom: number | null; readonly changes: readonly string[] };
type Versions = { readonly id: string; readonly version: number; readonly versions: readonly Version[] };

const isVersions = (value: unknown): value is Versions => isRecord(value) && typeof value['version'] === 'number' && Array.isArray(value['versions']);

/** Why there is nothing to show. */
type Trouble = 'offline' | 'not-found' | 'logged-out' | { readonly message: string };

const troubleOf = (error: unknown): Trouble => {
  if (error instanceof ApiRefusal && error.status === 404) return 'not-found';
  if (error instanceof ApiRefusal && error.status === 401) return 'logged-out';
  if (error instanceof ApiRefusal && !error.transient) return { message: error.message };
  return 'offline';
};

const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** The time of a version, HH:mm as the club writes times; the day too when it is not the night's own (a night reopened days later). */
const whenOf = (recordedAt: string, nightDate: string | null): string => {
  const at = new Date(recordedAt);
  return nightDate !== null && localDate(at) === nightDate ? clubTime(at) : `${DAY.format(at)} ${clubTime(at)}`;
};

const kindText = (version: Version): string => {
  switch (version.kind) {
    case 'opened':
      return 'Opened';
    case 'saved':
      return 'Saved';
    case 'restored':
      return `Restored version ${version.restoredFrom ?? '?'}`;
    case 'closed':
      return 'Closed';
    case 'reopened':
      return 'Reopened';
  }
};

/** 600 as "10 min", 630 as "10 min 30 s". */
const duration = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
};

const historyPath = (id: string) => `/app/session/${encodeURIComponent(id)}/history`;
const nightPath = (id: string) => `/app/session/${encodeURIComponent(id)}`;


function Header({ title, back, backLabel, navigate }: { readonly title: string; readonly back: string; readonly backLabel: string; readonly navigate: Navigate }) {
  return (
    <>
      <UpdatePrompt />
      <header class="app-header">
        <h1>{title}</h1>
        <a
          class="button"
          href={back}
          onClick={(event) => {
            event.preventDefault();
            navigate(back);
          }}
        >
          {backLabel}
        </a>
        <ThemeToggle />
      </header>
    </>
  );
}

function TroubleText({ trouble, onRetry }: { readonly trouble: Trouble; readonly onRetry: () => void }) {
  if (trouble === 'not-found') return <p role="alert">There is no such night, or no such version of it: it may have been deleted.</p>;
  if (trouble === 'logged-out') return <p role="alert">You are logged out: log in again to see this history.</p>;
  if (trouble !== 'offline') return <p role="alert" class="error">{trouble.message}</p>;
  return (
    <div class="offline-note" role="alert">
      <p>
        <strong>The history needs a connection, and this phone is offline.</strong> The night itself still works: changes are kept on this phone and
        saved when the signal is back.
      </p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * `/app/session/:id/history`: the timeline; `/app/session/:id/history/:version`: the night at that
 * version, read-only, with Restore.
 */
export function HistoryScreen({ id, version, navigate }: { readonly id: string; readonly version: number | null; readonly navigate: Navigate }) {
  const online = useOnline();
  const [versions, setVersions] = useState<Versions | null>(null);
  const [shown, setShown] = useState<Night | null>(null);
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  const [attempt, setAttempt] = useState(0);
  // the phone's own copy of the night: what a restore is built on, and whether anything waits to be sent
  const [view, setView] = useState<NightView | null>(null);
  const sync = useRef<NightSync | null>(null);
  useEffect(() => {
    const watching = watchNight(id, setView);
    sync.current = watching.sync;
    return () => watching.unwatch();
  }, [id]);

  useEffect(() => {
    let current = true;
    setTrouble(null);
    const listed = clubApi.get('/api/sessions/{id}/versions', { path: { id }, accept: isVersions });
    const night = version === null ? Promise.resolve(null) : clubApi.get('/api/sessions/{id}/versions/{version}', { path: { id, version }, accept: (value) => isNight(value, id) });
    Promise.all([listed, night]).then(
      ([answer, document]) => {
        if (!current) return;
        setVersions(answer);
        setShown(document);
      },
      (error: unknown) => {
        if (current) setTrouble(troubleOf(error));
      },
    );
    return () => {
      current = false;
    };
    // asked again when the signal comes back, on Try again, and when this phone's copy moves on
  }, [id, version, online, attempt, view?.night?.version]);

  const nightDate = view?.night?.date ?? shown?.date ?? null;
  const venue = view?.night?.venueName ?? shown?.venueName ?? null;
  const retry = () => setAttempt((count) => count + 1);

  if (version === null) {
    return (
      <>
        <Header title="History" back={nightPath(id)} backLabel="Night" navigate={navigate} />
        <main class="page history">
          {view?.night ? (
            <p class="hint">
              {venue ?? 'Night'}, {view.night.date}, {view.night.startTime}–{view.night.endTime}
            </p>
          ) : null}
          {trouble ? <TroubleText trouble={trouble} onRetry={retry} /> : null}
          {!trouble && versions === null ? <p>Loading the history…</p> : null}
          {versions ? (
            <>
              <p>Every saved version of this night, newest first. Open one to see the night as it was then, and to restore it.</p>
              <ol class="timeline" aria-label="Versions, newest first">
                {versions.versions.map((each) => (
                  <li key={each.version}>
                    <a
                      class="version-link"
                      href={`${historyPath(id)}/${each.version}`}
                      aria-current={each.version === versions.version ? 'true' : undefined}
                      onClick={(event) => {
                        event.preventDefault();
                        navigate(`${historyPath(id)}/${each.version}`);
                      }}
                    >
                      <span class="version-head">
                        <span class="version-number">Version {each.version}</span>
                        <span class="version-kind">{kindText(each)}</span>
                        <time class="time" dateTime={each.recordedAt}>
                          {whenOf(each.recordedAt, nightDate)}
                        </time>
                      </span>
                      {each.version === versions.version ? <span class="version-now">The night now</span> : null}
                      <span class="version-changes">{each.changes.join(' · ')}</span>
                    </a>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </main>
      </>
    );
  }

  const entry = versions?.versions.find((each) => each.version === version) ?? null;
  const newest = versions !== null && version === versions.version;
  return (
    <>
      <Header title={`Version ${version}`} back={historyPath(id)} backLabel="History" navigate={navigate} />
      <main class="page history night">
        {trouble ? <TroubleText trouble={trouble} onRetry={retry} /> : null}
        {!trouble && (shown === null || versions === null) ? <p>Loading version {version}…</p> : null}
        {shown && versions ? (
          <>
            <p class="hint">
              {venue ?? 'Night'}, {shown.date}, {shown.startTime}–{shown.endTime}
            </p>
            {entry ? (
              <section aria-labelledby="change-heading" class="version-summary">
                <h2 id="change-heading">
                  {kindText(entry)} at <time dateTime={entry.recordedAt}>{whenOf(entry.recordedAt, nightDate)}</time>
                </h2>
                <ul>
                  {entry.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            {newest ? (
              <p class="hint">This is the night as it stands now.</p>
            ) : (
              <Restore id={id} version={version} newest={versions.version} view={view} online={online} sync={sync.current} navigate={navigate} onConflict={retry} />
            )}
            <NightAt night={shown} />
          </>
        ) : null}
      </main>
    </>
  );
}

/** The night as it stood at a version: what the night screen shows, read-only. */
function NightAt({ night }: { readonly night: Night }) {
  const nameOf = (personId: string) => nameOnSheet(night, personId);
  const timer = night.timer;
  const status = timer ? timerStatus(timer) : 'stopped';
  const roundNumber = timer?.roundNumber ?? night.rounds.reduce((max, round) => Math.max(max, round.number), 0) + 1;
  const timerText =
    timer === null || status === 'stopped'
      ? 'not started'
      : status === 'paused'
        ? `paused with ${clock(timer.pausedRemainingSec ?? 0)} left`
        : `running since ${clubTime(new Date(timer.roundStartedAt ?? timer.startedAt ?? ''))}`;
  const sittingOut = sittingOutOf(night);
  return (
    <div class="night-at">
      <h2 class="night-at-title">The night at this version</h2>
      <p>
        {night.status === 'closed' ? 'Closed. ' : ''}
        {night.courts} court{night.courts === 1 ? '' : 's'}, rounds of {duration(night.roundLengthSec)} · Round {roundNumber}: {timerText}
      </p>
      <section aria-labelledby="lineup-heading" class="lineup">
        <h2 id="lineup-heading">Line-up</h2>
        {night.lineUp.length === 0 ? (
          <p>Nobody was on court.</p>
        ) : (
          <ol class="sheet">
            {night.lineUp.map((entry) => (
              <Court key={entry.court} entry={entry} nameOf={nameOf} />
            ))}
          </ol>
        )}
        {sittingOut.length > 0 ? (
          <p class="sitting-out">
            <strong>Sitting out:</strong> {sittingOut.map(nameOf).join(', ')}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="people-heading">
        <h2 id="people-heading">Here that night ({night.people.length})</h2>
        {night.people.length === 0 ? <p>Nobody yet.</p> : null}
        <ul class="people">
          {night.people.map((person) => (
            <li key={person.id}>
              <PersonOnNight person={person} sittingOut={sittingOut.includes(person.id)} />
              <span class="hint">{person.levelName ?? 'No level'}</span>
            </li>
          ))}
        </ul>
      </section>
      <FinishedRounds night={night} />
    </div>
  );
}

function Restore(props: {
  readonly id: string;
  readonly version: number;
  readonly newest: number;
  readonly view: NightView | null;
  readonly online: boolean;
  readonly sync: NightSync | null;
  readonly navigate: Navigate;
  readonly onConflict: () => void;
}) {
  const { id, version, newest, view, online, sync, navigate } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const night = view?.night ?? null;
  const blocked = !online
    ? 'Restoring needs a connection.'
    : night === null
      ? 'Loading this phone’s copy of the night…'
      : night.status === 'closed'
        ? 'The night is closed: reopen it on the night screen to restore a version.'
        : view?.conflict
          ? 'The night was changed on another phone: read what was combined on the night screen first.'
          : view?.badge !== 'saved'
            ? 'This phone has changes that are not saved yet: restore once they are.'
            : null;

  const restore = async () => {
    if (!sync) return;
    setBusy(true);
    setProblem(null);
    const result = await sync.restore(version);
    setBusy(false);
    dialog.current?.close();
    if (result.ok) return navigate(nightPath(id));
    setProblem(result.reason);
    props.onConflict();
  };

  return (
    <div class="restore">
      <button type="button" class="primary" disabled={blocked !== null} aria-describedby={blocked ? 'restore-blocked' : undefined} onClick={() => dialog.current?.showModal()}>
        Restore this version
      </button>
      {blocked ? (
        <p id="restore-blocked" class="hint">
          {blocked}
        </p>
      ) : null}
      {problem ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      <dialog ref={dialog} class="confirm" aria-labelledby="restore-title" aria-describedby="restore-what">
        <h2 id="restore-title">Restore version {version}?</h2>
        <p id="restore-what">
          The night goes back to how it was at version {version} and is saved as version {newest + 1}.{' '}
          {version + 1 === newest ? `Version ${newest} stays` : `Versions ${version + 1} to ${newest} stay`} in the history: nothing is lost.
        </p>
        <div class="actions">
          <button type="button" class="primary" disabled={busy} onClick={() => void restore()}>
            {busy ? 'Restoring…' : `Restore version ${version}`}
          </button>
          <button type="button" autoFocus disabled={busy} onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  );
}
