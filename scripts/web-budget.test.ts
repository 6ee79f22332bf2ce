import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  WEB_FIRST_ROUTE_BUDGET_BYTES,
  firstRouteJs,
  firstRouteSources,
  verdict,
} from './web-budget.mjs';

const execFileAsync = promisify(execFile);

/** Runs the command on a build directory: its exit code and output. */
async function run(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [script, dir]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
const script = path.join(import.meta.dirname, 'web-budget.mjs');
const routeModulesFile = path.join(import.meta.dirname, '../apps/web/src/app/route-modules.ts');

/** A random (incompressible) script of about `bytes` gzipped bytes. */
const randomModule = (bytes: number): string =>
  `export const x = '${Array.from({ length: bytes * 2 }, () => Math.random().toString(36)[2]).join('')}';`;

let dist: string;

/** Writes a build: manifest and files (each with its .gz, as the site's build does). */
async function fixture(
  chunks: Record<string, { file: string; isEntry?: boolean; imports?: string[]; size?: number }>,
): Promise<void> {
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  const manifest: Record<string, unknown> = {};
  for (const [key, { size = 100, ...chunk }] of Object.entries(chunks)) {
    manifest[key] = chunk;
    const code = randomModule(size);
    await writeFile(path.join(dist, chunk.file), code);
    await writeFile(path.join(dist, `${chunk.file}.gz`), gzipSync(code, { level: 9 }));
  }
  await writeFile(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
}

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'web-budget-'));
});
afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('firstRouteSources', () => {
  it('reads the loaders FIRST_ROUTE names, with their import paths', () => {
    const text = `export const routeModules = {
  a: load(
    () => import('./shell/a-layout'),
    (m) => m.A,
  ),
  b: load(
    () => import('../features/b/pages/b.page'),
    (m) => m.B,
  ),
} as const;
export const FIRST_ROUTE = ['b', 'a'] as const satisfies readonly string[];`;
    expect(firstRouteSources(text)).toEqual([
      'src/features/b/pages/b.page',
      'src/app/shell/a-layout',
    ]);
  });

  it('fails when a listed loader is missing, or there is no list', () => {
    expect(() => firstRouteSources(`export const FIRST_ROUTE = ['home'] as const;`)).toThrow(
      /no loader "home"/,
    );
    expect(() => firstRouteSources('export const routeModules = {};')).toThrow(/no FIRST_ROUTE/);
  });

  it('reads the real route-modules.ts', async () => {
    const sources = firstRouteSources(await readFile(routeModulesFile, 'utf8'));
    expect(sources.length).toBeGreaterThanOrEqual(3);
  });
});

describe('firstRouteJs', () => {
  it('sums the entry and the route with their static imports, not other routes', async () => {
    await fixture({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor.js', size: 1000 },
      'src/home.tsx': { file: 'assets/home.js', imports: ['_shared.js', '_vendor.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/other.tsx': { file: 'assets/other.js', size: 5000 },
    });
    const js = firstRouteJs(dist, ['src/home']);
    expect(js.files.sort()).toEqual([
      'assets/home.js',
      'assets/index.js',
      'assets/shared.js',
      'assets/vendor.js',
    ]);
    expect(js.gzipBytes).toBeGreaterThan(1000);
    expect(js.gzipBytes).toBeLessThan(2500);
  });

  it('fails when a route module is not in the manifest', async () => {
    await fixture({ 'index.html': { file: 'assets/index.js', isEntry: true } });
    expect(() => firstRouteJs(dist, ['src/features/home/pages/home.page'])).toThrow(
      /not in the build manifest: src\/features\/home\/pages\/home.page/,
    );
  });

  it('fails without a manifest', () => {
    expect(() => firstRouteJs(dist, ['src/home'])).toThrow(/no build manifest/);
  });
});

describe('the budget', () => {
  it('holds at the budget and fails one byte over', () => {
    expect(verdict({ files: [], gzipBytes: WEB_FIRST_ROUTE_BUDGET_BYTES }).ok).toBe(true);
    expect(verdict({ files: [], gzipBytes: WEB_FIRST_ROUTE_BUDGET_BYTES + 1 }).ok).toBe(false);
  });

  /** A build of the real first route's modules, each `size` gzipped bytes. */
  async function siteFixture(size: number, drop?: number): Promise<void> {
    const sources = firstRouteSources(await readFile(routeModulesFile, 'utf8'));
    const chunks: Parameters<typeof fixture>[0] = {
      'index.html': { file: 'assets/index.js', isEntry: true },
    };
    sources.forEach((source, i) => {
      if (i !== drop) chunks[`${source}.tsx`] = { file: `assets/route-${i}.js`, size };
    });
    await fixture(chunks);
  }

  it('the command passes within the budget', async () => {
    await siteFixture(1000);
    const r = await run(dist);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/first route: [\d.]+ KiB .* \(budget/);
  });

  it('the command fails over the budget', async () => {
    await siteFixture(Math.ceil(WEB_FIRST_ROUTE_BUDGET_BYTES / 2));
    const r = await run(dist);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/over budget/);
  });

  it('the command fails when a route module cannot be found', async () => {
    await siteFixture(1000, 2);
    const r = await run(dist);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not in the build manifest/);
  });
});
