// An error as it may be logged (finding F9): a database error (drizzle's DrizzleQueryError and the driver's error
// under it) holds the statement's parameters in `params`, in its message and stack ("params: ..."), and the row in
// `detail` ("Failing row contains (..., $argon2id$..., ...)"). logSafeError keeps the message, code, constraint and
// the SQL text with its $1 placeholders, never the values. It is the root logger's `err` serializer (logger.ts),
// so every log line of the app, the request loggers and the mailer's alike, goes through it.

/** What a database error may show in a log: its kind and place, never the values (see the header). */
const DB_ERROR_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'position',
  'query',
];
/** Never logged from any error: statement parameters and the values a database error quotes. */
const SECRET_FIELDS = new Set([
  'params',
  'parameters',
  'values',
  'detail',
  'where',
  'internalQuery',
  'queryOptions',
]);

const looksLikeDbError = (err: object) =>
  'query' in err || 'params' in err || 'severity' in err || 'routine' in err;

/** The message without drizzle's "\nparams: ..." tail. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '');

/**
 * The log form of an error (pino's `err` serializer): type, message, stack and the error's own fields, minus
 * statement parameters and quoted values; a database error keeps only DB_ERROR_FIELDS. Its cause too.
 */
export function logSafeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const message = withoutParams(err.message);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message };
  if (err.stack) out.stack = err.stack.replace(err.message, message).replace(/\nparams: [^\n]*/, '');
  const own = err as unknown as Record<string, unknown>;
  const keys = looksLikeDbError(err)
    ? DB_ERROR_FIELDS.filter((k) => k in err)
    : Object.keys(err).filter((k) => !SECRET_FIELDS.has(k));
  for (const k of keys) {
    if (k === 'cause' || k === 'message' || k === 'stack' || own[k] === undefined) continue;
    if (typeof own[k] !== 'function') out[k] = own[k];
  }
  if (err.cause !== undefined) out.cause = depth < 5 ? logSafeError(err.cause, depth + 1) : '[cause]';
  return out;
}
