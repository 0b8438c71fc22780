import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '../shared/tokens.css';
import './app.css';
import './club.css';
import { ApiRefusal, isRecord } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { AccountScreen } from './account.tsx';
import { clubApi } from './api.ts';
import { forgetLogin, rememberLogin } from './copies.ts';
import { CalendarScreen } from './calendar.tsx';
import { HistoryScreen } from './history.tsx';
import { PeopleScreen } from './people.tsx';
import { links, screenOf } from './routes.ts';
import { SettingsScreen } from './settings.tsx';
import { LoginScreen } from './login.tsx';
import { NightScreen } from './night-screen.tsx';
import { TodayScreen } from './today.tsx';
import { isUser, type Navigate, type User } from './user.ts';

/** Who is logged in: unknown while asking, null when nobody, 'offline' when the server could not be asked. */
type Login = User | null | 'offline' | 'asking';

function ClubApp() {
  const [path, setPath] = useState(location.pathname);
  const [login, setLogin] = useState<Login>('asking');
  const navigate: Navigate = (to) => {
    history.pushState(null, '', to);
    setPath(to);
    window.scrollTo(0, 0);
  };
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    window.addEventListener('popstate', onPop);
    clubApi.get('/api/auth/me', { accept: isUser }).then(
      (user) => {
        rememberLogin(user.id);
        setLogin(user);
      },
      (error) => setLogin(error instanceof ApiRefusal && error.status === 401 ? null : 'offline'),
    );
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  if (login === 'asking') {
    return (
      <AppShell title="Club nights">
        <p>Opening…</p>
      </AppShell>
    );
  }
  const atLogin = screenOf(path).name === 'login';
  if (login === null || atLogin) {
    return (
      <LoginScreen
        onLoggedIn={(user) => {
          rememberLogin(user.id);
          setLogin(user);
          navigate(atLogin ? links.today : path);
        }}
      />
    );
  }
  const user = login === 'offline' ? null : login;
  const logOut = async () => {
    await clubApi.post('/api/auth/logout', { accept: isRecord }).catch(() => undefined);
    await forgetLogin().catch(() => undefined);
    setLogin(null);
    navigate(links.login);
  };
  const screen = screenOf(path);
  if (screen.name === 'night-history') return <HistoryScreen id={screen.id} version={screen.version} navigate={navigate} />;
  if (screen.name === 'night') return <NightScreen id={screen.id} navigate={navigate} />;
  if (screen.name === 'account' && user?.canChangePassword) return <AccountScreen navigate={navigate} />;
  if (screen.name === 'calendar') return <CalendarScreen navigate={navigate} />;
  if (screen.name === 'people') return <PeopleScreen navigate={navigate} />;
  if (screen.name === 'settings') return <SettingsScreen navigate={navigate} />;
  return <TodayScreen user={user} navigate={navigate} onLogOut={logOut} />;
}

render(<ClubApp />, document.getElementById('app')!);
