// A rebuild's completion steps are statements over the whole log's rows: at 20M events under
// traffic one ran past the pool's statement timeout (bench:growth, issue 36) and the rebuild
// failed. They run without it; the same pool's other statements keep theirs.
import { createPool, sql } from 'slonik';
import t from 'tap';
import { createCallbackPgDriverFactory } from '../../infra/postgres/slonik-driver.ts';
import { startTestSystem } from '../../testing/harness.ts';
import type { Projection } from './projection.ts';
import { rebuildProjection } from './rebuild.ts';

const STATEMENT_TIMEOUT_MS = 300;
const system = await startTestSystem(t);
const pool = await createPool(system.url, { driverFactory: createCallbackPgDriverFactory(), statementTimeout: STATEMENT_TIMEOUT_MS });
t.teardown(() => pool.end());
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** a projection of nothing whose completion takes twice the pool's statement timeout */
const slowToComplete: Projection = {
  name: 'slow_to_complete',
  version: 1,
  streams: ['slow-to-complete.'],
  async migrate(tx, schema) {
    await tx.query(sql.unsafe`CREATE TABLE ${sql.identifier([schema, 'done'])} (at timestamptz NOT NULL)`);
  },
  async apply() {},
  completeBulk: [
    async (tx, schema) => {
      await tx.query(sql.unsafe`SELECT pg_sleep(${(2 * STATEMENT_TIMEOUT_MS) / 1000})`);
      await tx.query(sql.unsafe`INSERT INTO ${sql.identifier([schema, 'done'])} (at) VALUES (now())`);
    },
  ],
};

t.test('a completion step longer than the statement timeout completes, and the rebuilt schema goes live', async (t) => {
  await t.rejects(pool.query(sql.unsafe`SELECT pg_sleep(${(2 * STATEMENT_TIMEOUT_MS) / 1000})`), /statement_timeout/, "the pool's statements have the timeout");
  const report = await rebuildProjection({ pool, store: system.core.store, projection: slowToComplete, log: silent });
  t.ok(report.seconds * 1000 >= 2 * STATEMENT_TIMEOUT_MS, 'the rebuild waited for its step');
  t.equal(await pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM slow_to_complete.done`), 1, 'the step ran to its end in the live schema');
  await t.rejects(pool.query(sql.unsafe`SELECT pg_sleep(${(2 * STATEMENT_TIMEOUT_MS) / 1000})`), /statement_timeout/, 'the timeout is back for the next statement');
});
