import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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
  // No import cycles: every import goes one way, down the floors (README, "Architecture in one screen"). The
  // resolver follows package.json "imports" (#domain/*, #server/modules/*, #server/*, #web/*) to the .ts files.
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // The server's lower floors, by resolved path: lib/ and db/ import no module, plugin or app file; the read model
  // (cross-feature reads) imports no feature module. Tests stand above every floor.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['src/server/lib', 'src/server/db', 'src/server/core'],
              from: ['src/server/modules', 'src/server/plugins', 'src/server/app.ts', 'src/server/main.ts'],
              message: 'lib/, db/ and core/ sit under the modules: pass what they need in instead',
            },
            {
              target: 'src/server/modules/read-model',
              from: 'src/server/modules',
              except: ['./read-model'],
              message: 'The read model sits under the features: it imports no feature module',
            },
          ],
        },
      ],
    },
  },
  // The web's floors: lib/ and components/ import no feature and not app/; a feature does not import app/.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/web/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['src/web/lib', 'src/web/components'],
              from: ['src/web/features', 'src/web/app'],
              message:
                'lib/ and components/ sit under the features: take what they need as props or arguments',
            },
            {
              target: 'src/web/features',
              from: 'src/web/app',
              message: 'Features sit under app/: app/ composes them, they do not import it',
            },
          ],
        },
      ],
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
