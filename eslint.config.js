import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// `allow` re-admits paths (gitignore negations): app.ts imports each module's routes file.
const serverBoundaries = (allow = []) => [
  { group: ['\\#web/*', '**/web/**'], message: 'server never imports web code' },
  {
    group: ['../*', '../**'],
    message: 'Import across folders with #server/... (or #domain/...), not by climbing with ../',
  },
  {
    group: ['\\#server/modules/*/*', './modules/*/*', '**/modules/*/*.ts', ...allow],
    message:
      "A module is used through its front door: import '#server/modules/<name>' (its index.ts); only app.ts imports routes files",
  },
];
const sqlOnlyInRepos = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*', '\\#server/db/schema/*', '**/db/schema/**'],
    message: 'SQL lives in *.repo.ts (and db/, tests): call a repo function instead',
  },
];

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
        group: ['\\#server/*', '\\#web/*', '**/server/**', '**/web/**'],
        message: 'domain is pure: no server or web imports',
      },
      {
        group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'fastify*', 'react*'],
        message: 'domain has no I/O or framework',
      },
    ]),
  },
  // Web (one object: a later no-restricted-imports would replace this one for src/web files): web never imports
  // server code; a feature is used through its front door, features/<name>/index.ts; across folders import
  // with #web/... instead of climbing with ../../ (inside a feature, ./ and ../ stay within it).
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        { group: ['\\#server/*', '**/server/**'], message: 'web never imports server code' },
        {
          group: ['\\#web/features/*/**', '!\\#web/features/*/index.ts'],
          message:
            "A feature is used through its front door: import '#web/features/<name>/index.ts' (inside the feature, use ./ or ../)",
        },
        {
          group: ['../../*'],
          message: 'Import across folders with #web/... (or #domain/...), not by climbing with ../../',
        },
      ]),
    },
  },
  // Server: one-way imports, modules through their front doors, SQL only in repos.
  {
    files: ['src/server/**', 'scripts/**'],
    rules: restrict([...serverBoundaries(), ...sqlOnlyInRepos]),
  },
  // app.ts registers every module's routes, each straight from its routes file (a front door never exports routes).
  {
    files: ['src/server/app.ts'],
    rules: restrict([...serverBoundaries(['!./modules/*/*.routes.ts']), ...sqlOnlyInRepos]),
  },
  {
    files: [
      'src/server/**/*.repo.ts',
      'src/server/db/**',
      'src/server/test/**',
      'src/server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    rules: restrict(serverBoundaries()),
  },
);
