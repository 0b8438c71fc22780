import pg from 'pg';
import { createPool, createBigintTypeParser, type DatabasePool } from 'slonik';
import { createCallbackPgDriverFactory } from './slonik-driver.ts';

export type Database = {
  /** raw driver pool: the event store's batched appends and LISTEN */
  readonly pg: pg.Pool;
  /** typed queries: projections and the query API */
  readonly slonik: DatabasePool;
  close(): Promise<void>;
};

export async function connectDatabase(url: string, poolSize: number): Promise<Database> {
  const raw = new pg.Pool({
    connectionString: url,
    max: Math.max(2, Math.ceil(poolSize / 2)),
    // a server that vanished without closing the socket (a failover) must fail a request, not hang it
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // An idle client's lost connection (a restart, pg_terminate_backend) is replaced on next use;
  // without a listener the event would end the process. Slonik handles its own clients' errors.
  raw.on('error', () => undefined);
  const slonik = await createPool(url, {
    driverFactory: createCallbackPgDriverFactory(),
    maxPoolSize: poolSize,
    // our queries leave no session state behind but prepared statements (`sql.prepared`, kept per
    // connection, which pg remembers client side), so the default DISCARD ALL would only cost a
    // round trip and break those
    resetConnection: async () => undefined,
    typeParsers: [
      createBigintTypeParser(),
      { name: 'timestamptz', parse: (value) => new Date(Date.parse(value)).toISOString() },
      { name: 'timestamp', parse: (value) => new Date(Date.parse(`${value}Z`)).toISOString() },
    ],
  });
  return {
    pg: raw,
    slonik,
    async close() {
      await slonik.end();
      await raw.end();
    },
  };
}

/** One pool's connections right now: open ones (in use or idle), callers waiting for one, and the cap. */
export type PoolUsage = {
  readonly pool: 'pg' | 'slonik';
  readonly inUse: number;
  readonly idle: number;
  readonly waiting: number;
  readonly max: number;
};

/** Both pools' usage, from their own counters: no query. */
export function poolUsage(db: Pick<Database, 'pg' | 'slonik'>): PoolUsage[] {
  const raw = db.pg;
  const typed = db.slonik.state();
  return [
    { pool: 'pg', inUse: raw.totalCount - raw.idleCount, idle: raw.idleCount, waiting: raw.waitingCount, max: raw.options.max },
    {
      pool: 'slonik',
      // a connection being opened, released or closed is busy too: it cannot be handed out
      inUse: typed.acquiredConnections + typed.pendingConnections + typed.pendingReleaseConnections + typed.pendingDestroyConnections,
      idle: typed.idleConnections,
      waiting: typed.waitingClients,
      max: db.slonik.configuration.maxPoolSize ?? 10, // slonik's default
    },
  ];
}
