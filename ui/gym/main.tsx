import { render } from 'preact';
import '../shared/tokens.css';
import './app.css';
import { App } from './app.tsx';
import { loadReplica, outboxOwner } from './local.ts';

// the screens draw from the replica synchronously: it is read whole first (a few milliseconds)
await loadReplica(outboxOwner());
render(<App />, document.getElementById('app')!);
