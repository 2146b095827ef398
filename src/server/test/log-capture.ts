// The real app with its log captured: every JSON line the server writes (pino, at LOG_LEVEL info unless told),
// raw and parsed, for tests that check what is logged and what never is.
import { loadConfig } from '#server/config';
import { buildApp } from '#server/app';
import type { TestApp } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  event?: string;
  [key: string]: unknown;
}

export interface LoggedTestApp extends TestApp {
  /** Every line written so far, parsed. */
  lines: LogLine[];
  /** Everything written so far, as written. */
  raw(): string;
  /** The lines of one security event (`event` field). */
  events(event: string): LogLine[];
}

export async function createLoggedTestApp(env: Record<string, string> = {}): Promise<LoggedTestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5000',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'info',
    ...env,
  });
  const database = await createTestDatabase();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const written: string[] = [];
  const lines: LogLine[] = [];
  const app = await buildApp(config, {
    database,
    now: () => clock.now,
    logStream: {
      write(line: string) {
        written.push(line);
        lines.push(JSON.parse(line) as LogLine);
      },
    },
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    lines,
    raw: () => written.join(''),
    events: (event) => lines.filter((l) => l.event === event),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
