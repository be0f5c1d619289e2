import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// One Vitest run covers unit tests (domain, contracts, web components) and API integration
// tests (buildApp + inject on a freshly migrated database). Database-backed projects run on
// the embedded PGlite always, and a second time on PostgreSQL when TEST_DATABASE_URL is set
// (CI sets it), so both engines are exercised by the same tests.
const postgresUrl = process.env.TEST_DATABASE_URL;

function databaseProjects(name: string, root: string): TestProjectInlineConfiguration[] {
  const common = {
    root,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  };
  const projects: TestProjectInlineConfiguration[] = [
    { test: { ...common, name, env: { TEST_DATABASE_URL: '' } } },
  ];
  if (postgresUrl) {
    projects.push({
      test: { ...common, name: `${name}-postgres`, env: { TEST_DATABASE_URL: postgresUrl } },
    });
  }
  return projects;
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      ...databaseProjects('db', 'packages/db'),
      ...databaseProjects('api', 'apps/api'),
      'apps/web/vitest.config.ts',
    ],
  },
});
