import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The JavaScript the list (the first route) needs, gzipped, at most this. */
export const FIRST_ROUTE_BUDGET_BYTES = 150 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Gzipped bytes of the JavaScript the page loads before it can draw the list: the entry and
 * its static imports, from the build manifest (the detail, results, my bets and the slip load
 * later, on first use).
 */
export function firstRouteJs(dist: string): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  let gzipBytes = 0;
  const files: string[] = [];
  for (const key of seen) {
    const file = path.join(dist, manifest[key]!.file);
    files.push(manifest[key]!.file);
    gzipBytes += existsSync(`${file}.gz`)
      ? statSync(`${file}.gz`).size
      : gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { files, gzipBytes };
}
