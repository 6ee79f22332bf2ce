// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FIRST_ROUTE_BUDGET_BYTES,
  GAMES_FIRST_ROUTE_BUDGET_BYTES,
  PAGE_ENTRIES,
  firstRouteJs,
} from '../scripts/first-route';

const root = path.resolve(import.meta.dirname, '..');
let outDir: string;

/**
 * One fresh build of both pages as `npm run build` makes it; each page's first route is summed
 * on its own. The test runner sets NODE_ENV=test, under which Vite would bundle React's
 * development build (half again as large as what ships), so the build runs under production.
 */
beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'venue-web-budget-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 180_000);
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

/** Neither first route carries the schema library: the venue validates, the pages only type. */
async function expectNoSchemaLibrary(files: string[]): Promise<void> {
  for (const f of files) {
    expect(await readFile(path.join(outDir, f), 'utf8'), f).not.toMatch(/ZodError|\$ZodType/);
  }
}

/** The list's JavaScript stays within 150 KB gzipped. */
it('keeps the sportsbook’s first route within its JavaScript budget', async () => {
  const js = firstRouteJs(outDir, PAGE_ENTRIES.sportsbook);
  expect(js.files.length).toBeGreaterThan(0);
  expect(js.gzipBytes).toBeLessThanOrEqual(FIRST_ROUTE_BUDGET_BYTES);
  await expectNoSchemaLibrary(js.files);
});

/** The games lobby's JavaScript stays within 120 KB gzipped, and shares nothing it does not need. */
it('keeps the house games page’s first route within its own budget', async () => {
  const js = firstRouteJs(outDir, PAGE_ENTRIES.games);
  const list = firstRouteJs(outDir, PAGE_ENTRIES.sportsbook);
  expect(js.files.length).toBeGreaterThan(0);
  expect(js.gzipBytes).toBeLessThanOrEqual(GAMES_FIRST_ROUTE_BUDGET_BYTES);
  // Two separate pages: the sportsbook's entry is not part of the games page, nor the reverse.
  expect(js.files[0]).not.toBe(list.files[0]);
  expect(list.files).not.toContain(js.files[0]);
  expect(js.files).not.toContain(list.files[0]);
  await expectNoSchemaLibrary(js.files);
});
