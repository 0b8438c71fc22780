import { render } from 'preact';
import '../shared/tokens.css';
import './forms.css';
import { App, formNameFromPath } from './app.tsx';

render(<App name={formNameFromPath(location.pathname)} />, document.getElementById('app')!);
