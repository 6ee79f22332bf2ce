import { describe, expect, it } from 'vitest';
import { firstRouteFiles, type ChunkInfo } from './vite-first-route-preload';

const chunk = (fileName: string, more: Partial<ChunkInfo> = {}): ChunkInfo => ({
  type: 'chunk',
  fileName,
  ...more,
});

describe("the first route's preload tags", () => {
  const bundle: Record<string, ChunkInfo> = {
    'assets/index.js': chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/react.js'],
      viteMetadata: { importedCss: new Set(['assets/index.css']) },
    }),
    'assets/react.js': chunk('assets/react.js', {
      viteMetadata: { importedCss: new Set(['assets/shared.css']) },
    }),
    'assets/icons.js': chunk('assets/icons.js', { imports: ['assets/react.js'] }),
    'assets/layout.js': chunk('assets/layout.js', {
      facadeModuleId: '/site/src/layout.tsx',
      imports: ['assets/react.js', 'assets/icons.js'],
      viteMetadata: { importedCss: new Set(['assets/layout.css', 'assets/index.css']) },
    }),
    'assets/home.js': chunk('assets/home.js', {
      facadeModuleId: '/site/src/home.tsx',
      imports: ['assets/icons.js'],
      viteMetadata: { importedCss: new Set(['assets/home.css', 'assets/layout.css']) },
    }),
    'assets/other.js': chunk('assets/other.js', {
      facadeModuleId: '/site/src/other.tsx',
      viteMetadata: { importedCss: new Set(['assets/other.css']) },
    }),
    'assets/home.css': { type: 'asset', fileName: 'assets/home.css' },
  };

  it("names each route module's chunk and its imports, not the entry's graph or other pages", () => {
    expect(firstRouteFiles(bundle, ['/site/src/layout', '/site/src/home']).scripts).toEqual([
      'assets/layout.js',
      'assets/icons.js',
      'assets/home.js',
    ]);
  });

  it("names the route modules' stylesheets once, not the entry's graph's or other pages'", () => {
    expect(firstRouteFiles(bundle, ['/site/src/layout', '/site/src/home']).styles).toEqual([
      'assets/layout.css',
      'assets/home.css',
    ]);
  });

  it('fails when a route module has no chunk (the route moved: the list must follow)', () => {
    expect(() => firstRouteFiles(bundle, ['/site/src/gone'])).toThrow(/gone/);
  });
});
