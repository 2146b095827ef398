// Two server-wide rules for whatever a client sends, whatever a route's schema says (finding F9):
// - No NUL character (\u0000) in any string or key of the params, the query or the parsed body: PostgreSQL cannot
//   store one in text and fails the statement (a 500). Refused up front with 400 VALIDATION naming the field.
// - An error in the log never carries a statement's parameters: a database error (drizzle's DrizzleQueryError and
//   the driver's error under it) holds them in `params`, in its message and stack ("params: ..."), and the row
//   in `detail` ("Failing row contains (..., $argon2id$..., ...)"). Request loggers serialize `err` through
//   logSafeError: the message, code, constraint and the SQL text with its $1 placeholders, never the values.
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** A path as long as the nesting allows would make a huge error: cut it, the start says where. */
const MAX_PATH = 200;
const joinPath = (path: string, key: string) =>
  path.length > MAX_PATH ? path : path ? `${path}.${key}` : key;

/**
 * The path ("a.b.0"; "_" for the value itself) of the first string or key that contains a NUL, or null. Walks
 * with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000'))
        return (path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}...` : path) || '_';
      continue;
    }
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], joinPath(path, String(i))]);
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key.includes('\u0000'))
        return joinPath(path, key.replaceAll('\u0000', '\\u0000')).slice(0, MAX_PATH);
      stack.push([(v as Record<string, unknown>)[key], joinPath(path, key)]);
    }
  }
  return null;
}

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

export default fp(
  async function inputGuardPlugin(app) {
    app.addHook('preValidation', async (req) => {
      for (const part of [req.params, req.query, req.body]) {
        const path = findNul(part);
        if (path !== null) throw new AppError('VALIDATION', NUL_MESSAGE, { [path]: NUL_MESSAGE });
      }
    });

    // Every request's logger (the one the error handler writes a 500 with) serializes errors safely. The request
    // loggers descend from one child of the app's logger that has the serializer, made once: a child per request
    // with its own serializers would cost pino a copy of them on every request.
    const parentFactory = app.childLoggerFactory;
    const safeParents = new WeakMap<object, FastifyBaseLogger>();
    app.setChildLoggerFactory(function (logger, bindings, opts, rawReq) {
      let safe = safeParents.get(logger);
      if (!safe) {
        safe = logger.child({}, { serializers: { err: logSafeError } });
        safeParents.set(logger, safe);
      }
      const options = opts.serializers
        ? { ...opts, serializers: { ...opts.serializers, err: logSafeError } }
        : opts;
      return parentFactory.call(this, safe, bindings, options, rawReq);
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
