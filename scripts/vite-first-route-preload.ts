import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
// The same list of the first route's modules that the budget check sums (route-modules.ts).
import { firstRouteSources } from './web-budget.mjs';

/** What this plugin reads of a chunk in the build's output. */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JavaScript files the first route's modules load (each module's chunk and its static
 * imports) that the entry does not already import: the entry's own graph gets its preload tags
 * from Vite. In the order the route modules are named, then by import.
 */
export function firstRoutePreloads(
  bundle: Record<string, ChunkInfo>,
  /** Absolute paths of the first route's modules, without extension. */
  modules: string[],
): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const closure = (start: ChunkInfo[]): string[] => {
    const seen = new Set<string>();
    const visit = (c: ChunkInfo | undefined) => {
      if (!c || seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const i of c.imports ?? []) visit(bundle[i]);
    };
    start.forEach(visit);
    return [...seen];
  };
  const fromEntry = new Set(closure(chunks.filter((c) => c.isEntry)));
  const routeChunks = modules.map((m) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.[jt]sx?$/, '') === m);
    if (!chunk) throw new Error(`first-route module ${m} has no chunk of its own in the build`);
    return chunk;
  });
  return closure(routeChunks).filter((f) => !fromEntry.has(f));
}

/**
 * Adds `<link rel="modulepreload">` for the first route's chunks to index.html. Without them the
 * router asks for those chunks only once the entry has run, and Vite's preload helper, when each
 * route module is imported, adds a link element per dependency from script: that appending was
 * a third of the router's start-up task in the home page's trace (docs/benchmarks.md, "web").
 * From the HTML the browser fetches them while it parses, off the main thread, and the helper
 * finds them there and adds nothing.
 */
export function firstRoutePreload(appRoot: string): Plugin {
  let base = '/';
  return {
    name: 'nebula-first-route-preload',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        if (!ctx.bundle) return [];
        const text = readFileSync(path.join(appRoot, 'src/app/route-modules.ts'), 'utf8');
        const modules = firstRouteSources(text).map((s) => path.join(appRoot, s));
        return firstRoutePreloads(ctx.bundle as Record<string, ChunkInfo>, modules).map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}
