import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'slonik';
import { FORM_BODY_LIMIT, FORMS_ERROR_STATUS, formsCommandRoutes, formsRefusal } from '../../command-api/forms/routes.ts';
import { registerReadYourWrites } from '../../command-api/shared/read-your-writes.ts';
import { formNameSchema } from '../../domain/forms/form.ts';
import type { FormCatalog } from '../../infra/forms/catalog.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { formsQueryRoutes } from '../../query-api/forms/routes.ts';
import type { Core } from '../system.ts';
import { readinessRoute } from './readiness.ts';
import { serveWebApp } from '../../infra/http/web-app.ts';
import { webApp } from '../../ui/apps.ts';
import { createCommandRunner } from '../../command-api/shared/command-runner.ts';

export type FormsServiceOptions = {
  readonly logger: FastifyBaseLogger | false;
  /** the questionnaires (FORMS_DIR): a name without one is not a form */
  readonly catalog: FormCatalog;
};

/** The shared questionnaire service (spec 002, Part B). Builds the app; the caller listens. */
export async function buildFormsService(core: Core, { logger, catalog }: FormsServiceOptions): Promise<HttpApp> {
  const pool = core.db.slonik;
  const waitMs = core.config.PROJECTION_WAIT_MS;
  const app = await createHttpApp({
    title: 'forms',
    description:
      'A shared questionnaire: one shared answer set per unlisted form link, saved on every change. No accounts: ' +
      "whoever holds the link reads and writes, and changes must come from the service's own page (Origin).",
    logger,
    // the questionnaire has no login: only its own page may write, so Origin is required
    // FORMS_BASE_URL: writes must carry it as their Origin
    origin: core.config.FORMS_BASE_URL,
    requireOrigin: true,
    secure: core.config.COOKIE_SECURE,
    bodyLimit: FORM_BODY_LIMIT,
    trustedProxies: core.config.TRUSTED_PROXY,
    health: async () => {
      await pool.query(sql.unsafe`SELECT 1`);
      return {};
    },
  });
  readinessRoute(app, { pool, store: core.store, reads: core.reads, projections: ['forms'] });
  registerReadYourWrites(app, { progress: core.reads.progress, writes: core.writes, projections: ['forms'], waitMs, store: core.store });
  formsQueryRoutes(app, { pool: core.reads.pool, catalog });
  formsCommandRoutes(app, {
    catalog,
    runner: createCommandRunner(core, { projections: ['forms'], waitMs, errorStatus: FORMS_ERROR_STATUS, refusal: formsRefusal }),
    writes: core.writes,
    limiter: core.rateLimiter,
    now: core.now,
  });
  await serveWebApp(app, {
    web: webApp('forms'),
    // an unlisted link: kept out of search engines
    pageHeaders: { 'x-robots-tag': 'noindex' },
    exists: async (_route, params) => {
      const name = formNameSchema.safeParse(params['name']);
      return name.success && (await catalog.has(name.data));
    },
  });
  return app;
}
