import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type Database } from '../infra/postgres/pools.ts';

type Teardown = { teardown(fn: () => Promise<void> | void): void };

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests with `npm test`');
  return url;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `npm test` makes one database with every migration applied and every projection's tables built
 * (ops/test/run.ts) and names it here: a test system's database is a copy of it, not migrated again.
 */
export const MIGRATED_TEMPLATE_ENV = 'TEST_MIGRATED_TEMPLATE';

/**
 * A fresh database in the run's PostgreSQL; the caller drops it. Empty, or with `migrated` a copy of
 * the run's migrated template when there is one (a file run on its own migrates as it opens).
 */
export async function makeDatabase(options: { readonly migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? process.env[MIGRATED_TEMPLATE_ENV] : undefined;
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return { url: databaseUrl(name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Makes the run's migrated template: a database `prepare` migrates, closed to connections so that
 * it can be copied. The environment that names it to the test files.
 */
export async function makeMigratedTemplate(prepare: (url: string) => Promise<void>): Promise<Record<string, string>> {
  const name = 'ledger_migrated_template';
  await admin(`CREATE DATABASE ${name}`);
  await prepare(databaseUrl(name));
  // a copy needs the template to itself
  await admin(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
  return { [MIGRATED_TEMPLATE_ENV]: name };
}

export type TestDatabase = { readonly url: string; readonly pool: pg.Pool };

/** A fresh database with a driver pool, both gone when the test ends. */
export async function createTestDatabase(t: Teardown, poolSize = 10): Promise<TestDatabase> {
  const database = await makeDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize });
  // an idle client whose backend is terminated (tests that kill backends, the forced drop at the
  // end) reports it here; without a listener pg makes it an uncaught error. The pool replaces it.
  pool.on('error', () => undefined);
  t.teardown(async () => {
    await pool.end();
    await database.drop();
  });
  return { url: database.url, pool };
}

/** A fresh database with the service's own pools on it (typed and raw), both gone when the test ends. */
export async function connectTestDatabase(t: Teardown, poolSize = 4): Promise<Database> {
  const database = await makeDatabase();
  const db = await connectDatabase(database.url, poolSize);
  t.teardown(async () => {
    await db.close();
    await database.drop();
  });
  return db;
}
