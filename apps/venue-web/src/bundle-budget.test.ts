// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { expect, it } from 'vitest';
import { FIRST_ROUTE_BUDGET_BYTES, firstRouteJs } from '../scripts/first-route';

const root = path.resolve(import.meta.dirname, '..');

/** The list's JavaScript stays within 150 KB gzipped (a fresh build of the page). */
it('keeps the first route within its JavaScript budget', async () => {
  const outDir = await mkdtemp(path.join(tmpdir(), 'venue-web-budget-'));
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const js = firstRouteJs(outDir);
    expect(js.files.length).toBeGreaterThan(0);
    expect(js.gzipBytes).toBeLessThanOrEqual(FIRST_ROUTE_BUDGET_BYTES);
    // The list must not carry the schema library: the venue validates, the page only types.
    for (const f of js.files) {
      expect(await readFile(path.join(outDir, f), 'utf8'), f).not.toMatch(/ZodError|\$ZodType/);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}, 120_000);
