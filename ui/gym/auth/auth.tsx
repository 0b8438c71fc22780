import { useEffect, useState } from 'preact/hooks';
import { AppShell } from '../../shared/components/app-shell.tsx';
import { messageOf } from '../../shared/messages.ts';
import { shownTheme } from '../../shared/theme.ts';
import { Link, type Navigate } from '../link.tsx';
import { gymApi, type User } from '../gym-api.ts';
import { codeDigits } from '../model.ts';
import { Problem } from '../outcome.tsx';

function Field({ label, type, value, onInput, autocomplete, inputMode }: { readonly label: string; readonly type: 'email' | 'password' | 'text'; readonly value: string; readonly onInput: (value: string) => void; readonly autocomplete: string; readonly inputMode?: 'numeric' }) {
  const id = `field-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {/* preact types a password input apart from text ones; any of the three takes these attributes */}
      <input id={id} type={type as 'text'} value={value} required autocomplete={autocomplete} inputMode={inputMode} onInput={(event) => onInput(event.currentTarget.value)} />
    </div>
  );
}

function useSubmit(): [boolean, string | null, (run: () => Promise<void>) => (event: Event) => void] {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (run: () => Promise<void>) => (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    run()
      .catch((error: unknown) => setProblem(messageOf(error)))
      .finally(() => setBusy(false));
  };
  return [busy, problem, submit];
}

function Login({ navigate, onSignedIn }: { readonly navigate: Navigate; readonly onSignedIn: (user: User) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, problem, submit] = useSubmit();
  return (
    <form class="stack" onSubmit={submit(async () => onSignedIn(await gymApi.login({ email, password })))}>
      <h2>Log in</h2>
      <Field label="Email" type="email" value={email} onInput={setEmail} autocomplete="username" />
      <Field label="Password" type="password" value={password} onInput={setPassword} autocomplete="current-password" />
      <Problem message={problem} />
      <button type="submit" class="primary" disabled={busy}>
        Log in
      </button>
      <p>
        New here? <Link to="/signup" navigate={navigate}>Sign up</Link>. Forgot your password? <Link to="/recover" navigate={navigate}>Get a code</Link>.
      </p>
    </form>
  );
}

function Signup({ navigate, onSignedIn }: { readonly navigate: Navigate; readonly onSignedIn: (user: User) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invite, setInvite] = useState('');
  const [inviteRequired, setInviteRequired] = useState<boolean | null>(null);
  const [busy, problem, submit] = useSubmit();
  useEffect(() => {
    gymApi.config().then(
      (config) => setInviteRequired(config.inviteRequired),
      () => setInviteRequired(false),
    );
  }, []);
  return (
    <form
      class="stack"
      // the account starts as the page looks: a dark phone keeps a dark app
      onSubmit={submit(async () => {
        const settings = { appearance: shownTheme() };
        onSignedIn(await gymApi.signup(inviteRequired ? { email, password, inviteCode: invite, settings } : { email, password, settings }));
      })}
    >
      <h2>Sign up</h2>
      <Field label="Email" type="email" value={email} onInput={setEmail} autocomplete="username" />
      <Field label="Password" type="password" value={password} onInput={setPassword} autocomplete="new-password" />
      <p class="hint">At least 8 characters; a password that is easy to guess, or made of your email, is refused.</p>
      {inviteRequired ? <Field label="Invite code" type="text" value={invite} onInput={setInvite} autocomplete="off" /> : null}
      <Problem message={problem} />
      <button type="submit" class="primary" disabled={busy || inviteRequired === null}>
        Sign up
      </button>
      <p>
        Have an account? <Link to="/login" navigate={navigate}>Log in</Link>.
      </p>
    </form>
  );
}

function Recover({ navigate, onSignedIn }: { readonly navigate: Navigate; readonly onSignedIn: (user: User) => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, problem, submit] = useSubmit();
  if (!sent) {
    return (
      <form
        class="stack"
        onSubmit={submit(async () => {
          await gymApi.forgot(email);
          setSent(true);
        })}
      >
        <h2>Forgot your password</h2>
        <p>We mail a 6-digit code to the address of your account. Type it here on this phone.</p>
        <Field label="Email" type="email" value={email} onInput={setEmail} autocomplete="username" />
        <Problem message={problem} />
        <button type="submit" class="primary" disabled={busy}>
          Send me a code
        </button>
        <p>
          <Link to="/login" navigate={navigate}>Back to log in</Link>
        </p>
      </form>
    );
  }
  return (
    <form
      class="stack"
      onSubmit={submit(async () => {
        await gymApi.reset({ email, code: codeDigits(code), newPassword: password });
        onSignedIn(await gymApi.me());
      })}
    >
      <h2>Check your mail</h2>
      <p role="status">If an account uses {email}, a code is on its way. It lasts 30 minutes.</p>
      <Field label="Code from the mail" type="text" value={code} onInput={setCode} autocomplete="one-time-code" inputMode="numeric" />
      <Field label="New password" type="password" value={password} onInput={setPassword} autocomplete="new-password" />
      <Problem message={problem} />
      <button type="submit" class="primary" disabled={busy}>
        Set the password and log in
      </button>
      <button type="button" onClick={() => setSent(false)}>
        Send another code
      </button>
    </form>
  );
}

export function AuthScreen({ path, navigate, onSignedIn }: { readonly path: string; readonly navigate: Navigate; readonly onSignedIn: (user: User) => void }) {
  const props = { navigate, onSignedIn };
  return (
    <AppShell title="Gym log">
      {path === '/signup' ? <Signup {...props} /> : path === '/recover' ? <Recover {...props} /> : <Login {...props} />}
    </AppShell>
  );
}
