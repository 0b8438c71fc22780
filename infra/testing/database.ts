import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabase = {
  readonly url: string;
  readonly pool: pg.Pool;
  drop(): Promise<void>;
};

type Teardown = { teardown(fn: () => Promise<void> | void): void };

/** A fresh, empty database in the run's PostgreSQL, dropped when the test ends. */
export async function createTestDatabase(t: Teardown, poolSize = 10): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run the tests with `npm test`');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
  let dropped = false;
  const drop = async (): Promise<void> => {
    if (dropped) return;
    dropped = true;
    await pool.end();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  t.teardown(drop);
  return { url: url.toString(), pool, drop };
}
