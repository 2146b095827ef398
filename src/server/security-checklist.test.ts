// Items of the security checklist (docs/security.md, OWASP ASVS 5.0 level 2) that no feature test covered:
// response charsets, TRACE, what the web tier never serves, request smuggling, prototype pollution through
// JSON, passwords checked exactly as typed, and log lines that input cannot forge.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from '#server/test/factories';
import { createLoggedTestApp, type LoggedTestApp } from '#server/test/log-capture';
import { postJson } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';
import { unreachableSmtpUrl } from '#server/test/smtp-capture';

let t: LoggedTestApp;
let dist: string;
const html = '<!doctype html><title>HomeFix</title><div id="root"></div>';

beforeAll(async () => {
  // A built client with things that must never be served lying next to it (a checkout deployed as is).
  dist = mkdtempSync(join(tmpdir(), 'homefix-web-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.git'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  writeFileSync(join(dist, '.git', 'config'), '[core]\n\trepositoryformatversion = 0\n');
  writeFileSync(join(dist, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(dist, '.env'), 'DATABASE_URL=postgres://secret@db/homefix\n');
  t = await createLoggedTestApp({ WEB_DIST: dist, RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Sends raw bytes to the listening app and returns what came back before it closed or 2 s of quiet. */
async function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.setTimeout(2000, () => socket.end());
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('API and web service (ASVS V4)', () => {
  it('every response with a body names its type and charset: JSON, errors and the page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const error = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(error.statusCode).toBe(404);
    expect(error.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(script.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
  });

  it('refuses a request that carries both Transfer-Encoding and Content-Length (request smuggling)', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const body = '0\r\n\r\nGET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const answer = await rawExchange(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    // The smuggled second request was never answered.
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});

describe('encoding and deserialization (ASVS V1)', () => {
  it('refuses a JSON body that sets __proto__ or constructor.prototype, and writes nothing', async () => {
    for (const payload of [
      '{"__proto__":{"role":"admin"},"email":"a@example.com","password":"Secret123"}',
      '{"constructor":{"prototype":{"role":"admin"}},"email":"a@example.com","password":"Secret123"}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', requestId: expect.any(String) });
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});

describe('passwords (ASVS V6.2)', () => {
  it('are checked exactly as typed: no case folding, trimming or truncation', async () => {
    const user = await makeCustomer(t.database.db);
    for (const wrong of [user.password.toLowerCase(), ` ${user.password}`, `${user.password} `]) {
      const res = await postJson(t.app, '/api/auth/login', { email: user.email, password: wrong });
      expect(res.statusCode).toBe(401);
    }
    const long = `Aa1-${'correct horse battery staple '.repeat(4)}`.slice(0, 100);
    const payload = customerPayload({ password: long, confirmPassword: long });
    expect((await postJson(t.app, '/api/auth/register', payload)).statusCode).toBe(201);
    const cut = await postJson(t.app, '/api/auth/login', {
      email: payload.email,
      password: long.slice(0, 72),
    });
    expect(cut.statusCode).toBe(401);
    const whole = await postJson(t.app, '/api/auth/login', { email: payload.email, password: long });
    expect(whole.statusCode).toBe(200);
  });
});

describe('configuration (ASVS V13.4)', () => {
  it('does not answer TRACE', async () => {
    for (const url of ['/', '/api/config', '/login']) {
      const res = await t.app.inject({ method: 'TRACE', url, headers: { 'x-probe': 'echo-me' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('echo-me');
    }
  });

  it('never serves source control metadata, dotfiles or a directory listing', async () => {
    for (const url of ['/.git/config', '/.git/HEAD', '/.env', '/.git/', '/assets/', '/assets']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('repositoryformatversion');
      expect(res.body, url).not.toContain('refs/heads');
      expect(res.body, url).not.toContain('DATABASE_URL');
      expect(res.body, url).not.toContain('index-3f9a1c.js');
    }
  });
});

describe('the log (ASVS V16.2, V16.4)', () => {
  it('writes one JSON object per line with a UTC epoch time; line breaks in input cannot forge a line', async () => {
    const forged = '{"level":30,"event":"auth.login","userId":"forged"}';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/config?x=${encodeURIComponent(`\n${forged}\r\n`)}`,
      headers: { 'user-agent': `probe\n${forged}` },
    });
    expect(res.statusCode).toBe(200);
    const raw = t.raw();
    const lines = raw.split('\n').filter((l) => l !== '');
    expect(lines.length).toBe(t.lines.length);
    for (const line of lines) {
      const entry = JSON.parse(line) as { time: unknown; userId?: unknown };
      expect(entry.time).toEqual(expect.any(Number));
      expect(Math.abs((entry.time as number) - Date.now())).toBeLessThan(10 * 60_000);
      expect(entry.userId).not.toBe('forged');
    }
    expect(t.events('auth.login').filter((l) => l.userId === 'forged')).toEqual([]);
  });
});

describe('a failing mail server (ASVS V16.5)', () => {
  it('does not fail the request: the reset answers as usual and the failure is logged without the link', async () => {
    const down = await createLoggedTestApp({ SMTP_URL: await unreachableSmtpUrl() });
    try {
      const user = await makeCustomer(down.database.db);
      const res = await postJson(down.app, '/api/auth/request-password-reset', { email: user.email });
      expect(res.statusCode).toBe(200);
      await down.app.ctx.mailer.idle();
      const failures = down.lines.filter((l) => l.msg === 'could not send mail');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ level: 50, subject: expect.any(String) });
      expect(down.raw()).not.toContain('reset-password?token=');
      // The server keeps serving.
      expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
