// Two-step secrets sealed at rest with TWO_STEP_KEY (decision 0031; docs/security.md 13.3.1): what the database
// holds after a set-up, that sign-in works from it, that a secret moved to another account opens for no one, the
// start-up step that seals what an install stored before it had a key and moves secrets to a new key, and the
// server refusing to start when it cannot open them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openPostgres, type Database } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import { twoStepSettings } from '#server/db/schema/index';
import { PASSWORD, makeCustomer } from '#server/test/factories';
import { call, postJson, signIn } from '#server/test/login';
import { createPostgresDatabase } from '#server/test/test-database';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { codeAt, turnOnTwoStep } from '#server/test/two-step';
import { keyId } from './secret-box.ts';
import { resealTwoStepSecrets } from './two-step.service.ts';

const newKey = () => randomBytes(32);
const KEY = newKey();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TWO_STEP_KEY: KEY.toString('base64'), RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const stored = async (userId: string) =>
  (await db().select().from(twoStepSettings).where(eq(twoStepSettings.userId, userId)))[0]!;

/** Signs in with the password and then this code; the status of the second step. */
async function signInWithCode(email: string, code: string): Promise<number> {
  const first = await signIn(t.app, email, PASSWORD);
  expect(first.res.statusCode).toBe(202);
  const challenge = first.res.json().challenge as string;
  return (await postJson(t.app, '/api/auth/login/two-step', { challenge, code })).statusCode;
}

describe('with TWO_STEP_KEY set', () => {
  it('stores the set-up and the secret in force sealed: the database never holds the secret the app showed', async () => {
    const user = await makeCustomer(db());
    const cookie = (await signIn(t.app, user.email)).cookie!;
    const setup = await call(t.app, { method: 'POST', url: '/api/auth/two-step/setup', payload: {} }, cookie);
    const { secret } = setup.json() as { secret: string };
    const pending = (await stored(user.id)).pendingSecret!;
    expect(pending.startsWith(`v1.${keyId(KEY)}.`)).toBe(true);
    expect(pending).not.toContain(secret);

    const enable = await call(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/two-step/enable',
        payload: { code: codeAt(secret, t.clock.now), password: PASSWORD },
      },
      cookie,
    );
    expect(enable.statusCode).toBe(200);
    const row = await stored(user.id);
    expect(row.secret!.startsWith(`v1.${keyId(KEY)}.`)).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect(row.pendingSecret).toBeNull();

    t.clock.advance(60_000);
    expect(await signInWithCode(user.email, codeAt(secret, t.clock.now))).toBe(200);
  });

  it('a sealed secret copied onto another account opens for no one: its codes do not sign that account in', async () => {
    const victim = await makeCustomer(db());
    await turnOnTwoStep(db(), victim.id, t.clock.now);
    const attacker = await makeCustomer(db());
    const { secret } = await turnOnTwoStep(db(), attacker.id, t.clock.now);
    await resealTwoStepSecrets(db(), [KEY]);
    const sealed = (await stored(attacker.id)).secret!;
    await db().update(twoStepSettings).set({ secret: sealed }).where(eq(twoStepSettings.userId, victim.id));

    t.clock.advance(60_000);
    expect(await signInWithCode(victim.email, codeAt(secret, t.clock.now))).toBe(401);
    expect(await signInWithCode(attacker.email, codeAt(secret, t.clock.now))).toBe(200);
    // The changed row would stay as it is at every start (counted as not opening): gone for the other tests.
    await db().delete(twoStepSettings).where(eq(twoStepSettings.userId, victim.id));
  });
});

describe('sealing at start (resealTwoStepSecrets)', () => {
  it('seals what was stored before a key was set, moves secrets to a new key listed first, and then has nothing to do', async () => {
    const user = await makeCustomer(db());
    const { secret } = await turnOnTwoStep(db(), user.id, t.clock.now); // stored as it is, as without a key
    const before = await resealTwoStepSecrets(db(), [KEY]);
    expect(before.sealed).toBeGreaterThanOrEqual(1);
    expect((await stored(user.id)).secret!.startsWith(`v1.${keyId(KEY)}.`)).toBe(true);
    expect(await resealTwoStepSecrets(db(), [KEY])).toEqual({ sealed: 0, unopened: [] });
    t.clock.advance(60_000);
    expect(await signInWithCode(user.email, codeAt(secret, t.clock.now))).toBe(200);

    const next = newKey();
    expect((await resealTwoStepSecrets(db(), [next, KEY])).sealed).toBeGreaterThanOrEqual(1);
    expect((await stored(user.id)).secret!.startsWith(`v1.${keyId(next)}.`)).toBe(true);
    expect(await resealTwoStepSecrets(db(), [next])).toEqual({ sealed: 0, unopened: [] });
    // Back to the first key for the other tests of this file, which sign in through the app.
    await resealTwoStepSecrets(db(), [KEY, next]);
  });

  it('refuses when a secret is sealed with a key the setting does not hold, or sealed and no key is set', async () => {
    const user = await makeCustomer(db());
    await turnOnTwoStep(db(), user.id, t.clock.now);
    await resealTwoStepSecrets(db(), [KEY]);
    const unknown = newKey();
    await expect(resealTwoStepSecrets(db(), [unknown])).rejects.toThrow(
      `sealed with key ${keyId(KEY)}, which TWO_STEP_KEY does not hold`,
    );
    await expect(resealTwoStepSecrets(db(), [])).rejects.toThrow('TWO_STEP_KEY is not set');
    expect((await stored(user.id)).secret!.startsWith(`v1.${keyId(KEY)}.`)).toBe(true);
  });

  it('leaves a sealed value that was changed in the database, and names its account', async () => {
    const user = await makeCustomer(db());
    await turnOnTwoStep(db(), user.id, t.clock.now);
    await resealTwoStepSecrets(db(), [KEY]);
    const other = await makeCustomer(db());
    await turnOnTwoStep(db(), other.id, t.clock.now);
    await resealTwoStepSecrets(db(), [KEY]);
    const moved = (await stored(user.id)).secret!;
    await db().update(twoStepSettings).set({ secret: moved }).where(eq(twoStepSettings.userId, other.id));
    const next = newKey();
    const result = await resealTwoStepSecrets(db(), [next, KEY]);
    expect(result.unopened).toEqual([other.id]);
    expect((await stored(other.id)).secret).toBe(moved);
    await db().delete(twoStepSettings).where(eq(twoStepSettings.userId, other.id));
    await resealTwoStepSecrets(db(), [KEY, next]);
  });
});

/** A database of its own (the kind the tests run on) that a spawned server can open, and its environment. */
async function ownDatabase(): Promise<{
  database: Database;
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (process.env.TEST_DB === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    const database = openPostgres(url);
    return { database, env: { DATABASE_URL: url }, drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'homefix-sealed-'));
  const database = await openDatabase({ DATA_DIR: dir });
  return {
    database,
    env: { DATA_DIR: dir },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // A server that starts does not exit by itself: stopped after 20 s, which fails the test.
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

describe('the server', () => {
  it('refuses to start when the database holds secrets it cannot open, and says what to set', async () => {
    const own = await ownDatabase();
    try {
      await own.database.migrate();
      await loadReferenceData(own.database.db);
      const user = await makeCustomer(own.database.db);
      await turnOnTwoStep(own.database.db, user.id, new Date());
      await resealTwoStepSecrets(own.database.db, [KEY]);
      await own.database.close();

      const without = await startServer(own.env);
      expect(without.code).toBe(1);
      expect(without.output).toContain('TWO_STEP_KEY is not set');
      expect(without.output).toContain('docs/deploy.md');

      const wrong = await startServer({ ...own.env, TWO_STEP_KEY: newKey().toString('base64') });
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain(`sealed with key ${keyId(KEY)}, which TWO_STEP_KEY does not hold`);
    } finally {
      await own.drop();
    }
  }, 60_000);
});
