import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  CheckExclusionConstraintViolationError,
  CheckIntegrityConstraintViolationError,
  createDriverFactory,
  type DriverCommand,
  type DriverConfiguration,
  type DriverFactory,
  type DriverQueryResult,
  ForeignKeyIntegrityConstraintViolationError,
  IdleTransactionTimeoutError,
  InputSyntaxError,
  InvalidInputError,
  type PrimitiveValueExpression,
  NotNullIntegrityConstraintViolationError,
  StatementCancelledError,
  StatementTimeoutError,
  UniqueIntegrityConstraintViolationError,
} from 'slonik';

import { flatArrayLiteral } from './array-literal.ts';

const ignoreLateError = (): void => undefined;

/** A parameter as pg sends it, a flat array written by flatArrayLiteral. */
const asParameter = (value: unknown): unknown => (Array.isArray(value) ? (flatArrayLiteral(value) ?? value) : value);

/** How many statements of its own a connection keeps prepared; past that, new ones go unnamed. */
export const PREPARED_PER_CONNECTION = 500;

/**
 * The name a connection prepares a statement under: every statement with parameters is prepared
 * once per connection and named by its text, as asyncpg and postgres.js do by default. Sent
 * unnamed, each call was parsed, analysed and planned again: over a run of the test suite, planning
 * alone took PostgreSQL 22 s against 40 s of execution, and a workout's read was planned in 0.5 ms
 * to run in 0.06 (docs/benchmarks.md, "Statements prepared per connection"). Statements without
 * parameters (transaction control, DDL) stay on the simple protocol; a connection that has
 * prepared `limit` texts prepares no more, so that texts built at run time cannot grow it without end.
 */
export function preparedStatements(limit = PREPARED_PER_CONNECTION): { nameOf(text: string, values: readonly unknown[] | undefined): string | undefined } {
  const names = new Map<string, string>();
  return {
    nameOf(text, values) {
      if (!values || values.length === 0) return undefined;
      const known = names.get(text);
      if (known !== undefined || names.size >= limit) return known;
      const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
      return name;
    },
  };
}

/**
 * Slonik's connections on `pg`, as `@slonik/pg-driver` makes them, but calling `client.query` with a
 * callback. pg's promise form keeps each result reachable for longer: on a loop of 2 KB rows the
 * young-generation collections grew to 5–11 ms each and promoted about 5 MB, where the callback form
 * collects in under a millisecond; those pauses were the slowest stats and home reads
 * (docs/benchmarks.md, "Issue 17, fourth pass"). Same timeouts, type parsers and error classes as
 * slonik's own driver; no streaming (nothing here streams).
 */
export function createCallbackPgDriverFactory(): DriverFactory {
  return createDriverFactory(async ({ driverConfiguration }) => {
    const config = clientConfigOf(driverConfiguration);
    const getTypeParser = await typeParsersOf(config, driverConfiguration.typeParsers);
    return {
      createPoolClient: async ({ clientEventEmitter }) => {
        const password = typeof driverConfiguration.password === 'function' ? await driverConfiguration.password() : config.password;
        const client = new pg.Client({ ...config, password, types: { getTypeParser } });
        const statements = preparedStatements();
        const onError = (error: Error) => clientEventEmitter.emit('error', slonikErrorOf(error, null));
        const onNotice = (notice: { message?: string }) => {
          if (notice.message) clientEventEmitter.emit('notice', { message: notice.message });
        };
        client.on('error', onError);
        client.on('notice', onNotice);
        const stopListening = () => {
          client.removeListener('error', onError);
          // a client given up on can still hear its connection end (the server shutting down): an
          // 'error' with no listener would end the process
          client.on('error', ignoreLateError);
          client.removeListener('notice', onNotice);
        };
        return {
          connect: async () => {
            try {
              await client.connect();
            } catch (error) {
              stopListening();
              throw error;
            }
          },
          end: async () => {
            await client.end();
            stopListening();
          },
          query: (text, values, options) =>
            new Promise<DriverQueryResult>((resolve, reject) => {
              const name = options?.name ?? statements.nameOf(text, values);
              client.query({ text, values: values?.map(asParameter), ...(name ? { name } : {}) }, (error: Error | null, result: pg.QueryResult | pg.QueryResult[]) => {
                if (error) reject(slonikErrorOf(error, { sql: text, values: (values ?? []) as PrimitiveValueExpression[] }));
                else if (Array.isArray(result)) reject(new InvalidInputError('Must not use multiple statements in a single query.'));
                else resolve(driverResultOf(result));
              });
            }),
          stream: () => {
            throw new Error('Streaming queries are not supported by this driver.');
          },
        };
      },
    };
  });
}

function clientConfigOf(configuration: DriverConfiguration): pg.ClientConfig {
  const timeout = (value: 'DISABLE_TIMEOUT' | number | undefined) => (value === 'DISABLE_TIMEOUT' || value === undefined ? undefined : Math.max(1, value));
  return {
    connectionString: configuration.connectionUri,
    ...(typeof configuration.password === 'string' ? { password: configuration.password } : {}),
    ...(configuration.ssl ? { ssl: configuration.ssl } : {}),
    connectionTimeoutMillis: timeout(configuration.connectionTimeout),
    statement_timeout: timeout(configuration.statementTimeout),
    idle_in_transaction_session_timeout: timeout(configuration.idleInTransactionSessionTimeout),
  };
}

type TypeParserLookup = (oid: number, format?: string) => (value: string) => unknown;

/** pg's own parsers, with the configured ones in place of those types and their arrays (found by name once). */
async function typeParsersOf(config: pg.ClientConfig, parsers: DriverConfiguration['typeParsers']): Promise<TypeParserLookup> {
  const byOid = new Map<number, (value: string) => unknown>();
  if (parsers.length > 0) {
    const client = new pg.Client(config);
    client.on('error', ignoreLateError);
    await client.connect();
    try {
      const { rows } = await client.query<{ oid: number; typarray: number; typname: string }>(
        'SELECT oid::int, typarray::int, typname FROM pg_type WHERE typname = ANY($1::text[])',
        [parsers.map((parser) => parser.name)],
      );
      for (const parser of parsers) {
        const type = rows.find((row) => row.typname === parser.name);
        if (!type) throw new Error(`Database type "${parser.name}" not found.`);
        byOid.set(type.oid, parser.parse);
        if (type.typarray) byOid.set(type.typarray, (value) => parseArray(value, parser.parse));
      }
    } finally {
      await client.end();
    }
  }
  return (oid, format) => byOid.get(oid) ?? (pg.types.getTypeParser as TypeParserLookup)(oid, format);
}

/** pg-types' array literal parser; its declaration names a function, the module it ships exports `create`. */
const arrayParser = pg.types.arrayParser as unknown as { create(source: string, transform: (entry: string) => unknown): { parse(): unknown[] } };
const parseArray = (source: string, parse: (entry: string) => unknown) => arrayParser.create(source, parse).parse();

function driverResultOf(result: pg.QueryResult): DriverQueryResult {
  return {
    command: result.command as DriverCommand,
    fields: result.fields.map((field) => ({ dataTypeId: field.dataTypeID, name: field.name })),
    rowCount: result.rowCount,
    rows: result.rows,
  };
}

/** The error classes slonik's pg driver raises, which callers tell apart (a unique violation, a lost connection, a timeout). */
export function slonikErrorOf(error: Error, query: { sql: string; values: readonly PrimitiveValueExpression[] } | null): Error {
  const message = error.message.toLowerCase();
  if (message.includes('connection terminated unexpectedly')) return new BackendTerminatedUnexpectedlyError(error);
  if (message.includes('connection terminated')) return new BackendTerminatedError(error);
  if (!('code' in error)) return error;
  switch (error.code) {
    // the socket closed under a query before the server's reason was read (a Unix socket refuses the write at once)
    case 'EPIPE':
    case 'ECONNRESET':
      return new BackendTerminatedUnexpectedlyError(error);
    case '22P02':
      return new InvalidInputError(error.message);
    case '25P03':
      return new IdleTransactionTimeoutError(error);
    case '57P01':
      return new BackendTerminatedError(error);
    case '57014':
      return error.message.includes('canceling statement due to user request') ? new StatementCancelledError(error) : new StatementTimeoutError(error);
    case '23502':
      return new NotNullIntegrityConstraintViolationError(error);
    case '23503':
      return new ForeignKeyIntegrityConstraintViolationError(error);
    case '23505':
      return new UniqueIntegrityConstraintViolationError(error);
    case '23P01':
      return new CheckExclusionConstraintViolationError(error);
    case '23514':
      return new CheckIntegrityConstraintViolationError(error);
    case '42601':
      return query ? new InputSyntaxError(error, query) : error;
    default:
      return error;
  }
}
