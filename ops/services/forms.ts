import type { FastifyBaseLogger } from 'fastify';
import type { DatabasePool } from 'slonik';
import { sql } from 'slonik';
import { FORM_BODY_LIMIT, formsCommandRoutes } from '../../command-api/forms/routes.ts';
import { registerReadYourWrites, type WritePositions } from '../../command-api/shared/read-your-writes.ts';
import type { CommandHandler } from '../../command-api/shared/handle-command.ts';
import { formNameSchema } from '../../domain/forms/form.ts';
import type { FormCatalog } from '../../infra/forms/catalog.ts';
import type { RateLimiter } from '../../infra/accounts/rate-limit.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import type { EventStore } from '../../infra/eventstore/port.ts';
import type { ProjectionProgress } from '../../projections/runtime.ts';
import { formsQueryRoutes } from '../../query-api/forms/routes.ts';
import { readinessRoute } from './readiness.ts';
import { serveWebApp } from '../../infra/http/web-app.ts';
import { webApp } from '../../ui/apps.ts';

export type FormsServiceDeps = {
  readonly logger: FastifyBaseLogger | false;
  readonly pool: DatabasePool;
  readonly commands: CommandHandler;
  readonly progress: ProjectionProgress;
  /** where this process's saves landed: a later read that sends the position back waits for it */
  readonly writes: WritePositions;
  readonly store: EventStore;
  readonly limiter: RateLimiter;
  /** the questionnaires (FORMS_DIR): a name without one is not a form */
  readonly catalog: FormCatalog;
  /** FORMS_BASE_URL: writes must carry it as their Origin */
  readonly origin: string;
  /** TRUSTED_PROXY: whose X-Real-IP the rate limit believes */
  readonly trustedProxies: readonly string[];
  /** COOKIE_SECURE: served over HTTPS */
  readonly secure: boolean;
  readonly waitMs: number;
  readonly now?: () => Date;
};

/** The shared questionnaire service (spec 002, Part B). Builds the app; the caller listens. */
export async function buildFormsService(deps: FormsServiceDeps): Promise<HttpApp> {
  const app = await createHttpApp({
    title: 'forms',
    description:
      'A shared questionnaire: one shared answer set per unlisted form link, saved on every change. No accounts: ' +
      "whoever holds the link reads and writes, and changes must come from the service's own page (Origin).",
    logger: deps.logger,
    // the questionnaire has no login: only its own page may write, so Origin is required
    origin: deps.origin,
    requireOrigin: true,
    secure: deps.secure,
    bodyLimit: FORM_BODY_LIMIT,
    trustedProxies: deps.trustedProxies,
    health: async () => {
      await deps.pool.query(sql.unsafe`SELECT 1`);
      return {};
    },
  });
  readinessRoute(app, { pool: deps.pool, store: deps.store, progress: deps.progress, projections: ['forms'] });
  registerReadYourWrites(app, { progress: deps.progress, writes: deps.writes, projections: ['forms'], waitMs: deps.waitMs, store: deps.store });
  formsQueryRoutes(app, { pool: deps.pool, catalog: deps.catalog });
  formsCommandRoutes(app, {
    catalog: deps.catalog,
    commands: deps.commands,
    writes: deps.writes,
    limiter: deps.limiter,
    now: deps.now ?? (() => new Date()),
  });
  await serveWebApp(app, {
    web: webApp('forms'),
    // an unlisted link: kept out of search engines
    pageHeaders: { 'x-robots-tag': 'noindex' },
    exists: async (_route, params) => {
      const name = formNameSchema.safeParse(params['name']);
      return name.success && (await deps.catalog.has(name.data));
    },
  });
  return app;
}
