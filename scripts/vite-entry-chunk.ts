/**
 * The member site's entry in one chunk. Everything the entry imports statically runs on every
 * page before anything shows; left to itself the bundler split it into thirteen files (React,
 * its DOM renderer's wrapper, the runtime, tslib, the query cache, the API client, …, five of
 * them under 2 KB) because lazy routes share them. On a phone over HTTP/1.1 (six requests at a
 * time) each costs a round trip ahead of the first banner, and Lighthouse's slow-4G simulation
 * counts each one (docs/benchmarks.md, "## web"). Modules only lazy routes need are not in
 * that set and keep their chunks.
 */
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';

/** The chunk's name (its file is `assets/start-<hash>.js`). */
export const START_CHUNK = 'start';

/**
 * antd-mobile's barrel, declared free of side effects by the site's build: a page's import
 * through it is linked to the component's own module, so following its re-exports would pull
 * every page's components into the entry.
 */
const BARREL = /[\\/]antd-mobile[\\/]es[\\/]index\.js$/;

/** The modules the entry reaches by static imports, not through the barrel. */
export function staticClosure(
  entry: string,
  getModuleInfo: ChunkingContext['getModuleInfo'],
): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of getModuleInfo(id)?.importedIds ?? []) {
      if (!seen.has(next) && !BARREL.test(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** The chunk a module goes to: the start chunk for the entry's static graph, else the bundler's choice. */
export function startChunkName(entry: string): (id: string, ctx: ChunkingContext) => string | null {
  let start: Set<string> | null = null;
  return (id, ctx) => {
    // The graph is complete when chunking asks; one walk serves every module.
    start ??= staticClosure(entry, (m) => ctx.getModuleInfo(m));
    return start.has(id) ? START_CHUNK : null;
  };
}

/** `appDir`: the site's directory (its entry is `src/main.tsx`). */
export function entryInOneChunk(appDir: string): Plugin {
  const name = startChunkName(path.resolve(appDir, 'src/main.tsx'));
  return {
    name: 'nebula-entry-in-one-chunk',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name }] } } } },
    }),
  };
}
