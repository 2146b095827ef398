// Whether an error means "the database cannot be reached right now" (PostgreSQL stopped, restarting, refusing
// connections, or a connection that died), as opposed to a bug or a bad query. Such a request answers 503
// UNAVAILABLE with the error shape instead of a 500, and the pool reconnects by itself when the server is back.

/** Node socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), 53300 too_many_connections; class 08 is connection exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost or timed-out connection with a plain Error and one of these messages. */
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  // The pool's query_timeout (QUERY_TIMEOUT_MS): the server gave no answer.
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable: the database cannot be reached. Please try again in a moment.';

export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps the driver's error in `cause` ("Failed query: ..."); walk the chain, a few levels at most.
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
