import { useEffect, useRef, useState } from 'preact/hooks';
import { createRandom } from '../../domain/club/random.ts';
import { sitOutsNeeded } from '../../domain/club/sit-out.ts';
import type { CourtEntry } from '../../domain/club/shuffle.ts';
import { isTimeUp, remaining, timerStatus } from '../../domain/club/timer.ts';
import { isRecord } from '../shared/api.ts';
import { type Load, useLoad } from '../shared/use-load.ts';
import { signalTimeUp } from '../shared/time-up.ts';
import { keepScreenOn } from '../shared/wake-lock.ts';
import { ThemeToggle } from '../shared/components/theme-toggle.tsx';
import { SaveBadge } from '../shared/components/save-badge.tsx';
import { UpdatePrompt } from '../shared/components/update-prompt.tsx';
import { clubApi } from './api.ts';
import {
  addPerson,
  clock,
  endRound,
  type Level,
  type Night,
  newId,
  nextRound,
  nextRoundBlocked,
  pauseTimer,
  personWithLevel,
  resumeTimer,
  setCourts,
  shuffleNight,
  startTimer,
  swap,
  timerRunning,
  whyLineUp,
  removePerson,
  setLevel,
  nameInRound,
  nameOnSheet,
  canSitOut,
  chooseSittingOut,
  clubTime,
  refusalWords,
  roundStarted,
  sittingOutOf,
  toggleSittingOut,
  whySittingOut,
} from './night.ts';
import { clubCopies } from './copies.ts';
import { nightSaveState } from './night-badge.ts';
import { type NightSync, type NightView, watchNight } from './sync.ts';
import type { Navigate } from './user.ts';

type Player = { readonly id: string; readonly name: string; readonly levelId: string | null; readonly guest: boolean; readonly archived: boolean };
const isPlayers = (value: unknown): value is { players: Player[] } => isRecord(value) && Array.isArray(value['players']);
const isSettings = (value: unknown): value is { levels: Level[] } => isRecord(value) && Array.isArray(value['levels']);

// the night draws what it has: no list yet is an empty one, never an error over the courts
const loadedValue = <T,>(load: Load<T>): T | null => (load.state.kind === 'ok' ? load.state.value : null);

const nowIso = (): string => new Date().toISOString();
const seed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]!;

/** The night courtside: who came, courts, the line-up sheet, the round timer, finished rounds. */
export function SessionScreen({ id, navigate }: { readonly id: string; readonly navigate: Navigate }) {
  const [view, setView] = useState<NightView | null>(null);
  const sync = useRef<NightSync | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [shuffleProblem, setShuffleProblem] = useState<string | null>(null);
  // the club's people and levels, kept so a night can be run with no signal
  const players = loadedValue(useLoad('players', () => clubApi.get('/api/players', { accept: isPlayers }).then((answer) => answer.players), { copies: clubCopies, keep: 'players' }));
  const levels = loadedValue(useLoad('levels', () => clubApi.get('/api/settings', { accept: isSettings }).then((answer) => answer.levels), { copies: clubCopies, keep: 'levels' })) ?? [];

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
  const nameOf = (personId: string) => nameOnSheet(night, personId);
  const present = new Set(night.people.map((person) => person.id));
  const absent = (players ?? []).filter((player) => !player.archived && !present.has(player.id));
  const blocked = nextRoundBlocked(night);
  const sittingOut = sittingOutOf(night);
  const started = roundStarted(night);
  const mustSitOut = sitOutsNeeded(night.people.length, night.courts);
  // said only when the people here do not fill whole courts (and are enough for one)
  const sitOutHint =
    mustSitOut === 0 || mustSitOut === night.people.length
      ? null
      : started
        ? `${mustSitOut} must sit out. The round has started: those on court play it; Next round chooses again.`
        : `${mustSitOut} must sit out to fill whole courts: Choose who sits out picks those who sat out least tonight, then longest ago.`;

  const tapPerson = (personId: string) => {
    if (readOnly) return;
    if (selected === null) return setSelected(personId);
    if (selected !== personId) edit((current) => swap(current, selected, personId));
    setSelected(null);
  };
  const runShuffle = (next: boolean) => {
    const current = night;
    const result = next ? nextRound(current, createRandom(seed()), nowIso()) : shuffleNight(current, createRandom(seed()));
    if (!result.ok) return setShuffleProblem(result.reason);
    setShuffleProblem(null);
    setSelected(null);
    edit(() => result.night);
  };

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

        <section aria-labelledby="lineup-heading" class="lineup">
          <h2 id="lineup-heading">Line-up</h2>
          <div class="actions">
            <button type="button" class="primary" disabled={readOnly} onClick={() => runShuffle(false)}>
              Shuffle
            </button>
            <button type="button" disabled={readOnly || blocked !== null} aria-describedby={blocked ? 'next-blocked' : undefined} onClick={() => runShuffle(true)}>
              Next round
            </button>
            <button
              type="button"
              disabled={readOnly}
              aria-describedby={sitOutHint ? 'sit-out-hint' : undefined}
              onClick={() => {
                setShuffleProblem(null);
                edit((current) => chooseSittingOut(current, createRandom(seed())));
              }}
            >
              Choose who sits out
            </button>
          </div>
          {sitOutHint ? (
            <p id="sit-out-hint" class="hint">
              {sitOutHint}
            </p>
          ) : null}
          {blocked ? (
            <p id="next-blocked" class="hint">
              {blocked}
            </p>
          ) : null}
          {shuffleProblem ? (
            <p class="error" role="alert">
              {shuffleProblem}
            </p>
          ) : null}
          {sittingOut.length > 0 ? (
            <p class="sitting-out" data-testid="sitting-out">
              <strong>Sitting out:</strong> {sittingOut.map(nameOf).join(', ')}
            </p>
          ) : null}
          {night.lineUp.length === 0 ? (
            <p>Nobody is on court. Shuffle to draw a line-up.</p>
          ) : (
            <>
              <p class="hint">Swap two people: tap one, then the other, on any court.</p>
              <ol class="sheet">
                {night.lineUp.map((entry) => (
                  <Court key={entry.court} entry={entry} nameOf={nameOf} selected={selected} onTap={tapPerson} />
                ))}
              </ol>
              <details class="why">
                <summary>Why this line-up</summary>
                <p class="hint">
                  The shuffle draws 300 line-ups and keeps the one with the lowest variety score against tonight’s finished rounds: 10 for each
                  repeated partner, 3 for each repeated opponent, 1 for each repeated court-mate. Strength groups: the strongest and the fourth
                  play the second and the third.
                </p>
                <ul>
                  {whyLineUp(night).map((why) => (
                    <li key={why.court}>
                      Court {why.court}: score {why.score} ({why.partners} repeated partner{why.partners === 1 ? '' : 's'}, {why.opponents} repeated opponent
                      {why.opponents === 1 ? '' : 's'}, {why.courtMates} repeated court-mate{why.courtMates === 1 ? '' : 's'})
                    </li>
                  ))}
                </ul>
                {sittingOut.length > 0 ? (
                  <>
                    <p class="hint">
                      Who sits out: those who sat out least tonight, then those whose last time is longest ago; nobody sits out twice in a row while
                      others have not.
                    </p>
                    <ul aria-label="Sitting out">
                      {whySittingOut(night).map((why) => (
                        <li key={why.id} class="sitting-out-why">
                          {why.name} sits out:{' '}
                          {why.times === 0 ? 'first time tonight' : `sat out ${why.times} round${why.times === 1 ? '' : 's'} before, last in round ${why.lastRound ?? '?'}`}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </details>
            </>
          )}
          <div class="courts-field">
            <label for="courts">Courts</label>
            <input
              id="courts"
              type="number"
              inputMode="numeric"
              min={1}
              max={20}
              disabled={readOnly}
              value={night.courts}
              onChange={(event) => edit((current) => setCourts(current, Number(event.currentTarget.value)))}
            />
          </div>
        </section>

        <section aria-labelledby="people-heading">
          <h2 id="people-heading">
            Here tonight ({night.people.length}){sittingOut.length > 0 ? ` · ${sittingOut.length} sitting out` : ''}
          </h2>
          {night.people.length === 0 ? <p>Nobody yet: add people below.</p> : null}
          <ul class="people">
            {night.people.map((person) => (
              <li key={person.id}>
                <span class="who">
                  {person.name}
                  {person.guest ? <span class="hint"> · guest</span> : null}
                  {sittingOut.includes(person.id) ? <span class="hint"> · sitting out</span> : null}
                </span>
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

/**
 * Another phone saved first. What is on the screen is said as it is: the combined copy with what
 * was combined and what of this phone's was not applied, or, once asked for, their copy as the
 * other phone saved it, from which alone Keep theirs drops this phone's changes.
 */
function ConflictBanner({ conflict, sync }: { readonly conflict: NonNullable<NightView['conflict']>; readonly sync: NightSync | null }) {
  const list = (label: string, items: readonly string[]) =>
    items.length === 0 ? null : (
      <ul aria-label={label}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if (conflict.showing === 'theirs') {
    return (
      <div class="conflict" role="alert">
        <p>
          <strong>Their copy is shown</strong>, as the other phone saved it (version {conflict.theirs.version}). Keep theirs drops this phone’s changes.
        </p>
        <button type="button" onClick={() => sync?.keepTheirs()}>
          Keep theirs
        </button>
        <button type="button" class="primary" onClick={() => sync?.showCombined()}>
          Back to the combined copy
        </button>
      </div>
    );
  }
  return (
    <div class="conflict" role="alert">
      <p>
        <strong>{conflict.closed ? 'This night was closed on another phone.' : 'This night was changed on another phone.'}</strong>{' '}
        {conflict.closed
          ? 'The changes made here are kept on this phone, not saved: reopen the night to save them on top of theirs.'
          : 'Both phones’ changes are combined and shown here.'}
      </p>
      {list('Combined from the other phone', conflict.merged)}
      {conflict.notApplied.length > 0 ? <p>Not applied from this phone:</p> : <p>Nothing of this phone’s was dropped.</p>}
      {list('Not applied from this phone', conflict.notApplied)}
      <button type="button" onClick={() => sync?.showTheirs()}>
        Show their copy
      </button>
      {conflict.closed ? null : (
        <button type="button" class="primary" onClick={() => sync?.dismiss()}>
          OK
        </button>
      )}
    </div>
  );
}

/** The rounds filed so far, the last first: the night screen's and each version's in the history. */
export function FinishedRounds({ night }: { readonly night: Pick<Night, 'rounds' | 'people' | 'playerNames'> }) {
  return (
    <section aria-labelledby="rounds-heading">
      <h2 id="rounds-heading">Finished rounds</h2>
      {night.rounds.length === 0 ? <p>No round finished yet.</p> : null}
      <ol class="rounds" reversed>
        {[...night.rounds].reverse().map((round) => {
          const nameOf = (personId: string) => nameInRound(night, round, personId);
          return (
            <li key={round.number}>
              <h3>
                Round {round.number} · {clubTime(new Date(round.startedAt))}–{clubTime(new Date(round.endedAt))}
              </h3>
              <ul>
                {round.lineUp.map((entry) => (
                  <li key={entry.court}>
                    Court {entry.court}: {nameOf(entry.teamA[0])} & {nameOf(entry.teamA[1])} vs {nameOf(entry.teamB[0])} & {nameOf(entry.teamB[1])}
                  </li>
                ))}
                {round.sittingOut && round.sittingOut.length > 0 ? <li>Sat out: {round.sittingOut.map(nameOf).join(', ')}</li> : null}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** One court of the sheet; without `onTap` (a version in the history) its people are names, not buttons. */
export function Court({ entry, nameOf, selected = null, onTap }: { entry: CourtEntry; nameOf: (id: string) => string; selected?: string | null; onTap?: (id: string) => void }) {
  const person = (personId: string, team: string) =>
    onTap ? (
      <button type="button" class="person" aria-pressed={selected === personId} aria-label={`${nameOf(personId)}, court ${entry.court} team ${team}`} onClick={() => onTap(personId)}>
        {nameOf(personId)}
      </button>
    ) : (
      <span class="person">{nameOf(personId)}</span>
    );
  return (
    <li class="court" aria-label={`Court ${entry.court}`}>
      <h3>Court {entry.court}</h3>
      <div class="teams">
        <div class="team" data-team="A">
          <span class="team-name">Team A</span>
          {person(entry.teamA[0], 'A')}
          {person(entry.teamA[1], 'A')}
        </div>
        <span class="vs" aria-hidden="true">
          vs
        </span>
        <div class="team" data-team="B">
          <span class="team-name">Team B</span>
          {person(entry.teamB[0], 'B')}
          {person(entry.teamB[1], 'B')}
        </div>
      </div>
    </li>
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

function RoundTimer({ night, readOnly, edit }: { night: Night; readOnly: boolean; edit: (change: (night: Night) => Night) => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  const nowText = new Date(now).toISOString();
  const timer = night.timer;
  const status = timer ? timerStatus(timer) : 'stopped';
  const left = timer ? remaining(timer, nowText) : night.roundLengthSec;
  const timeUp = timer !== null && isTimeUp(timer, nowText);
  const roundNumber = timer?.roundNumber ?? (night.rounds.reduce((max, round) => Math.max(max, round.number), 0) + 1);

  // at zero: a sound and a vibration, once per round, on this phone only
  const alerted = useRef<number | null>(null);
  useEffect(() => {
    if (!timeUp || alerted.current === roundNumber) return;
    alerted.current = roundNumber;
    signalTimeUp([400, 200, 400], 0.6);
  }, [timeUp, roundNumber]);

  // the screen stays on while a round runs, asked again each time the page is shown; paused or ended, it may sleep
  const running = timerRunning(night);
  useEffect(() => (running ? keepScreenOn() : undefined), [running]);

  return (
    <section aria-labelledby="timer-heading" class={`timer${timeUp ? ' time-up' : ''}`}>
      <h2 id="timer-heading">Round {roundNumber}</h2>
      {timeUp ? (
        <div class="time-up-bar" role="alert">
          Time is up
        </div>
      ) : null}
      <p class="countdown" role="timer" aria-label="Time left">
        {clock(left)}
      </p>
      <p class="hint">{status === 'running' ? 'Running' : status === 'paused' ? 'Paused' : 'Not started'}</p>
      <div class="actions">
        {status === 'stopped' ? (
          <button type="button" class="primary" disabled={readOnly} onClick={() => edit((current) => startTimer(current, nowIso()))}>
            Start
          </button>
        ) : null}
        {status === 'running' ? (
          <button type="button" disabled={readOnly} onClick={() => edit((current) => pauseTimer(current, nowIso()))}>
            Pause
          </button>
        ) : null}
        {status === 'paused' ? (
          <button type="button" class="primary" disabled={readOnly} onClick={() => edit((current) => resumeTimer(current, nowIso()))}>
            Resume
          </button>
        ) : null}
        <button type="button" disabled={readOnly || night.lineUp.length === 0} onClick={() => edit((current) => endRound(current, nowIso()))}>
          End round
        </button>
      </div>
    </section>
  );
}

