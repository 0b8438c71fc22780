import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  InputSyntaxError,
  InvalidInputError,
  NotNullIntegrityConstraintViolationError,
  sql,
  StatementTimeoutError,
  UniqueIntegrityConstraintViolationError,
} from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { connectTestDatabase } from '../../testing/database.ts';
import { until } from '../../testing/until.ts';

/** What a call rejected with (slonik's errors are all named "Error", so tap's `rejects` cannot tell their classes apart). */
const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

t.test("the typed pool's connections: our parsers, slonik's error classes, prepared statements", async (t) => {
  const db = await connectTestDatabase(t);
  const pool = db.slonik;

  t.test('values come back as the rest of the code reads them', async (t) => {
    const row = await pool.one(sql.unsafe`
      SELECT 9007199254740993::int8 AS big, ARRAY[1, NULL, 3]::int8[] AS bigs,
             '2026-11-27 08:00:00+02'::timestamptz AS at, ARRAY['2026-11-27 08:00:00+00']::timestamptz[] AS ats,
             '2026-11-27 08:00:00'::timestamp AS local, 7::int AS small, 1.5::float8 AS real, '{"a": 1}'::jsonb AS doc, NULL::text AS nothing`);
    t.same(row, {
      big: 9007199254740993n,
      bigs: [1n, null, 3n],
      at: '2026-11-27T06:00:00.000Z',
      ats: ['2026-11-27T08:00:00.000Z'],
      local: '2026-11-27T08:00:00.000Z',
      small: 7,
      real: 1.5,
      doc: { a: 1 },
      nothing: null,
    });
  });

  t.test('a failed statement raises the class callers tell apart, and the connection goes on', async (t) => {
    await pool.query(sql.unsafe`CREATE TABLE driver_probe (id int PRIMARY KEY, name text NOT NULL)`);
    await pool.query(sql.unsafe`INSERT INTO driver_probe VALUES (1, 'one')`);
    t.type(await rejection(pool.query(sql.unsafe`INSERT INTO driver_probe VALUES (1, 'again')`)), UniqueIntegrityConstraintViolationError);
    t.type(await rejection(pool.query(sql.unsafe`INSERT INTO driver_probe VALUES (2, NULL)`)), NotNullIntegrityConstraintViolationError);
    t.type(await rejection(pool.query(sql.unsafe`SELECT ${'not a number'}::int`)), InvalidInputError);
    t.type(await rejection(pool.query(sql.unsafe`SELEC 1`)), InputSyntaxError);
    const timedOut = pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SET LOCAL statement_timeout = 50`);
      await tx.query(sql.unsafe`SELECT pg_sleep(1)`);
    });
    t.type(await rejection(timedOut), StatementTimeoutError);
    await t.rejects(pool.query(sql.unsafe`SELECT 1; SELECT 2`), /multiple statements/);
    t.equal(await pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM driver_probe`), 1, 'nothing half written');
  });

  t.test('a connection ended by the server raises BackendTerminatedError', async (t) => {
    const ended = pool.connect(async (connection) => {
      const pid = await connection.oneFirst(sql.type(z.object({ pid: z.number() }))`SELECT pg_backend_pid() AS pid`);
      await db.pg.query('SELECT pg_terminate_backend($1)', [pid]);
      await connection.query(sql.unsafe`SELECT 1`);
    });
    // the server's reason (57P01) when the client read it before writing the next query; over a
    // Unix socket the write can fail first (EPIPE), and then the connection ended unexplained
    const error = await rejection(ended);
    t.ok(error instanceof BackendTerminatedError || error instanceof BackendTerminatedUnexpectedlyError, `a terminated backend's class: ${String(error)}`);
    t.equal(await pool.oneFirst(sql.type(z.object({ one: z.number() }))`SELECT 1 AS one`), 1, 'the pool opens another');
  });

  t.test('a connection the server ended while it was idle answers the next query with the server\'s reason', async (t) => {
    const ended = pool.connect(async (connection) => {
      const pid = await connection.oneFirst(sql.type(z.object({ pid: z.number() }))`SELECT pg_backend_pid() AS pid`);
      await db.pg.query('SELECT pg_terminate_backend($1)', [pid]);
      // gone from the server, and its last words (57P01) read by the client before the next query
      await until('the backend to be gone', async () => (await db.pg.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await connection.query(sql.unsafe`SELECT 1`);
    });
    t.type(await rejection(ended), BackendTerminatedError);
  });

  t.test('a prepared statement is prepared once per connection and answers each call with its own values', async (t) => {
    const add = (n: number) => sql.prepared('driver_probe_add', z.object({ sum: z.number() }))`SELECT ${n}::int + 1 AS sum`;
    t.same(await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pool.oneFirst(add(n)))), [2, 3, 4, 5, 6, 7], 'calls at once, on several connections');
    await pool.connect(async (connection) => {
      t.same([await connection.oneFirst(add(10)), await connection.oneFirst(add(20))], [11, 21]);
      const prepared = await connection.oneFirst(
        sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'driver_probe_add'`,
      );
      t.equal(prepared, 1, 'one statement on the connection after two calls');
    });
  });

  t.test('every statement with parameters is prepared once per connection, under a name of its text', async (t) => {
    const probe = (n: number) => sql.type(z.object({ twice: z.number() }))`SELECT ${n}::int * 2 AS twice`;
    await pool.connect(async (connection) => {
      t.same([await connection.oneFirst(probe(1)), await connection.oneFirst(probe(21))], [2, 42], 'each call answers with its own values');
      const statements = await connection.any(
        sql.type(z.object({ name: z.string(), statement: z.string() }))`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%::int * 2 AS twice'`,
      );
      t.equal(statements.length, 1, 'one statement on the connection after two calls');
      t.match(statements[0]?.name, /^s_/, 'named by the driver');
    });
  });
});
