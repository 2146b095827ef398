// Two server instances on one PostgreSQL database (as behind a load balancer): a session ended on one instance from
// "Where you're signed in" closes its socket held by the other (decision 0025; the hub's closeSessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgres, type Database } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import type { SignedInSessionList } from '#domain/schemas/session.schema';
import { PASSWORD, makeCustomer } from '#server/test/factories';
import { loginAs } from '#server/test/login';
import { createPostgresDatabase } from '#server/test/test-database';
import { ORIGIN, openSocket, type TestSocket } from '#server/test/ws-client';

// Needs a PostgreSQL server to share (TEST_DATABASE_URL); PGlite is one process's database.
const hasServer = Boolean(process.env.TEST_DATABASE_URL);

describe('two instances on one PostgreSQL', () => {
  const apps: BuiltApp[] = [];
  const bases: string[] = [];
  const databases: Database[] = [];
  const sockets: TestSocket[] = [];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!hasServer) return;
    const created = await createPostgresDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: ORIGIN,
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'silent',
      DATABASE_URL: created.url,
    });
    for (let i = 0; i < 2; i++) {
      const database = openPostgres(created.url);
      databases.push(database);
      await database.migrate();
      if (i === 0) await loadReferenceData(database.db);
      const app = await buildApp(config, { database, logger: false });
      await app.ready();
      apps.push(app);
      bases.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  async function socketOnB(cookie: string) {
    const s = await openSocket(bases[1]!, { cookie });
    sockets.push(s);
    await s.next('ready');
    return s;
  }

  it.skipIf(!hasServer)(
    'ending a session, or all the others, on one instance closes their sockets on the other',
    async () => {
      const a = apps[0] as BuiltApp;
      const customer = await makeCustomer(a.ctx.db);
      const here = await loginAs(a, customer);
      const phone = await loginAs(a, customer);
      const tablet = await loginAs(a, customer);
      const phoneSocket = await socketOnB(phone);
      const tabletSocket = await socketOnB(tablet);
      const hereSocket = await socketOnB(here);

      const list = await a.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: phone } });
      const phoneId = list.json<SignedInSessionList>().sessions.find((s) => s.current)!.id;
      const one = await a.inject({
        method: 'POST',
        url: `/api/auth/sessions/${phoneId}/sign-out`,
        headers: { cookie: here, origin: ORIGIN },
        payload: { password: PASSWORD },
      });
      expect(one.statusCode).toBe(200);
      expect((await phoneSocket.closed).code).toBe(4401);
      expect(tabletSocket.ws.readyState).toBe(tabletSocket.ws.OPEN);

      const others = await a.inject({
        method: 'POST',
        url: '/api/auth/sessions/sign-out-others',
        headers: { cookie: here, origin: ORIGIN },
        payload: { password: PASSWORD },
      });
      expect(others.json()).toMatchObject({ ended: 1 });
      expect((await tabletSocket.closed).code).toBe(4401);
      await new Promise((r) => setTimeout(r, 200));
      expect(hereSocket.ws.readyState).toBe(hereSocket.ws.OPEN);
    },
  );
});
