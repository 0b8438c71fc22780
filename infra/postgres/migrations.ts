import type pg from 'pg';

/** An ordered list of DDL steps of one component; a step, once applied, is never edited. */
export type Migration = { readonly component: string; readonly steps: readonly string[] };

// One key for every component: migrations of parallel starts run one after another.
const MIGRATION_LOCK = 7_240_001;

/** Applies the steps not applied yet, each in its own transaction; safe to run at every start. */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
      component text NOT NULL,
      step integer NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component, step))`);
    for (const { component, steps } of migrations) {
      const { rows } = await client.query<{ done: number | null }>(
        'SELECT max(step) AS done FROM public.schema_migrations WHERE component = $1',
        [component],
      );
      const done = rows[0]?.done ?? -1;
      for (let step = done + 1; step < steps.length; step++) {
        await client.query('BEGIN');
        try {
          await client.query(steps[step]!);
          await client.query('INSERT INTO public.schema_migrations (component, step) VALUES ($1, $2)', [component, step]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${component} step ${step} failed`, { cause: error });
        }
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
