import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'slonik';
import { clubAuthRoutes } from '../../command-api/club/auth.ts';
import { clubPlayerCommandRoutes } from '../../command-api/club/players.ts';
import { clubNightCommandRoutes } from '../../command-api/club/sessions.ts';
import { clubSettingsCommandRoutes } from '../../command-api/club/settings.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies, sessionCookieScheme } from '../../infra/http/auth.ts';
import { clubMeRoutes } from '../../query-api/club/me.ts';
import { clubPlayerQueryRoutes } from '../../query-api/club/players.ts';
import { clubNightQueryRoutes } from '../../query-api/club/sessions.ts';
import { clubSettingsQueryRoutes } from '../../query-api/club/settings.ts';
import type { Core } from '../system.ts';
import { createCommandRunner } from '../../command-api/shared/command-runner.ts';
import { CLUB_ERROR_STATUS } from '../../command-api/club/error-status.ts';
import { readinessRoute } from './readiness.ts';
import { serveWebApp } from '../../infra/http/web-app.ts';
import { webApp } from '../../ui/apps.ts';

export const CLUB_COOKIE = 'club_sid';

/** The club service. Builds the app; the caller listens. */
export async function buildClubService(core: Core, logger: FastifyBaseLogger | false): Promise<HttpApp> {
  const app = await createHttpApp({
    title: 'club',
    description:
      "A badminton club night: the public schedule, people, levels, venues and courts, and each night saved as a whole snapshot " +
      'with a version check. Signed-in operations need the club_sid cookie that logIn sets.',
    securitySchemes: sessionCookieScheme(CLUB_COOKIE),
    logger,
    trustedProxies: core.config.TRUSTED_PROXY,
    origin: core.config.CLUB_BASE_URL,
    secure: core.config.COOKIE_SECURE,
    health: async () => {
      await core.db.slonik.query(sql.unsafe`SELECT 1`);
      return {};
    },
  });
  readinessRoute(app, { pool: core.db.slonik, store: core.store, reads: core.reads, projections: ['club'] });
  const cookies = await registerSessionCookies(app, { name: CLUB_COOKIE, secure: core.config.COOKIE_SECURE, sessions: core.sessions.club });
  clubAuthRoutes(app, { ...core, sessions: core.sessions.club, pool: core.db.slonik, cookies, cookieSecure: core.config.COOKIE_SECURE });
  clubMeRoutes(app, { accounts: core.accounts, cookies });
  const runner = createCommandRunner(core, { projections: ['club'], waitMs: core.config.PROJECTION_WAIT_MS, errorStatus: CLUB_ERROR_STATUS });
  const deps = { pool: core.db.slonik, cookies, now: core.now, store: core.store, runner };
  const reads = { pool: core.reads.pool, cookies };
  clubSettingsCommandRoutes(app, deps);
  clubSettingsQueryRoutes(app, reads);
  clubPlayerCommandRoutes(app, deps);
  clubPlayerQueryRoutes(app, reads);
  clubNightCommandRoutes(app, deps);
  clubNightQueryRoutes(app, reads);
  await serveWebApp(app, { web: webApp('club') });
  return app;
}
