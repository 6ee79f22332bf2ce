import { describe, expect, it } from 'vitest';
import { firstRoutePreloads, type ChunkInfo } from './vite-first-route-preload';

const chunk = (fileName: string, more: Partial<ChunkInfo> = {}): ChunkInfo => ({
  type: 'chunk',
  fileName,
  ...more,
});

describe("the first route's preload tags", () => {
  const bundle: Record<string, ChunkInfo> = {
    'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'] }),
    'assets/react.js': chunk('assets/react.js'),
    'assets/icons.js': chunk('assets/icons.js', { imports: ['assets/react.js'] }),
    'assets/layout.js': chunk('assets/layout.js', {
      facadeModuleId: '/site/src/layout.tsx',
      imports: ['assets/react.js', 'assets/icons.js'],
    }),
    'assets/home.js': chunk('assets/home.js', {
      facadeModuleId: '/site/src/home.tsx',
      imports: ['assets/icons.js'],
    }),
    'assets/other.js': chunk('assets/other.js', { facadeModuleId: '/site/src/other.tsx' }),
    'assets/home.css': { type: 'asset', fileName: 'assets/home.css' },
  };

  it("names each route module's chunk and its imports, not the entry's graph or other pages", () => {
    expect(firstRoutePreloads(bundle, ['/site/src/layout', '/site/src/home'])).toEqual([
      'assets/layout.js',
      'assets/icons.js',
      'assets/home.js',
    ]);
  });

  it('fails when a route module has no chunk (the route moved: the list must follow)', () => {
    expect(() => firstRoutePreloads(bundle, ['/site/src/gone'])).toThrow(/gone/);
  });
});
