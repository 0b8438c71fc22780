// The error classes the driver gives slonik for a lost connection, however the loss showed itself,
// and the names it prepares statements under.
import { BackendTerminatedError, BackendTerminatedUnexpectedlyError, UniqueIntegrityConstraintViolationError } from 'slonik';
import t from 'tap';
import { preparedStatements, slonikErrorOf } from './slonik-driver.ts';

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

t.test('a statement with parameters is named by its text, one without stays unnamed, and a full connection names no new text', async (t) => {
  const statements = preparedStatements(2);
  const first = statements.nameOf('SELECT $1::int', [1]);
  t.match(first, /^s_[\w-]{27}$/, 'a name PostgreSQL keeps whole (under 64 bytes)');
  t.equal(statements.nameOf('SELECT $1::int', [2]), first, 'the same text, other values: the same statement');
  t.not(statements.nameOf('SELECT $1::text', ['a']), first, 'another text: another statement');
  t.equal(statements.nameOf('COMMIT', []), undefined, 'no parameters: the simple protocol, unprepared');
  t.equal(statements.nameOf('SELECT $1::date', ['2026-11-29']), undefined, 'two texts kept: a third goes unnamed');
  t.equal(statements.nameOf('SELECT $1::int', [3]), first, 'and the kept ones keep their names');
});
