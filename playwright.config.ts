import { defineConfig } from '@playwright/test';

// Journeys run against the built app on a fresh data dir, in Debian's Chromium (never a downloaded browser).
const port = Number(process.env.E2E_PORT ?? 5055);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5056);

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
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port), E2E_SMTP_PORT: String(smtpPort) },
    stdout: 'pipe',
  },
});
