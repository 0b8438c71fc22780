import { useState } from 'preact/hooks';
import { AppShell } from '../shared/components/app-shell.tsx';
import { messageOf } from '../shared/messages.ts';
import { clubApi } from './api.ts';
import { isUser, type User } from './user.ts';

/** Accounts are made by the club's admin (`npm run ops -- club:user add`): there is no signup here. */
export function LoginScreen({ onLoggedIn }: { readonly onLoggedIn: (user: User) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onLoggedIn(await clubApi.post('/api/auth/login', { body: { username, password }, accept: isUser }));
    } catch (caught) {
      setError(messageOf(caught, { offline: 'No connection: logging in needs the network.' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppShell title="Club nights">
      <h2>Log in</h2>
      <form class="stack" onSubmit={submit}>
        <label for="username">Username</label>
        <input id="username" type="text" autocomplete="username" autocapitalize="none" required value={username} onInput={(event) => setUsername(event.currentTarget.value)} />
        <label for="password">Password</label>
        <input id="password" type="password" autocomplete="current-password" required value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" class="primary" disabled={busy}>
          Log in
        </button>
      </form>
      <p class="hint">No account? Ask the club's admin. The public schedule is on <a href="/">the start page</a>.</p>
    </AppShell>
  );
}
