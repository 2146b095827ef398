// Two server instances on one PostgreSQL database (DATABASE_URL), as behind a load balancer, count the sign-in
// limits together: the per-account ceiling (and, past it, which addresses have failed) and the per-IP sign-in route
// limit. The global API limit each counts in its own memory, with no database work (the balancer counts per client
// across them: deploy/haproxy.cfg, deploy/nginx.conf).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { rateLimitHits } from '#server/db/schema/index';
import { buildApp, type BuiltApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres, type Database } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import { makeUser } from '#server/test/factories';
import { postJson } from '#server/test/login';
import { createPostgresDatabase } from '#server/test/test-database';

const PER_IP = 6;
const GLOBAL = 4;
const CEILING = 20;

// This needs a PostgreSQL server to share: TEST_DATABASE_URL (.ci/run starts a throwaway one and sets it, so CI
// always runs it). Without one (a plain `npm test` on a laptop) it is skipped: PGlite is one process's database.
const hasServer = Boolean(process.env.TEST_DATABASE_URL);

describe('two instances on one PostgreSQL', () => {
  const apps: BuiltApp[] = [];
  const databases: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  const clock = { now: new Date() };

  beforeAll(async () => {
    if (!hasServer) return;
    const created = await createPostgresDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:5000',
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'silent',
      DATABASE_URL: created.url,
      RATE_LIMIT_AUTH_PER_IP: String(PER_IP),
      RATE_LIMIT_GLOBAL_PER_MINUTE: String(GLOBAL),
    });
    for (let i = 0; i < 2; i++) {
      const database = openPostgres(created.url);
      databases.push(database);
      await database.migrate();
      await loadReferenceData(database.db);
      const app = await buildApp(config, { database, now: () => clock.now, logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  it.skipIf(!hasServer)('share the per-account sign-in ceiling, even under a parallel burst', async () => {
    const user = await makeUser(databases[0]!.db);
    // 30 wrong passwords at once, from 30 addresses, spread over both instances: exactly 20 are checked.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postJson(
          apps[i % 2]!,
          '/api/auth/login',
          { email: user.email, password: 'Wrong123' },
          undefined,
          `192.0.2.${i + 1}`,
        ),
      ),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(CEILING);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - CEILING);
    const login = (app: BuiltApp, password: string, address: string) =>
      postJson(app, '/api/auth/login', { email: user.email, password }, undefined, address);
    // Either instance now refuses a wrong password from anywhere, and an address that failed on the other one
    // even with the right password...
    for (const [i, app] of apps.entries()) {
      const wrong = await login(app, 'Wrong123', `203.0.113.${i + 10}`);
      expect(wrong.statusCode).toBe(429);
      expect(wrong.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await login(app, user.password, `192.0.2.${2 - i}`)).statusCode).toBe(429);
    }
    // ...while the owner, at an address that has not failed, signs in on either.
    for (const app of apps) expect((await login(app, user.password, '203.0.113.1')).statusCode).toBe(200);
  });

  it.skipIf(!hasServer)('share the per-IP sign-in route limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < PER_IP + 2; i++) {
      const res = await postJson(
        apps[i % 2]!,
        '/api/auth/login',
        { email: `nobody-${i}@example.com`, password: 'Wrong123' },
        undefined,
        '198.51.100.77',
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(PER_IP).fill(401), 429, 429]);
  });

  it.skipIf(!hasServer)(
    'each count the global API limit in memory, writing nothing to the database',
    async () => {
      const get = (app: BuiltApp) =>
        app.inject({ method: 'GET', url: '/api/config', remoteAddress: '198.51.100.88' });
      const codes: number[] = [];
      // Alternating as a round-robin balancer sends them: each instance serves its own limit's worth.
      for (let i = 0; i < 2 * GLOBAL + 2; i++) codes.push((await get(apps[i % 2]!)).statusCode);
      expect(codes).toEqual([...Array<number>(2 * GLOBAL).fill(200), 429, 429]);
      const rows = await databases[0]!.db
        .select()
        .from(rateLimitHits)
        .where(like(rateLimitHits.key, 'api|%'));
      expect(rows).toEqual([]);
    },
  );
});
