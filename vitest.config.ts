import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three rooms, three projects. The server suite runs on embedded PGlite; when TEST_DATABASE_URL is set
// (CI starts a throwaway PostgreSQL), it runs a second time against that real PostgreSQL server.
const server = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'domain', include: ['src/domain/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      server('server', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', { TEST_DB: 'postgres' })] : []),
    ],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      exclude: ['src/domain/**/*.test.ts', 'src/domain/**/*.data.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { 'src/domain/**': { branches: 95, lines: 95, functions: 95, statements: 95 } },
    },
  },
});
