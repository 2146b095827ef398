import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiJson, apiRequest, errorMessage, getQueryFn, HttpError, parseApiError } from './api-client.ts';

interface Seen {
  method: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base = '';
const seen: Seen[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method ?? '', contentType: req.headers['content-type'], body });
    switch (req.url) {
      case '/ok':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
        return;
      case '/echo':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(body || '{}');
        return;
      case '/no-content':
        res.writeHead(204).end();
        return;
      case '/unauthorized':
        res
          .writeHead(401, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: 'Not signed in', code: 'UNAUTHENTICATED' }));
        return;
      case '/invalid':
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            error: 'Please check the form',
            code: 'VALIDATION',
            fields: { email: 'Please enter a valid email address' },
            requestId: 'r1',
          }),
        );
        return;
      case '/empty-error':
        res.writeHead(503, 'Service Unavailable').end();
        return;
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Nothing here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('apiRequest', () => {
  it('sends a JSON content type and body only when there is a body', async () => {
    seen.length = 0;
    await apiRequest('POST', `${base}/echo`, { a: 1 });
    await apiRequest('POST', `${base}/echo`);
    await apiRequest('GET', `${base}/ok`);
    expect(seen[0]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"a":1}' });
    expect(seen[1]).toMatchObject({ method: 'POST', contentType: undefined, body: '' });
    expect(seen[2]).toMatchObject({ method: 'GET', contentType: undefined });
  });

  it('always sends cookies', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      await apiRequest('GET', `${base}/ok`);
      await getQueryFn({ on401: 'throw' })({
        queryKey: [`${base}/ok`],
        signal: new AbortController().signal,
        meta: undefined,
        client: undefined,
      } as never);
      expect(spy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include']);
    } finally {
      spy.mockRestore();
    }
  });

  it('raises "STATUS: body text" for a non-ok answer', async () => {
    await expect(apiRequest('GET', `${base}/missing`)).rejects.toThrow('404: Nothing here');
    const err = await apiRequest('GET', `${base}/missing`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(404);
  });

  it('uses the status text when the error body is empty', async () => {
    await expect(apiRequest('GET', `${base}/empty-error`)).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('parses JSON answers and treats 204 as no content', async () => {
    await expect(apiJson('GET', `${base}/ok`)).resolves.toEqual({ hello: 'world' });
    await expect(apiJson('DELETE', `${base}/no-content`)).resolves.toBeUndefined();
  });
});

describe('getQueryFn', () => {
  const ctx = (url: string) =>
    ({ queryKey: [url], signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

  it('returns null on 401 when configured to', async () => {
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(`${base}/unauthorized`))).resolves.toBeNull();
  });

  it('raises on 401 by default', async () => {
    await expect(getQueryFn({ on401: 'throw' })(ctx(`${base}/unauthorized`))).rejects.toThrow(
      '401: {"error":"Not signed in","code":"UNAUTHENTICATED"}',
    );
  });

  it('reads JSON for an ok answer', async () => {
    await expect(getQueryFn({ on401: 'throw' })(ctx(`${base}/ok`))).resolves.toEqual({ hello: 'world' });
  });
});

describe('readable errors', () => {
  it('shows the server error text and per-field messages', async () => {
    const err = await apiRequest('POST', `${base}/invalid`, {}).catch((e: unknown) => e);
    expect(errorMessage(err, 'fallback')).toBe('Please check the form');
    expect(parseApiError(err)).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fields: { email: 'Please enter a valid email address' },
    });
  });

  it('falls back when the body says nothing useful', async () => {
    const err = await apiRequest('GET', `${base}/empty-error`).catch((e: unknown) => e);
    expect(errorMessage(err, 'Something failed')).toBe('Service Unavailable');
    expect(errorMessage(new Error('boom'), 'Something failed')).toBe('Something failed');
  });
});
