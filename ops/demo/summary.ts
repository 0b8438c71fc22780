// What `npm run demo` prints after the start-up block: where each app is, who to sign in as, and
// whether this run added the data or found it there.
import { WEB_APPS } from '../../ui/apps.ts';
import { DEMO_PASSWORD, type SeedOutcome } from './accounts.ts';

export function demoSummary(outcomes: readonly SeedOutcome[], addresses: readonly { readonly app: string; readonly url: string }[], tvmazeUrl: string): string {
  const rows = outcomes.map((outcome) => ({
    title: WEB_APPS.find((web) => web.name === outcome.app)?.title ?? outcome.app,
    url: addresses.find((address) => address.app === outcome.app)?.url ?? '',
    login: outcome.login ?? 'no sign-in',
    state: outcome.state === 'added' ? 'added now' : 'already there',
  }));
  const width = (pick: (row: (typeof rows)[number]) => string) => Math.max(0, ...rows.map((row) => pick(row).length));
  const [titles, urls, logins] = [width((row) => row.title), width((row) => row.url), width((row) => row.login)];
  return [
    'Demo data, to sign in and look around:',
    ...rows.map((row) => `  ${row.title.padEnd(titles)}  ${row.url.padEnd(urls)}  ${row.login.padEnd(logins)}  (${row.state})`),
    `  Password: ${DEMO_PASSWORD}`,
    `TV data: TVmaze's recorded answers, served at ${tvmazeUrl} while this runs (no network)`,
    '',
  ].join('\n');
}
