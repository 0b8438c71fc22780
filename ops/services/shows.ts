import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'slonik';
import { showsAuthRoutes } from '../../command-api/shows/auth.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies } from '../../infra/http/auth.ts';
import { showsUserQueryRoutes } from '../../query-api/shows/users.ts';
import type { Core } from '../system.ts';

export const SHOWS_COOKIE = 'sid';

/** The shows service. Builds the app; the caller listens. */
export async function buildShowsService(core: Core, logger: FastifyBaseLogger | false): Promise<HttpApp> {
  const app = await createHttpApp({
    title: 'shows',
    logger,
    health: async () => {
      await core.db.slonik.query(sql.unsafe`SELECT 1`);
      return {};
    },
  });
  const cookies = await registerSessionCookies(app, { name: SHOWS_COOKIE, secure: core.config.COOKIE_SECURE, sessions: core.sessions });
  showsAuthRoutes(app, { core, cookies });
  showsUserQueryRoutes(app, { pool: core.db.slonik, cookies });
  return app;
}
