import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { consoleBuildEnv } from './console-build-env';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

describe('where a console build is served and whom it calls', () => {
  it('defaults to /console/ on its own origin; takes a path and an origin; refuses the rest', () => {
    expect(consoleBuildEnv({})).toEqual({ base: '/console/', apiOrigin: '' });
    expect(
      consoleBuildEnv({
        CONSOLE_BASE: '/ops/back-office/',
        CONSOLE_API_ORIGIN: 'https://api.x.cn',
      }),
    ).toEqual({ base: '/ops/back-office/', apiOrigin: 'https://api.x.cn' });
    expect(consoleBuildEnv({ CONSOLE_BASE: '/' }).base).toBe('/');
    for (const base of ['ops/', '/ops', '/../x/', 'https://cdn.x.cn/c/', '/a b/']) {
      expect(() => consoleBuildEnv({ CONSOLE_BASE: base }), base).toThrow(/CONSOLE_BASE/);
    }
    for (const origin of ['https://api.x.cn/', 'api.x.cn', 'https://api.x.cn/v1', 'ftp://x.cn']) {
      expect(() => consoleBuildEnv({ CONSOLE_API_ORIGIN: origin }), origin).toThrow(
        /CONSOLE_API_ORIGIN/,
      );
    }
  });

  it('a build with another base and API origin puts every asset under the base and names the origin', async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), 'nebula-console-base-'));
    // The console's own build command, in a child process with the two variables set.
    await run(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--minify',
        'false',
        '--logLevel',
        'warn',
      ],
      {
        cwd: path.join(root, 'apps/console'),
        env: {
          ...process.env,
          CONSOLE_BASE: '/ops/back-office/',
          CONSOLE_API_ORIGIN: 'https://api.example.com',
        },
      },
    );
    try {
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(urls.length).toBeGreaterThan(0);
      for (const u of urls) expect(u, u).toMatch(/^\/ops\/back-office\/assets\//);
      expect(html).toContain(
        '<meta name="nebula-console-api-origin" content="https://api.example.com">',
      );
      // The router's basename is the base (import.meta.env.BASE_URL), in the built code.
      const assets = await readdir(path.join(outDir, 'assets'));
      const js = await Promise.all(
        assets
          .filter((f) => f.endsWith('.js'))
          .map((f) => readFile(path.join(outDir, 'assets', f), 'utf8')),
      );
      expect(js.some((code) => code.includes('"/ops/back-office/"'))).toBe(true);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
