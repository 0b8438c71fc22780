import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiRefusal, isRetryable } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { SaveBadge } from '../shared/components/save-badge.tsx';
import { outboxSaveState } from '../shared/outbox-badge.ts';
import { chooseAccent, chooseTheme } from '../shared/theme.ts';
import { AuthScreen } from './auth/auth.tsx';
import { BodyScreen } from './body/body.tsx';
import { ExerciseScreen, ExercisesScreen } from './exercises/exercises.tsx';
import { gymApi, type User } from './gym-api.ts';
import { HistoryScreen } from './history/history.tsx';
import { forgetAll, keepUser, keptUser, loadReplica, onKeptChange, outboxOwner, setOutboxOwner } from './local.ts';
import { accentColour } from './model.ts';
import { PlansScreen } from './plans/plans.tsx';
import { isAuthScreen, links, type Screen, screenOf } from './routes.ts';
import { lazyScreen } from './lazy-screen.tsx';
import { type SetSync, type SetsView, startSetSync } from './workout/sets.ts';
import { SettingsScreen } from './settings/settings.tsx';
import { StatsScreen } from './stats/stats.tsx';
import { TabBar } from './tab-bar.tsx';
import { TodayScreen } from './today/today.tsx';
import { WorkoutScreen } from './workout/workout.tsx';
import { Link, type Navigate } from './link.tsx';
import type { SignedIn } from './signed-in.ts';

const PlanEditorScreen = lazyScreen(() => import('./plans/plan-editor.tsx').then((module) => module.PlanEditorScreen));
const CardioScreen = lazyScreen(() => import('./cardio/cardio.tsx').then((module) => module.CardioScreen));
const PlatesScreen = lazyScreen(() => import('./plates/plates-screen.tsx').then((module) => module.PlatesScreen));
// the OCR it starts loads later still, when an image is picked
const WorkoutHistoryScreen = lazyScreen(() => import('./workout/workout-history-screen.tsx').then((module) => module.WorkoutHistoryScreen));
const ImportScreen = lazyScreen(() => import('./import/import-screen.tsx').then((module) => module.ImportScreen));
const ImportFileScreen = lazyScreen(() => import('./import/import-file-screen.tsx').then((module) => module.ImportFileScreen));

/** The account's look on this phone: its accent and its theme, saved with the account so every phone follows. */
export function applyLook(user: User): void {
  chooseAccent(accentColour(user.settings.accent));
  chooseTheme(user.settings.appearance);
}

/** The header's save badge, from the outbox; its name counts the sets still to send. */
function GymSaveBadge({ view, onRetry }: { readonly view: SetsView | null; readonly onRetry: () => void }) {
  const commands = view?.commands ?? [];
  const waiting = commands.filter((command) => !command.refusal);
  // a workout started with no signal waits too, before its sets
  const sets = waiting.filter((command) => !command.key.startsWith('start:')).length;
  const refused = commands.length - waiting.length;
  const what =
    refused > 0
      ? `${refused} ${refused === 1 ? 'change' : 'changes'} refused`
      : sets > 0
        ? `${sets} ${sets === 1 ? 'set' : 'sets'} waiting to be sent`
        : waiting.length > 0
          ? 'the workout waits to be sent'
          : undefined;
  return <SaveBadge state={outboxSaveState(commands, view?.offline ?? false)} onRetry={onRetry} waiting={what} />;
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

/** The title and the screen for a route. */
function screenView(screen: Screen, signedIn: SignedIn): [string, ComponentChildren] {
  switch (screen.name) {
    case 'today':
    case 'login':
    case 'signup':
    case 'recover':
      return ['Gym log', <TodayScreen signedIn={signedIn} />];
    case 'history':
      return ['History', <HistoryScreen signedIn={signedIn} />];
    case 'workout-history':
      return ['Workout history', <WorkoutHistoryScreen key={screen.id} signedIn={signedIn} workoutId={screen.id} />];
    case 'workout':
      return ['Workout', <WorkoutScreen key={screen.id} signedIn={signedIn} workoutId={screen.id} />];
    case 'plans':
      return ['Plans', <PlansScreen signedIn={signedIn} />];
    case 'plan':
      return ['Plan', <PlanEditorScreen key={screen.id} signedIn={signedIn} id={screen.id} />];
    case 'cardio':
      return ['Cardio', <CardioScreen signedIn={signedIn} />];
    case 'plates':
      return ['Plates', <PlatesScreen signedIn={signedIn} />];
    case 'exercises':
      return ['Exercises', <ExercisesScreen signedIn={signedIn} />];
    case 'exercise':
      return ['Exercise', <ExerciseScreen key={screen.id} signedIn={signedIn} id={screen.id} />];
    case 'import':
      return ['Read a screenshot', <ImportScreen signedIn={signedIn} />];
    case 'import-file':
      return ['Import a CSV export', <ImportFileScreen signedIn={signedIn} />];
    case 'body':
      return ['Body weight', <BodyScreen signedIn={signedIn} />];
    case 'stats':
      return ['Stats', <StatsScreen signedIn={signedIn} />];
    case 'settings':
      return ['Settings', <SettingsScreen signedIn={signedIn} />];
    case 'missing':
      return [
        'Gym log',
        <>
          <h2>No such page</h2>
          <p>There is nothing at this address in the app.</p>
          <Link to="/" navigate={signedIn.navigate} class="button back-link">
            Back to today
          </Link>
        </>,
      ];
  }
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
    if (to !== `${location.pathname}${location.search}`) history.pushState(null, '', to);
    // a link may carry a query for its screen (the plate calculator's weight): the screen is the path's
    setPath(new URL(to, location.href).pathname);
    window.scrollTo(0, 0);
  };
  const setUser = (next: User) => {
    // sets left by another account (its login ended without a log out here) are never sent
    // with this one's login nor shown to it
    keepUser(next);
    applyLook(next);
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

  const afterSignIn = (me: User) => {
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
      // with no answer the server's login may live on, and would sign this account in again
      if (isRetryable(error)) return 'Not logged out: logging out needs a connection. Nothing was dropped.';
    }
    await forget();
    return null;
  };

  const forVisitors = isAuthScreen(screenOf(path));
  useEffect(() => {
    if (checked && !user && !forVisitors) navigate(links.login);
    if (user && forVisitors) navigate(links.today);
  }, [checked, user, path]);

  if (!user) {
    if (forVisitors) return <AuthScreen path={path} navigate={navigate} onSignedIn={afterSignIn} />;
    return (
      <AppShell title="Gym log">
        <p>{offline ? 'No connection: signing in needs the network.' : checked ? 'Opening the sign-in page…' : 'Loading…'}</p>
      </AppShell>
    );
  }

  const signedIn: SignedIn = { user, setUser, navigate, signOut, forget, sets: sets.current, setsView };
  const screen = screenOf(path);
  const [title, view] = screenView(screen, signedIn);
  return (
    <AppShell
      title={title}
      actions={<GymSaveBadge view={setsView} onRetry={() => void sets.current?.retry()} />}
      dock={<TabBar path={path} navigate={navigate} commands={setsView?.commands ?? []} />}
      theme={{
        choice: user.settings.appearance,
        cycle: ['light', 'dark'],
        // the header's button changes the account's theme, not only this phone's
        onChoose: (appearance) => {
          if (appearance !== 'light' && appearance !== 'dark') return;
          gymApi.settings({ appearance }).then(setUser, () => undefined);
        },
      }}
    >
      {offline ? <p class="note-line">Offline: showing the last copy kept on this phone. Sets you tick are kept and sent when the signal is back.</p> : null}
      <Notices view={setsView} onDismiss={(id) => sets.current?.dismiss(id)} />
      {view}
    </AppShell>
  );
}
