import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiRefusal, isRetryable } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { chooseAccent } from '../shared/theme.ts';
import { AuthScreen } from './auth.tsx';
import { BodyScreen } from './body.tsx';
import { ExerciseScreen, ExercisesScreen } from './exercises.tsx';
import { gymApi, type User } from './gym-api.ts';
import { HistoryScreen } from './history.tsx';
import { forgetAll, keepUser, keptUser, loadReplica, onKeptChange, outboxOwner, setOutboxOwner } from './local.ts';
import { accentColour } from './model.ts';
import { PlansScreen } from './plans.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { type SetSync, type SetsView, startSetSync } from './sets.ts';
import { SettingsScreen } from './settings.tsx';
import { StatsScreen } from './stats.tsx';
import { TodayScreen } from './today.tsx';
import { WorkoutScreen } from './workout.tsx';
import { Link, type Navigate } from './link.tsx';

export type { Navigate };

const PlanEditorScreen = lazyScreen(() => import('./plan-editor.tsx').then((module) => module.PlanEditorScreen));
const CardioScreen = lazyScreen(() => import('./cardio.tsx').then((module) => module.CardioScreen));
const PlatesScreen = lazyScreen(() => import('./plates-screen.tsx').then((module) => module.PlatesScreen));
// the OCR it starts loads later still, when an image is picked
const WorkoutHistoryScreen = lazyScreen(() => import('./workout-history-screen.tsx').then((module) => module.WorkoutHistoryScreen));
const ImportScreen = lazyScreen(() => import('./import-screen.tsx').then((module) => module.ImportScreen));
const ImportFileScreen = lazyScreen(() => import('./import-file-screen.tsx').then((module) => module.ImportFileScreen));

export type Session = {
  readonly user: User;
  readonly setUser: (user: User) => void;
  readonly navigate: Navigate;
  /** resolves with why the phone is still signed in, or null */
  readonly signOut: () => Promise<string | null>;
  /** the account is gone (erased): forget it on this phone, as after signing out */
  readonly forget: () => void;
  /** the workouts' commands (start, tick, delete) and what they did */
  readonly sets: SetSync | null;
  readonly setsView: SetsView | null;
};

const AUTH_ROUTES = ['/login', '/signup', '/recover'];


export function applyAccent(user: User): void {
  chooseAccent(accentColour(user.settings.accent));
}

function Nav({ path, navigate }: { readonly path: string; readonly navigate: Navigate }) {
  const items = [
    ['/', 'Today'],
    ['/history', 'History'],
    ['/plans', 'Plans'],
    ['/exercises', 'Exercises'],
    ['/body', 'Body'],
    ['/cardio', 'Cardio'],
    ['/plates', 'Plates'],
    ['/stats', 'Stats'],
    ['/settings', 'Settings'],
  ] as const;
  return (
    <nav class="app-nav" aria-label="Main">
      {items.map(([to, label]) => (
        <a
          key={to}
          href={to}
          aria-current={path === to || (to !== '/' && path.startsWith(`${to}/`)) ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            navigate(to);
          }}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}

function OutboxBadge({ view, onRetry }: { readonly view: SetsView | null; readonly onRetry: () => void }) {
  const waiting = (view?.commands ?? []).filter((command) => !command.refusal);
  const refused = (view?.commands ?? []).filter((command) => command.refusal).length;
  if (waiting.length === 0 && refused === 0) return null;
  // a workout started with no signal waits too, before its sets
  const sets = waiting.filter((command) => !command.key.startsWith('start:')).length;
  const label = sets > 0 ? `${sets} ${sets === 1 ? 'set' : 'sets'} waiting to be sent; send now` : 'The workout waits to be sent; send now';
  return (
    <button type="button" class="outbox-badge" data-testid="outbox-badge" onClick={onRetry} aria-label={label}>
      <span aria-hidden="true">{sets > 0 ? sets : waiting.length}</span>
    </button>
  );
}

/** Told once, until dismissed: a change of this phone that another device's later change replaced. */
function Notices({ view, onDismiss }: { readonly view: SetsView | null; readonly onDismiss: (id: string) => void }) {
  const notices = view?.notices ?? [];
  return (
    <div role="status" aria-live="polite" class="notices">
      {notices.map((notice) => (
        <p key={notice.id} class="notice-line" data-testid="sync-notice">
          <span>{notice.text}</span>
          <button type="button" onClick={() => onDismiss(notice.id)}>
            OK
          </button>
        </p>
      ))}
    </div>
  );
}

export function App() {
  const [path, setPath] = useState(location.pathname);
  const [user, setUserState] = useState<User | null>(() => keptUser<User>());
  const userRef = useRef(user);
  userRef.current = user;
  // a copy changed under the screen (a set confirmed, a workout started): draw again
  const [, setCopies] = useState(0);
  const [checked, setChecked] = useState(false);
  const [offline, setOffline] = useState(false);
  const [setsView, setSetsView] = useState<SetsView | null>(null);
  const sets = useRef<SetSync | null>(null);

  const navigate: Navigate = (to) => {
    if (to !== location.pathname) history.pushState(null, '', to);
    setPath(to);
    window.scrollTo(0, 0);
  };
  const setUser = (next: User) => {
    // sets left by another account (its session ended without a log out here) are never sent
    // with this one's session nor shown to it
    keepUser(next);
    applyAccent(next);
    if (outboxOwner() !== next.id) {
      if (outboxOwner() !== null) void sets.current?.clear();
      setOutboxOwner(next.id);
    }
    // the replica is this account's before anything is drawn from it
    void loadReplica(next.id).then(() => setUserState(next));
  };

  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    window.addEventListener('popstate', onPop);
    const sync = startSetSync(setSetsView, () => userRef.current?.settings.unit ?? 'kg');
    sets.current = sync;
    const stopCopies = onKeptChange(() => setCopies((count) => count + 1));
    const check = () =>
      gymApi.me().then(
        (me) => {
          setUser(me);
          setOffline(false);
          setChecked(true);
        },
        (error: unknown) => {
          if (error instanceof ApiRefusal && error.status === 401) {
            void forgetAll();
            setUserState(null);
          } else {
            setOffline(true);
          }
          setChecked(true);
        },
      );
    void check();
    // back online: the account is read again and the page stops saying it shows a kept copy
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('online', onOnline);
      stopCopies();
      sync.stop();
    };
  }, []);

  const signedIn = (me: User) => {
    setUser(me);
    navigate('/');
  };
  const forget = async () => {
    await sets.current?.clear();
    await forgetAll();
    setUserState(null);
    navigate('/login');
  };
  const signOut = async () => {
    // what this phone still holds for the account is dropped with it: the next person on the
    // phone must neither send nor see it
    const unsent = (await sets.current?.unsent()) ?? 0;
    if (unsent > 0 && !confirm(`${unsent} ${unsent === 1 ? 'set' : 'sets'} not sent yet will be lost. Log out anyway?`)) return null;
    try {
      await gymApi.logout();
    } catch (error) {
      // with no answer the server's session may live on, and would sign this account in again
      if (isRetryable(error)) return 'Not logged out: logging out needs a connection. Nothing was dropped.';
    }
    await forget();
    return null;
  };

  useEffect(() => {
    if (checked && !user && !AUTH_ROUTES.includes(path)) navigate('/login');
    if (user && AUTH_ROUTES.includes(path)) navigate('/');
  }, [checked, user, path]);

  if (!user) {
    if (AUTH_ROUTES.includes(path)) return <AuthScreen path={path} navigate={navigate} onSignedIn={signedIn} />;
    return (
      <AppShell title="Gym log">
        <p>{offline ? 'No connection: signing in needs the network.' : checked ? 'Opening the sign-in page…' : 'Loading…'}</p>
      </AppShell>
    );
  }

  const session: Session = { user, setUser, navigate, signOut, forget, sets: sets.current, setsView };
  const workoutMatch = /^\/workout\/([^/]+)$/.exec(path);
  const workoutHistoryMatch = /^\/workout\/([^/]+)\/history$/.exec(path);
  const exerciseMatch = /^\/exercises\/([^/]+)$/.exec(path);
  const planMatch = /^\/plans\/([^/]+)$/.exec(path);
  let screen: ComponentChildren;
  let title = 'Gym log';
  // a workout is started from Today: /workout alone is that place
  if (path === '/' || path === '/workout') screen = <TodayScreen session={session} />;
  else if (path === '/history') [title, screen] = ['History', <HistoryScreen session={session} />];
  else if (workoutHistoryMatch?.[1]) {
    title = 'Workout history';
    screen = <WorkoutHistoryScreen key={workoutHistoryMatch[1]} session={session} workoutId={workoutHistoryMatch[1]} />;
  } else if (workoutMatch?.[1]) {
    title = 'Workout';
    screen = <WorkoutScreen key={workoutMatch[1]} session={session} workoutId={workoutMatch[1]} />;
  } else if (path === '/plans') {
    title = 'Plans';
    screen = <PlansScreen session={session} />;
  } else if (planMatch?.[1]) [title, screen] = ['Plan', <PlanEditorScreen key={planMatch[1]} session={session} id={planMatch[1]} />];
  else if (path === '/cardio') [title, screen] = ['Cardio', <CardioScreen session={session} />];
  else if (path === '/plates') [title, screen] = ['Plates', <PlatesScreen session={session} />];
  else if (path === '/exercises') {
    title = 'Exercises';
    screen = <ExercisesScreen session={session} />;
  } else if (exerciseMatch?.[1]) {
    title = 'Exercise';
    screen = <ExerciseScreen key={exerciseMatch[1]} session={session} id={exerciseMatch[1]} />;
  } else if (path === '/import') {
    title = 'Read a screenshot';
    screen = <ImportScreen session={session} />;
  } else if (path === '/import/file') {
    title = 'Import a CSV export';
    screen = <ImportFileScreen session={session} />;
  } else if (path === '/body') {
    title = 'Body weight';
    screen = <BodyScreen session={session} />;
  } else if (path === '/stats') {
    title = 'Stats';
    screen = <StatsScreen session={session} />;
  } else if (path === '/settings') {
    title = 'Settings';
    screen = <SettingsScreen session={session} />;
  } else {
    screen = (
      <>
        <h2>No such page</h2>
        <p>There is nothing at this address in the app.</p>
        <Link to="/" navigate={navigate} class="button back-link">
          Back to today
        </Link>
      </>
    );
  }
  return (
    <AppShell title={title} actions={<OutboxBadge view={setsView} onRetry={() => void sets.current?.retry()} />}>
      <Nav path={path} navigate={navigate} />
      {offline ? <p class="note-line">Offline: showing the last copy kept on this phone. Sets you tick are kept and sent when the signal is back.</p> : null}
      <Notices view={setsView} onDismiss={(id) => sets.current?.dismiss(id)} />
      {screen}
    </AppShell>
  );
}
