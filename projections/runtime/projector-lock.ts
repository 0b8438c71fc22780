import { hostname } from 'node:os';
import type { DatabasePool, DatabasePoolConnection } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';

function lockKey(name: string): string {
  return `projector:${name}`;
}

/** PostgreSQL keeps 63 bytes of an application_name. */
const runnerName = (name: string): string => `projector ${name} on ${hostname()} pid ${process.pid}`.slice(0, 63);

export type ProjectorRunner = {
  /** `projector <name> on <host> pid <pid>` */
  readonly by: string;
  /** when the process's lock connection was opened */
  readonly since: string;
  /** the process's address as PostgreSQL sees it; null over a local socket */
  readonly from: string | null;
};

/** Which process runs each projection now: the holder of its advisory lock, as PostgreSQL sees it. */
export async function readProjectorRunners(pool: DatabasePool, names: readonly string[]): Promise<Map<string, ProjectorRunner>> {
  const runners = new Map<string, ProjectorRunner>();
  for (const name of names) {
    const row = await pool.maybeOne(sql.type(z.object({ by: z.string(), since: z.string(), from: z.string().nullable() }))`
      SELECT a.application_name AS by, a.backend_start::text AS since, host(a.client_addr) AS from
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(${lockKey(name)})::bigint
      LIMIT 1`);
    if (row) runners.set(name, row);
  }
  return runners;
}

/** Takes the projection's advisory lock on `connection` if no other session holds it. */
export async function tryProjectorLock(connection: DatabasePoolConnection, name: string): Promise<boolean> {
  return connection.oneFirst(sql.type(z.object({ locked: z.boolean() }))`SELECT pg_try_advisory_lock(hashtext(${lockKey(name)})) AS locked`);
}

/**
 * `ops status` tells operators which process holds the projection by this name; the connection goes
 * back to the pool with the name it came with, which this returns for `releaseProjectorLock`.
 */
export async function nameLockHolder(connection: DatabasePoolConnection, name: string): Promise<string> {
  const { was } = await connection.one(
    sql.type(z.object({ was: z.string(), named: z.string() }))`
      SELECT current_setting('application_name') AS was, set_config('application_name', ${runnerName(name)}, false) AS named`,
  );
  return was;
}

export async function releaseProjectorLock(connection: DatabasePoolConnection, name: string, was: string): Promise<void> {
  await connection.query(sql.unsafe`SELECT pg_advisory_unlock(hashtext(${lockKey(name)})), set_config('application_name', ${was}, false)`);
}
