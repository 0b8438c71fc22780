import { render } from 'preact';
import '../shared/tokens.css';
import './app.css';
import { AppShell } from '../shared/components/app-shell.tsx';

// The screens of this app arrive with its own issue; until then the shell says what is here.
function App() {
  return (
    <AppShell title="Shows">
      <p>Track the shows you watch and what airs next.</p>
      <p>The screens of this app are on their way. The service's API is live: its reference is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
    </AppShell>
  );
}

render(<App />, document.getElementById('app')!);
