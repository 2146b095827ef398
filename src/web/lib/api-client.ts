// The one way the client talks to the API: cookies always travel, a JSON
// content type is sent only with a body, and any non-ok answer becomes an Error "STATUS: body text".
import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema } from '#domain/schemas/user.schema';

/** The `{ message }` answer of the account calls that change something without returning a resource. */
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The error every failed request raises. `message` is exactly "STATUS: body text" (or status text). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new HttpError(res.status, res.statusText, text);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a request and returns the raw response once it is known to be ok. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Sends a request and parses the JSON answer (undefined for an empty body such as 204). */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: GET the query key joined by '/', JSON answer; 401 may be configured to give null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export interface ParsedApiError {
  status: number | null;
  message: string | null;
  code: string | null;
  fields: Record<string, string>;
}

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** Reads the `{ error, code, fields }` body back out of an error raised by the client. */
export function parseApiError(err: unknown): ParsedApiError {
  const empty: ParsedApiError = { status: null, message: null, code: null, fields: {} };
  if (!(err instanceof Error)) return empty;
  const m = STATUS_PREFIX.exec(err.message);
  if (!m) return empty;
  const status = Number(m[1]);
  const body = m[2] ?? '';
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === 'object') {
      const o = json as Record<string, unknown>;
      const fields: Record<string, string> = {};
      if (o.fields && typeof o.fields === 'object') {
        for (const [k, v] of Object.entries(o.fields as Record<string, unknown>)) {
          if (typeof v === 'string') fields[k] = v;
        }
      }
      const message =
        typeof o.error === 'string' ? o.error : typeof o.message === 'string' ? o.message : null;
      return { status, message, code: typeof o.code === 'string' ? o.code : null, fields };
    }
  } catch {
    // not JSON: fall through to the plain text
  }
  const plain = body.trim();
  return { status, message: plain && !plain.startsWith('<') ? plain : null, code: null, fields: {} };
}

/** A message fit to show a person: the server's `error` text, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return parseApiError(err).message ?? fallback;
}

/** True when the request never reached the server (offline, DNS, refused). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError;
}
