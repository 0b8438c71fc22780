// The error classes the driver gives slonik for a lost connection, however the loss showed itself.
import { BackendTerminatedError, BackendTerminatedUnexpectedlyError, UniqueIntegrityConstraintViolationError } from 'slonik';
import t from 'tap';
import { slonikErrorOf } from './slonik-driver.ts';

const withCode = (code: string, message: string): Error => Object.assign(new Error(message), { code });

t.test('a lost connection is a BackendTerminated class, whether the server said why or the socket just closed', async (t) => {
  t.type(slonikErrorOf(withCode('57P01', 'terminating connection due to administrator command'), null), BackendTerminatedError);
  t.type(slonikErrorOf(new Error('Connection terminated'), null), BackendTerminatedError);
  t.type(slonikErrorOf(new Error('Connection terminated unexpectedly'), null), BackendTerminatedUnexpectedlyError);
  // over a Unix socket the next query's write fails at once when the server has closed its end
  t.type(slonikErrorOf(withCode('EPIPE', 'write EPIPE'), null), BackendTerminatedUnexpectedlyError);
  t.type(slonikErrorOf(withCode('ECONNRESET', 'read ECONNRESET'), null), BackendTerminatedUnexpectedlyError);
});

t.test('a statement error keeps its own class', async (t) => {
  t.type(slonikErrorOf(Object.assign(withCode('23505', 'duplicate key value'), { constraint: 'k' }), { sql: 'INSERT …', values: [] }), UniqueIntegrityConstraintViolationError);
});
