import type { SessionCookies } from '../../infra/http/auth.ts';
import type { CommandRunner } from '../shared/command-runner.ts';
import type { Core } from '../shared/core.ts';

/** What the gym's command routes are given by the service (ops/services/gym.ts). */
export type GymCommandDeps = {
  readonly core: Core;
  readonly cookies: SessionCookies;
  /** the gym's runner: its statuses, its read model, the device each event records */
  readonly runner: CommandRunner;
};
