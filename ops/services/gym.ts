import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'slonik';
import { gymAuthRoutes } from '../../command-api/gym/auth.ts';
import { gymErasureRoutes } from '../../command-api/gym/erasure.ts';
import { gymRecoveryRoutes } from '../../command-api/gym/recovery.ts';
import { gymSettingsRoutes } from '../../command-api/gym/settings.ts';
import { gymCardioRoutes } from '../../command-api/gym/cardio.ts';
import { gymExerciseRoutes } from '../../command-api/gym/exercises.ts';
import { gymImportRoutes } from '../../command-api/gym/import.ts';
import { gymPlanRoutes } from '../../command-api/gym/plans.ts';
import { gymWorkoutRoutes } from '../../command-api/gym/workouts.ts';
import { cardioQueryRoutes } from '../../query-api/gym/cardio.ts';
import { exerciseQueryRoutes } from '../../query-api/gym/exercises.ts';
import { planQueryRoutes } from '../../query-api/gym/plans.ts';
import { workoutQueryRoutes } from '../../query-api/gym/workouts.ts';
import { homeQueryRoutes } from '../../query-api/gym/home.ts';
import { statsQueryRoutes } from '../../query-api/gym/stats.ts';
import { exportQueryRoutes } from '../../query-api/gym/export.ts';
import { workoutHistoryRoutes } from '../../query-api/gym/history.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies, sessionCookieScheme } from '../../infra/http/auth.ts';
import { registerReadYourWrites } from '../../command-api/shared/read-your-writes.ts';
import { gymQueryRoutes } from '../../query-api/gym/routes.ts';
import { createCommandRunner } from '../../command-api/shared/command-runner.ts';
import { GYM_ERROR_STATUS } from '../../command-api/gym/error-status.ts';
import { describeDevice } from '../../infra/http/device.ts';
import { unauthenticated } from '../../infra/http/auth.ts';
import type { Core } from '../system.ts';
import { readinessRoute } from './readiness.ts';
import { serveWebApp } from '../../infra/http/web-app.ts';
import { webApp } from '../../ui/apps.ts';

export const GYM_COOKIE = 'gym_sid';

/** The gym service. Builds the app; the caller listens. */
export async function buildGymService(core: Core, logger: FastifyBaseLogger | false): Promise<HttpApp> {
  const app = await createHttpApp({
    title: 'gym',
    description:
      'A workout log: exercises, plans, workouts and their sets, body weight, cardio, stats and export; ' +
      'accounts with password recovery by an emailed code. Signed-in operations need the gym_sid cookie that logIn and signUp set.',
    securitySchemes: sessionCookieScheme(GYM_COOKIE),
    logger,
    trustedProxies: core.config.TRUSTED_PROXY,
    origin: core.config.GYM_BASE_URL,
    secure: core.config.COOKIE_SECURE,
    health: async () => {
      await core.db.slonik.query(sql.unsafe`SELECT 1`);
      return {};
    },
  });
  readinessRoute(app, { pool: core.db.slonik, store: core.store, reads: core.reads, projections: ['gym'] });
  const cookies = await registerSessionCookies(app, { name: GYM_COOKIE, secure: core.config.COOKIE_SECURE, sessions: core.sessions.gym });
  registerReadYourWrites(app, { progress: core.reads.progress, writes: core.writes, projections: ['gym'], waitMs: core.config.PROJECTION_WAIT_MS });
  gymQueryRoutes(app, { pool: core.reads.pool, cookies, inviteRequired: core.config.INVITE_CODE !== undefined });
  const runner = createCommandRunner(core, {
    projections: ['gym'],
    waitMs: core.config.PROJECTION_WAIT_MS,
    errorStatus: GYM_ERROR_STATUS,
    // a workout's history shows who, which request and which device
    device: (request) => describeDevice(request.headers['user-agent']),
    // the account was erased meanwhile; its sessions are gone with it
    refusal: (error) => (error.code === 'ACCOUNT_NOT_FOUND' ? unauthenticated() : null),
  });
  const commandDeps = { core, cookies, runner };
  gymAuthRoutes(app, commandDeps);
  gymSettingsRoutes(app, commandDeps);
  gymErasureRoutes(app, { core, cookies });
  gymRecoveryRoutes(app, { core, cookies });
  const reads = { db: core.reads.pool, cookies };
  workoutQueryRoutes(app, reads);
  exerciseQueryRoutes(app, reads);
  planQueryRoutes(app, reads);
  cardioQueryRoutes(app, reads);
  homeQueryRoutes(app, reads);
  statsQueryRoutes(app, reads);
  exportQueryRoutes(app, reads);
  workoutHistoryRoutes(app, { ...reads, store: core.store });
  gymWorkoutRoutes(app, commandDeps);
  gymExerciseRoutes(app, commandDeps);
  gymPlanRoutes(app, commandDeps);
  gymCardioRoutes(app, commandDeps);
  gymImportRoutes(app, commandDeps);
  await serveWebApp(app, { web: webApp('gym') });
  return app;
}
