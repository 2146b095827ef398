// Boot-time behaviour: configuration, the embedded database on disk, deny-by-default routes, and the real
// server process (listen, second process refused, graceful shutdown).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { loadConfig, ConfigError } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { openPglite } from './db/pglite.ts';
import { categories, plans, regions, visits } from './db/schema/index.ts';
import { loadReferenceData } from './db/reference-data.ts';
import { regions as domainRegions } from '#domain/regions/index';
import sessionPlugin from './plugins/session.ts';
import accessPlugin from './plugins/access.ts';
import { createPostgresDatabase, createTestDatabase } from './test/test-database.ts';

describe('configuration parsed at boot', () => {
  it('has working defaults with no .env file', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 5000,
      DATA_DIR: './data',
      APP_URL: 'http://127.0.0.1:5000',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.TRUST_PROXY).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('stops on a bad value and names the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('derives APP_URL from HOST and PORT', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).APP_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ APP_URL: 'https://homefix.example/' }).APP_URL).toBe('https://homefix.example');
  });
});

describe('the embedded database on disk', () => {
  it('keeps data across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'homefix-data-'));
    const first = await openPglite(dir);
    await first.migrate();
    await first.db.insert(visits).values({ page: '/kept' });
    await first.close();

    const second = await openPglite(dir);
    await second.migrate(); // idempotent
    const rows = await second.db.select().from(visits);
    expect(rows.map((r) => r.page)).toEqual(['/kept']);
    await second.close();
  });

  it('refuses a second opener of the same data dir with a message that says what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'homefix-data-'));
    const first = await openPglite(dir);
    try {
      const err = await openPglite(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as Error).message).toMatch(/already in use by another process/);
      expect((err as Error).message).toMatch(/DATA_DIR|DATABASE_URL/);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir); // the lock is released on close
    await again.close();
  });
});

describe('reference data', () => {
  it('loads plans, categories and regions idempotently', async () => {
    const database = await createTestDatabase(); // already loaded once
    await loadReferenceData(database.db); // and again, as every start does
    const regionRows = await database.db.select().from(regions);
    expect(regionRows).toHaveLength(domainRegions.length);
    const planRows = await database.db.select().from(plans);
    expect(planRows.map((p) => `${p.audience}:${p.id}:${p.priceCents}`).sort()).toEqual([
      'customer:free:0',
      'customer:premium:1900',
      'provider:deluxe:50000',
      'provider:enterprise:null',
      'provider:free:0',
      'provider:starter:9900',
    ]);
    const categoryIds = (await database.db.select().from(categories)).map((c) => c.id);
    expect(categoryIds).toEqual(
      expect.arrayContaining(['kitchen', 'hvac', 'home-repair', 'plumbing', 'automotive']),
    );
    await database.close();
  });
});

describe('deny by default', () => {
  it('a route that declares no access stops the server from starting', async () => {
    const database = await createTestDatabase();
    const app = Fastify();
    await app.register(cookie);
    await app.register(sessionPlugin, {
      db: database.db,
      now: () => new Date(),
      settings: { idleMinutes: 60, absoluteHours: 12, rememberDays: 30, secureCookie: false },
    });
    await app.register(accessPlugin);
    await expect(
      app.register(async (scope) => {
        scope.get('/api/forgotten', async () => 'oops');
      }),
    ).rejects.toThrow(/declares no access/);
    await database.close();
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(port: number, child: ChildProcess) {
  // Generous: a cold start transpiles the server with tsx, which takes a while on a busy two-core machine.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

describe('the server process', { timeout: 120_000 }, () => {
  it('serves, refuses a second process on the same data dir, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'homefix-main-'));
    const port = await freePort();
    const a = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitReady(port, a.child);
      const regions = await fetch(`http://127.0.0.1:${port}/api/regions`);
      expect(regions.status).toBe(200);

      const b = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await b.exited).toBe(1);
      expect(b.output()).toMatch(/already in use by another process/);

      a.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(a.output()).toMatch(/shutting down/);
    } finally {
      a.child.kill('SIGKILL');
    }
  });

  it('with MIGRATE_ON_START=false, refuses a database that lacks migrations and says to run npm run migrate', async () => {
    const c = startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'homefix-unmigrated-')),
      PORT: String(await freePort()),
      MIGRATE_ON_START: 'false',
    });
    expect(await c.exited).toBe(1);
    expect(c.output()).toMatch(/lacks \d+ of the app's migrations.*npm run migrate/s);
  });

  it('stops at boot with a message naming a bad variable', async () => {
    const c = startServer({ PORT: 'not-a-port' });
    expect(await c.exited).toBe(1);
    expect(c.output()).toMatch(/PORT/);
  });
});

// Registered only in the PostgreSQL run of this suite (TEST_DB=postgres, set by CI), where a server exists.
if (process.env.TEST_DB === 'postgres') {
  describe('the server process on PostgreSQL (DATABASE_URL)', { timeout: 120_000 }, () => {
    it('migrates at start, and two processes share one database', async () => {
      const { url, drop } = await createPostgresDatabase();
      const [p1, p2] = [await freePort(), await freePort()];
      const a = startServer({ DATABASE_URL: url, PORT: String(p1) });
      const b = startServer({ DATABASE_URL: url, PORT: String(p2) });
      try {
        await Promise.all([waitReady(p1, a.child), waitReady(p2, b.child)]);
        const post = await fetch(`http://127.0.0.1:${p1}/api/visits`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page: '/shared' }),
        });
        expect(post.status).toBe(204);
        const ready = await fetch(`http://127.0.0.1:${p2}/readyz`);
        expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
      } finally {
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        await Promise.all([a.exited, b.exited]);
        await drop();
      }
    });
  });
}
