// What `npm start` prints last on a terminal: where each app is, the mode, where the data lives and
// how to stop, in a few plain lines a person reads at a glance (the log lines above stay for detail).
import path from 'node:path';
import type { Config } from '../infra/config.ts';
import { WEB_APPS } from '../ui/apps.ts';

/** Where the data is: the embedded server's folder, or the PostgreSQL named by DATABASE_URL (without its password). */
function dataPlace(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'EVENTSTORE_URL'>): string {
  const events = config.EVENTSTORE_URL ? `; the event log in EventStoreDB (${new URL(config.EVENTSTORE_URL).host})` : '';
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return `PostgreSQL at ${url.host}${url.pathname}${events}`;
  }
  return `${path.resolve(config.DATA_DIR)} (embedded PostgreSQL)${events}`;
}

export function startSummary(
  config: Pick<Config, 'NODE_ENV' | 'DATA_DIR' | 'DATABASE_URL' | 'EVENTSTORE_URL'>,
  addresses: readonly { readonly app: string; readonly url: string }[],
): string {
  const titled = addresses.map(({ app, url }) => ({ title: WEB_APPS.find((web) => web.name === app)?.title ?? app, url }));
  const width = Math.max(0, ...titled.map(({ title }) => title.length));
  return [
    '',
    'Ready. Open the apps:',
    ...titled.map(({ title, url }) => `  ${title.padEnd(width)}  ${url}`),
    '',
    `Mode: ${config.NODE_ENV}`,
    `Data: ${dataPlace(config)}`,
    'Stop: Ctrl-C',
    '',
  ].join('\n');
}
