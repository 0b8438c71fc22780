import t from 'tap';
import path from 'node:path';
import { loadConfig } from '../infra/config.ts';
import { startSummary } from './start-summary.ts';

const addresses = [
  { app: 'gym', url: 'http://localhost:3001/' },
  { app: 'forms', url: 'http://localhost:3004/f/welcome' },
];

t.test('the apps by title and address, the mode, the data folder and how to stop', async (t) => {
  const summary = startSummary(loadConfig({ DATA_DIR: './.data' }), addresses);
  t.equal(
    summary,
    ['', 'Ready. Open the apps:', '  Gym log        http://localhost:3001/', '  Questionnaire  http://localhost:3004/f/welcome', '', 'Mode: production', `Data: ${path.resolve('./.data')} (embedded PostgreSQL)`, 'Stop: Ctrl-C', ''].join('\n'),
  );
});

t.test('an existing PostgreSQL is named by its host and database, never its password', async (t) => {
  const summary = startSummary(loadConfig({ DATABASE_URL: 'postgres://ledger:s3cret@db.internal:5432/ledger', NODE_ENV: 'development' }), addresses);
  t.match(summary, /^Data: PostgreSQL at db\.internal:5432\/ledger$/m);
  t.match(summary, /^Mode: development$/m);
  t.notMatch(summary, /s3cret/);
});
