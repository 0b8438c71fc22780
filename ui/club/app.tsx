import { render } from 'preact';
import '../shared/tokens.css';
import './app.css';
import { AppShell } from '../shared/components/app-shell.tsx';

// The login-protected club app; its screens arrive with the club app's issue.
function ClubApp() {
  return (
    <AppShell title="Club nights">
      <p>Run a night: people, courts, timed rounds and the shuffle.</p>
      <p>The screens of this app are on their way. The public schedule is at <a href="/">the start page</a>.</p>
    </AppShell>
  );
}

render(<ClubApp />, document.getElementById('app')!);
