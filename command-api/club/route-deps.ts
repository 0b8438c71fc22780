import type { DatabasePool } from 'slonik';
import type { EventStore } from '../../infra/eventstore/port.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import type { CommandRunner } from '../shared/command-runner.ts';

/** What the club's command routes are given by the service (ops/services/club.ts). */
export type ClubCommandDeps = {
  readonly pool: DatabasePool;
  readonly cookies: SessionCookies;
  readonly now: () => Date;
  /** a night's versions are read from its stream (no read table keeps them) */
  readonly store: EventStore;
  /** the club's runner: its statuses and its read model */
  readonly runner: CommandRunner;
};
