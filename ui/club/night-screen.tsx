import { useEffect, useRef, useState } from 'preact/hooks';
import { ThemeToggle } from '../shared/components/theme-toggle.tsx';
import { SaveBadge } from '../shared/components/save-badge.tsx';
import { UpdatePrompt } from '../shared/components/update-prompt.tsx';
import { ConflictBanner } from './conflict-banner.tsx';
import { FinishedRounds } from './finished-rounds.tsx';
import { LineUp } from './line-up.tsx';
import { type Night, refusalWords } from './night.ts';
import { nightSaveState } from './night-badge.ts';
import { useNightCache } from './night-cache.ts';
import { NightPeople } from './night-people.tsx';
import { RoundTimer } from './round-timer.tsx';
import { type NightSync, type NightView, watchNight } from './sync.ts';
import type { Navigate } from './user.ts';

export function NightScreen({ id, navigate }: { readonly id: string; readonly navigate: Navigate }) {
  const [view, setView] = useState<NightView | null>(null);
  const sync = useRef<NightSync | null>(null);
  // the club's people and levels, kept so a night can be run with no signal
  const { players, levels } = useNightCache();

  useEffect(() => {
    const watching = watchNight(id, setView);
    sync.current = watching.sync;
    return () => watching.unwatch();
  }, [id]);

  const night = view?.night ?? null;
  const edit = (change: (night: Night) => Night) => sync.current?.edit(change);
  const back = (
    <a
      class="button"
      href="/app"
      onClick={(event) => {
        event.preventDefault();
        navigate('/app');
      }}
    >
      Today
    </a>
  );

  const header = (
    <>
      <UpdatePrompt />
      <header class="app-header">
        <h1>{night?.venueName ?? 'Night'}</h1>
        {back}
        {view?.night ? (
          <SaveBadge state={nightSaveState(view.badge, view.refusal === null ? null : refusalWords(view.refusal))} onRetry={() => sync.current?.retry()} />
        ) : null}
        <ThemeToggle />
      </header>
    </>
  );

  if (!view || !night) {
    const text =
      view?.missing === 'not-found'
        ? 'There is no such night: it may have been deleted.'
        : view?.missing === 'logged-out'
          ? 'You are logged out: log in again to open this night.'
          : view?.missing === 'no-connection'
            ? 'This night has not been opened on this phone yet, and there is no connection.'
            : 'Opening the night…';
    return (
      <>
        {header}
        <main class="page">
          <p role={view?.missing ? 'alert' : undefined}>{text}</p>
        </main>
      </>
    );
  }

  const conflict = view.conflict;
  const closed = night.status === 'closed';
  const readOnly = conflict?.showing === 'theirs' || closed;

  return (
    <>
      {header}
      <main class="page night">
        <div class="night-meta">
          <p class="hint">
            {night.date}, {night.startTime}–{night.endTime}
            {night.status === 'closed' ? ' · this night is closed' : ''}
          </p>
          <a
            class="button"
            href={`/app/session/${encodeURIComponent(id)}/history`}
            onClick={(event) => {
              event.preventDefault();
              navigate(`/app/session/${encodeURIComponent(id)}/history`);
            }}
          >
            History
          </a>
        </div>
        {conflict ? <ConflictBanner conflict={conflict} sync={sync.current} /> : null}
        {closed ? (
          <div class="conflict" role="status">
            <p>This night is closed. Reopen it to change it; round numbers go on after its last round.</p>
            <button type="button" onClick={() => void sync.current?.setStatus('reopen')}>
              Reopen night
            </button>
          </div>
        ) : null}
        {view.notice ? (
          <p class="error" role="alert">
            {view.notice}
          </p>
        ) : null}
        {view.refusal ? (
          <p class="error" role="alert">
            Not saved: {refusalWords(view.refusal)}
          </p>
        ) : null}

        <RoundTimer night={night} readOnly={readOnly} edit={edit} />

        <LineUp night={night} readOnly={readOnly} edit={edit} />

        <NightPeople night={night} readOnly={readOnly} players={players} levels={levels} edit={edit} />

        {closed ? null : (
          <p>
            <button type="button" disabled={conflict !== null || view.badge !== 'saved'} onClick={() => void sync.current?.setStatus('close')}>
              Close night
            </button>
          </p>
        )}

        <FinishedRounds night={night} />
      </main>
    </>
  );
}
