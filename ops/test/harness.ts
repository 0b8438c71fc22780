// Test support: the real composition root on a fresh database of the test run's PostgreSQL.
import type { Test } from 'tap';
import { loadConfig } from '../../infra/config.ts';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import type { HttpApp } from '../../infra/http/app.ts';
import pg from 'pg';
import { makeDatabase, MIGRATED_TEMPLATE_ENV } from '../../infra/testing/database.ts';
import { defineForm, makeFormsDir } from '../../infra/testing/forms.ts';
import { type Logger, type RetryPolicy, startProjector, type ProjectorHandle } from '../../projections/runtime.ts';
import { buildServices, type Core, type CoreOptions, openCore, projections } from '../system.ts';

export type TestSystem = {
  readonly core: Core;
  readonly url: string;
  /** the built (not listening) app of each service, by name */
  readonly apps: Readonly<Record<string, HttpApp>>;
  readonly projectors: ProjectorHandle[];
  /** FORMS_DIR: unless the test gave one, a fresh folder holding the sample form `welcome` */
  readonly formsDir: string;
  /** makes `name` a form (TEST_QUESTIONNAIRE unless another definition is given) */
  defineForm(name: string, definition?: FormDefinition): Promise<void>;
};

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Opens a core, starts every projector and builds every service; all of it closed at teardown. */
export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-32-characters';

/** How the test's projectors log and retry; silent and the production back-off unless given. */
export type TestProjectorOptions = { readonly log?: Logger; readonly retry?: RetryPolicy; readonly parkedPollMs?: number };

export async function startTestSystem(
  t: Test,
  env: Record<string, string> = {},
  options: CoreOptions = {},
  projectorOptions: TestProjectorOptions = {},
): Promise<TestSystem> {
  const db = await makeDatabase({ migrated: true });
  const formsDir = env.FORMS_DIR ?? (await makeFormsDir(t));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '20',
    SESSION_SECRET: TEST_SESSION_SECRET,
    FORMS_DIR: formsDir,
    ...env,
  });
  const core = await openCore(config, options);
  const projectors = projections.map((projection) =>
    startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silentLog, ...projectorOptions }),
  );
  await Promise.all(projectors.map((projector) => projector.ready));
  const services = await buildServices(core, false);
  const apps = Object.fromEntries(services.map((service) => [service.name, service.app]));
  t.teardown(async () => {
    await Promise.all(services.map((service) => service.app.close()));
    await Promise.all(projectors.map((projector) => projector.stop()));
    await core.close();
    await db.drop();
  });
  return { core, url: db.url, apps, projectors, formsDir, defineForm: (name, definition) => defineForm(formsDir, name, definition) };
}

/**
 * A database with every migration applied and every projection's tables built, for test systems
 * to copy (`MIGRATED_TEMPLATE_ENV`): `npm test` makes it once instead of each test system migrating.
 */
export async function createMigratedTemplate(adminUrl: string): Promise<{ readonly env: Record<string, string> }> {
  const name = 'ledger_migrated_template';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const core = await openCore(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), SESSION_SECRET: TEST_SESSION_SECRET }));
    const projectors = projections.map((projection) => startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silentLog }));
    await Promise.all(projectors.map((projector) => projector.ready));
    await Promise.all(projectors.map((projector) => projector.stop()));
    await core.close();
    // a copy needs the template to itself
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  } finally {
    await admin.end();
  }
  return { env: { [MIGRATED_TEMPLATE_ENV]: name } };
}
