import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'slonik';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies } from '../../infra/http/auth.ts';
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
  await registerSessionCookies(app, { name: SHOWS_COOKIE, secure: core.config.COOKIE_SECURE, sessions: core.sessions });
  return app;
}
