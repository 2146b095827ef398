// PostgreSQL stopped under a running server: /readyz 503, API requests 503 UNAVAILABLE in the error
// shape at once (no hang, no 500, no crash), /healthz still 200, and recovery by itself once PostgreSQL is back. It
// stops and starts a PostgreSQL server of its own (scripts/lib/processes.ts, about 3 s), so it runs in the server-pg
// project, where CI has PostgreSQL installed; on PGlite there is no database server to stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCategory } from '#domain/catalog/home-repair';
import { loadConfig } from '#server/config';
import { buildApp, type BuiltApp } from '#server/app';
import { openPostgres, type Database } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import { DATABASE_UNAVAILABLE_MESSAGE } from '#server/db/unavailable';
import {
  makeCustomer,
  makeEstimate,
  makeProvider,
  REGION_ID,
  sampleMeasurements,
} from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { openSocket, type TestSocket } from '#server/test/ws-client';
import { startPostgres, type Pg } from './lib/processes.ts';

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL stopped under a running server', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let server: Pg;
  let database: Database;
  let app: BuiltApp;
  let cookie: string;
  let base: string;
  const sockets: TestSocket[] = [];

  const kitchen = findCategory('kitchen')!;
  const task = kitchen.tasks[0]!;
  const estimateBody = (title: string) => ({
    category: kitchen.id,
    task: task.id,
    subtasks: task.subtaskIds.slice(0, 1),
    measurements: sampleMeasurements(task.subtaskIds.slice(0, 1)),
    gradeLevel: 'Standard',
    region: REGION_ID,
    title,
  });

  beforeAll(async () => {
    const started = await startPostgres((_name, run) => void cleanups.push(run));
    if (typeof started === 'string') throw new Error(`cannot start PostgreSQL for this test: ${started}`);
    server = started;
    database = openPostgres(server.url);
    cleanups.push(() => database.close());
    await database.migrate();
    await loadReferenceData(database.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:5000',
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'silent',
      NOTIFICATION_DIGEST_SECONDS: '0',
    });
    app = await buildApp(config, { database, logger: false });
    cleanups.push(() => app.close());
    await app.ready();
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => sockets.forEach((s) => s.ws.terminate()));
    cookie = await loginAs(app, await makeCustomer(database.db));
  });

  afterAll(async () => {
    for (const run of cleanups.reverse()) await run();
  });

  it('answers 503 while PostgreSQL is down and recovers by itself when it is back', async () => {
    expect((await call(app, { method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: '/api/estimates' }, cookie)).statusCode).toBe(200);

    await server.stop();

    const ready = await call(app, { method: 'GET', url: '/readyz' }, cookie);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'postgres' });
    // Liveness does not depend on the database (an orchestrator must not restart a healthy process for it).
    expect((await call(app, { method: 'GET', url: '/healthz' }, cookie)).statusCode).toBe(200);

    for (const request of [
      { method: 'GET' as const, url: '/api/estimates' },
      { method: 'POST' as const, url: '/api/estimates', payload: estimateBody('During the outage') },
      { method: 'GET' as const, url: '/api/messages' },
    ]) {
      const res = await call(app, request, cookie);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(503);
      expect(res.json()).toEqual({
        error: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'UNAVAILABLE',
        requestId: expect.any(String),
      });
      expect(res.headers['retry-after']).toBe('5');
    }
    // Anonymous requests that reach the database are answered the same way (sign-in reads the users table).
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.com', password: 'Secret123' },
    });
    expect(login.statusCode).toBe(503);

    await server.start();

    // The pool reconnects on the next request: no restart of the app.
    const readyAgain = await call(app, { method: 'GET', url: '/readyz' });
    expect(readyAgain.statusCode).toBe(200);
    const created = await call(
      app,
      { method: 'POST', url: '/api/estimates', payload: estimateBody('After the outage') },
      cookie,
    );
    expect(created.statusCode).toBe(201);
    const list = await call(app, { method: 'GET', url: '/api/estimates' }, cookie);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('After the outage');
    expect(JSON.stringify(list.json())).not.toContain('During the outage');
  });
  it('realtime delivery comes back too: sockets are told to reconnect and backfill, then messages arrive live', async () => {
    const customer = await makeCustomer(database.db);
    const provider = await makeProvider(database.db, { plan: 'deluxe' });
    const estimate = await makeEstimate(database.db, customer, { status: 'posted', title: 'Fence' });
    const customerCookie = await loginAs(app, customer);
    const before = await openSocket(base, { cookie: customerCookie });
    sockets.push(before);
    await before.next('ready');

    await server.stop();
    await server.start();

    // The listening connection was lost, so events may have been missed: once it listens again, every socket is
    // closed with 1012 and the client reconnects with its last message id (the backfill).
    const closed = await Promise.race([
      before.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000)),
    ]);
    expect(closed?.code).toBe(1012);

    const after = await openSocket(base, { cookie: customerCookie });
    sockets.push(after);
    await after.next('ready');
    const sent = await call(
      app,
      {
        method: 'POST',
        url: '/api/messages',
        payload: { estimateId: estimate.id, receiverId: customer.id, content: 'Back after the outage' },
      },
      await loginAs(app, provider),
    );
    expect(sent.statusCode).toBe(201);
    expect((await after.next('messageReceived')).message.content).toBe('Back after the outage');
  });
});
