// Test support: the real composition root on a fresh database of the test run's PostgreSQL.
import type { Test } from 'tap';
import { argon2Hashing } from '../infra/accounts/passwords.ts';
import { loadConfig } from '../infra/config.ts';
import type { FormDefinition } from '../domain/forms/definition.ts';
import type { HttpApp } from '../infra/http/app.ts';
import { makeDatabase, makeMigratedTemplate } from './database.ts';
import { defineForm, makeFormsDir } from './forms/questionnaire.ts';
import { createCheckpointMoves } from '../projections/runtime/checkpoint-moves.ts';
import type { RetryPolicy } from '../projections/retry.ts';
import type { Logger } from '../projections/runtime/projection.ts';
import { startProjector, type ProjectorHandle } from '../projections/runtime/projector.ts';
import { buildServices, type Core, type CoreOptions, openCore, projections } from '../ops/system.ts';

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

export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-32-characters';

/**
 * argon2id at its least cost: the tests sign up and sign in thousands of times, and check that a
 * password or code is hashed and checked, not what it costs (28 ms of CPU a hash at OWASP's).
 */
export const QUICK_HASHING = argon2Hashing({ memoryCost: 256, timeCost: 1 });

/** How the test's projectors log and retry; silent and the production back-off unless given. */
export type TestProjectorOptions = { readonly log?: Logger; readonly retry?: RetryPolicy; readonly parkedPollMs?: number };

/** Opens a core, starts every projector and builds every service; all of it closed at teardown. */
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
  const core = await openCore(config, { hashing: QUICK_HASHING, ...options });
  const projectors = await startProjectors(core, projectorOptions);
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

/** Every projection's projector on the core, once each has built its tables. */
async function startProjectors(core: Core, options: TestProjectorOptions = {}): Promise<ProjectorHandle[]> {
  const checkpointMoves = createCheckpointMoves(core.db.slonik);
  const projectors = projections.map((projection) =>
    startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silentLog, checkpointMoves, ...options }),
  );
  await Promise.all(projectors.map((projector) => projector.ready));
  return projectors;
}

/**
 * A database with every migration applied and every projection's tables built, for test systems
 * to copy: `npm test` makes it once (the environment it returns names it) instead of each test
 * system migrating. Needs TEST_DATABASE_URL.
 */
export function createMigratedTemplate(): Promise<Record<string, string>> {
  return makeMigratedTemplate(async (url) => {
    const core = await openCore(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, SESSION_SECRET: TEST_SESSION_SECRET }));
    const projectors = await startProjectors(core);
    await Promise.all(projectors.map((projector) => projector.stop()));
    await core.close();
  });
}
