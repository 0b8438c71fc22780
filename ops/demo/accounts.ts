// The demo's sign-ins, printed by `npm run demo` and used by `npm run screenshots`. One password for
// all three, so a person trying the apps has one thing to remember; it passes the password rules
// (docs/accounts.md) like any other.
export const DEMO_PASSWORD = 'shuttles, squats and sofas';

export const DEMO_LOGINS = {
  gym: 'demo@example.com',
  shows: 'demo@example.com',
  /** club logins are names, made by an operator (`club:user add`), not addresses */
  club: 'demo',
} as const;

/** The shows account's public profile name (`/u/demo`). */
export const DEMO_USERNAME = 'demo';

export type DemoApp = 'gym' | 'shows' | 'club' | 'forms';

/** What seeding one app did, and how a person signs in to see it. */
export type SeedOutcome = {
  readonly app: DemoApp;
  /** `added`: this run made it; `already there`: an earlier run had (nothing was added) */
  readonly state: 'added' | 'already there';
  readonly login: string | null;
  readonly password: string | null;
};
