import { defineConfig } from '@playwright/test';
import { port, requiredTwoStepPort, smtpPort } from './e2e/support/servers.ts';

// Journeys run against the built app on a fresh data dir, in Debian's Chromium (never a downloaded browser).
const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data';

/** A server of e2e/serve.ts on this port (its SMTP capture and data dir in `env`), ready at /readyz. */
const server = (onPort: number, env: Record<string, string>) => ({
  command: 'node --import tsx e2e/serve.ts',
  url: `http://127.0.0.1:${onPort}/readyz`,
  timeout: 120_000,
  reuseExistingServer: false,
  env: { E2E_PORT: String(onPort), ...env },
  stdout: 'pipe' as const,
});

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Started one after the other: the first builds the server, the second runs that build with admins' two-step
  // verification required, on its own data dir and ports.
  webServer: [
    server(port, { E2E_SMTP_PORT: String(smtpPort), E2E_DATA_DIR: dataDir }),
    server(requiredTwoStepPort, {
      E2E_SMTP_PORT: String(smtpPort + 2),
      E2E_DATA_DIR: `${dataDir}-admin-two-step`,
      E2E_SERVER_BUILT: '1',
      ADMIN_TWO_STEP: 'required',
    }),
  ],
});
