import { ConnectionError, UniqueIntegrityConstraintViolationError } from 'slonik';
import t from 'tap';
import { isConnectionError } from './connection-errors.ts';

const withCode = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

t.test('the database being away: answered 503 and retried', async (t) => {
  const cases: [string, unknown][] = [
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['admin_shutdown (pg_terminate_backend, a fast shutdown)', withCode('57P01')],
    ['cannot_connect_now (starting up, shutting down)', withCode('57P03')],
    ['a class 08 connection exception', withCode('08006')],
    ["node-postgres's lost socket", new Error('Connection terminated unexpectedly')],
    ["the pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    ["slonik's wrapper around a refused connection", new ConnectionError('connect failed', { cause: withCode('ECONNREFUSED') })],
    ['a refusal by every address of a host', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['deeper in the cause chain', new Error('outer', { cause: new Error('middle', { cause: withCode('57P01') }) })],
  ];
  for (const [name, error] of cases) t.ok(isConnectionError(error), name);
});

t.test('a wrong query or a refusal is not an outage', async (t) => {
  const cases: [string, unknown][] = [
    ['a unique violation', withCode('23505')],
    ["slonik's unique violation", new UniqueIntegrityConstraintViolationError(withCode('23505') as never)],
    ['an undefined table', withCode('42P01')],
    ['a deadlock', withCode('40P01')],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ];
  for (const [name, error] of cases) t.notOk(isConnectionError(error), name);
});
