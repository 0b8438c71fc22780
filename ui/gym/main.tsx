import { render } from 'preact';
import '../shared/tokens.css';
import './app.css';
import { App } from './app.tsx';

render(<App />, document.getElementById('app')!);
