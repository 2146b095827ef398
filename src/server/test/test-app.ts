// Builds the real app on a fresh database for one test file. Tests call it through inject(): no port, no mocks.
import { loadConfig } from '#server/config';
import { buildApp, type BuildOptions, type BuiltApp } from '#server/app';
import type { Database } from '#server/db/client';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: BuiltApp;
  database: Database;
  /** Moves the app's clock; starts at the real time. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'work'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5000',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    // No timer for notification mail: a commit with new notifications still wakes it; tests that move the clock run
    // it themselves (createNotificationMail(app.ctx).run()) unless they turn the recurring work on.
    NOTIFICATION_DIGEST_SECONDS: '0',
    ...env,
  });
  const database = await createTestDatabase();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp(config, { database, now: () => clock.now, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
