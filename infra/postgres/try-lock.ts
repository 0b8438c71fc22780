import type pg from 'pg';

/** `work` under a session advisory lock named `name`, or nothing when another session holds it. */
export async function whileHoldingLock(pool: pg.Pool, name: string, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let released = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name]);
    if (!rows[0]?.locked) return;
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch((error: unknown) => {
        // a connection that cannot unlock is thrown away, and its lock with it
        released = true;
        client.release(error instanceof Error ? error : true);
      });
    }
  } finally {
    if (!released) client.release();
  }
}
