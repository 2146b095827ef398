// What every answer to a hostile request must satisfy: no server error, and an error in the one shape
// { error, code, fields?, requestId } (plugins/errors.ts). Row counts are compared by the runner.
import type { LightMyRequestResponse } from 'fastify';

const ERROR_KEYS = new Set(['error', 'code', 'fields', 'requestId']);

/** Problems with a parsed error body; [] when it is exactly the error shape. */
export function errorShapeProblems(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return ['the error body is not an object'];
  const b = body as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(b)) if (!ERROR_KEYS.has(key)) problems.push(`unexpected key "${key}"`);
  if (typeof b.error !== 'string' || b.error === '') problems.push('"error" is not a non-empty string');
  if (typeof b.code !== 'string' || !/^[A-Z_]+$/.test(b.code))
    problems.push('"code" is not an UPPER_CASE string');
  if (typeof b.requestId !== 'string' || b.requestId === '') problems.push('"requestId" is not a string');
  if ('fields' in b) {
    const f = b.fields;
    if (f === null || typeof f !== 'object' || Array.isArray(f)) problems.push('"fields" is not an object');
    else if (Object.values(f).some((v) => typeof v !== 'string'))
      problems.push('a "fields" value is not a string');
  }
  return problems;
}

/** Problems with one response: a 5xx, or an error that is not JSON in the error shape. */
export function responseProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}: a server error`);
  if (res.statusCode >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) {
      problems.push(`an error answered as ${type || 'no content type'}, not JSON`);
    } else {
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        problems.push('the error body is not valid JSON');
        return problems;
      }
      problems.push(...errorShapeProblems(body));
      const id = (body as { requestId?: unknown } | null)?.requestId;
      if (typeof id === 'string' && id !== res.headers['x-request-id']) {
        problems.push('"requestId" differs from the x-request-id header');
      }
    }
  }
  return problems;
}
