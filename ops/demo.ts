// `npm run demo` (`npm start -- --demo`): `npm start` with demo accounts to sign in to. Before the
// configuration is read, TVmaze's recorded answers are served on a loopback port and TVMAZE_URL
// names it, so nothing reaches the network; once the services listen the demo data is added through
// their routes (ops/demo/seed.ts). The stand-in serves until the process ends, since the shows app
// asks TVmaze for every search, schedule, trending list and show page older than an hour.
import type { Logger } from 'pino';
import type { Config } from '../infra/config.ts';
import { demoTvmaze } from './demo/tvmaze.ts';
import type { System } from './system.ts';

export type DemoRun = {
  /** what the demo sets in the environment before it is read */
  readonly env: { readonly TVMAZE_URL: string };
  /** adds the demo data (what is there already is left); the lines to print at the end, or null when it failed (logged) */
  seed(system: System, config: Config, logger: Logger): Promise<string | null>;
};

export async function startDemo(): Promise<DemoRun> {
  // closed with the process, never before: the shows service needs it for as long as it serves
  const tvmaze = await demoTvmaze({ teardown: () => undefined });
  return {
    env: { TVMAZE_URL: tvmaze.url },
    async seed(system, config, logger) {
      logger.info({ tvmaze: tvmaze.url }, "adding the demo data; TV data comes from TVmaze's recorded answers");
      // loaded here, as main.ts loads the services: the mode line comes first and at once
      const [{ demoTargets, seedDemo }, { demoSummary }, { appAddresses }] = await Promise.all([import('./demo/seed.ts'), import('./demo/summary.ts'), import('./ui/addresses.ts')]);
      try {
        const demo = await seedDemo(demoTargets(config, system.services), system.core);
        const outcomes = [demo.gym, demo.shows, demo.club, demo.forms];
        for (const { app, state, login, password } of outcomes) {
          logger.info({ app, state, login, password }, `demo ${app}: ${state}${login ? `; sign in as ${login}` : ''}`);
        }
        return demoSummary(outcomes, appAddresses(config, system.services), tvmaze.url);
      } catch (error) {
        logger.error({ err: error }, 'the demo data could not be added');
        return null;
      }
    },
  };
}
