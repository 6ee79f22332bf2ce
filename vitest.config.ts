import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * One run, every unit and API suite. The server suites run on PGlite always and again on
 * PostgreSQL when TEST_DATABASE_URL is set; under CI=true its absence is a failure.
 *
 * A project whose suites run on a database: PGlite, or PostgreSQL (the `-pg` twin). */
const onDb =
  (dir: string) =>
  (
    name: string,
    kind: 'pglite' | 'postgres',
    options: { isolate?: boolean; exclude?: string[] } = {},
  ): TestProjectConfiguration => ({
    extends: `./${dir}/vitest.config.ts`,
    root: `./${dir}`,
    test: { name, env: { TEST_DB_KIND: kind }, ...options },
  });
/**
 * The server's and the venue's suites share one module graph per worker (isolate: false).
 * Each file used to load the whole server (Fastify, the protocol's schemas, argon2, PGlite)
 * afresh: 7–15 CPU-seconds a file, most of the unit stage on two cores (docs/benchmarks.md,
 * "## ci"). Every suite builds its own app and database, so nothing a test relies on lives
 * in module state. The few files that mock a module keep their own graph (the `-mocked` twin).
 */
const shared =
  (dir: string, mockedFiles: string[] = []) =>
  (name: string, kind: 'pglite' | 'postgres'): TestProjectConfiguration[] => {
    const all = [onDb(dir)(name, kind, { isolate: false, exclude: mockedFiles })];
    if (mockedFiles.length > 0) {
      // Not `extends`: it would add the project's own include to this one.
      all.push({
        root: `./${dir}`,
        test: {
          name: `${name}-mocked`,
          env: { TEST_DB_KIND: kind },
          include: mockedFiles,
          environment: 'node',
        },
      });
    }
    return all;
  };
const dbSuites = [onDb('packages/db')('db', 'pglite')];
const pgSuites = [onDb('packages/db')('db-pg', 'postgres')];
const server = shared('apps/server', ['src/modules/wallet/wallet.concurrency.test.ts']);
const venue = shared('apps/venue');

const projects: TestProjectConfiguration[] = [
  // The repository's own tooling (lint rules) and the benches' pure maths.
  {
    test: {
      name: 'tooling',
      include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
      environment: 'node',
    },
  },
  'packages/protocol',
  'apps/web',
  'apps/venue-web',
  'apps/console',
  ...dbSuites,
  ...server('server', 'pglite'),
  ...venue('venue', 'pglite'),
];
if (process.env.TEST_DATABASE_URL) {
  projects.push(...pgSuites, ...server('server-pg', 'postgres'), ...venue('venue-pg', 'postgres'));
} else if (process.env.CI === 'true') {
  throw new Error('TEST_DATABASE_URL is required when CI=true: the PostgreSQL suites must run.');
} else {
  process.stderr.write(
    '[skipped] db-pg, server-pg and venue-pg (the suites on PostgreSQL): set TEST_DATABASE_URL to run them.\n',
  );
}

export default defineConfig({
  test: {
    projects,
    // At least two files at once, even on a 2-core machine (vitest's default there is one):
    // the process, crash and PostgreSQL suites spend most of their time waiting on a child
    // process, a test round or the database, and the run stays well inside CI's time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
