import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'src/server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // One-way imports: domain imports neither server nor web; web never imports server; server never imports web.
  {
    files: ['src/domain/**'],
    rules: restrict([
      {
        group: ['#server/*', '#web/*', '**/server/**', '**/web/**'],
        message: 'domain is pure: no server or web imports',
      },
      {
        group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'fastify*', 'react*'],
        message: 'domain has no I/O or framework',
      },
    ]),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([{ group: ['#server/*', '**/server/**'], message: 'web never imports server code' }]),
    },
  },
  {
    files: ['src/server/**'],
    rules: restrict([{ group: ['#web/*', '**/web/**'], message: 'server never imports web code' }]),
  },
);
