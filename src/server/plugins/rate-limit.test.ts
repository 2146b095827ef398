// The per-IP limits (global and per sign-in route) decide on the matched route and the client address, never on
// the raw request line: an absolute-form request target (`POST http://host/api/auth/login HTTP/1.1`) counts like
// the origin-form one. light-my-request rewrites absolute URLs to their path, so these go over a real socket.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { uniqueEmail } from '#server/test/factories';

const PER_IP = 3;
const GLOBAL = 4;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_AUTH_PER_IP: String(PER_IP),
    RATE_LIMIT_GLOBAL_PER_MINUTE: String(GLOBAL),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends one request with the given request target over a fresh connection; resolves to the status code. */
function rawRequest(method: string, target: string, body?: object): Promise<number> {
  const payload = body ? JSON.stringify(body) : '';
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...(body ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (response += d));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(response)?.[1];
      if (status) resolve(Number(status));
      else reject(new Error(`no status line in ${JSON.stringify(response.slice(0, 200))}`));
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n${payload}`);
  });
}

describe('absolute-form request targets (F1)', () => {
  it('count against the per-IP sign-in limit like origin-form ones', async () => {
    const codes: number[] = [];
    for (let i = 0; i < PER_IP + 2; i++) {
      const target = i % 2 === 0 ? `http://127.0.0.1:${port}/api/auth/login` : '/api/auth/login';
      codes.push(await rawRequest('POST', target, { email: uniqueEmail(), password: 'Wrong123' }));
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('count against the global API limit like origin-form ones', async () => {
    const codes: number[] = [];
    for (let i = 0; i < GLOBAL + 2; i++) {
      codes.push(await rawRequest('GET', `http://127.0.0.1:${port}/api/config`));
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('client addresses (F11)', () => {
  const login = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'Wrong123' },
      remoteAddress,
    });

  it('counts every IPv6 address of one /64 as one client on the sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= PER_IP + 1; i++)
      codes.push((await login(`2001:db8:5:6::${i.toString(16)}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // The neighbouring /64 is another client.
    expect((await login('2001:db8:5:7::1')).statusCode).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const codes: number[] = [];
    for (const address of ['10.8.0.1', '::ffff:10.8.0.1', '10.8.0.1', '::ffff:a08:1']) {
      codes.push((await login(address)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('the global limit', () => {
  it('tells a client where it stands on every API answer, counts a HEAD request once, then says how long to wait', async () => {
    const get = (method: 'GET' | 'HEAD') =>
      t.app.inject({ method, url: '/api/config', remoteAddress: '192.0.2.60' });
    const first = await get('GET');
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': String(GLOBAL),
      'x-ratelimit-remaining': String(GLOBAL - 1),
    });
    expect((await get('HEAD')).headers['x-ratelimit-remaining']).toBe(String(GLOBAL - 2));
    await get('GET');
    expect((await get('GET')).headers['x-ratelimit-remaining']).toBe('0');
    const refused = await get('GET');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
