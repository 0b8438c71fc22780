import path from 'node:path';
import pg from 'pg';
import t from 'tap';
import { until } from '../../testing/until.ts';
import { startStreamingReplica } from './streaming-replica.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

const query = async <Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
};

t.test('a replica started from a low-level base backup of a running primary streams its writes and refuses its own', async (t) => {
  const primary = await startThrowawayPostgres('replica-primary-');
  t.teardown(() => primary.stop());
  await query(primary.url, 'CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  await query(primary.url, `INSERT INTO notes SELECT n, 'before ' || n FROM generate_series(1, 1000) n`);

  const replica = await startStreamingReplica({ primaryUrl: primary.url, dataDir: path.join(primary.dir, 'replica') });
  t.teardown(() => replica.stop());

  t.same(await query(replica.url, 'SELECT pg_is_in_recovery() AS recovering'), [{ recovering: true }], 'a hot standby');
  t.same(await query(replica.url, 'SELECT count(*)::int AS rows FROM notes'), [{ rows: 1000 }], 'what the primary held at the backup');

  await query(primary.url, `INSERT INTO notes VALUES (1001, 'after')`);
  await until('the write streamed to the replica', async () => (await query(replica.url, 'SELECT body FROM notes WHERE id = 1001')).length === 1);

  const streaming = await query<{ state: string; slot_name: string }>(primary.url, `SELECT s.state, r.slot_name FROM pg_stat_replication s JOIN pg_replication_slots r ON r.active_pid = s.pid`);
  t.same(streaming, [{ state: 'streaming', slot_name: replica.slot }], 'the primary streams to it through its slot');

  await t.rejects(query(replica.url, `INSERT INTO notes VALUES (1002, 'on the replica')`), { code: '25006' }, 'read-only');

  await replica.stop();
  t.same(await query(primary.url, 'SELECT slot_name FROM pg_replication_slots'), [], 'stopping drops the slot, so the primary keeps no WAL for it');
});
