import { BackendTerminatedError, BackendTerminatedUnexpectedlyError, ConnectionError } from 'slonik';

// Which failures mean "the database is away" rather than "this query is wrong": the first kind is
// answered 503 and retried, the second is a bug or a refusal.

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is checked apart
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

// node-postgres and the pool report a lost socket in words, without a code
const MESSAGES = [
  /connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /backend has been terminated/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];


export function isConnectionError(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; cause && typeof cause === 'object' && depth < 6; depth++) {
    const { code, message, errors } = cause as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    // slonik wraps the driver's error in its own classes, keeping the original as `cause`
    if (cause instanceof ConnectionError || cause instanceof BackendTerminatedError || cause instanceof BackendTerminatedUnexpectedlyError) return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    // a refused connection to a host with several addresses is an AggregateError of each attempt
    if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
