// A server-wide rule for whatever a client sends, whatever a route's schema says (finding F9): no NUL character
// (\u0000) in any string or key of the params, the query or the parsed body. PostgreSQL cannot store one in text
// and fails the statement (a 500); refused up front with 400 VALIDATION naming the field. (The other half of F9,
// errors logged without statement parameters, is lib/log-safe-error.ts, the logger's `err` serializer.)
import fp from 'fastify-plugin';
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

export default fp(
  async function inputGuardPlugin(app) {
    app.addHook('preValidation', async (req) => {
      for (const part of [req.params, req.query, req.body]) {
        const path = findNul(part);
        if (path !== null) throw new AppError('VALIDATION', NUL_MESSAGE, { [path]: NUL_MESSAGE });
      }
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
