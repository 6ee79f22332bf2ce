import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { START_CHUNK, startChunkName, staticClosure } from './vite-entry-chunk';

const BARREL = '/n/antd-mobile/es/index.js';
/** main imports the app and the barrel; the barrel re-exports a component only a lazy page uses. */
const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds?: string[] }> = {
  '/s/main.tsx': { importedIds: ['/s/app.tsx', BARREL], dynamicallyImportedIds: ['/s/page.tsx'] },
  '/s/app.tsx': { importedIds: ['/n/react.js', '/n/antd-mobile/es/toast.js'] },
  '/n/react.js': { importedIds: [] },
  '/n/antd-mobile/es/toast.js': { importedIds: ['/n/react.js'] },
  [BARREL]: { importedIds: ['/n/antd-mobile/es/toast.js', '/n/antd-mobile/es/calendar.js'] },
  '/n/antd-mobile/es/calendar.js': { importedIds: ['/n/react.js'] },
  '/s/page.tsx': { importedIds: ['/n/react.js', '/n/antd-mobile/es/calendar.js'] },
};
const ctx: ChunkingContext = {
  getModuleInfo: (id) => {
    const m = graph[id];
    return m ? ({ dynamicallyImportedIds: [], ...m } as unknown as ModuleInfo) : null;
  },
};

describe("the entry's start chunk", () => {
  it('holds what the entry imports statically, not lazy pages nor what only the barrel re-exports', () => {
    expect([...staticClosure('/s/main.tsx', (id) => ctx.getModuleInfo(id))].sort()).toEqual([
      '/n/antd-mobile/es/toast.js',
      '/n/react.js',
      '/s/app.tsx',
      '/s/main.tsx',
    ]);
  });

  it('names the start chunk for those modules and leaves the rest to the bundler', () => {
    const name = startChunkName('/s/main.tsx');
    expect(name('/n/react.js', ctx)).toBe(START_CHUNK);
    expect(name('/n/antd-mobile/es/toast.js', ctx)).toBe(START_CHUNK);
    expect(name('/s/page.tsx', ctx)).toBeNull();
    expect(name('/n/antd-mobile/es/calendar.js', ctx)).toBeNull();
    expect(name(BARREL, ctx)).toBeNull();
  });
});
