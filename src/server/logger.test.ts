// The log: one line per request, health checks only at debug, and no verification token in any line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { buildApp, type BuiltApp } from '#server/app';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#server/test/test-database';
import { loggerOptions, redactUrl } from './logger.ts';

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

async function appWithLog(env: Record<string, string>) {
  const lines: Line[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5000',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'info',
    ...env,
  });
  const app = await buildApp(config, {
    database,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  await app.ready();
  return { app, lines };
}

let database: Database;
let info: { app: BuiltApp; lines: Line[] };
let debug: { app: BuiltApp; lines: Line[] };
beforeAll(async () => {
  database = await createTestDatabase();
  info = await appWithLog({ RATE_LIMIT_GLOBAL_PER_MINUTE: '3' });
  debug = await appWithLog({ LOG_LEVEL: 'debug' });
});
afterAll(async () => {
  await info?.app.close();
  await debug?.app.close();
  await database?.close();
});

const SECRET = 'live-verification-token-123';

describe('request logging', () => {
  it('writes one line per request, with method, path, status and time', async () => {
    info.lines.length = 0;
    const res = await info.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(info.lines).toHaveLength(1);
    expect(info.lines[0]).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^GET \/api\/config 200 \d+ms$/),
      method: 'GET',
      url: '/api/config',
      statusCode: 200,
      reqId: res.headers['x-request-id'],
    });
  });

  it('logs /healthz and /readyz at debug only', async () => {
    info.lines.length = 0;
    await info.app.inject({ method: 'GET', url: '/healthz' });
    await info.app.inject({ method: 'GET', url: '/readyz' });
    expect(info.lines).toEqual([]);

    debug.lines.length = 0;
    await debug.app.inject({ method: 'GET', url: '/healthz' });
    expect(debug.lines).toEqual([
      expect.objectContaining({ level: 20, msg: expect.stringMatching(/^GET \/healthz 200/) }),
    ]);
  });

  it('never writes the verification token, neither from the GET link nor from a rate-limited request', async () => {
    info.lines.length = 0;
    for (let i = 0; i < 4; i++) {
      await info.app.inject({ method: 'GET', url: `/api/verify-email?token=${SECRET}&x=1` });
    }
    const log = JSON.stringify(info.lines);
    expect(log).not.toContain(SECRET);
    expect(log).toContain('/api/verify-email?token=[redacted]&x=1');
    expect(info.lines.some((l) => l.msg === 'rate limited')).toBe(true);
    expect(redactUrl('/verify-email?a=1&token=abc#x')).toBe('/verify-email?a=1&token=[redacted]#x');
  });

  it('the POST the web page uses verifies with the token in the body', async () => {
    const res = await debug.app.inject({
      method: 'POST',
      url: '/api/verify-email',
      payload: { token: SECRET },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Verification failed. The link may be expired or invalid.');
    const none = await debug.app.inject({ method: 'POST', url: '/api/verify-email', payload: {} });
    expect(none.json().error).toBe('Invalid verification link. No token provided.');
  });

  it('prints one line per entry in development', () => {
    const options = loggerOptions(loadConfig({ NODE_ENV: 'development' }));
    expect(options).toMatchObject({ transport: { target: 'pino-pretty', options: { singleLine: true } } });
  });
});
