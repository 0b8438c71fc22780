import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'slonik';
import { clubAuthRoutes } from '../../command-api/club/auth.ts';
import { clubSettingsCommandRoutes } from '../../command-api/club/settings.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies } from '../../infra/http/auth.ts';
import { clubMeRoutes } from '../../query-api/club/me.ts';
import { clubSettingsQueryRoutes } from '../../query-api/club/settings.ts';
import type { Core } from '../system.ts';

export const CLUB_COOKIE = 'club_sid';

/** The club service. Builds the app; the caller listens. */
export async function buildClubService(core: Core, logger: FastifyBaseLogger | false): Promise<HttpApp> {
  const app = await createHttpApp({
    title: 'club',
    logger,
    health: async () => {
      await core.db.slonik.query(sql.unsafe`SELECT 1`);
      return {};
    },
  });
  const cookies = await registerSessionCookies(app, { name: CLUB_COOKIE, secure: core.config.COOKIE_SECURE, sessions: core.sessions });
  clubAuthRoutes(app, { ...core, pool: core.db.slonik, cookies });
  clubMeRoutes(app, { accounts: core.accounts, cookies });
  clubSettingsCommandRoutes(app, { ...core, pool: core.db.slonik, cookies, waitMs: core.config.PROJECTION_WAIT_MS });
  clubSettingsQueryRoutes(app, { pool: core.db.slonik, cookies });
  return app;
}
