import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * One run, every unit and API suite. The server suites run on PGlite always and again on
 * PostgreSQL when TEST_DATABASE_URL is set; under CI=true its absence is a failure.
 */
const server = (name: string, kind: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name, env: { TEST_DB_KIND: kind } },
});

const projects: TestProjectConfiguration[] = [
  'packages/protocol',
  'apps/web',
  server('server', 'pglite'),
];
if (process.env.TEST_DATABASE_URL) {
  projects.push(server('server-pg', 'postgres'));
} else if (process.env.CI === 'true') {
  throw new Error('TEST_DATABASE_URL is required when CI=true: the PostgreSQL suites must run.');
} else {
  process.stderr.write(
    '[skipped] server-pg (the server suites on PostgreSQL): set TEST_DATABASE_URL to run them.\n',
  );
}

export default defineConfig({
  test: {
    projects,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
