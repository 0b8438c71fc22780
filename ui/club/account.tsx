import { useState } from 'preact/hooks';
import { isRecord } from '../shared/api.ts';
import { AppShell } from '../shared/components/app-shell.tsx';
import { messageOf } from '../shared/messages.ts';
import { clubApi } from './api.ts';
import type { Navigate } from './user.ts';

/** Only for a login that may change its own password (canChangePassword); others never see it. */
export function AccountScreen({ navigate }: { readonly navigate: Navigate }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      await clubApi.post('/api/auth/password', { body: { currentPassword, newPassword }, accept: isRecord });
      setMessage({ ok: true, text: 'Password changed. Your other devices are logged out.' });
      setCurrent('');
      setNew('');
    } catch (caught) {
      setMessage({ ok: false, text: messageOf(caught, { offline: 'No connection: the password was not changed.' }) });
    }
  };
  return (
    <AppShell title="Account">
      <p>
        <a
          href="/app"
          onClick={(event) => {
            event.preventDefault();
            navigate('/app');
          }}
        >
          Back to Today
        </a>
      </p>
      <h2>Change password</h2>
      <form class="stack" onSubmit={submit}>
        <label for="current-password">Current password</label>
        <input id="current-password" type="password" autocomplete="current-password" required value={currentPassword} onInput={(event) => setCurrent(event.currentTarget.value)} />
        <label for="new-password">New password</label>
        <input id="new-password" type="password" autocomplete="new-password" required value={newPassword} onInput={(event) => setNew(event.currentTarget.value)} />
        {message ? (
          <p class={message.ok ? 'ok' : 'error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        ) : null}
        <button type="submit" class="primary">
          Change password
        </button>
      </form>
    </AppShell>
  );
}
