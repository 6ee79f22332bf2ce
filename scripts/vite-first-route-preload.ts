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
  /** The stylesheets the chunk's modules import (Vite's chunk metadata). */
  viteMetadata?: { importedCss?: Set<string> };
}

/** Each chunk once, from the given ones through their static imports, in visiting order. */
function importClosure(bundle: Record<string, ChunkInfo>, start: ChunkInfo[]): ChunkInfo[] {
  const seen = new Map<string, ChunkInfo>();
  const visit = (c: ChunkInfo | undefined) => {
    if (!c || seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const i of c.imports ?? []) visit(bundle[i]);
  };
  start.forEach(visit);
  return [...seen.values()];
}

/**
 * What the first route's modules load (each module's chunk and its static imports) that the
 * entry does not already load: the entry's own graph gets its tags from Vite. The JavaScript
 * files and the stylesheets, in the order the route modules are named, then by import.
 */
export function firstRouteFiles(
  bundle: Record<string, ChunkInfo>,
  /** Absolute paths of the first route's modules, without extension. */
  modules: string[],
): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const fromEntry = importClosure(
    bundle,
    chunks.filter((c) => c.isEntry),
  );
  const entryScripts = new Set(fromEntry.map((c) => c.fileName));
  const entryStyles = new Set(fromEntry.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
  const routeChunks = modules.map((m) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.[jt]sx?$/, '') === m);
    if (!chunk) throw new Error(`first-route module ${m} has no chunk of its own in the build`);
    return chunk;
  });
  const closure = importClosure(bundle, routeChunks);
  const styles = new Set(closure.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
  return {
    scripts: closure.map((c) => c.fileName).filter((f) => !entryScripts.has(f)),
    styles: [...styles].filter((f) => !entryStyles.has(f)),
  };
}

/**
 * Adds `<link rel="modulepreload">` for the first route's chunks to index.html. Without them the
 * router asks for those chunks only once the entry has run, and Vite's preload helper, when each
 * route module is imported, adds a link element per dependency from script: that appending was
 * a third of the router's start-up task in the home page's trace (docs/benchmarks.md, "web").
 * From the HTML the browser fetches them while it parses, off the main thread, and the helper
 * finds them there and adds nothing.
 *
 * The same for the first route's stylesheets: the helper appended one `<link rel="stylesheet">`
 * per route module from script (each a request issued from the router's start-up task) and held
 * the route until each had loaded; from the HTML they load with the scripts, and the helper
 * finds them there.
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
        const files = firstRouteFiles(ctx.bundle, modules);
        return [
          ...files.scripts.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
          // At the end of the body: the first screen the platform draws above them is styled by
          // the entry's stylesheet and need not wait for these to paint.
          ...files.styles.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'body',
          })),
        ];
      },
    },
  };
}
