// Shared ESLint flat config. Rules that encode architecture (config has one door,
// web never touches the database, features do not import each other) live here so
// they are enforced by lint, not by prose.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read the environment only in the config module of each app (config.ts / env.server.ts).',
        },
      ],
    },
  },
  {
    // The one door per app where the environment is read, plus tooling and tests.
    files: [
      'apps/api/src/kernel/config.ts',
      'apps/web/app/lib/env.server.ts',
      'packages/db/src/config.ts',
      'tooling/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.spec.ts',
      '**/test/**',
      'e2e/**',
      'playwright.config.ts',
      'vitest.config.ts',
      '**/vite.config.ts',
      '**/react-router.config.ts',
      'apps/api/build.mjs',
      'packages/db/drizzle.config.ts',
      'packages/db/src/seed/cli.ts',
      'packages/db/src/bench/**',
      'apps/api/src/bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bygg/db', '@bygg/db/*'],
              message: 'The web app reads and writes only through the API.',
            },
            {
              group: ['@bygg/api', '@bygg/api/*'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature never imports another feature; routes compose them.
    files: ['apps/web/app/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bygg/db', '@bygg/db/*'],
              message: 'The web app reads and writes only through the API.',
            },
            {
              group: ['~/features/*', '../../features/*', '../*/**'],
              message: 'Features do not import each other; compose them in a route.',
            },
          ],
        },
      ],
    },
  },
);
