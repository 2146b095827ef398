// F9: a NUL character anywhere in the input is a 400 naming the field (it was a 500 from the database), and a
// database error is logged without the statement's parameters (the log line carried the argon2 hash).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { buildApp } from '#server/app';
import { countRows } from '#server/db/table-counts';
import { makeCustomer } from '#server/test/factories';
import { postJson } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createTestDatabase } from '#server/test/test-database';
import { errorShapeProblems } from '#server/test/fuzz/index';
import { logSafeError } from '#server/lib/log-safe-error';
import { NUL_MESSAGE, findNul } from './input-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectNulRefused(res: { statusCode: number; body: string }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(errorShapeProblems(body)).toEqual([]);
  expect(body).toMatchObject({ code: 'VALIDATION', error: NUL_MESSAGE, fields: { [field]: NUL_MESSAGE } });
}

describe('a NUL character in the input', () => {
  it('is refused in a sign-in email and password', async () => {
    const user = await makeCustomer(t.app.ctx.db);
    expectNulRefused(
      await postJson(t.app, '/api/auth/login', { email: `${user.email}\u0000`, password: user.password }),
      'email',
    );
    expectNulRefused(
      await postJson(t.app, '/api/auth/login', { email: user.email, password: `${user.password}\u0000` }),
      'password',
    );
  });

  it('is refused in a query parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/verify-email?token=abc%00def' });
    expectNulRefused(res, 'token');
  });

  it('is refused in a text field that reached the database before (a 500), and nothing is written', async () => {
    const before = await countRows(t.app.ctx.db);
    expectNulRefused(await postJson(t.app, '/api/visits', { page: '/a\u0000b' }), 'page');
    expectNulRefused(await postJson(t.app, '/api/visits', { page: '/a', label: 'x\u0000' }), 'label');
    expect(await countRows(t.app.ctx.db)).toEqual(before);
  });

  it('is refused in a key and deep inside a value, with the path named', async () => {
    expectNulRefused(await postJson(t.app, '/api/visits', { page: '/a', 'ex\u0000tra': 1 }), 'ex\\u0000tra');
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'content-type': 'application/json' },
      payload: `{"page":"/a","x":${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(JSON.parse(deep.body)).toMatchObject({ code: 'VALIDATION', error: NUL_MESSAGE });
  });

  it('findNul walks strings, arrays, objects and keys', () => {
    expect(findNul({ a: ['x', { b: 'y' }] })).toBeNull();
    expect(findNul('a\u0000')).toBe('_');
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toBe('a.1.b');
    expect(findNul(Object.assign(Object.create(null) as object, { q: ['1', '\u0000'] }))).toBe('q.1');
  });
});

describe('a database error in the log', () => {
  it('is logged with its SQL and constraint but without the parameters (no password hash, no email)', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:5000',
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'error',
    });
    const app = await buildApp(config, { database, logStream: { write: (line) => void lines.push(line) } });
    try {
      await app.ready();
      // Any insert of a user now fails inside PostgreSQL, after the password was hashed.
      await database.db.execute(
        sql`alter table users add constraint no_new_users check (first_name <> 'Casey')`,
      );
      const payload = customerPayload();
      const res = await postJson(app, '/api/auth/register', payload);
      expect(res.statusCode).toBe(500);

      const line = lines.find((l) => l.includes('request failed'));
      expect(line).toBeDefined();
      expect(line).toContain('insert into \\"users\\"');
      expect(line).toContain('no_new_users');
      expect(line).not.toContain('$argon2');
      expect(line).not.toContain(payload.email);
      expect(line).not.toContain('params');
      expect(line).not.toContain('Failing row');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('logSafeError drops params, detail and the "params:" tail of the message and stack', () => {
    const cause = Object.assign(new Error('new row violates check constraint "c"'), {
      code: '23514',
      constraint: 'c',
      detail: 'Failing row contains (secret-hash)',
      params: ['secret-hash'],
      query: 'insert into t values ($1)',
    });
    const err = Object.assign(new Error('Failed query: insert into t values ($1)\nparams: secret-hash'), {
      query: 'insert into t values ($1)',
      params: ['secret-hash'],
      cause,
    });
    const logged = JSON.stringify(logSafeError(err));
    expect(logged).not.toContain('secret-hash');
    expect(logged).toContain('insert into t values ($1)');
    expect(logged).toContain('23514');
    expect(logSafeError('not an error')).toBe('not an error');
  });
});
