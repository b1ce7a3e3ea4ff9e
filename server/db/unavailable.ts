/**
 * Whether an error means the database cannot be reached right now (down, restarting, refusing
 * or dropping connections) rather than that a query is wrong. The error handler answers these
 * with 503 and Retry-After instead of 500: the request may simply be tried again.
 */

/** SQLSTATE class 08 (connection exception) and the shutdown / starting-up codes of class 57. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P01|57P02|57P03)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres reports these as plain Errors without a code. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError, `cause`); follow a few levels.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) {
      return true;
    }
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Seconds a client is asked to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether the database cancelled a statement (SQLSTATE 57014, query_canceled): it ran longer
 * than DB_STATEMENT_TIMEOUT_MS (or an operator cancelled it). The error handler answers 503:
 * the server is too busy for this request now, the client may try again later.
 */
export function isStatementCancelled(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = current.cause;
  }
  return false;
}
