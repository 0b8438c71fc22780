import type { Accounts } from '../../infra/accounts/accounts.ts';
import type { SecretHashing } from '../../infra/accounts/passwords.ts';
import type { RateLimiter } from '../../infra/accounts/rate-limit.ts';
import type { SessionsByService } from '../../infra/accounts/sessions.ts';
import type { KnownDevices, SignInThrottle } from '../../infra/accounts/sign-in-throttle.ts';
import type { Config } from '../../infra/config.ts';
import type { EventStore } from '../../infra/eventstore/port.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { DatabasePool } from 'slonik';
import type { Database } from '../../infra/postgres/pools.ts';
import type { ProjectionProgress } from '../../projections/runtime/progress.ts';
import type { CommandHandler } from './handle-command.ts';
import type { WritePositions } from './read-your-writes.ts';

/** What every process has once started: the composition root (ops/system.ts) builds it. */
export type Core = {
  readonly config: Config;
  readonly db: Database;
  readonly store: EventStore;
  readonly progress: ProjectionProgress;
  /** where the query routes read the read tables, and the progress their reads wait on: a replica's with READ_DATABASE_URL, else `db` and `progress` */
  readonly reads: { readonly pool: DatabasePool; readonly progress: ProjectionProgress };
  readonly commands: CommandHandler;
  /** each session's last write that answered before it was projected: its later reads wait for it */
  readonly writes: WritePositions;
  readonly accounts: Accounts;
  /** passwords' and recovery codes' hashes */
  readonly hashing: SecretHashing;
  /** each service's own: a session works only on the service that made it */
  readonly sessions: SessionsByService;
  readonly rateLimiter: RateLimiter;
  /** failed sign-ins per account and per known device */
  readonly signInThrottle: SignInThrottle;
  readonly knownDevices: KnownDevices;
  readonly mailer: Mailer;
  /** the one clock of the process; tests pass their own */
  readonly now: () => Date;
  /** `step`, when given, runs each part of the closing, so a close that hangs can say which part */
  close(step?: (part: string, close: () => Promise<unknown>) => Promise<void>): Promise<void>;
};
