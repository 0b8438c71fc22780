import { useState } from 'preact/hooks';
import { api } from './api.ts';
import { Link } from './common.tsx';
import { messageOf } from '../shared/messages.ts';
import type { User } from './model.ts';
import { PushUnavailable, turnPushOff, turnPushOn } from './push.ts';
import { links } from './routes.ts';

type Outcome = { readonly kind: 'idle' } | { readonly kind: 'saving' } | { readonly kind: 'done'; readonly text: string } | { readonly kind: 'failed'; readonly text: string };

/** One piece of settings at a time, each telling whether it was saved and, if not, why. */
function useAction(): [Outcome, (work: () => Promise<string>) => Promise<void>] {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const run = async (work: () => Promise<string>) => {
    setOutcome({ kind: 'saving' });
    try {
      setOutcome({ kind: 'done', text: await work() });
    } catch (error) {
      setOutcome({ kind: 'failed', text: error instanceof PushUnavailable ? error.message : messageOf(error) });
    }
  };
  return [outcome, run];
}

function OutcomeLine({ outcome, id }: { readonly outcome: Outcome; readonly id: string }) {
  if (outcome.kind === 'failed') {
    return (
      <p class="error-text" role="alert" id={id}>
        Not saved: {outcome.text}
      </p>
    );
  }
  return (
    <p class="muted small" role="status" id={id}>
      {outcome.kind === 'saving' ? 'Saving…' : outcome.kind === 'done' ? outcome.text : ''}
    </p>
  );
}

type SettingsProps = {
  readonly user: User;
  readonly onUser: (user: User) => void;
  /** the account was deleted: forget it on this phone and go to the sign-in */
  readonly onGone: () => void;
};

export function SettingsScreen({ user, onUser, onGone }: SettingsProps) {
  return (
    <section aria-labelledby="settings-title" class="settings">
      <h2 id="settings-title">Settings</h2>
      <p class="muted">Signed in as {user.email}.</p>
      <Profile user={user} onUser={onUser} />
      <Notifications user={user} onUser={onUser} />
      <section class="settings-group" aria-labelledby="history-title">
        <h3 id="history-title">Bring your history</h3>
        <p>
          Watched shows on TV Time or Trakt? <Link href={links.import()}>Import their export</Link>: your watched episodes, saved shows and ratings.
        </p>
      </section>
      <EmailList />
      <Password />
      <DeleteAccount onGone={onGone} />
    </section>
  );
}

function Profile({ user, onUser }: { readonly user: User; readonly onUser: (user: User) => void }) {
  const [username, setUsername] = useState(user.username ?? '');
  const [outcome, run] = useAction();
  const [toggle, runToggle] = useAction();
  return (
    <section class="settings-group" aria-labelledby="profile-title">
      <h3 id="profile-title">Public profile</h3>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const saved = await api.preferences({ username: username.trim() === '' ? null : username.trim() });
            onUser(saved);
            return saved.username ? `Username saved: ${saved.username}` : 'Username removed';
          });
        }}
      >
        <div class="field">
          <label for="username">Username</label>
          <input id="username" type="text" autocomplete="username" value={username} onInput={(event) => setUsername(event.currentTarget.value)} aria-describedby="username-outcome" />
        </div>
        <button type="submit">Save username</button>
        <OutcomeLine outcome={outcome} id="username-outcome" />
      </form>
      <label class="switch">
        <input
          type="checkbox"
          role="switch"
          checked={user.publicProfile}
          aria-describedby="profile-outcome"
          onChange={(event) => {
            const on = event.currentTarget.checked;
            event.currentTarget.checked = user.publicProfile;
            void runToggle(async () => {
              onUser(await api.preferences({ publicProfile: on }));
              return on ? 'Your profile is public' : 'Your profile is private';
            });
          }}
        />
        <span>Anyone with the link can see what I watch</span>
      </label>
      <OutcomeLine outcome={toggle} id="profile-outcome" />
      {user.publicProfile && user.username ? (
        <p>
          Your public page: <Link href={links.profile(user.username)}>{`${location.origin}${links.profile(user.username)}`}</Link>
        </p>
      ) : (
        <p class="muted small">Private: a public profile needs a username.</p>
      )}
    </section>
  );
}

function Notifications({ user, onUser }: { readonly user: User; readonly onUser: (user: User) => void }) {
  const [outcome, run] = useAction();
  const [push, runPush] = useAction();
  return (
    <section class="settings-group" aria-labelledby="notify-title">
      <h3 id="notify-title">Notifications</h3>
      <label class="switch">
        <input
          type="checkbox"
          role="switch"
          checked={user.emailNotifications}
          aria-describedby="notify-outcome"
          onChange={(event) => {
            const on = event.currentTarget.checked;
            event.currentTarget.checked = user.emailNotifications;
            void run(async () => {
              onUser(await api.preferences({ emailNotifications: on }));
              return on ? 'You get an email when an episode you track airs' : 'No more emails about episodes';
            });
          }}
        />
        <span>Email me when an episode of a show I track airs</span>
      </label>
      <OutcomeLine outcome={outcome} id="notify-outcome" />
      <label class="switch">
        <input
          type="checkbox"
          role="switch"
          checked={user.pushNotifications}
          aria-describedby="push-outcome"
          onChange={(event) => {
            const on = event.currentTarget.checked;
            event.currentTarget.checked = user.pushNotifications;
            void runPush(async () => {
              // the device first: the master switch on with no device registered would promise what cannot come
              if (on) await turnPushOn();
              else await turnPushOff();
              onUser(await api.preferences({ pushNotifications: on }));
              return on ? 'This device gets a notification when an episode airs' : 'No more notifications on this device';
            });
          }}
        />
        <span>Notify me on this device when an episode airs</span>
      </label>
      <OutcomeLine outcome={push} id="push-outcome" />
    </section>
  );
}

function EmailList() {
  const [outcome, run] = useAction();
  return (
    <section class="settings-group" aria-labelledby="list-title">
      <h3 id="list-title">Your list by email</h3>
      <button type="button" onClick={() => void run(async () => `Sent to ${(await api.emailMyList()).to}`)}>
        Email me my list
      </button>
      <OutcomeLine outcome={outcome} id="list-outcome" />
    </section>
  );
}

function Password() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, run] = useAction();
  return (
    <section class="settings-group" aria-labelledby="password-title">
      <h3 id="password-title">Password</h3>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await api.changePassword(current, next);
            setCurrent('');
            setNext('');
            return 'Password changed; every other device is signed out';
          });
        }}
      >
        <div class="field">
          <label for="current-password">Current password</label>
          <input id="current-password" type="password" autocomplete="current-password" required value={current} onInput={(event) => setCurrent(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="new-password">New password</label>
          <input id="new-password" type="password" autocomplete="new-password" required minLength={8} value={next} onInput={(event) => setNext(event.currentTarget.value)} />
        </div>
        <button type="submit">Change password</button>
        <OutcomeLine outcome={outcome} id="password-outcome" />
      </form>
    </section>
  );
}

/** Erasure, once the password is given: what goes is said first, all of it, since nothing comes back. */
function DeleteAccount({ onGone }: { readonly onGone: () => void }) {
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  return (
    <section class="settings-group" aria-labelledby="delete-title">
      <h3 id="delete-title">Delete the account</h3>
      <p>Everything goes, at once and for good; nothing can be brought back:</p>
      <ul>
        <li>your library: every show you track, your watchlist and the shows you completed</li>
        <li>every episode you marked watched, and your watch history</li>
        <li>your ratings, and the shows you said you are not interested in</li>
        <li>your notifications: no more emails, nor notifications on any device</li>
        <li>your public profile; its username is free for anyone to take</li>
        <li>the account itself: this email and password sign in no more</li>
      </ul>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          setOutcome({ kind: 'saving' });
          api.deleteAccount(password).then(onGone, (error: unknown) => {
            setOutcome({ kind: 'failed', text: messageOf(error) });
          });
        }}
      >
        <div class="field">
          <label for="delete-password">Your password, to confirm</label>
          <input
            id="delete-password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            aria-describedby="delete-outcome"
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
        </div>
        <button type="submit" class="danger primary-danger" disabled={outcome.kind === 'saving'}>
          Delete my account and everything in it
        </button>
        {outcome.kind === 'failed' ? (
          <p class="error-text" role="alert" id="delete-outcome">
            Not deleted: {outcome.text}
          </p>
        ) : (
          <p class="muted small" role="status" id="delete-outcome">
            {outcome.kind === 'saving' ? 'Deleting…' : ''}
          </p>
        )}
      </form>
    </section>
  );
}
