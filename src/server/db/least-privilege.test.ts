// Least privilege on PostgreSQL (decision 0027): deploy/postgres-roles.sql makes an owner role, which
// `npm run migrate` uses, and an app role that reads and writes rows only; a server with MIGRATE_ON_START=false runs
// on the app role, and the app role cannot change the schema.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres, pendingMigrations, type Database } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import { makeCustomer, makeEstimate, makePicture, makeProvider } from '#server/test/factories';
import { call, postJson, signIn } from '#server/test/login';
import { createPostgresDatabase } from '#server/test/test-database';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const suffix = randomBytes(4).toString('hex');
const OWNER = `homefix_owner_${suffix}`;
const APP = `homefix_app_${suffix}`;

function asRole(url: string, role: string) {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  return u.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function migrate(url: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

// Roles belong to a PostgreSQL server, so this runs in the PostgreSQL run of the suite only (TEST_DB=postgres, as
// CI sets it); the embedded database has a single user and nothing to separate.
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'least privilege on PostgreSQL (deploy/postgres-roles.sql)',
  { timeout: 180_000 },
  () => {
    let superUrl = '';
    let drop: () => Promise<void> = async () => {};
    let appDatabase: Database | undefined;
    let app: BuiltApp | undefined;

    async function superuser(statement: string) {
      const client = new pg.Client({ connectionString: superUrl });
      await client.connect();
      try {
        return await client.query(statement);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      ({ url: superUrl, drop } = await createPostgresDatabase());
      const script = readFileSync(join(ROOT, 'deploy', 'postgres-roles.sql'), 'utf8')
        .replaceAll('homefix_owner', OWNER)
        .replaceAll('homefix_app', APP);
      await superuser(script);
    });

    afterAll(async () => {
      await app?.close();
      await appDatabase?.close();
      await drop();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop role if exists ${APP}`).catch(() => {});
      await admin.query(`drop role if exists ${OWNER}`).catch(() => {});
      await admin.end();
    });

    it('npm run migrate applies every migration as the owner, then has nothing to do', () => {
      const first = migrate(asRole(superUrl, OWNER));
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/applied \d+ migrations/);
      const again = migrate(asRole(superUrl, OWNER));
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(/up to date, no migration to apply/);
    });

    it('a server with MIGRATE_ON_START=false starts and serves on the app role', async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          WEB_DIST: '/nonexistent',
          DATABASE_URL: asRole(superUrl, APP),
          MIGRATE_ON_START: 'false',
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        let ready = false;
        for (let i = 0; i < 600 && !ready && child.exitCode === null; i++) {
          ready = await fetch(`http://127.0.0.1:${port}/readyz`)
            .then((r) => r.ok)
            .catch(() => false);
          if (!ready) await new Promise((r) => setTimeout(r, 100));
        }
        expect(output).toBe('');
        expect(ready).toBe(true);
        const visit = await fetch(`http://127.0.0.1:${port}/api/visits`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page: '/least-privilege' }),
        });
        expect(visit.status).toBe(204);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    });

    it('on the app role, estimates, pictures, sign-in and messages work as usual', async () => {
      appDatabase = openPostgres(asRole(superUrl, APP));
      expect(await pendingMigrations(appDatabase.db)).toBe(0);
      await loadReferenceData(appDatabase.db);
      const config = loadConfig({
        NODE_ENV: 'test',
        APP_URL: 'http://localhost:5000',
        WEB_DIST: '/nonexistent-web-dist',
        LOG_LEVEL: 'silent',
        NOTIFICATION_DIGEST_SECONDS: '0',
        MIGRATE_ON_START: 'false',
      });
      app = await buildApp(config, { database: appDatabase, logger: false });
      await app.ready();
      const db = appDatabase.db;
      const customer = await makeCustomer(db, { messageLimit: null });
      const provider = await makeProvider(db, { plan: 'enterprise' });
      const estimate = await makeEstimate(db, customer, { status: 'posted' });
      await makePicture(db, estimate.id, customer.id);

      const signedIn = await signIn(app, provider.email);
      expect(signedIn.res.statusCode).toBe(200);
      const sent = await postJson(
        app,
        '/api/messages',
        { estimateId: estimate.id, receiverId: customer.id, content: 'Hello from a least-privilege server' },
        signedIn.cookie,
      );
      expect(sent.statusCode).toBe(201);
      const customerIn = await signIn(app, customer.email);
      const inbox = await call(app, { method: 'GET', url: '/api/messages' }, customerIn.cookie);
      expect(inbox.statusCode).toBe(200);
      expect(inbox.body).toContain('Hello from a least-privilege server');
    });

    it('the app role cannot create, alter, drop or empty a table, nor apply migrations', async () => {
      const client = new pg.Client({ connectionString: asRole(superUrl, APP) });
      await client.connect();
      try {
        for (const statement of [
          'create table intruder (id int)',
          'alter table users add column intruder int',
          'drop table messages',
          'truncate sessions',
          'create schema intruder',
        ]) {
          await expect(client.query(statement), statement).rejects.toMatchObject({ code: '42501' });
        }
      } finally {
        await client.end();
      }
      await superuser(
        `delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const refused = migrate(asRole(superUrl, APP));
      expect(refused.status).not.toBe(0);
    });
  },
);
