import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // As the server's and the venue's: a PGlite start in a hook took over vitest's default 10 s
    // on a loaded 2-core machine (docs/benchmarks.md, "ci").
    hookTimeout: 60000,
  },
});
