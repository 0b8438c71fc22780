import { useState } from 'preact/hooks';
import { api } from './api.ts';
import { Link } from './common.tsx';
import { messageOf } from '../shared/messages.ts';
import type { User } from './model.ts';
import { links } from './routes.ts';

/** Log in or sign up: one form, the API's refusal shown as it says it. */
export function AuthScreen({ mode, onSignedIn }: { readonly mode: 'login' | 'signup'; readonly onSignedIn: (user: User) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signup = mode === 'signup';

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      onSignedIn(signup ? await api.signup(email.trim(), password) : await api.login(email.trim(), password));
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <section class="auth" aria-labelledby="auth-title">
      <h2 id="auth-title">{signup ? 'Create your account' : 'Log in'}</h2>
      <p class="muted">Track the shows you watch and what airs next.</p>
      <form class="stack" onSubmit={submit}>
        <div class="field">
          <label for="email">Email</label>
          <input id="email" type="email" autocomplete="email" required value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            type="password"
            autocomplete={signup ? 'new-password' : 'current-password'}
            required
            minLength={signup ? 8 : undefined}
            aria-describedby={signup ? 'password-hint' : undefined}
            value={password}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
          {signup ? (
            <p id="password-hint" class="muted small">
              At least 8 characters; a commonly used password is refused.
            </p>
          ) : null}
        </div>
        {failure ? (
          <p class="error-text" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? (signup ? 'Creating…' : 'Logging in…') : signup ? 'Sign up' : 'Log in'}
        </button>
      </form>
      <p>
        {signup ? (
          <>
            Have an account? <Link href={links.login}>Log in</Link>
          </>
        ) : (
          <>
            New here? <Link href={links.signup}>Create an account</Link>
          </>
        )}
      </p>
    </section>
  );
}
