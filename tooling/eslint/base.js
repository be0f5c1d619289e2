// Shared ESLint flat config. Rules that encode architecture (config has one door,
// web never touches the database, features do not import each other) live here so
// they are enforced by lint, not by prose.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * A path that starts with one of the route table's prefixes (/butiker/{slug}, /rikskund,
 * /foretag, /privat, /kund/{slug}); esquery's regex cannot hold a '/', hence \x2F.
 */
const PREFIXED_PATH = '/^\\x2F(butiker\\x2F|(rikskund|foretag|privat)(\\x2F|$)|kund\\x2F)/';
const PREFIXED_PATH_MESSAGE =
  'Build prefixed links with ~/lib/paths.ts (usePaths(), pathsFor(), dashboardPath()), not by hand.';

/** Imports no web file may make (each zone below repeats them: a zone's rule replaces these). */
const WEB_IMPORT_BOUNDARIES = [
  {
    group: ['@bygg/db', '@bygg/db/*'],
    message: 'The web app reads and writes only through the API.',
  },
  {
    group: ['@bygg/api', '@bygg/api/*'],
    message: 'The web app talks to the API over HTTP only.',
  },
];

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
          patterns: [...WEB_IMPORT_BOUNDARIES],
        },
      ],
    },
  },
  {
    // Shared code serves every feature, so it may not depend on one (issue 16).
    files: ['apps/web/app/components/**/*.{ts,tsx}', 'apps/web/app/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_IMPORT_BOUNDARIES,
            {
              group: ['~/features/*', '**/features/*'],
              message: 'Shared code (components/, lib/) may not import a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Links are built by lib/paths.ts from the route table (ADR 020): a hand-written prefixed
    // path would point at a variant the table may not have, so none is written elsewhere.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/lib/paths.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${PREFIXED_PATH}]`,
          message: PREFIXED_PATH_MESSAGE,
        },
        {
          selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${PREFIXED_PATH}]`,
          message: PREFIXED_PATH_MESSAGE,
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
