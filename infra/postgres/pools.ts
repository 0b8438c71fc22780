import pg from 'pg';
import { createPool, createBigintTypeParser, type DatabasePool } from 'slonik';

export type Database = {
  /** raw driver pool: the event store's batched appends and LISTEN */
  readonly pg: pg.Pool;
  /** typed queries: projections and the query API */
  readonly slonik: DatabasePool;
  close(): Promise<void>;
};

export async function connectDatabase(url: string, poolSize: number): Promise<Database> {
  const raw = new pg.Pool({ connectionString: url, max: Math.max(2, Math.ceil(poolSize / 2)) });
  raw.on('error', () => undefined); // an idle client's lost connection is replaced on next use
  const slonik = await createPool(url, {
    maxPoolSize: poolSize,
    // our queries leave no session state behind, so the default DISCARD ALL would only cost a round trip
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
