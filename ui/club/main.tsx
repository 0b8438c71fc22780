import { render } from 'preact';
import '../shared/tokens.css';
import './app.css';
import { AppShell } from '../shared/components/app-shell.tsx';

// The public schedule page; its screen arrives with the club app's issue.
function Schedule() {
  return (
    <AppShell title="Club nights">
      <p>Our venues and weekly club nights.</p>
      <p>
        Members: <a href="/app">open the club app</a>.
      </p>
    </AppShell>
  );
}

render(<Schedule />, document.getElementById('app')!);
