import { useEffect, useState } from 'preact/hooks';
import { ApiRefusal, isRetryable } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { SaveBadge } from '../shared/components/save-badge.tsx';
import { watchSyncMoments } from '../shared/sync-moments.ts';
import { api } from './api.ts';
import { AuthScreen } from './auth.tsx';
import { Link, navigate, PhoneCopy, useLocation, useMarkStatus, useOldestFromPhone } from './common.tsx';
import { marksSaveState } from './marks.ts';
import { messageOf } from '../shared/messages.ts';
import { type MarkSync, startMarkSync } from './mark-sync.ts';
import { forgetSignedIn, lastSignedIn, openReplica, rememberSignedIn, type Replica } from './replica.ts';
import { ImportScreen } from './import.tsx';
import { HistoryScreen, ListingScreen, ScheduleScreen, SearchScreen, TrendingScreen } from './lists.tsx';
import type { User } from './model.ts';
import { isPublic, links, type Screen, screenOf } from './routes.ts';
import { ProfileScreen } from './profile.tsx';
import { SettingsScreen } from './settings.tsx';
import { ShowScreen } from './show.tsx';
import { DismissedScreen, SuggestionsScreen } from './suggestions.tsx';

/** `offlineSince`: signed in as this phone last saw it (the service did not answer), saved then */
type Session =
  | { readonly kind: 'loading' }
  | { readonly kind: 'in'; readonly user: User; readonly offlineSince: string | null }
  | { readonly kind: 'out' }
  | { readonly kind: 'unknown'; readonly message: string };

const SAVED_AT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Forgets what an account left on this phone: its copy, and with `marks` its marks not sent yet. */
async function forgetAccount(userId: string, marks: MarkSync | null): Promise<void> {
  await Promise.all([openReplica(userId).then((replica) => replica.clear()), forgetSignedIn()]).catch(() => undefined);
  await marks?.clear().catch(() => undefined);
}

/** An account signed out by the server (401) keeps its unsent marks for when it signs in again: only the copy goes. */
async function forgetCopyOfLast(): Promise<void> {
  const last = await lastSignedIn();
  if (last) await forgetAccount(last.value.id, null);
}

const NAV: readonly { readonly href: string; readonly label: string; readonly screen: Screen['name'] }[] = [
  { href: links.dashboard, label: 'Dashboard', screen: 'dashboard' },
  { href: links.search(), label: 'Search', screen: 'search' },
  { href: links.schedule(), label: 'Schedule', screen: 'schedule' },
  { href: links.trending, label: 'Trending', screen: 'trending' },
  { href: links.watching, label: 'Watching', screen: 'watching' },
  { href: links.watchlist, label: 'Watchlist', screen: 'watchlist' },
  { href: links.completed, label: 'Completed', screen: 'completed' },
  { href: links.history, label: 'History', screen: 'history' },
  { href: links.suggestions, label: 'Suggestions', screen: 'suggestions' },
  { href: links.settings, label: 'Settings', screen: 'settings' },
];

/** The header's save badge: the watched marks this phone holds; a tap sends them now. */
function MarksBadge({ marks }: { readonly marks: MarkSync | null }) {
  const status = useMarkStatus(marks);
  const count = status.queued.length;
  const waiting = count > 0 ? `${count} ${count === 1 ? 'mark' : 'marks'} waiting to be sent` : undefined;
  const state = marksSaveState(status);
  // a refused mark is dropped: there is nothing to send again, the show's page says why
  const retry = marks && state.kind !== 'failed' ? () => void marks.retry() : undefined;
  return <SaveBadge state={state} onRetry={retry} waiting={waiting} />;
}

export function App() {
  const where = useLocation();
  const screen = screenOf(where.pathname, where.search);
  const [session, setSession] = useState<Session>({ kind: 'loading' });
  const [loggingOut, setLoggingOut] = useState<string | null>(null);
  // said on the sign-in screen once the account is erased, until someone signs in
  const [farewell, setFarewell] = useState<string | null>(null);
  const userId = session.kind === 'in' ? session.user.id : null;
  const [phone, setPhone] = useState<{ readonly replica: Replica; readonly marks: MarkSync } | null>(null);
  useEffect(() => {
    if (!userId) return setPhone(null);
    let live = true;
    let marks: MarkSync | null = null;
    void openReplica(userId).then((replica) => {
      if (!live) return;
      marks = startMarkSync(replica);
      setPhone({ replica, marks });
    });
    return () => {
      live = false;
      marks?.stop();
    };
  }, [userId]);

  const signIn = (user: User) => {
    setFarewell(null);
    void lastSignedIn().then(async (last) => {
      // the last account on this phone did not sign out: the next one must see nothing of it
      if (last && last.value.id !== user.id) await forgetAccount(last.value.id, null);
      await rememberSignedIn(user);
    });
    setSession({ kind: 'in', user, offlineSince: null });
  };

  // the app asks on load whether this browser is signed in (spec 001: GET /api/auth/me); with no
  // answer, the account this phone last saw signed in opens from its copy
  const ask = (quiet = false) => {
    if (!quiet) setSession({ kind: 'loading' });
    api.me().then(signIn, async (error: unknown) => {
      if (error instanceof ApiRefusal && error.status === 401) {
        await forgetCopyOfLast();
        setSession({ kind: 'out' });
        return;
      }
      const last = isRetryable(error) ? await lastSignedIn() : null;
      if (last) setSession((now) => (now.kind === 'in' && now.user.id === last.value.id && now.offlineSince ? now : { kind: 'in', user: last.value, offlineSince: last.savedAt }));
      else if (!quiet) setSession({ kind: 'unknown', message: messageOf(error) });
    });
  };
  useEffect(() => ask(), []);

  // opened offline: asked again when the network is back, the page is seen again and every 8 s
  const offline = session.kind === 'in' && session.offlineSince !== null;
  useEffect(() => {
    if (!offline) return;
    return watchSyncMoments({ retry: () => ask(true) });
  }, [offline]);
  const oldestFromPhone = useOldestFromPhone();
  const offlineAt = oldestFromPhone ?? (session.kind === 'in' ? session.offlineSince : null);

  useEffect(() => {
    if (screen.name !== 'show') document.title = 'Shows';
  }, [screen.name]);

  // signed in, the login and signup pages have nothing to offer
  useEffect(() => {
    if (session.kind === 'in' && (screen.name === 'login' || screen.name === 'signup')) navigate(links.dashboard, true);
  }, [session.kind, screen.name]);

  const signedIn = (user: User) => {
    signIn(user);
    if (screen.name === 'login' || screen.name === 'signup') navigate(links.dashboard, true);
  };

  const logout = async () => {
    setLoggingOut(null);
    try {
      await api.logout();
      if (userId) await forgetAccount(userId, phone?.marks ?? null);
      setSession({ kind: 'out' });
      navigate(links.login);
    } catch (error) {
      setLoggingOut(messageOf(error));
    }
  };

  // the server erased the account and ended its sessions: this phone forgets it too, unsent marks included (they have nowhere to go)
  const gone = async () => {
    if (userId) await forgetAccount(userId, phone?.marks ?? null);
    setFarewell('Your account and everything in it are deleted.');
    setSession({ kind: 'out' });
    navigate(links.login);
  };

  const actions =
    session.kind === 'in' ? (
      <>
        <MarksBadge marks={phone?.marks ?? null} />
        <button type="button" onClick={() => void logout()}>
          Log out
        </button>
      </>
    ) : null;

  let body;
  if (session.kind === 'loading') body = <p role="status">Loading…</p>;
  else if (session.kind === 'unknown' && !isPublic(screen))
    body = (
      <div class="notice" role="alert">
        <p>Cannot tell whether you are signed in: {session.message}</p>
        <button type="button" onClick={() => ask()}>
          Try again
        </button>
      </div>
    );
  else if (session.kind !== 'in' && !isPublic(screen)) body = <AuthScreen mode="login" onSignedIn={signedIn} />;
  // the screens draw from the account's copy on this phone: none is drawn before it is open
  else if (session.kind === 'in' && phone?.replica.userId !== session.user.id) body = <p role="status">Loading…</p>;
  else body = <ScreenView screen={screen} user={session.kind === 'in' ? session.user : null} onSignedIn={signedIn} onUser={signIn} onGone={() => void gone()} />;

  return (
    <AppShell title="Shows" actions={actions}>
      {session.kind === 'in' ? (
        <nav class="main-nav" aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} current={item.screen === screen.name}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {session.kind === 'in' && offlineAt ? (
        <p class="offline-line" role="status" data-testid="offline-line">
          Offline: showing what this phone last saw ({SAVED_AT.format(new Date(offlineAt))})
        </p>
      ) : null}
      {farewell && session.kind === 'out' ? (
        <p class="notice" role="status">
          {farewell}
        </p>
      ) : null}
      {loggingOut ? (
        <p class="error-text" role="alert">
          Not logged out: {loggingOut}
        </p>
      ) : null}
      <PhoneCopy.Provider value={session.kind === 'in' ? phone : null}>{body}</PhoneCopy.Provider>
    </AppShell>
  );
}

type ScreenViewProps = {
  readonly screen: Screen;
  readonly user: User | null;
  readonly onSignedIn: (user: User) => void;
  readonly onUser: (user: User) => void;
  readonly onGone: () => void;
};

function ScreenView({ screen, user, onSignedIn, onUser, onGone }: ScreenViewProps) {
  switch (screen.name) {
    case 'login':
    case 'signup':
      return <AuthScreen mode={screen.name} onSignedIn={onSignedIn} key={screen.name} />;
    case 'dashboard':
      return <ListingScreen listing="tracked" title="Your shows" key="tracked" />;
    case 'watching':
      return <ListingScreen listing="watching" title="Watching" key="watching" />;
    case 'watchlist':
      return <ListingScreen listing="watchlist" title="Watchlist" key="watchlist" />;
    case 'completed':
      return <ListingScreen listing="completed" title="Completed" key="completed" />;
    case 'history':
      return <HistoryScreen />;
    case 'search':
      return <SearchScreen q={screen.q} />;
    case 'show':
      return <ShowScreen showId={screen.showId} key={screen.showId} />;
    case 'schedule':
      return <ScheduleScreen date={screen.date} />;
    case 'trending':
      return <TrendingScreen />;
    case 'suggestions':
      return <SuggestionsScreen />;
    case 'dismissed':
      return <DismissedScreen />;
    case 'settings':
      return user ? <SettingsScreen user={user} onUser={onUser} onGone={onGone} /> : <NotHere />;
    case 'import':
      return <ImportScreen job={screen.job} />;
    case 'profile':
      return <ProfileScreen username={screen.username} key={screen.username} />;
    case 'missing':
      return <NotHere />;
  }
}

/** A listed address whose screen is not in this version of the app says so plainly. */
function NotHere() {
  return (
    <section class="empty">
      <h2>Not in the app yet</h2>
      <p>This page is not part of this version of the app.</p>
      <p>
        <Link href={links.dashboard}>Go to your shows</Link>
      </p>
    </section>
  );
}
